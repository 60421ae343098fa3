/**
 * League tables built from managers' histories, for tournaments that have no FPL classic league
 * behind them (the public tournament: every user; the curated league: admin-chosen teams).
 * Pure: no I/O.
 */

import type { TableHistory } from './points'
import { historyRow, leagueRanks, netPoints, rankMap, totalAt, transfersUpTo } from './points'

export interface HistoryManager {
  entryId: number
  teamName: string
  playerName: string
  history: TableHistory
}

export interface StandingRow {
  fpl_team_id: number
  team_name: string
  player_name: string
  /** history `total_points` at the GW (cumulative, net of hits); carried when the GW was missed. */
  total_points: number
  /** Net points of the GW (`points − event_transfers_cost`); 0 when the GW was not played. */
  gameweek_points: number
  /** FPL's rank on `total_points` (`fplRanking`: equal totals split on transfers, shared when those are equal too). */
  rank: number
  /** The same ranking on totals at `gameweek − 1`; null at GW1 (or earlier). */
  last_rank: number | null
}

/**
 * The table at `gameweek`, in FPL's order (`fplRanking`). A manager who did not play the GW
 * (joined later, or no row yet) carries the last total (0 before their first GW) with 0 GW points.
 */
export function buildStandingsFromHistories(managers: readonly HistoryManager[], gameweek: number): StandingRow[] {
  const now = leagueRanks(managers.map((m) => ({ ...rankedAt(m, gameweek), manager: m })))
  const previous = gameweek > 1 ? rankMap(leagueRanks(managers.map((m) => rankedAt(m, gameweek - 1)))) : null
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

/** A manager's place in the table at a gameweek: his total and FPL's tie-break count then. */
export function rankedAt(m: HistoryManager, gameweek: number): { entry: number; total: number; transfers: number } {
  return { entry: m.entryId, total: totalAt(m.history, gameweek), transfers: transfersUpTo(m.history, gameweek) }
}
