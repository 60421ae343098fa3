/**
 * The live feed: one poll of FPL's live data for the whole deployment, as the poller stores it and
 * every tournament's table reads it (docs/decisions/102). Compact (the player lines that moved with
 * their cards and the scoring lines of `explain`, the fixtures' score, minute, bps and bonus, the
 * gameweek flags, the players and clubs) so that a D1 row carries it and a hub rebuilds the
 * gameweek with `liveGameweek` in about a millisecond.
 *
 * Two rows of `app_snapshots`: `live:feed` (the feed) and `live:gen` (its generation and time), so
 * a hub learns whether anything changed from a few bytes.
 */
import type { LiveStatus, LiveSwingMatch, LiveSwingReason } from '../../../contract/live'
import type { BatchRead } from '../../db/batch'
import type { Database } from '../../db/client'
import { type LiveFixture, type LiveGameweek, liveGameweek, type PointLine } from '../../fpl/live'
import type { FplEventStatus, FplFixture, FplLive } from '../../fpl/schemas'
import { appSnapshotData, appSnapshotFieldsRead, appSnapshotUpsert } from '../app-snapshots'

/** How the swing feed words FPL's `explain` identifiers (and our projected bonus). */
const WORDS: Readonly<Record<string, string>> = {
  minutes: 'appearance',
  goals_scored: 'goal',
  assists: 'assist',
  clean_sheets: 'clean sheet',
  goals_conceded: 'goals conceded',
  own_goals: 'own goal',
  penalties_saved: 'penalty save',
  penalties_missed: 'penalty miss',
  yellow_cards: 'yellow card',
  red_cards: 'red card',
  saves: 'saves',
  bonus: 'bonus',
  defensive_contribution: 'defensive contribution',
  projected_bonus: 'projected bonus',
}

/** The counting stats the engine reads besides minutes and points: a card is "played" (ElementLive.played). */
const CARDS = ['yellow_cards', 'red_cards'] as const

/**
 * A player's line as the feed keeps it: FPL's live element with only the minutes, points and
 * cards, and only the `explain` lines that score (what his points are made of, fixture by fixture).
 */
type FeedElement = FplLive['elements'][number]

/** What changed for one player between two feeds (the swing feed's raw material). */
export interface ElementChange {
  element: number
  /** His live points change, projected bonus included. */
  points: number
  /** The words of `reasons`. */
  events: string[]
  /** The lines of his points that moved, from his per-fixture `explain` and our projected bonus; they add up to `points`. */
  reasons: LiveSwingReason[]
  /** The match they moved in; null when they moved in two (a double gameweek) or none. */
  match: LiveSwingMatch | null
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
  /** bootstrap-static's clubs: [id, short_name]; absent from feeds stored before decision 140. */
  teams?: Array<[number, string]>
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

/** FPL's live answer as the feed keeps it: players with any data, their cards, the scoring lines of explain. */
export function slimLive(live: FplLive): FeedElement[] {
  const kept: FeedElement[] = []
  for (const e of live.elements) {
    const stats: FeedElement['stats'] = { minutes: e.stats.minutes, total_points: e.stats.total_points }
    for (const card of CARDS) {
      const value = e.stats[card]
      if (typeof value === 'number' && value !== 0) stats[card] = value
    }
    const explain = (e.explain ?? [])
      .map((x) => ({
        fixture: x.fixture,
        stats: x.stats.filter((s) => s.points !== 0).map((s) => ({ identifier: s.identifier, value: s.value, points: s.points })),
      }))
      .filter((x) => x.stats.length > 0)
    if (stats.minutes === 0 && stats.total_points === 0 && explain.length === 0 && Object.keys(stats).length === 2) continue
    kept.push({ id: e.id, stats, explain })
  }
  return kept
}

/** A fixture as the feed keeps it: the score and minute, and only the bps and bonus stats (the bonus reads them). */
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
    team_h_score: f.team_h_score,
    team_a_score: f.team_a_score,
    minutes: f.minutes,
    stats: f.stats.filter((s) => s.identifier === 'bps' || s.identifier === 'bonus').map((s) => ({ identifier: s.identifier, h: s.h, a: s.a })),
  }
}

/** The poll's player lines, built once per feed. */
export function feedGameweek(feed: LiveFeed): LiveGameweek {
  return liveGameweek({
    gameweek: feed.gameweek,
    event: feed.event,
    elements: feed.elements.map(([id, element_type, team, web_name]) => ({ id, element_type, team, web_name })),
    teams: (feed.teams ?? []).map(([id, short_name]) => ({ id, short_name })),
    live: { elements: feed.live },
    fixtures: feed.fixtures,
    eventStatus: feed.eventStatus,
  })
}

