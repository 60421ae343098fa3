/**
 * One poll of the live engine: read FPL's live data for the gameweek in play (if any fixture is in
 * play or waiting for its bonus), build the feed, and say when to poll next. The poller (poller.ts)
 * runs it from its alarm; upstream cost is the same whatever the number of tournaments or managers:
 * `fixtures/?event={gw}` and `event/{gw}/live/` once a minute in a match window, bootstrap-static
 * and event-status through the KV cache at most every few minutes (decision 102).
 */

import type { Bindings } from '../../env'
import { FplError } from '../../fpl/errors'
import type { FplFixture } from '../../fpl/schemas'
import { createFplSource, type FplSource } from '../../fpl/source'
import { log } from '../../lib/log'
import { feedChanges, feedGameweek, type LiveFeed, sameFeed, slimFixture, slimLive } from './feed'

/** Between the last final whistle and FPL's check (bonus confirmed, tables updated): no hurry. */
const SETTLING_POLL_MS = 10 * 60_000
/** How often bootstrap-static and event-status are re-read inside a match window. */
const STATE_EVERY_MS = 5 * 60_000
/** How early before a kick-off the poller wakes. */
const KICKOFF_LEAD_MS = 60_000
/**
 * FPL requests one poll may make. The longest poll makes five: the fixtures, then, when a match
 * window has just closed, event-status, bootstrap-static and the new gameweek's fixtures, then the
 * live points. The sixth leaves room for one retry; a poll that needs more keeps the last good
 * feed and tries again at the next one, instead of piling requests onto an FPL that is failing.
 */
const POLL_FPL_REQUESTS = 6

export interface PollDeps {
  env: Pick<Bindings, 'FPL_API_BASE' | 'CACHE'>
  /** The interval in a match window (LIVE_POLL_SECONDS). */
  pollMs: number
  /** Never sleep longer than one interval (development: the simulator's kick-off times are not the real clock's). */
  neverSleep?: boolean
  fetch?: typeof fetch
  now?: () => number
  sleep?: (ms: number) => Promise<void>
}

export interface PollResult {
  feed: LiveFeed | null
  /** The feed differs from the one before (a new generation to store and push). */
  changed: boolean
  /** When to poll again; null to sleep until the cron wakes the poller. */
  nextPollAt: number | null
}

/** A poll never waits long on FPL: the next one is a minute away. */
const pollSource = (deps: PollDeps): FplSource =>
  createFplSource(deps.env, {
    budget: POLL_FPL_REQUESTS,
    timeoutMs: 10_000,
    deadlineMs: 25_000,
    retries: 1,
    fetch: deps.fetch,
    now: deps.now,
    sleep: deps.sleep,
  })

/** How often the poller looks at FPL when no gameweek is coming (pre-season, after the last one). */
export const RESTING_CHECK_MS = 6 * 60 * 60_000

export async function pollLive(deps: PollDeps, previous: LiveFeed | null): Promise<PollResult> {
  const now = deps.now ?? Date.now
  const source = pollSource(deps)
  try {
    let season = await seasonPart(source, previous, now())
    if ('firstDeadline' in season) return beforeTheSeason(deps, previous, season.firstDeadline, now())
    let fixtures = await fixturesOf(source, season.gameweek)
    if (season.kept && !inPlay(fixtures)) {
      // The window has just closed on the state kept from inside it: read the gameweek afresh.
      season = await seasonPart(source, null, now())
      if ('firstDeadline' in season) return beforeTheSeason(deps, previous, season.firstDeadline, now())
      if (season.gameweek !== previous?.gameweek) fixtures = await fixturesOf(source, season.gameweek)
    }
    const { gameweek, event } = season
    const sameGameweek = previous?.gameweek === gameweek
    // Live points move while a fixture is in play or waiting for its bonus (FPL sets `finished`
    // once the bonus is confirmed), once more as the last of them is marked finished (its bonus
    // added since the poll before), and when FPL checks the gameweek.
    const settled = sameGameweek && !inPlay(previous.fixtures) && previous.event.data_checked === event.data_checked && previous.live.length > 0
    const readLive = fixtures.some((f) => f.started) && (inPlay(fixtures) || !settled)
    const live = readLive ? slimLive(await source.client.live(gameweek)) : sameGameweek ? previous.live : []
    const draft: LiveFeed = {
      gen: previous?.gen ?? 0,
      gameweek,
      status: 'upcoming',
      fetched_at: new Date(now()).toISOString(),
      updating: false,
      state_at: season.stateAt,
      next_deadline: season.nextDeadline,
      event: { finished: event.finished, data_checked: event.data_checked },
      eventStatus: season.eventStatus,
      elements: season.elements,
      teams: season.teams,
      live,
      fixtures: fixtures.map(slimFixture),
      changes: [],
    }
    const gw = feedGameweek(draft)
    draft.status = gw.status
    const changed = !sameFeed(previous, draft)
    const feed = changed ? { ...draft, gen: draft.gen + 1, changes: feedChanges(previous, draft, gw) } : { ...draft, changes: previous?.changes ?? [] }
    const next = nextPoll(fixtures, feed, season.nextDeadline, now(), deps.pollMs)
    return { feed, changed, nextPollAt: deps.neverSleep ? Math.min(next ?? Number.POSITIVE_INFINITY, now() + deps.pollMs) : next }
  } catch (error) {
    if (!(error instanceof FplError)) throw error
    // "The game is being updated." or FPL failing: the last good numbers stay, marked updating.
    log.warn('Live poll failed; keeping the last good feed', { error })
    // After the season's last gameweek FPL goes quiet for weeks while it prepares the next one
    // (decision 183): look again in hours, not every minute.
    const retryAt = previous && seasonOver(previous) && !deps.neverSleep ? null : now() + deps.pollMs
    if (!previous) return { feed: null, changed: false, nextPollAt: retryAt }
    if (previous.updating) return { feed: previous, changed: false, nextPollAt: retryAt }
    return { feed: { ...previous, updating: true, gen: previous.gen + 1, changes: [] }, changed: true, nextPollAt: retryAt }
  }
}

