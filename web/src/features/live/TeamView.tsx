import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import type { LiveFixtureState, LivePendingSub, LiveTeamPick } from '../../../../contract/live'
import { Modal } from '../../components/Modal'
import { liveTeamQuery } from './live-api'
import { chipName, signed } from './live-text'
import { fixtureText, pointLine } from './pick-text'

const LINES = [
  { type: 1, label: 'Goalkeeper' },
  { type: 2, label: 'Defenders' },
  { type: 3, label: 'Midfielders' },
  { type: 4, label: 'Forwards' },
] as const

/** Positions 1..11 are the team after the automatic substitutions, 12..15 the bench (decision 118). */
const FIRST_BENCH_POSITION = 12

/**
 * One manager's gameweek pick by pick (decisions 118, 143), a dialog over the Live tab at
 * `?team=`: the eleven on a pitch by line (goalkeeper to forwards), the bench below, each pick
 * with its points so far (the armband's multiplier applied, shown once), its matches (opponent
 * and kick-off for those to come, the minute in play), where its points come from, the armband
 * and the auto-sub marks, a pending one said as pending. Loaded on demand; Escape, Close and Back
 * return to the row that opened it.
 */
export default function TeamView({ leagueId, fplTeamId, onClose }: { leagueId: string; fplTeamId: number; onClose: () => void }) {
  const id = useId()
  const { data, isPending, isError, refetch } = useQuery(liveTeamQuery(leagueId, fplTeamId))
  const eleven = data?.picks.filter((p) => p.position < FIRST_BENCH_POSITION) ?? []
  const bench = data?.picks.filter((p) => p.position >= FIRST_BENCH_POSITION) ?? []
  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose} className="team-view">
      <h2 id={`${id}-title`} className="team-view__title">
        {data?.team_name ?? 'Team'}
      </h2>
      {isPending ? (
        <p className="inline-loading" role="status">
          <span className="spinner spinner--sm" aria-hidden="true" /> Loading the team...
        </p>
      ) : null}
      {isError ? (
        <div className="form-message form-message--error" role="alert">
          The team could not be loaded.{' '}
          <button type="button" className="link-button" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      ) : null}
      {data ? (
        <>
          {data.team_status === 'loaded' ? (
            <p className="team-view__summary">
              {data.player_name} · GW {data.gameweek}: <strong>{data.live_points} pts</strong> {data.provisional ? 'so far (provisional)' : ''}
              {data.active_chip ? <span className="badge badge--primary">{chipName(data.active_chip)}</span> : null}
              {data.transfers_cost > 0 ? <span className="live-fact live-fact--hit">{signed(-data.transfers_cost)} hit</span> : null}
            </p>
          ) : (
            // No picks yet is no 0 points.
            <p className="muted">
              {data.player_name} · GW {data.gameweek}:{' '}
              {data.team_status === 'loading' ? 'loading his team (FPL has not given us his picks yet).' : 'no team this gameweek.'}
            </p>
          )}
          {data.picks.length === 0 ? null : (
            <>
              <div className="pitch">
                {LINES.map((line) => {
                  const picks = eleven.filter((p) => p.element_type === line.type)
                  return picks.length > 0 ? (
                    <ul key={line.type} className="pitch__line" aria-label={line.label}>
                      {picks.map((pick) => (
                        <Pick key={pick.element} pick={pick} pending={pendingNote(pick, data.pending_subs, data.picks)} />
                      ))}
                    </ul>
                  ) : null
                })}
              </div>
              <ul className="pitch__line pitch__bench" aria-label="Bench">
                {bench.map((pick) => (
                  <Pick key={pick.element} pick={pick} pending={pendingNote(pick, data.pending_subs, data.picks)} />
                ))}
              </ul>
            </>
          )}
        </>
      ) : null}
      <div className="team-view__actions">
        <button type="button" className="button button--ghost" onClick={onClose} data-autofocus>
          Back to the table
        </button>
      </div>
    </Modal>
  )
}

/**
 * A pending auto-sub as the pick's note: the starter who did not play waits on the bench player
 * ("Sub pending: Haaland, still to play"), who may come on for him.
 */
function pendingNote(pick: LiveTeamPick, pending: readonly LivePendingSub[], picks: readonly LiveTeamPick[]): string | null {
  if (!pick.sub_pending) return null
  const nameOf = (element: number) => picks.find((p) => p.element === element)?.name ?? 'a bench player'
  const waiting = pending.find((sub) => sub.out === pick.element)
  if (waiting) return `Sub pending: ${nameOf(waiting.waiting_for)}, still to play`
  const coming = pending.find((sub) => sub.waiting_for === pick.element)
  return coming ? `Still to play: may come on for ${nameOf(coming.out)}` : 'Sub pending'
}

const ARMBAND: Record<number, string> = { 2: 'doubled', 3: 'tripled' }

/** A pick who has not played yet, by where his match stands. */
const NOT_PLAYED: Record<LiveFixtureState, string> = {
  not_started: 'To play',
  in_play: 'Not on yet',
  finished: 'Did not play',
  no_fixture: 'No match',
}

function Pick({ pick, pending }: { pick: LiveTeamPick; pending: string | null }) {
  // The points that count, once: a captain's 1 shows as 2, never "2 ×2".
  const counted = pick.multiplier > 0 ? pick.points * pick.multiplier : pick.points
  const armband = ARMBAND[pick.multiplier]
  const classes = ['pick', `pick--${pick.fixture_state}`, pick.subbed_out ? 'pick--out' : '', pending ? 'pick--pending' : ''].filter(Boolean).join(' ')
  return (
    <li className={classes} data-testid={`pick-${pick.element}`}>
      <span className="pick__name">
        {pick.name}
        {pick.is_captain || pick.is_vice_captain ? (
          <abbr className={pick.is_captain ? 'pick__mark' : 'pick__mark pick__mark--vice'} title={pick.is_captain ? 'Captain' : 'Vice-captain'}>
            {pick.is_captain ? 'C' : 'V'}
          </abbr>
        ) : null}
      </span>
      <span className="pick__points">
        {counted}
        <span className="visually-hidden"> points{armband ? ` (${armband} by the armband)` : ''}</span>
      </span>
      <span className="pick__facts">{pick.played || pick.minutes > 0 ? `${pick.minutes} min` : NOT_PLAYED[pick.fixture_state]}</span>
      {pick.fixtures.length > 0 ? (
        <span className="pick__fixtures">
          {pick.fixtures.map((fixture) => (
            <span key={fixture.fixture} className={`pick__fixture pick__fixture--${fixture.state}`}>
              {fixtureText(fixture)}
            </span>
          ))}
        </span>
      ) : null}
      {pick.breakdown.length > 0 ? (
        <ul className="pick__breakdown" aria-label={`${pick.name}: points`}>
          {pick.breakdown.map((line) => (
            <li key={line.identifier}>{pointLine(line)}</li>
          ))}
        </ul>
      ) : null}
      {pick.subbed_in ? <span className="pick__sub pick__sub--in">Auto-sub in</span> : null}
      {pick.subbed_out ? <span className="pick__sub pick__sub--out">Auto-sub out</span> : null}
      {pending ? <span className="pick__sub pick__sub--pending">{pending}</span> : null}
    </li>
  )
}
