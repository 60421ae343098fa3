import { useId } from 'react'
import type { LiveStandingRow } from '../../../../contract/live'
import type { LiveBattleAnswer, LiveBattleArmband, LiveBattleSide } from '../../../../contract/live-insight'
import { formatNumber } from '../../../../contract/numbers'
import { ApiError } from '../../lib/api'
import { useAuth } from '../auth/AuthProvider'
import { InsightLoad } from './InsightLoad'
import { battleQuery } from './live-insight-api'
import { chipName, signed } from './live-text'
import { useInsightQuery } from './useInsight'

const NO_TEAM = 'Add your FPL team to your account to battle a rival in this league.'
const NOT_IN_LEAGUE = "Battles are between this league's managers, and your team is not in its live table."
/** The worker's 404: either side has no picks in the table (the picker stays: another rival may have). */
const NOT_FOUND = 'No battle yet: your picks or your rival’s are not in.'

export interface InsightBattleProps {
  leagueId: string
  autoSubs: boolean
  tableUpdatedAt: string | null
  /** The live table's rows on screen: the rivals to pick from. */
  rows: readonly LiveStandingRow[]
  /** The viewer's team is in the live table (it has a position in it). */
  inTable: boolean
  /** The rival picked (null: the server's choice, the manager just above the viewer, or below when he leads). */
  rival: number | null
  onRival: (rival: number | null) => void
}

/**
 * The viewer against one rival: the live gap, the captaincy difference and each side's
 * differentials (the players in common cancel out) with who still has to play. A viewer without a
 * team, or whose team is not in the league, is told why there is no battle instead.
 */
export function InsightBattle({ leagueId, autoSubs, tableUpdatedAt, rows, inTable, rival, onRival }: InsightBattleProps) {
  const { user } = useAuth()
  const pickerId = useId()
  const hasTeam = Boolean(user?.fpl_team_id)
  const query = useInsightQuery({ ...battleQuery(leagueId, user?.id ?? null, autoSubs, rival), enabled: hasTeam && inTable }, tableUpdatedAt)
  const refused = query.error instanceof ApiError ? query.error.code : undefined
  if (!hasTeam || refused === 'no_fpl_team') return <p className="insight-note">{NO_TEAM}</p>
  if (!inTable) return <p className="insight-note">{NOT_IN_LEAGUE}</p>
  return (
    <>
      <div className="insight-picker">
        <label htmlFor={pickerId} className="insight-picker__label">
          Rival
        </label>
        <select id={pickerId} value={rival ?? ''} onChange={(event) => onRival(event.target.value ? Number(event.target.value) : null)}>
          <option value="">Nearest: just above you (below if you lead)</option>
          {rows
            .filter((row) => !row.is_current_user)
            .map((row) => (
              <option key={row.fpl_team_id} value={row.fpl_team_id}>
                {row.live_rank}. {row.team_name} ({row.player_name})
              </option>
            ))}
        </select>
      </div>
      {refused === 'battle_not_found' ? (
        <p className="insight-note">{NOT_FOUND}</p>
      ) : (
        <InsightLoad query={query} what="battle">
          {(answer) => <Battle answer={answer} />}
        </InsightLoad>
      )}
    </>
  )
}

/** "You lead Priya S by 12 so far", "You trail ... by 5", "Level with ...". */
function gapLine(gap: number, rival: string): string {
  if (gap === 0) return `Level with ${rival} so far`
  return gap > 0 ? `You lead ${rival} by ${formatNumber(gap)} so far` : `You trail ${rival} by ${formatNumber(-gap)} so far`
}

const armbandText = (armband: LiveBattleArmband | null) => (armband ? `${armband.name} ×${armband.multiplier}` : 'no armband')

function captaincyLine({ viewer, rival, points }: LiveBattleAnswer['captaincy']): string {
  if (viewer && rival && viewer.element === rival.element && viewer.multiplier === rival.multiplier)
    return `Same armband (${armbandText(viewer)}): it cancels out`
  const sides = `you ${armbandText(viewer)}, them ${armbandText(rival)}`
  return points === 0 ? `${sides}: no difference so far` : `${sides}: ${signed(points)} ${points > 0 ? 'to you' : 'to them'}`
}

function Battle({ answer }: { answer: LiveBattleAnswer }) {
  return (
    <div className="insight-battle">
      <p className="insight-lead">
        <strong>{gapLine(answer.live_gap, answer.rival.player_name)}</strong>
        <span className="muted"> (overall {signed(answer.total_gap)})</span>
      </p>
      <p className="insight-battle__captaincy">
        <span className="insight-battle__term">Captaincy:</span> {captaincyLine(answer.captaincy)}
      </p>
      <div className="insight-battle__sides">
        <BattleSide side={answer.viewer} who="You" badge="badge--accent" />
        <BattleSide side={answer.rival} who="Rival" badge="badge--rival" />
      </div>
      {answer.common.length > 0 ? (
        <details className="insight-battle__common">
          <summary>
            {answer.common.length} {answer.common.length === 1 ? 'player cancels' : 'players cancel'} out
          </summary>
          <p>{answer.common.map((p) => `${p.name}${p.multiplier > 1 ? ` ×${p.multiplier}` : ''} (${p.points})`).join(', ')}</p>
        </details>
      ) : null}
    </div>
  )
}

function BattleSide({ side, who, badge }: { side: LiveBattleSide; who: string; badge: string }) {
  const id = useId()
  const toPlay = new Set(side.differentials_to_play)
  return (
    <section className="insight-side" aria-labelledby={id}>
      <h3 id={id} className="insight-side__title">
        <span className={`badge ${badge}`}>{who}</span> {side.team_name}
      </h3>
      <p className="insight-side__facts">
        <span>{side.player_name}</span>
        <span>
          <strong>{side.live_points} pts</strong> so far
        </span>
        <span>{side.left_to_play} left to play</span>
        {side.active_chip ? <span className="badge badge--primary">{chipName(side.active_chip)}</span> : null}
        {side.transfers_cost > 0 ? <span className="live-fact--hit">{signed(-side.transfers_cost)} hit</span> : null}
      </p>
      {side.differentials.length === 0 ? (
        <p className="muted">No differentials.</p>
      ) : (
        <ul className="insight-diffs" aria-label={`${side.team_name}: differentials`}>
          {side.differentials.map((d) => (
            <li key={d.element} className="insight-diff">
              <span className="insight-diff__name">
                {d.name} <span className="muted">{d.club}</span>
              </span>
              <span className="insight-diff__worth">
                {d.worth} pts
                {d.multiplier > 1 ? <span className="muted"> ({`${d.points} ×${d.multiplier}`})</span> : null}
              </span>
              {d.shared ? <span className="insight-diff__mark">{SHARED}</span> : null}
              {toPlay.has(d.element) ? <span className="badge badge--primary insight-diff__mark">To play</span> : null}
            </li>
          ))}
        </ul>
      )}
      <p className="insight-side__total">
        Differentials: <strong>{signed(side.differential_points)}</strong>, {side.differentials_to_play.length} still to play
      </p>
    </section>
  )
}

/** A shared player who counts more on one side: his armband, or one side benched him. */
const SHARED = 'both own him: armband or bench'
