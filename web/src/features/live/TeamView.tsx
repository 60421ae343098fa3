import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import type { LiveFixtureState, LiveTeamPick } from '../../../../contract/live'
import { Modal } from '../tournaments/Modal'
import { liveTeamQuery } from './live-api'
import { chipName, signed } from './live-text'

const LINES = [
  { type: 1, label: 'Goalkeeper' },
  { type: 2, label: 'Defenders' },
  { type: 3, label: 'Midfielders' },
  { type: 4, label: 'Forwards' },
] as const

const FIXTURE: Record<LiveFixtureState, string> = {
  not_started: 'Not started',
  in_play: 'In play',
  finished: 'Finished',
  no_fixture: 'No match',
}

/** Positions 1..11 are the team after the automatic substitutions, 12..15 the bench (decision 118). */
const FIRST_BENCH_POSITION = 12

/**
 * One manager's gameweek pick by pick (decision 118), a dialog over the Live tab at `?team=`:
 * the eleven on a pitch by line (goalkeeper to forwards), the bench below, each pick with its
 * points so far, minutes, projected bonus, armband, multiplier, fixture state and auto-sub marks.
 * Loaded on demand; Escape, Close and Back return to the row that opened it.
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
          <p className="team-view__summary">
            {data.player_name} · GW {data.gameweek}: <strong>{data.live_points} pts</strong> {data.provisional ? 'so far (provisional)' : ''}
            {data.active_chip ? <span className="badge badge--primary">{chipName(data.active_chip)}</span> : null}
            {data.transfers_cost > 0 ? <span className="live-fact live-fact--hit">{signed(-data.transfers_cost)} hit</span> : null}
          </p>
          {data.picks.length === 0 ? (
            <p className="muted">No team this gameweek, or its picks are still being read from FPL.</p>
          ) : (
            <>
              <div className="pitch">
                {LINES.map((line) => {
                  const picks = eleven.filter((p) => p.element_type === line.type)
                  return picks.length > 0 ? (
                    <ul key={line.type} className="pitch__line" aria-label={line.label}>
                      {picks.map((pick) => (
                        <Pick key={pick.element} pick={pick} />
                      ))}
                    </ul>
                  ) : null
                })}
              </div>
              <ul className="pitch__line pitch__bench" aria-label="Bench">
                {bench.map((pick) => (
                  <Pick key={pick.element} pick={pick} />
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

function Pick({ pick }: { pick: LiveTeamPick }) {
  const counted = pick.multiplier > 0 ? pick.points * pick.multiplier : pick.points
  return (
    <li className={`pick pick--${pick.fixture_state}${pick.subbed_out ? ' pick--out' : ''}`} data-testid={`pick-${pick.element}`}>
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
        <span className="visually-hidden"> points</span>
        {pick.multiplier > 1 ? <span className="pick__multiplier"> ×{pick.multiplier}</span> : null}
      </span>
      <span className="pick__facts">
        {pick.minutes} min · {FIXTURE[pick.fixture_state]}
        {pick.projected_bonus > 0 ? ` · ${signed(pick.projected_bonus)} bonus (projected)` : ''}
      </span>
      {pick.subbed_in ? <span className="pick__sub pick__sub--in">Auto-sub in</span> : null}
      {pick.subbed_out ? <span className="pick__sub pick__sub--out">Auto-sub out</span> : null}
    </li>
  )
}
