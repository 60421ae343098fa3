/**
 * League tables built from managers' histories, for tournaments that have no FPL classic league
 * behind them (the public tournament: every user; the curated league: admin-chosen teams).
 * Pure: no I/O.
 */

import type { HistoryLike } from './points'
import { historyRow, leagueRanks, netPoints, rankMap, totalAt } from './points'

export interface HistoryManager {
  entryId: number
  teamName: string
  playerName: string
  history: HistoryLike
}

export interface StandingRow {
  fpl_team_id: number
  team_name: string
  player_name: string
  /** history `total_points` at the GW (cumulative, net of hits); carried when the GW was missed. */
  total_points: number
  /** Net points of the GW (`points − event_transfers_cost`); 0 when the GW was not played. */
  gameweek_points: number
  /** Standard competition rank on `total_points` (ties share; tiebreak entry id ascending). */
  rank: number
  /** The same ranking on totals at `gameweek − 1`; null at GW1 (or earlier). */
  last_rank: number | null
}

/**
 * The table at `gameweek`, sorted by rank (ties by entry id). A manager who did not play the GW
 * (joined later, or no row yet) carries the last total (0 before their first GW) with 0 GW points.
 */
export function buildStandingsFromHistories(managers: readonly HistoryManager[], gameweek: number): StandingRow[] {
  const now = leagueRanks(managers.map((m) => ({ entry: m.entryId, total: totalAt(m.history, gameweek), manager: m })))
  const previous = gameweek > 1 ? rankMap(leagueRanks(managers.map((m) => ({ entry: m.entryId, total: totalAt(m.history, gameweek - 1) })))) : null
  return now.map(({ entry, total, rank, manager }) => {
    const row = historyRow(manager.history, gameweek)
    return {
      fpl_team_id: entry,
      team_name: manager.teamName,
      player_name: manager.playerName,
      total_points: total,
      gameweek_points: row ? netPoints(row) : 0,
      rank,
      last_rank: previous ? (previous.get(entry) ?? null) : null,
    }
  })
}
