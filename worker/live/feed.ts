/**
 * The live feed: one poll of FPL's live data for the whole deployment, as the poller stores it and
 * every tournament's table reads it (docs/decisions/102). Compact (the player lines that moved,
 * the fixtures' bps and bonus, the gameweek flags) so that a D1 row carries it and a hub rebuilds
 * the gameweek with `liveGameweek` in about a millisecond.
 *
 * Two rows of `app_snapshots`: `live:feed` (the feed) and `live:gen` (its generation and time), so
 * a hub learns whether anything changed from a few bytes.
 */
import { eq } from 'drizzle-orm'
import type { LiveStatus } from '../../contract/live'
import type { Database } from '../db/client'
import { appSnapshots } from '../db/schema'
import { type LiveFixture, type LiveGameweek, liveGameweek } from '../fpl/live'
import type { FplEventStatus, FplFixture, FplLive } from '../fpl/schemas'

/** Counting stats a swing can name, by FPL's identifiers, and how the swing feed words them. */
const SWING_EVENTS: ReadonlyArray<readonly [identifier: string, words: string]> = [
  ['goals_scored', 'goal'],
  ['assists', 'assist'],
  ['own_goals', 'own goal'],
  ['penalties_saved', 'penalty save'],
  ['penalties_missed', 'penalty miss'],
  ['clean_sheets', 'clean sheet'],
  ['yellow_cards', 'yellow card'],
  ['red_cards', 'red card'],
  ['bonus', 'bonus'],
]

/**
 * A player's line as the feed keeps it: FPL's live element with only the minutes, points and
 * counting stats, and only the bonus lines of `explain` (which fixtures' bonus is counted).
 */
type FeedElement = FplLive['elements'][number]

/** What changed for one player between two feeds (the swing feed's raw material). */
export interface ElementChange {
  element: number
  /** His live points change, projected bonus included. */
  points: number
  events: string[]
}

export interface LiveFeed {
  /** Bumped on every change: hubs recompute and screens re-read when it moves. */
  gen: number
  gameweek: number
  status: LiveStatus
  /** When FPL last answered this data (ISO); null before the first poll. */
  fetched_at: string | null
  /** FPL was being updated (or failed) at the last poll: the numbers are those of `fetched_at`. */
  updating: boolean
  /** When bootstrap-static and event-status were last read (epoch ms). */
  state_at: number
  /** The next gameweek's deadline (epoch ms): the poller sleeps until then once this one is checked. */
  next_deadline: number | null
  event: { finished: boolean; data_checked: boolean }
  eventStatus: FplEventStatus | null
  /** bootstrap-static's players: [id, element_type, team, web_name]. */
  elements: Array<[number, number, number, string]>
  live: FeedElement[]
  fixtures: LiveFixture[]
  changes: ElementChange[]
}

export interface FeedGen {
  gen: number
  gameweek: number
  fetched_at: string | null
}

const FEED_KEY = 'live:feed'
const GEN_KEY = 'live:gen'

/** FPL's live answer as the feed keeps it: players with any data, counting stats, bonus lines of explain. */
export function slimLive(live: FplLive): FeedElement[] {
  const kept: FeedElement[] = []
  for (const e of live.elements) {
    const stats: Record<string, number> & FeedElement['stats'] = { minutes: e.stats.minutes, total_points: e.stats.total_points }
    for (const [identifier] of SWING_EVENTS) {
      const value = (e.stats as Record<string, unknown>)[identifier]
      if (typeof value === 'number' && value !== 0) stats[identifier] = value
    }
    const explain = (e.explain ?? [])
      .map((x) => ({ fixture: x.fixture, stats: x.stats.filter((s) => s.identifier === 'bonus').map((s) => ({ identifier: s.identifier, points: s.points })) }))
      .filter((x) => x.stats.length > 0)
    if (stats.minutes === 0 && stats.total_points === 0 && explain.length === 0 && Object.keys(stats).length === 2) continue
    kept.push({ id: e.id, stats, explain })
  }
  return kept
}

