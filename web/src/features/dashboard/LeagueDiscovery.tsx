import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { type FormEvent, lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react'
import { api } from '../../lib/api'
import type { AutoJoinAnswer, DiscoveredLeague, LeagueNotHereYet } from '../../lib/api-answers'
import { errorText } from '../../lib/errors'
import { formatEntryFee, plural } from '../../lib/format'
import { PRODUCT_NAME } from '../../lib/product'
import { queryKeys } from '../../lib/query-keys'
import { discoveryQuery } from './discovery'

// The create dialog only when a league is started from here: it stays out of the dashboard's bundle.
const CreateFlow = lazy(() => import('../tournaments/CreateFlow'))

export interface LeagueDiscoveryProps {
  /** The user's FPL team; without one there is nothing to discover. */
  teamId: number | null
  /**
   * Leagues already discovered (e.g. by adding the FPL Team ID): shown without waiting. The FPL
   * leagues with no tournament here yet come from a look (at once when one was just made).
   */
  preset?: DiscoveredLeague[] | null
  onJoined: (answer: AutoJoinAnswer, leagueIds: number[]) => void
  onClose: () => void
}

/**
 * Who becomes Commissioner of a tournament started here (createTournament and
 * takeCommissionerRole on the server): its starter, until the FPL league's own admin, with a
 * verified team, joins.
 */
const commissionerWord = (league: LeagueNotHereYet) =>
  league.you_are_fpl_admin
    ? "You run this league on FPL, so you'll be its Commissioner."
    : "Whoever starts it here is its Commissioner. If the league's admin on FPL joins later with a verified team, the role passes to them."

/** The team's FPL leagues with no tournament here yet, each with "Start it here". */
function NotHereYet({ leagues, onStart }: { leagues: LeagueNotHereYet[]; onStart: (league: LeagueNotHereYet) => void }) {
  const id = useId()
  return (
    <div className="discovery__others">
      <h4 id={`${id}-title`} className="discovery__others-title">
        Your FPL leagues not on {PRODUCT_NAME} yet ({leagues.length})
      </h4>
      <ul className="discovery__others-list" aria-labelledby={`${id}-title`}>
        {leagues.map((league) => (
          <li key={league.fpl_league_id} className="discovery__other">
            <span className="discovery__text">
              <strong>{league.name}</strong>
              <span className="discovery__meta">
                {[
                  league.managers != null ? plural(league.managers, 'manager') : null,
                  league.your_rank != null ? `Your rank: ${league.your_rank}` : null,
                  `FPL League ${league.fpl_league_id}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
              <span className="discovery__role">{commissionerWord(league)}</span>
            </span>
            <button type="button" className="button button--outline button--sm" aria-label={`Start ${league.name} here`} onClick={() => onStart(league)}>
              Start it here
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * The auto-join discovery panel: leagues containing the user's FPL team; join the chosen ones.
 * Under them, the team's FPL leagues with no tournament here yet, to start here.
 */
export function LeagueDiscovery({ teamId, preset, onJoined, onClose }: LeagueDiscoveryProps) {
  // With a preset, an answer already at hand (the dashboard's first look) is not asked again.
  const query = useQuery({ ...discoveryQuery(teamId ?? 0), enabled: teamId !== null, ...(preset ? { staleTime: Number.POSITIVE_INFINITY } : {}) })
  const queryClient = useQueryClient()
  const [starting, setStarting] = useState<LeagueNotHereYet | null>(null)
  // Every league on offer starts chosen: the panel remembers what the user unticked.
  const [unticked, setUnticked] = useState<Set<number>>(() => new Set())
  const [joinError, setJoinError] = useState<string | null>(null)
  const join = useMutation({
    mutationFn: (ids: number[]) => parseResponse(api['auto-join-leagues'].$post({ json: ids })),
    onMutate: () => setJoinError(null),
    onSuccess: (answer, ids) => onJoined(answer, ids),
    onError: (error) => setJoinError(errorText(error, 'Failed to join leagues')),
  })
  const joining = join.isPending
  const headingRef = useRef<HTMLHeadingElement>(null)
  const id = useId()

  useEffect(() => {
    headingRef.current?.focus()
  }, [])

  const leagues = preset ?? query.data?.discovered_leagues ?? []
  const status = preset ? 'ready' : query.isFetching ? 'loading' : query.isError ? 'error' : 'ready'
  // Null while not known (being looked up, or the look failed under a preset).
  const notHereYet = query.data && !(query.isFetching && !preset) ? query.data.not_here_yet : null
  const loadError = query.isError ? errorText(query.error, 'Failed to discover leagues') : null
  const available = leagues.filter((l) => !l.already_member)

  const selected = new Set(available.map((l) => l.league_id).filter((leagueId) => !unticked.has(leagueId)))

  const toggle = (leagueId: number) => {
    setJoinError(null)
    setUnticked((current) => {
      const next = new Set(current)
      if (next.has(leagueId)) next.delete(leagueId)
      else next.add(leagueId)
      return next
    })
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (joining) return
    const ids = available.map((l) => l.league_id).filter((leagueId) => selected.has(leagueId))
    if (ids.length === 0) return setJoinError('Choose at least one league to join.')
    join.mutate(ids)
  }

  let body: ReactNode
  if (teamId === null && !preset) {
    body = <p className="muted">Add your FPL Team ID first: we use it to find the leagues your team plays in.</p>
  } else if (status === 'loading') {
    body = (
      <p className="inline-loading" role="status">
        <span className="spinner spinner--sm" aria-hidden="true" /> Looking for leagues with your FPL team...
      </p>
    )
  } else if (status === 'error') {
    body = (
      <div className="form-message form-message--error" role="alert">
        {loadError}{' '}
        <button type="button" className="link-button" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    )
  } else if (available.length === 0) {
    // With FPL leagues to start here, those say it: nothing to join is no news then.
    body =
      notHereYet && notHereYet.length > 0 ? null : (
        <>
          <p className="form-message form-message--info" role="status">
            No new leagues found containing your FPL team.
          </p>
          {notHereYet && leagues.length === 0 ? (
            <p className="muted">
              Your FPL team isn&apos;t in any invitational leagues yet, only in FPL&apos;s own ones like Overall. Once you join or set one up on the FPL site,
              it shows here.
            </p>
          ) : null}
        </>
      )
  } else {
    const count = available.filter((l) => selected.has(l.league_id)).length
    body = (
      <form onSubmit={onSubmit} noValidate aria-busy={joining || undefined}>
        <fieldset className="discovery__fieldset">
          {/* The count is of what is listed, the leagues already joined included (they show ticked and disabled). */}
          <legend className="discovery__legend">We found {plural(leagues.length, 'league')} with your team. Choose the ones to join:</legend>
          <ul className="discovery__list">
            {leagues.map((league) => {
              const member = Boolean(league.already_member)
              return (
                <li key={league.league_id}>
                  <label className="discovery__item" data-disabled={member || undefined}>
                    <input
                      type="checkbox"
                      checked={member || selected.has(league.league_id)}
                      disabled={member || joining}
                      onChange={() => toggle(league.league_id)}
                    />
                    <span className="discovery__text">
                      <strong>{league.league_name}</strong>
                      <span className="discovery__meta">
                        {[
                          league.team_name ? `Your team: ${league.team_name}` : null,
                          league.member_count != null ? plural(league.member_count, 'member') : null,
                          `Entry ${formatEntryFee(league.entry_fee)}`,
                          league.fpl_league_id ? `FPL League ${league.fpl_league_id}` : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </span>
                    {member ? <span className="badge badge--primary">Already joined</span> : null}
                  </label>
                </li>
              )
            })}
          </ul>
        </fieldset>
        {/* Read from the current choice: said only while nothing is ticked (the reason Join is disabled). */}
        <p id={`${id}-hint`} className="field__hint" role="status">
          {count === 0 ? 'Choose at least one league.' : null}
        </p>
        {joinError ? (
          <p className="form-message form-message--error" role="alert">
            {joinError}
          </p>
        ) : null}
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={joining || count === 0} aria-describedby={`${id}-hint`}>
            {joining ? 'Joining...' : count > 0 ? `Join ${plural(count, 'League')}` : 'Join Leagues'}
          </button>
        </div>
      </form>
    )
  }

  return (
    <section className="card discovery" aria-labelledby={`${id}-title`} id="league-discovery">
      <div className="discovery__head">
        <h3 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
          Find Leagues
        </h3>
        <button type="button" className="button button--ghost button--sm" onClick={onClose}>
          Close
        </button>
      </div>
      {body}
      {status === 'ready' && notHereYet && notHereYet.length > 0 ? <NotHereYet leagues={notHereYet} onStart={setStarting} /> : null}
      {preset && query.isFetching && !query.data ? (
        <p className="inline-loading" role="status">
          <span className="spinner spinner--sm" aria-hidden="true" /> Looking for your other FPL leagues...
        </p>
      ) : null}
      {preset && query.isError && !query.isFetching ? (
        <p className="muted" role="status">
          We couldn&apos;t look up your other FPL leagues just now.{' '}
          <button type="button" className="link-button" onClick={() => void query.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      {starting ? (
        <Suspense fallback={null}>
          <CreateFlow
            prefill={{ name: starting.name, fplLeagueId: starting.fpl_league_id }}
            onDone={() => setStarting(null)}
            onCreated={() => {
              // The new tournament joins My Tournaments, and leaves this list for the one above.
              void queryClient.invalidateQueries({ queryKey: queryKeys.userLeaguesPrefix() })
              void queryClient.invalidateQueries({ queryKey: queryKeys.myGameweekPrefix() })
              void query.refetch()
            }}
          />
        </Suspense>
      ) : null}
    </section>
  )
}
