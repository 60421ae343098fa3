import { type Ref, useId } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import type { LiveStandingRow, LiveTableScope } from '../../../../contract/live'
import { formatNumber } from '../../../../contract/numbers'
import { Movement } from '../../components/Movement'
import { chipName, rivalsOf, signed } from './live-text'
import { teamSearch } from './team-link'

interface LiveRowsProps {
  rows: readonly LiveStandingRow[]
  ownRowRef?: Ref<HTMLLIElement>
  scope: LiveTableScope
  /** The stored table's gameweek, which a big league's FPL ranks are from. */
  storedGameweek: number | null
}

/**
 * The live table: one row per manager by live rank, each opening that manager's team view
 * (`?team=`, decision 118). The viewer's row is highlighted and their rivals (directly above and
 * below) marked. Every number is the gameweek so far. In a big league (`scope.complete` false)
 * a live rank is a place among the rows kept, never the league's: the row shows FPL's last rank
 * and the move among the kept rows, each labelled so (decisions 141 and 143, big leagues).
 */
export function LiveRows({ rows, ownRowRef, scope, storedGameweek }: LiveRowsProps) {
  const [params] = useSearchParams()
  const location = useLocation()
  const rivals = rivalsOf(rows)
  const legendId = useId()
  return (
    <>
      {/* The Rival badge explains itself: a key above the table (read before it), and on each badge. */}
      {rivals.size > 0 ? (
        <p id={legendId} className="standings-legend">
          <span className="badge badge--rival">Rival</span> <span>the managers just above and below you in the live table.</span>
        </p>
      ) : null}
      <ol
        className={scope.complete ? 'standings live-rows' : 'standings live-rows live-rows--fpl'}
        aria-label="Live table"
        aria-describedby={rivals.size > 0 ? legendId : undefined}
      >
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
              {scope.complete ? (
                <span className="standing__rank live-row__rank">
                  <span className="visually-hidden">Live rank </span>
                  {row.live_rank}
                  <LiveMovement row={row} />
                </span>
              ) : (
                <span className="standing__rank live-row__rank live-row__rank--fpl">
                  <FplRank rank={row.fpl_rank} gameweek={storedGameweek} />
                  <LiveMovement row={row} among="among the managers followed" />
                </span>
              )}
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
                  {rival ? (
                    <span className="badge badge--rival" title={RIVAL_MEANING}>
                      Rival<span className="visually-hidden">: {RIVAL_TEXT}</span>
                    </span>
                  ) : null}
                </span>
                <span className="standing__player">{row.player_name}</span>
                {row.team_status === 'loaded' ? <LiveFacts row={row} /> : null}
              </span>
              <span className="live-row__points">
                {row.team_status === 'loaded' ? (
                  <span className="live-row__gw">
                    <span className="visually-hidden">Gameweek points so far: </span>
                    {row.live_points}
                    <span className="live-row__unit" aria-hidden="true">
                      {' '}
                      GW
                    </span>
                  </span>
                ) : (
                  // Picks not read yet are no 0 points: the row says why it has none.
                  <span className="live-row__status">{TEAM_STATUS[row.team_status]}</span>
                )}
                <span className="live-row__total">
                  <span className="visually-hidden">Live total: </span>
                  {formatNumber(row.live_total)}
                </span>
              </span>
            </li>
          )
        })}
      </ol>
    </>
  )
}

/** Who the viewer's rivals are (rivalsOf): said beside the badge, on hover and to screen readers. */
const RIVAL_TEXT = 'the manager just above or below you in the live table'
const RIVAL_MEANING = `Rival: ${RIVAL_TEXT}`

const TEAM_STATUS = { loading: 'loading his team', no_team: 'no team this gameweek' } as const

/** The move since the last table; none in the league's first gameweek (no last rank). */
function LiveMovement({ row, among }: { row: LiveStandingRow; among?: string }) {
  if (row.last_rank === null) return null
  if (!among) return <Movement rank={row.live_rank} lastRank={row.last_rank} />
  return (
    <span className="live-row__move" title={`Live move ${among}`}>
      <Movement rank={row.live_rank} lastRank={row.last_rank} />
      <span className="visually-hidden"> {among}</span>
    </span>
  )
}

/** "FPL rank 20,001 · GW 12": FPL's own league rank at the stored table. */
function FplRank({ rank, gameweek }: { rank: number | null; gameweek: number | null }) {
  return (
    <span className="live-row__fpl-rank">
      <span className="live-row__fpl-label">FPL rank </span>
      {rank === null ? '–' : formatNumber(rank)}
      {gameweek ? (
        <span className="live-row__fpl-label">
          <span className="visually-hidden"> · </span>GW {gameweek}
        </span>
      ) : null}
    </span>
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
      {row.pending_subs.length > 0 ? (
        <span className="live-fact live-fact--pending">
          {row.pending_subs.length} auto-{row.pending_subs.length === 1 ? 'sub' : 'subs'} pending
        </span>
      ) : null}
    </span>
  )
}
