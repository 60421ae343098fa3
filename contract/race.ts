// The Race Centre's answer (decision 132): GET /api/leagues/{id}/race. The refresh computes it for
// every snapshot (worker/services/story/race.ts); the request only reads it.

export interface RaceRowAnswer {
  fpl_team_id: number
  player_name: string
  /** Points so far in the race: the month's or the season's total. */
  points: number
  /** Points behind the leader (0 for the leaders). */
  gap: number
  /** The gap can still be closed in the gameweeks left at the league's largest one-week swing. */
  alive: boolean
  /**
   * Share of 10,000 simulated finishes he wins (ties shared); a race's chances sum to 1. Above 0
   * exactly when he is alive: one the runs never saw win has the model's own, tiny chance; managers
   * level on points with the same form have the same chance (decision 161).
   */
  win_chance: number
}

export interface CatchUp {
  fpl_team_id: number
  /** "Tom needs 31 more than Priya over GW 14-15". */
  text: string
}

export interface RaceAnswerPart {
  /** "November" or "Season 2026/27". */
  name: string
  gameweeks_left: number
  first_gameweek: number
  last_gameweek: number
  /** The managers the race covers: the top of the race and our members, leaders first. */
  rows: RaceRowAnswer[]
  /** Managers in the race, when more than `rows` (a very large league). */
  total_managers: number
  /** Of them, still mathematically alive: exactly those with a chance above 0 ("3 can still win"). */
  alive_count: number
  /** The largest one-week swing this league has seen this season: what "alive" is measured against. */
  largest_swing: number
  /** Each alive chaser's catch-up line against the leader. */
  catch_up: CatchUp[]
}

export interface RaceAnswer {
  month: RaceAnswerPart | null
  season: RaceAnswerPart | null
  computed_at: string | null
  /** The gameweek of the snapshot the races come from. */
  gameweek: number | null
  /** True while FPL has not checked that gameweek: the points include provisional ones (decision 113). */
  provisional: boolean
  /** Simulated finishes per race. */
  runs: number
  /** Why there is no race yet. */
  message: string | null
}

export const RACE_PENDING_MESSAGE = 'The race appears after the next data refresh.'

/**
 * How a chance reads: whole percents from 1% to 99% ("37%"), one decimal beyond them ("0.4%",
 * "99.6%"), "< 0.1%" and "> 99.9%" for a real chance one decimal would round to 0 or 100, and
 * "0%" or "100%" only when it is exactly that (decision 161).
 */
export function chanceText(chance: number): string {
  if (chance <= 0) return '0%'
  if (chance >= 1) return '100%'
  const percent = chance * 100
  const whole = Math.round(percent)
  if (whole >= 1 && whole <= 99) return `${whole}%`
  const tenths = Math.round(percent * 10) / 10
  if (tenths <= 0) return '< 0.1%'
  if (tenths >= 100) return '> 99.9%'
  return `${tenths.toFixed(1)}%`
}