/**
 * The players whose points moved from one feed to the next, each with the lines that moved (his
 * per-fixture `explain`, bonus not yet in FPL's points, projected bonus) and the match they moved
 * in. Empty across gameweeks (a new gameweek is not a swing).
 */
export function feedChanges(before: LiveFeed | null, after: LiveFeed, now: LiveGameweek = feedGameweek(after)): ElementChange[] {
  if (!before || before.gameweek !== after.gameweek) return []
  const was = feedGameweek(before)
  const ids = new Set([...before.live.map((e) => e.id), ...after.live.map((e) => e.id)])
  const changes: ElementChange[] = []
  for (const id of ids) {
    const points = now.element(id).points - was.element(id).points
    const moved = movedLines(was.pointLines(id), now.pointLines(id))
    if (points === 0 && moved.length === 0) continue
    const reasons = byIdentifier(moved)
    const [fixture, another] = new Set(moved.map((line) => line.fixture))
    changes.push({
      element: id,
      points,
      events: reasons.map((r) => r.words),
      reasons,
      match: fixture !== undefined && another === undefined ? matchOf(now, fixture) : null,
    })
  }
  return changes.sort((x, y) => Math.abs(y.points) - Math.abs(x.points) || x.element - y.element)
}

/** Each (fixture, identifier) whose points differ between two sets of lines, with the difference, in FPL's order. */
function movedLines(before: readonly PointLine[], after: readonly PointLine[]): PointLine[] {
  const diff = new Map<string, PointLine>()
  const add = (line: PointLine, sign: number) => {
    const key = `${line.fixture}:${line.identifier}`
    const d = diff.get(key)
    if (d) d.points += sign * line.points
    else diff.set(key, { ...line, value: 0, points: sign * line.points })
  }
  for (const line of after) add(line, 1)
  for (const line of before) add(line, -1)
  return [...diff.values()].filter((line) => line.points !== 0)
}

/** Moved lines summed over fixtures by identifier, worded. */
function byIdentifier(moved: readonly PointLine[]): LiveSwingReason[] {
  const reasons = new Map<string, LiveSwingReason>()
  for (const { identifier, points } of moved) {
    const reason = reasons.get(identifier)
    if (reason) reason.points += points
    else reasons.set(identifier, { identifier, words: WORDS[identifier] ?? identifier.replaceAll('_', ' '), points })
  }
  return [...reasons.values()].filter((r) => r.points !== 0)
}

/** "ARS 2-1 CHE" at the poll's minute ("ARS v CHE" before a score). */
function matchOf(gw: LiveGameweek, id: number): LiveSwingMatch | null {
  const f = gw.fixture(id)
  if (!f) return null
  const home = gw.clubName(f.team_h)
  const away = gw.clubName(f.team_a)
  const scored = typeof f.team_h_score === 'number' && typeof f.team_a_score === 'number'
  return { fixture: id, label: scored ? `${home} ${f.team_h_score}-${f.team_a_score} ${away}` : `${home} v ${away}`, minute: f.minutes ?? null }
}

/** Whether two feeds say the same thing (ignoring when they were read and what they changed). */
export function sameFeed(a: LiveFeed | null, b: LiveFeed): boolean {
  if (!a) return false
  const body = ({ gen: _gen, fetched_at: _at, state_at: _state, changes: _changes, ...rest }: LiveFeed) => JSON.stringify(rest)
  return body(a) === body(b)
}

export async function readFeed(db: Database): Promise<LiveFeed | null> {
  return ((await appSnapshotData(db, FEED_KEY)) as LiveFeed | undefined) ?? null
}

export async function readFeedGen(db: Database): Promise<FeedGen | null> {
  return ((await appSnapshotData(db, GEN_KEY)) as FeedGen | undefined) ?? null
}

/** The feed's head (generation, gameweek, status, next deadline) without its player lines, for a batch of other reads. */
export type FeedHead = FeedGen & Pick<LiveFeed, 'status' | 'next_deadline'>

export const feedHeadRead = (db: Database): BatchRead<FeedHead | null> =>
  appSnapshotFieldsRead<FeedHead>(db, FEED_KEY, ['gen', 'gameweek', 'fetched_at', 'status', 'next_deadline'])

/** Both rows in one batch: a reader never sees a generation without its feed. */
export async function writeFeed(db: Database, feed: LiveFeed): Promise<void> {
  const gen: FeedGen = { gen: feed.gen, gameweek: feed.gameweek, fetched_at: feed.fetched_at }
  await db.batch([appSnapshotUpsert(db, FEED_KEY, feed), appSnapshotUpsert(db, GEN_KEY, gen)])
}
