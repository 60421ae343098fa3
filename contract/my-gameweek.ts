// The manager's gameweek (decision 166): what `GET /api/me/gameweek` answers, the
// panel the dashboard leads with. One truth about where a manager stands: the dashboard, the
// weekly digest and the landing page's promise about the global tournament all read it the same
// way (docs/decisions/166-the-dashboard-leads-with-the-gameweek.md).

import type { LiveStatus } from './live'

/** A neighbour in a league's table: the manager to catch (above) or the one chasing (below). */
export interface MyGameweekNeighbour {
  fpl_team_id: number
  player_name: string
  team_name: string
  /** Points between the two totals, never negative (0: level on points). */
  gap: number
}

/**
 * One table the manager is in. `kind` is `global` for the public auto-join tournament (every
 * verified manager is in it; the tournament list and My Tournaments leave it out, decision 181
 * R10, so this panel is where a manager sees it) and `league` for every other tournament they
 * belong to.
 */
export interface MyGameweekLeague {
  tournament_id: number
  name: string
  kind: 'league' | 'global'
  /**
   * The manager's place: while the gameweek is being played, the live rank (provisional until FPL
   * checks the gameweek); otherwise the stored table's rank. Null when the manager has no row yet.
   */
  rank: number | null
  /** How many managers the table ranks. */
  of: number
  /** Places gained (positive) or lost (negative) since the table before this gameweek; null when unknown. */
  movement: number | null
  total_points: number | null
  above: MyGameweekNeighbour | null
  below: MyGameweekNeighbour | null
}

export interface MyGameweekAnswer {
  /** The gameweek being played or last played; null before the season starts. */
  gameweek: number | null
  status: LiveStatus | null
  /** True until FPL checks the gameweek: the points and live ranks may still move. */
  provisional: boolean
  /**
   * The manager's points in `gameweek` so far (net of transfer cost); null without an FPL team, when
   * the team is in no table, or while its picks are still being fetched (the Live tab says "loading").
   */
  points: number | null
  /** The next FPL deadline, ISO time; null when none is left this season. */
  next_deadline: { gameweek: number; at: string } | null
  /**
   * The manager's own leagues first (ordered as `orderMyLeagues` orders them), the global
   * tournament last: the digest lists them in the same order.
   */
  leagues: MyGameweekLeague[]
  /** When the numbers were read (ISO). */
  updated_at: string
}

/** One order everywhere: own leagues by name, the global tournament after them. */
export function orderMyLeagues<T extends { kind: 'league' | 'global'; name: string }>(leagues: T[]): T[] {
  return [...leagues].sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'global' ? 1 : -1))
}