/**
 * Before the first deadline there is nothing to poll: the feed stays as it was, and the loop
 * wakes as GW1's picks are published (at most a few hours on, the resting check).
 */
function beforeTheSeason(deps: PollDeps, previous: LiveFeed | null, firstDeadline: number | null, now: number): PollResult {
  if (deps.neverSleep) return { feed: previous, changed: false, nextPollAt: now + deps.pollMs }
  const wake = firstDeadline === null ? null : Math.max(now + deps.pollMs, firstDeadline + KICKOFF_LEAD_MS)
  return { feed: previous, changed: false, nextPollAt: wake !== null && wake - now < RESTING_CHECK_MS ? wake : null }
}

/** The feed is of the season's last gameweek, checked: no deadline follows it. */
const seasonOver = (feed: LiveFeed) => feed.status === 'checked' && feed.next_deadline === null

const fixturesOf = async (source: FplSource, gameweek: number) => (await source.client.fixtures(gameweek)).filter((f) => f.event === gameweek)

const inPlay = (fixtures: ReadonlyArray<Pick<FplFixture, 'started' | 'finished'>>) => fixtures.some((f) => f.started && !f.finished)

interface SeasonPart {
  gameweek: number
  event: { finished: boolean; data_checked: boolean }
  eventStatus: LiveFeed['eventStatus']
  elements: LiveFeed['elements']
  teams: LiveFeed['teams']
  nextDeadline: number | null
  stateAt: number
  /** Kept from the feed before (inside a match window), not read now. */
  kept: boolean
}

/**
 * The gameweek, its flags, the players and the clubs, from bootstrap-static and event-status (KV-cached).
 * Inside a match window they are re-read every few minutes only: the minute-by-minute reads are
 * the fixtures and the live points, and from the cache. Before the season's first deadline, only that deadline.
 */
async function seasonPart(source: FplSource, previous: LiveFeed | null, now: number): Promise<SeasonPart | { firstDeadline: number | null }> {
  if (previous && inPlay(previous.fixtures) && !previous.updating && now - previous.state_at < STATE_EVERY_MS) {
    return {
      gameweek: previous.gameweek,
      event: previous.event,
      eventStatus: previous.eventStatus,
      elements: previous.elements,
      teams: previous.teams,
      nextDeadline: previous.next_deadline,
      stateAt: previous.state_at,
      kept: true,
    }
  }
  // Outside a match window polls are rare and must see a new gameweek at once: read FPL, not the cache.
  const { bootstrap, eventStatus } = await source.state(!previous || !inPlay(previous.fixtures))
  const current = bootstrap.events.find((e) => e.is_current)
  if (!current) {
    const first = bootstrap.events.find((e) => e.is_next) ?? bootstrap.events[0]
    return { firstDeadline: first ? Date.parse(first.deadline_time) : null }
  }
  const next = bootstrap.events.find((e) => e.id === current.id + 1)
  return {
    gameweek: current.id,
    event: { finished: current.finished, data_checked: current.data_checked },
    eventStatus,
    elements: bootstrap.elements.map((e): [number, number, number, string] => [e.id, e.element_type, e.team, e.web_name]),
    teams: bootstrap.teams.map((t): [number, string] => [t.id, t.short_name]),
    nextDeadline: next ? Date.parse(next.deadline_time) : null,
    stateAt: now,
    kept: false,
  }
}

/**
 * In a match window (a fixture in play or waiting for its bonus) every minute; before a kick-off,
 * a minute before it; after the last match until FPL checks the gameweek, every ten minutes; once
 * checked, at the next deadline (picks are then published and the next gameweek is current).
 */
function nextPoll(fixtures: readonly FplFixture[], feed: LiveFeed, nextDeadline: number | null, now: number, pollMs: number): number | null {
  if (inPlay(fixtures)) return now + pollMs
  const kickoffs = fixtures.filter((f) => !f.started && f.kickoff_time).map((f) => Date.parse(f.kickoff_time as string) - KICKOFF_LEAD_MS)
  if (kickoffs.length > 0) return Math.max(now + pollMs, Math.min(...kickoffs))
  if (feed.status !== 'checked') return now + SETTLING_POLL_MS
  return nextDeadline === null ? null : Math.max(now + pollMs, nextDeadline + KICKOFF_LEAD_MS)
}
