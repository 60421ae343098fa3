import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import { FormActions } from '../../components/forms'
import { Modal } from '../../components/Modal'
import { analytics } from '../../lib/analytics'
import { useAuth } from '../auth/AuthProvider'
import { SignInPrompt, useSignInInstead } from '../auth/SignInPrompt'
import { useToast } from '../toast/ToastProvider'
import { DEBOUNCE_MS, SUCCESS_TOAST_MS } from './constants'
import { joinBlockedLine, memberWording, offersJoin } from './league-text'
import { invalidateLeagues, JoinError, joinLeague, validateTeam } from './leagues-api'
import type { League, TeamCheck } from './types'

/** Tournaments a user can pick in the join dialog: those the API says they can join (see offersJoin). */
const isJoinable = (league: League) => offersJoin(league) && !league.is_member

/** Why the dialog does not offer a listed tournament, from the API's join_reason (and membership). */
function whyNotJoinable(league: League): string {
  if (league.is_member || league.join_reason === 'already_member') {
    return league.type === 'public' ? "You're in it: everyone joins automatically" : "You're already a member"
  }
  if (league.join_reason === 'auto_join') return 'Managers are added automatically when they register'
  if (league.join_reason === 'curated') return 'Teams are selected by the admin'
  return joinBlockedLine(league) ?? 'Not open to join right now'
}

/** Case-insensitive, trimmed search on the name or the FPL league ID. */
export function searchLeagues(leagues: League[], query: string): League[] {
  const q = query.trim().toLowerCase()
  if (!q) return leagues
  return leagues.filter((l) => l.name.toLowerCase().includes(q) || String(l.fpl_league_id ?? '').includes(q))
}

export interface JoinTournamentDialogProps {
  /** Every tournament of the list; the dialog offers the joinable ones. */
  leagues: League[]
  /** Pre-chosen tournament (a card's Join button). */
  initial?: League | null
  onClose: () => void
  onJoined: (league: League, message: string) => void
  /** "Create the first tournament!" in the empty state. */
  onCreate?: () => void
}