/** A fixture as the feed keeps it: only the bps and bonus stats (the projected bonus reads them). */
export function slimFixture(f: FplFixture): LiveFixture {
  return {
    id: f.id,
    event: f.event,
    kickoff_time: f.kickoff_time,
    started: f.started,
    finished: f.finished,
    finished_provisional: f.finished_provisional,
    team_h: f.team_h,
    team_a: f.team_a,
    stats: f.stats.filter((s) => s.identifier === 'bps' || s.identifier === 'bonus').map((s) => ({ identifier: s.identifier, h: s.h, a: s.a })),
  }
}

/** The poll's player lines, built once per feed. */
export function feedGameweek(feed: LiveFeed): LiveGameweek {
  return liveGameweek({
    gameweek: feed.gameweek,
    event: feed.event,
    elements: feed.elements.map(([id, element_type, team, web_name]) => ({ id, element_type, team, web_name })),
    live: { elements: feed.live },
    fixtures: feed.fixtures,
    eventStatus: feed.eventStatus,
  })
}

/**
 * The players whose line moved from one feed to the next: live points (projected bonus included)
 * and the counting stats that went up. Empty across gameweeks (a new gameweek is not a swing).
 */
export function feedChanges(before: LiveFeed | null, after: LiveFeed, now: LiveGameweek = feedGameweek(after)): ElementChange[] {
  if (!before || before.gameweek !== after.gameweek) return []
  const was = feedGameweek(before)
  const counts = (feed: LiveFeed) => new Map(feed.live.map((e) => [e.id, e.stats]))
  const wasCounts = counts(before)
  const nowCounts = counts(after)
  const ids = new Set([...wasCounts.keys(), ...nowCounts.keys()])
  const changes: ElementChange[] = []
  for (const id of ids) {
    const points = now.element(id).points - was.element(id).points
    const a = wasCounts.get(id)
    const b = nowCounts.get(id)
    const count = (stats: FeedElement['stats'] | undefined, identifier: string) => Number(stats?.[identifier] ?? 0)
    const events = SWING_EVENTS.filter(([identifier]) => count(b, identifier) > count(a, identifier)).map(([, words]) => words)
    const projectedBonus = now.element(id).projectedBonus - was.element(id).projectedBonus
    if (projectedBonus !== 0 && !events.includes('bonus')) events.push(projectedBonus > 0 ? 'projected bonus' : 'bonus dropped')
    if (points !== 0 || events.length > 0) changes.push({ element: id, points, events })
  }
  return changes.sort((x, y) => Math.abs(y.points) - Math.abs(x.points) || x.element - y.element)
}

/** Whether two feeds say the same thing (ignoring when they were read and what they changed). */
export function sameFeed(a: LiveFeed | null, b: LiveFeed): boolean {
  if (!a) return false
  const body = ({ gen: _gen, fetched_at: _at, state_at: _state, changes: _changes, ...rest }: LiveFeed) => JSON.stringify(rest)
  return body(a) === body(b)
}

export async function readFeed(db: Database): Promise<LiveFeed | null> {
  const [row] = await db.select({ data: appSnapshots.data }).from(appSnapshots).where(eq(appSnapshots.key, FEED_KEY)).limit(1)
  return (row?.data as LiveFeed | undefined) ?? null
}

export async function readFeedGen(db: Database): Promise<FeedGen | null> {
  const [row] = await db.select({ data: appSnapshots.data }).from(appSnapshots).where(eq(appSnapshots.key, GEN_KEY)).limit(1)
  return (row?.data as FeedGen | undefined) ?? null
}

/** Both rows in one batch: a reader never sees a generation without its feed. */
export async function writeFeed(db: Database, feed: LiveFeed): Promise<void> {
  const gen: FeedGen = { gen: feed.gen, gameweek: feed.gameweek, fetched_at: feed.fetched_at }
  const upsert = (key: string, data: unknown) =>
    db
      .insert(appSnapshots)
      .values({ key, data })
      .onConflictDoUpdate({ target: appSnapshots.key, set: { data, updatedAt: new Date() } })
  await db.batch([upsert(FEED_KEY, feed), upsert(GEN_KEY, gen)])
}
