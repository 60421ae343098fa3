import { useQuery } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { api } from '../../lib/api'
import type { AutoJoinResponse, DiscoveredLeague } from '../../lib/api-answers'
import { errorText } from '../../lib/errors'
import { formatEntryFee, plural } from '../../lib/format'
import { discoveryQuery } from './discovery'

export interface LeagueDiscoveryProps {
  /** The user's FPL team; without one there is nothing to discover. */
  teamId: number | null
  /** Leagues already discovered (e.g. by adding the FPL Team ID): shown without a new call. */
  preset?: DiscoveredLeague[] | null
  onJoined: (answer: AutoJoinResponse, leagueIds: number[]) => void
  onClose: () => void
}

/** The auto-join discovery panel: leagues containing the user's FPL team; join the chosen ones. */
export function LeagueDiscovery({ teamId, preset, onJoined, onClose }: LeagueDiscoveryProps) {
  const query = useQuery({ ...discoveryQuery(teamId ?? 0), enabled: !preset && teamId !== null })
  // Every league on offer starts chosen: the panel remembers what the user unticked.
  const [unticked, setUnticked] = useState<Set<number>>(() => new Set())
  const [joining, setJoining] = useState(false)
  const [joinError, setJoinError] = useState<string | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const id = useId()

  useEffect(() => {
    headingRef.current?.focus()
  }, [])

  const leagues = preset ?? query.data ?? []
  const status = preset ? 'ready' : query.isFetching ? 'loading' : query.isError ? 'error' : 'ready'
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

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (joining) return
    const ids = available.map((l) => l.league_id).filter((leagueId) => selected.has(leagueId))
    if (ids.length === 0) return setJoinError('Choose at least one league to join.')
    setJoining(true)
    setJoinError(null)
    try {
      onJoined(await parseResponse(api['auto-join-leagues'].$post({ json: ids })), ids)
    } catch (error) {
      setJoinError(errorText(error, 'Failed to join leagues'))
    } finally {
      setJoining(false)
    }
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
    body = (
      <p className="form-message form-message--info" role="status">
        No new leagues found containing your FPL team.
      </p>
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
    </section>
  )
}
