/**
 * A tournament's live table: every manager's live gameweek (team.ts) on top of his total at the
 * end of the previous gameweek, ranked. Pure, and cheap per manager: the per-player work is done
 * once per poll (gameweek.ts), so a 5,000-manager table is 5,000 sums of 15 lines and one sort.
 *
 * Ranks: live total descending, equal totals share a rank (standard competition ranking, "1224",
 * as `leagueRanks` everywhere in the app). Within a tie rows follow FPL's classic-league tie rule:
 * fewer transfers first (FPL: "the team who has made the least amount of transfers will be
 * positioned higher"; Wildcard and Free Hit moves do not count), when the caller knows them, then
 * the lower entry id (FPL's own order among equals: `rank_sort` by entry id in the captured
 * 2024-25 table). FPL also splits the rank itself on transfers; the live table does not, so equal
 * live points always read as equal places. `last_rank` is the same ranking on the previous totals.
 */
import type { LiveStandingRow } from '../../../contract/live'
import type { GameweekStatus } from '../../db/schema'
import { rankOrder } from '../stats/points'
import type { LiveGameweek } from './gameweek'
import { type LiveSheet, type LiveSummary, liveSummary } from './team'

export interface LiveManager {
  fpl_team_id: number
  team_name: string
  player_name: string
  /** History `total_points` at the end of the previous gameweek (net of hits; 0 before the first). */
  previous_total: number
  /** Transfers made this season, Wildcard and Free Hit moves excluded (FPL's tie-break); omit when unknown. */
  transfers_made?: number
  /** The gameweek's picks; null when the manager has none (joined after the deadline). */
  sheet: LiveSheet | null
}

/**
 * A row of the live table: the contract's row (contract/live.ts) without the viewer's flag, and the
 * per-manager figures the live banter reads (decision 114; see LiveSummary).
 */
export type LiveRow = Omit<LiveStandingRow, 'is_current_user'> &
  Pick<LiveSummary, 'bench_points' | 'auto_sub_points' | 'armband_element' | 'armband_points' | 'armband_played'>

export interface LiveTable {
  gameweek: number
  status: GameweekStatus
  /** True until the gameweek is checked: every number may still move. */
  provisional: boolean
  fixtures: LiveGameweek['fixtures']
  /** Sorted by live rank, ties in FPL's order. */
  standings: LiveRow[]
}

const NO_TEAM: LiveSummary = {
  live_points: 0,
  projected_bonus: 0,
  transfers_cost: 0,
  active_chip: null,
  captain: null,
  vice_captain: null,
  auto_subs: [],
  players_played: 0,
  players_to_play: 0,
  bench_points: 0,
  auto_sub_points: 0,
  armband_element: null,
  armband_points: 0,
  armband_played: false,
}

export function liveTable(gw: LiveGameweek, managers: readonly LiveManager[]): LiveTable {
  const teams = managers.map((m) => (m.sheet ? liveSummary(gw, m.sheet) : NO_TEAM))
  // One slim row per manager for both rankings: ranked on the previous totals, then on the live ones.
  const slim = managers.map((m) => ({ entry: m.fpl_team_id, total: m.previous_total, transfers: m.transfers_made }))
  const lastRanks = rankOrder(slim, fplOrder).ranks
  slim.forEach((row, i) => {
    row.total += teams[i]?.live_points ?? 0
  })
  const { order, ranks } = rankOrder(slim, fplOrder)
  const standings = order.map((i): LiveRow => {
    const manager = managers[i] as LiveManager
    const team = teams[i] ?? NO_TEAM
    return {
      fpl_team_id: manager.fpl_team_id,
      team_name: manager.team_name,
      player_name: manager.player_name,
      live_points: team.live_points,
      live_total: slim[i]?.total ?? 0,
      live_rank: ranks[i] ?? 0,
      last_rank: lastRanks[i] ?? 0,
      projected_bonus: team.projected_bonus,
      transfers_cost: team.transfers_cost,
      active_chip: team.active_chip,
      captain: team.captain,
      vice_captain: team.vice_captain,
      auto_subs: team.auto_subs,
      players_played: team.players_played,
      players_to_play: team.players_to_play,
      bench_points: team.bench_points,
      auto_sub_points: team.auto_sub_points,
      armband_element: team.armband_element,
      armband_points: team.armband_points,
      armband_played: team.armband_played,
    }
  })
  return { gameweek: gw.gameweek, status: gw.status, provisional: gw.status !== 'checked', fixtures: gw.fixtures, standings }
}

/** FPL's order within a tie: fewer transfers (when both are known), then the lower entry id. */
function fplOrder(a: { entry: number; transfers?: number | undefined }, b: { entry: number; transfers?: number | undefined }): number {
  return (a.transfers !== undefined && b.transfers !== undefined ? a.transfers - b.transfers : 0) || a.entry - b.entry
}
