// Where FPL's year stands (decision 183): what GET /api/season answers and what the app's season
// banner and the worker's rest between seasons are decided from.

/**
 * - `in_season`: a gameweek has started and the last one is not checked yet.
 * - `finished`: FPL has checked the last gameweek; it still serves that season's data.
 * - `off_season`: after the last gameweek, FPL answers "The game is being updated" while it
 *   prepares the next season (weeks, every July).
 * - `pre_season`: the new season is live on FPL; its first deadline has not passed.
 */
export const SEASON_PHASES = ['in_season', 'finished', 'off_season', 'pre_season'] as const
export type SeasonPhase = (typeof SEASON_PHASES)[number]

/** The phases in which no gameweek is played: the cron and the live poller rest, the app says so. */
export const isBetweenSeasons = (phase: SeasonPhase) => phase === 'finished' || phase === 'off_season'

/** A Premier League season is 38 rounds, and FPL's gameweeks follow them: the last one ends the season. */
export const LAST_GAMEWEEK = 38
