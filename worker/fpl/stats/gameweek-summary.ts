/**
 * The "This Gameweek" card's figures over a whole table: who scored most in the gameweek and
 * the average score. Pure: no I/O. The refresh computes it over every row it read (not one page)
 * and stores it with the standings snapshot (docs/decisions/043-gameweek-summary.md).
 */

import type { GameweekStatus } from '../../db/schema'
import { roundTo } from './points'

export interface SummaryRow {
  player_name: string
  team_name: string
  /** The row's gameweek points as the table shows them (FPL's `event_total`: net of hits). */
  gameweek_points: number
}

export interface GameweekSummary {
  gameweek: number
  /** The highest gameweek score; on a tie, the manager highest in the table. */
  top_scorer: { player_name: string; team_name: string; points: number; tied_with: number } | null
  /** The mean of every counted row's gameweek points, to one decimal. */
  average_points: number
  /** True until FPL has checked the gameweek (bonus confirmed, league tables updated). */
  provisional: boolean
  /** The managers the figures are over: the whole table, or what is stored of a very large one. */
  managers_counted: number
}

/**
 * The summary of `rows`, given in table order (so a tie goes to the manager ranked higher).
 * Null before the gameweek has started or when the table is empty.
 */
export function gameweekSummary(rows: readonly SummaryRow[], gameweek: number, status: GameweekStatus): GameweekSummary | null {
  if (status === 'upcoming' || rows.length === 0) return null
  let top: SummaryRow | null = null
  let tied = 0
  let sum = 0
  for (const row of rows) {
    sum += row.gameweek_points
    if (!top || row.gameweek_points > top.gameweek_points) {
      top = row
      tied = 0
    } else if (row.gameweek_points === top.gameweek_points) tied++
  }
  return {
    gameweek,
    top_scorer: top ? { player_name: top.player_name, team_name: top.team_name, points: top.gameweek_points, tied_with: tied } : null,
    average_points: roundTo(sum / rows.length, 1),
    provisional: status !== 'checked',
    managers_counted: rows.length,
  }
}
