import type { Ref } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import type { LiveStandingRow } from '../../../../contract/live'
import { Movement } from '../tournaments/detail/Movement'
import { chipName, rivalsOf, signed } from './live-text'
import { teamSearch } from './team-link'

/**
 * The live table: one row per manager by live rank, each opening that manager's team view
 * (`?team=`, decision 118). The viewer's row is highlighted and their rivals (directly above and
 * below) marked. Every number is the gameweek so far.
 */
export function LiveRows({ rows, ownRowRef }: { rows: readonly LiveStandingRow[]; ownRowRef?: Ref<HTMLLIElement> }) {
  const [params] = useSearchParams()
  const location = useLocation()
  const rivals = rivalsOf(rows)
  return (
    <ol className="standings live-rows" aria-label="Live table">
      {rows.map((row) => {
        const mine = row.is_current_user
        const rival = rivals.has(row.fpl_team_id)
        return (
          <li
            key={row.fpl_team_id}
            ref={mine ? ownRowRef : undefined}
            className={`live-row${mine ? ' standing--me' : ''}${rival ? ' live-row--rival' : ''}`}
            aria-current={mine ? 'true' : undefined}
            data-testid={mine ? 'own-row' : undefined}
            tabIndex={mine ? -1 : undefined}
          >
            <span className="standing__rank live-row__rank">
              <span className="visually-hidden">Live rank </span>
              {row.live_rank}
              <Movement rank={row.live_rank} lastRank={row.last_rank} />
            </span>
            <span className="live-row__who">
              <span className="standing__name">
                {/* The link's box covers the row (live.css): the whole row opens the team view. */}
                <Link
                  className="live-row__link standing__team"
                  to={{ search: teamSearch(params, row.fpl_team_id) }}
                  state={{ ...(location.state as object | null), liveTeam: true }}
                  title={row.team_name}
                  preventScrollReset
                >
                  {row.team_name}
                  <span className="visually-hidden"> (open team view)</span>
                </Link>
                {mine ? <span className="badge badge--accent standing__you">You</span> : null}
                {rival ? <span className="badge badge--rival">Rival</span> : null}
              </span>
              <span className="standing__player">{row.player_name}</span>
              <LiveFacts row={row} />
            </span>
            <span className="live-row__points">
              <span className="live-row__gw">
                <span className="visually-hidden">Gameweek points so far: </span>
                {row.live_points}
                <span className="live-row__unit" aria-hidden="true">
                  {' '}
                  GW
                </span>
              </span>
              <span className="live-row__total">
                <span className="visually-hidden">Live total: </span>
                {row.live_total.toLocaleString('en-GB')}
              </span>
            </span>
          </li>
        )
      })}
    </ol>
  )
}

/** Captain, chip, players played / to play, projected bonus, hit, auto-subs. */
function LiveFacts({ row }: { row: LiveStandingRow }) {
  const { captain, vice_captain: vice } = row
  // The armband: the captain's, or the vice's once the captain did not play.
  const armband =
    captain && vice && captain.multiplier < 2
      ? ['VC', 'Vice-captain', `${vice.name} took the armband (${captain.name} did not play)`]
      : captain && [
          'C',
          'Captain',
          `${captain.name} ×${captain.multiplier} ${captain.played ? `(${captain.points * captain.multiplier} pts)` : '(yet to play)'}`,
        ]
  return (
    <span className="live-facts">
      {armband ? (
        <span className="live-fact">
          <abbr title={armband[1]} className="live-fact__mark">
            {armband[0]}
          </abbr>{' '}
          {armband[2]}
        </span>
      ) : null}
      {row.active_chip ? <span className="badge badge--primary live-fact__chip">{chipName(row.active_chip)}</span> : null}
      <span className="live-fact">
        {row.players_played} played · {row.players_to_play} to play
      </span>
      {row.projected_bonus > 0 ? <span className="live-fact">{signed(row.projected_bonus)} bonus (projected)</span> : null}
      {row.transfers_cost > 0 ? <span className="live-fact live-fact--hit">{signed(-row.transfers_cost)} hit</span> : null}
      {row.auto_subs.length > 0 ? (
        <span className="live-fact">
          {row.auto_subs.length} auto-{row.auto_subs.length === 1 ? 'sub' : 'subs'}
        </span>
      ) : null}
    </span>
  )
}
