import { isBetweenSeasons, type SeasonPhase } from '../../contract/season'
import { runWrites } from '../db/batch'
import type { Database } from '../db/client'
import { type SeasonView, seasonView } from '../fpl/season'
import type { FplSource } from '../fpl/source'
import { ApiError } from '../lib/errors'
import { log } from '../lib/log'
import { appSnapshotData, appSnapshotUpsert, keepAppSnapshot } from './app-snapshots'
import { FPL_UNAVAILABLE, orUnavailable } from './fpl-lookup'
import { endLeaguesOfSeasonsBefore } from './tournaments'
import { endTeamsOfSeasonsBefore } from './users'

// The season's phase as the cron last saw it (decision 183), kept in app_snapshots so requests
// read it without asking FPL, and so the phase survives weeks in which FPL does not answer.

const SEASON_KEY = 'fpl:season'

const FPL_SEASON_UNKNOWN = 'FPL has not told us about the season yet. Please try again in a few minutes.'

/**
 * How often the cron asks FPL between seasons (every 10 minutes in season). A relaunch is seen
 * within this; FPL's weeks of "The game is being updated" cost one request an hour.
 */
export const SEASON_HEARTBEAT_MS = 60 * 60_000

export interface SeasonAnswerBody {
  season: string
  phase: SeasonPhase
  next_deadline: string | null
}

interface StoredSeason extends SeasonAnswerBody {
  /** When the cron last asked FPL (epoch ms), answered or not. */
  checked_at: number
}

const storedSeason = async (db: Database) => ((await appSnapshotData(db, SEASON_KEY)) as StoredSeason | undefined) ?? null

/**
 * How long a season may go unfinished in our eyes before another season on FPL is believed
 * anyway (we missed its end: the app was not running in May).
 */
const SEASON_END_MISSED_MS = 30 * 24 * 60 * 60_000

/**
 * The cron saw FPL's bootstrap-static: the phase is what it shows. A new season is the rollover
 * (decision 185), in the same batch as the phase: every team and private league of the seasons
 * before is set aside. It is believed only after the season we knew ended (or went unseen for a
 * month): a misread answer naming another season must not end anyone's season (decision 062).
 */
export async function noteSeasonSeen(
  db: Database,
  events: Parameters<typeof seasonView>[0],
  now: number,
): Promise<{ rolledOver: { from: string; to: string } | null }> {
  const view: SeasonView = seasonView(events)
  const stored = await storedSeason(db)
  const keep = appSnapshotUpsert(db, SEASON_KEY, { ...view, checked_at: now } satisfies StoredSeason)
  if (!stored || view.season === stored.season) {
    await runWrites(db, [keep])
    return { rolledOver: null }
  }
  const ended = isBetweenSeasons(stored.phase) || now - stored.checked_at > SEASON_END_MISSED_MS
  if (view.season < stored.season || !ended) {
    log.warn('FPL named another season before ours ended; kept ours', { ours: stored.season, fpl: view.season })
    return { rolledOver: null }
  }
  await runWrites(db, [keep, endTeamsOfSeasonsBefore(db, view.season), ...endLeaguesOfSeasonsBefore(db, view.season)])
  log.info('Season rollover', { from: stored.season, to: view.season })
  return { rolledOver: { from: stored.season, to: view.season } }
}

/**
 * The cron could not read FPL. In season that is a routine update of a gameweek and changes
 * nothing; after the last gameweek it is FPL preparing the next season.
 */
export async function noteFplUnavailable(db: Database, now: number) {
  const stored = await storedSeason(db)
  if (!stored || !isBetweenSeasons(stored.phase)) return
  await keepAppSnapshot(db, SEASON_KEY, { ...stored, phase: 'off_season', next_deadline: null, checked_at: now } satisfies StoredSeason)
}

/** Between seasons the cron asks FPL once an hour; true while this hour's question is asked. */
export async function seasonResting(db: Database, now: number) {
  const stored = await storedSeason(db)
  return !!stored && isBetweenSeasons(stored.phase) && now - stored.checked_at < SEASON_HEARTBEAT_MS
}

/** What a look-up says while FPL prepares the next season (decision 183). */
export const OFF_SEASON_LOOKUP =
  "FPL is getting the new season ready, so teams and leagues can't be looked up until it relaunches (usually in July). Your final tables, the Gazette and the Hall of Fame are all still here."

/** The answer for an FPL outage between seasons; null in season (a routine update: the caller's own answer stands). */
export async function offSeasonOutage(db: Database): Promise<ApiError | null> {
  if ((await storedSeason(db))?.phase !== 'off_season') return null
  return new ApiError(503, OFF_SEASON_LOOKUP, { code: 'fpl_off_season', headers: { 'Retry-After': String(SEASON_HEARTBEAT_MS / 1000) } })
}

/** GET /api/season: the cron's view; before its first run, FPL's (through the cache). */
export async function seasonAnswer(db: Database, source: () => FplSource): Promise<SeasonAnswerBody> {
  const stored = await storedSeason(db)
  if (stored) return { season: stored.season, phase: stored.phase, next_deadline: stored.next_deadline }
  const { bootstrap } = await orUnavailable(
    () => source().state(),
    () => {
      throw new ApiError(503, FPL_SEASON_UNKNOWN, { code: FPL_UNAVAILABLE })
    },
  )
  return seasonView(bootstrap.events)
}

/**
 * The season FPL is playing or about to play, as the cron last saw it; null between seasons
 * (finished, off season) or before the cron's first run. What a tournament is renewed into (decision 185).
 */
export async function currentSeason(db: Database): Promise<string | null> {
  const stored = await storedSeason(db)
  return stored && (stored.phase === 'pre_season' || stored.phase === 'in_season') ? stored.season : null
}