export function JoinTournamentDialog({ leagues, initial = null, onClose, onJoined, onCreate }: JoinTournamentDialogProps) {
  const { user, isAuthenticated, updateUser } = useAuth()
  const signInInstead = useSignInInstead(onClose)
  const { toast } = useToast()
  const queryClient = useQueryClient()
  const [query, setQuery] = useState('')
  const [chosen, setChosen] = useState<League | null>(initial)
  const [error, setError] = useState<string | null>(null)
  const [team, setTeam] = useState<TeamCheck>({ valid: null, team_name: '' })
  // Each failed join: its reason is announced in the dialog and takes the focus (the Join button
  // it had was disabled while joining), so Escape and Tab go on working inside the dialog.
  const [failures, setFailures] = useState(0)
  const errorRef = useRef<HTMLParagraphElement>(null)
  const id = useId()

  useEffect(() => {
    if (failures > 0) errorRef.current?.focus()
  }, [failures])

  // Every listed tournament is in the dialog: the joinable ones to pick, the others with the
  // reason the API gives, so the dialog never says "none" over a list of tournaments.
  const allHits = useMemo(() => searchLeagues(leagues, query), [leagues, query])
  const hits = allHits.filter(isJoinable)
  const blocked = allHits.filter((league) => !isJoinable(league))

  // The user's team is checked against the chosen league 500 ms after both are known.
  const fplLeagueId = chosen?.fpl_league_id ?? null
  const teamId = user?.fpl_team_id ?? null
  useEffect(() => {
    setTeam({ valid: null, team_name: '' })
    if (!fplLeagueId || !teamId) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      validateTeam(fplLeagueId, teamId, controller.signal)
        .then(setTeam)
        .catch(() => undefined)
    }, DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [fplLeagueId, teamId])

  const choose = (league: League | null) => {
    setChosen(league)
    setError(null)
  }

  const joining = useMutation({
    mutationFn: (league: League) => joinLeague(league.id),
    onMutate: () => setError(null),
    onSuccess: (answer, league) => {
      invalidateLeagues(queryClient)
      analytics.tournamentJoin(String(league.type ?? 'private'), 0)
      const message = answer.message ?? `Successfully joined ${league.name}!`
      toast({ title: 'Joined Tournament!', description: message, variant: 'success', duration: SUCCESS_TOAST_MS })
      if (user) updateUser({ joined_leagues: [...new Set([...(user.joined_leagues ?? []), league.id])] })
      setQuery('')
      setChosen(null)
      onJoined(league, message)
    },
    onError: (err) => {
      if (err instanceof JoinError && err.status === 401) {
        // "Unauthorized": the API bridge has logged out, opened Sign In and shown the toast.
        onClose()
        return
      }
      const reason = err instanceof JoinError && err.reason ? err.reason : 'Failed to join tournament'
      toast({ title: 'Join Failed', description: reason, variant: 'destructive' })
      setError(reason)
      setFailures((n) => n + 1)
    },
  })
  const busy = joining.isPending

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!isAuthenticated) return signInInstead()
    if (!chosen) {
      setError('Please select a tournament to join')
      return
    }
    if (!busy) joining.mutate(chosen)
  }

  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose} locked={busy} className="tournament-dialog join-dialog">
      <h2 id={`${id}-title`} className="tournament-dialog__title">
        {chosen ? `Join ${chosen.name}` : 'Join Tournament'}
      </h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        {chosen ? (
          <div className="join-chosen">
            <div>
              <p className="join-chosen__name">{chosen.name}</p>
              <p className="join-chosen__meta">
                FPL League ID {chosen.fpl_league_id ?? '—'} · {memberWording(chosen)}
              </p>
            </div>
            <button type="button" className="button button--ghost button--sm" onClick={() => choose(null)} disabled={busy}>
              Change
            </button>
          </div>
        ) : (
          <div className="field">
            <label htmlFor={`${id}-search`} className="field__label">
              Find a tournament
            </label>
            <input
              id={`${id}-search`}
              className="input"
              type="search"
              value={query}
              onChange={(e) => {
                setQuery(e.target.value)
                setError(null)
              }}
              onKeyDown={(e) => {
                // Enter here would submit, but the Join button is disabled until one is chosen.
                if (e.key === 'Enter') {
                  e.preventDefault()
                  setError('Please select a tournament to join')
                }
              }}
              placeholder="Search by name or FPL League ID"
              autoComplete="off"
              aria-controls={`${id}-list`}
              data-autofocus
            />
            <div id={`${id}-list`} className="join-list">
              {/* biome-ignore lint/a11y/useSemanticElements: a list of buttons, not form fields; a fieldset would add its UA styles (margin, min-inline-size: min-content) to this scroller */}
              <div role="group" aria-label="Tournaments you can join">
                {leagues.length === 0 ? (
                  <div className="join-list__empty">
                    <p>No tournaments available to join yet.</p>
                    {onCreate ? (
                      <button type="button" className="link-button" onClick={onCreate}>
                        Create the first tournament!
                      </button>
                    ) : (
                      <p className="muted">Create the first tournament!</p>
                    )}
                  </div>
                ) : allHits.length === 0 ? (
                  <div className="join-list__empty">
                    <p>No tournaments found matching &quot;{query.trim()}&quot;</p>
                    <p className="muted">Try searching by FPL League ID or tournament name</p>
                  </div>
                ) : hits.length === 0 ? (
                  <div className="join-list__empty">
                    <p>You can&apos;t join any of these tournaments right now. Each one says why below.</p>
                    {onCreate ? (
                      <button type="button" className="link-button" onClick={onCreate}>
                        Create your own tournament
                      </button>
                    ) : null}
                  </div>
                ) : (
                  <ul className="join-list__items">
                    {hits.map((league) => (
                      <li key={league.id}>
                        <button type="button" className="join-list__item" onClick={() => choose(league)}>
                          <span className="join-list__name">{league.name}</span>
                          <span className="join-list__meta">
                            FPL ID {league.fpl_league_id ?? '—'} · {memberWording(league)}
                          </span>
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              {blocked.length > 0 ? (
                <div className="join-list__blocked">
                  <h3 id={`${id}-blocked`} className="join-list__heading">
                    You can&apos;t join these
                  </h3>
                  <ul className="join-list__items" aria-labelledby={`${id}-blocked`}>
                    {blocked.map((league) => (
                      <li key={league.id} className="join-list__row">
                        <span className="join-list__name">{league.name}</span>
                        <span className="join-list__reason">{whyNotJoinable(league)}</span>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </div>
          </div>
        )}

        {chosen && team.valid !== null ? (
          <p className={team.valid ? 'league-check__line league-check__line--ok' : 'league-check__line league-check__line--bad'} role="status">
            {team.valid
              ? `✓ Your team "${team.team_name}" is in this league.`
              : "⚠ Your FPL team isn't in this league's FPL league yet. Join it on the FPL site first."}
          </p>
        ) : null}
        {chosen && isAuthenticated && !teamId ? (
          <p className="league-check__line league-check__line--bad">⚠ Add your FPL Team ID on your dashboard first.</p>
        ) : null}

        {isAuthenticated && user ? (
          <div className="joining-as">
            <p className="joining-as__label">Joining as</p>
            <p className="joining-as__name">{user.name}</p>
            <p className="joining-as__email">{user.email}</p>
          </div>
        ) : (
          <SignInPrompt action="join a tournament" onLeave={onClose} />
        )}

        {error ? (
          <p ref={errorRef} className="form-message form-message--error" role="alert" tabIndex={-1}>
            {error}
          </p>
        ) : null}

        <FormActions busy={busy} busyText="Joining..." disabled={!chosen || !isAuthenticated} onCancel={onClose}>
          Join Tournament
        </FormActions>
      </form>
    </Modal>
  )
}
