import type { Bindings } from '../env'
import { type MetricsEnv, recordMetric } from '../lib/metrics'
import { type CacheResult, FplCache } from './cache'
import { createFplClient, type FplClient, RequestBudget } from './client'
import { type FplError, FplHttpError, FplRateLimitedError, FplShapeError, FplTimeoutError, FplUpdatingError } from './errors'
import { type GameweekState, gameweekState } from './gameweek'
import { UpstreamGuard } from './guard'
import type { FplBootstrap, FplEntry, FplEventStatus, FplHistory, FplLive, FplPicks, FplStandingsPage } from './schemas'

// Every FPL read of the app goes through here: the client for the network, the KV cache for
// freshness and stale fallback, and a freshness window per kind of data. Large answers are
// stripped to the fields the app uses before they are stored.

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const FOREVER = Number.POSITIVE_INFINITY

export type SlimBootstrap = Pick<FplBootstrap, 'events' | 'phases' | 'teams' | 'total_players'> & {
  elements: Array<{ id: number; web_name: string; element_type: number; team: number }>
}

// Live points keep the FPL shape, minus everything but minutes and total points.
export type SlimLive = FplLive

export const cacheKeys = {
  bootstrap: () => 'fpl:bootstrap',
  eventStatus: () => 'fpl:event-status',
  standings: (league: number, page: number, phase = 1) => `fpl:standings:${league}:${phase}:${page}`,
  entry: (entry: number) => `fpl:entry:${entry}`,
  history: (entry: number) => `fpl:history:${entry}`,
  picks: (entry: number, gameweek: number) => `fpl:picks:${entry}:${gameweek}`,
  live: (gameweek: number) => `fpl:live:${gameweek}`,
}

export class FplSource {
  readonly cache: FplCache
  constructor(
    readonly client: FplClient,
    kv: KVNamespace,
    private readonly now: () => number = Date.now,
    staleFallback = true,
  ) {
    this.cache = new FplCache(kv, now, staleFallback)
  }

  bootstrap(force = false): Promise<CacheResult<SlimBootstrap>> {
    return this.cache.get(cacheKeys.bootstrap(), { version: 'v1', freshMs: 10 * MINUTE }, async () => slimBootstrap(await this.client.bootstrap()), force)
  }

  eventStatus(force = false): Promise<CacheResult<FplEventStatus>> {
    return this.cache.get(cacheKeys.eventStatus(), { version: 'v1', freshMs: MINUTE }, () => this.client.eventStatus(), force)
  }

  /**
   * The gameweek state from bootstrap-static and event-status (optional: it may fail alone).
   * bootstrap-static is 2 MB and cached for minutes; event-status is tiny and cached for one,
   * so when event-status shows a gameweek change the bootstrap is fetched again at once.
   */
  async state(force = false): Promise<{ state: GameweekState; bootstrap: SlimBootstrap; eventStatus: FplEventStatus | null; stale: boolean }> {
    const eventStatus = await this.eventStatus(force).catch(() => null)
    let bootstrap = await this.bootstrap(force)
    const statusGameweek = Math.max(0, ...(eventStatus?.data.status.map((s) => s.event) ?? []))
    const current = bootstrap.data.events.find((e) => e.is_current)?.id ?? 0
    if (!force && !bootstrap.fetched && statusGameweek > current) bootstrap = await this.bootstrap(true)
    return {
      state: gameweekState(bootstrap.data, eventStatus?.data ?? null, this.now()),
      bootstrap: bootstrap.data,
      eventStatus: eventStatus?.data ?? null,
      stale: bootstrap.stale || !!eventStatus?.stale,
    }
  }

  standingsPage(league: number, page: number, state: GameweekState, phase = 1): Promise<CacheResult<FplStandingsPage>> {
    return this.cache.get(cacheKeys.standings(league, page, phase), this.perGameweek(state), () => this.client.standingsPage(league, page, phase))
  }

  /** A finished month's table never changes once its last gameweek is checked. */
  phaseTable(league: number, phase: number, final: boolean, state: GameweekState): Promise<CacheResult<FplStandingsPage>> {
    const policy = final ? { version: 'final', freshMs: FOREVER } : this.perGameweek(state)
    return this.cache.get(cacheKeys.standings(league, 1, phase), policy, () => this.client.standingsPage(league, 1, phase))
  }

  entry(entry: number, state: GameweekState): Promise<CacheResult<FplEntry>> {
    return this.cache.get(cacheKeys.entry(entry), { version: state.version, freshMs: 6 * HOUR }, () => this.client.entry(entry))
  }

  history(entry: number, state: GameweekState): Promise<CacheResult<FplHistory>> {
    return this.cache.get(cacheKeys.history(entry), this.perGameweek(state), () => this.client.history(entry))
  }

  picks(entry: number, gameweek: number, state: GameweekState): Promise<CacheResult<FplPicks>> {
    return this.cache.get(cacheKeys.picks(entry, gameweek), this.settledOrLive(gameweek, state), () => this.client.picks(entry, gameweek))
  }

  live(gameweek: number, state: GameweekState): Promise<CacheResult<SlimLive>> {
    return this.cache.get(cacheKeys.live(gameweek), this.settledOrLive(gameweek, state), async () => slimLive(await this.client.live(gameweek)))
  }

  // Per gameweek state: a new state is a new version; within a live bucket, 30 minutes.
  private perGameweek(state: GameweekState) {
    return { version: state.version, freshMs: state.status === 'checked' ? FOREVER : 30 * MINUTE }
  }

  // Picks and live points of a checked gameweek are final.
  private settledOrLive(gameweek: number, state: GameweekState) {
    const settled = gameweek < state.gameweek || state.status === 'checked'
    return settled ? { version: 'final', freshMs: FOREVER } : this.perGameweek(state)
  }
}

function slimBootstrap(b: FplBootstrap): SlimBootstrap {
  return {
    events: b.events.map((e) => ({
      id: e.id,
      name: e.name,
      deadline_time: e.deadline_time,
      finished: e.finished,
      data_checked: e.data_checked,
      is_previous: e.is_previous,
      is_current: e.is_current,
      is_next: e.is_next,
      average_entry_score: e.average_entry_score,
      highest_score: e.highest_score,
    })),
    phases: b.phases.map((p) => ({ id: p.id, name: p.name, start_event: p.start_event, stop_event: p.stop_event })),
    teams: b.teams.map((t) => ({ id: t.id, name: t.name, short_name: t.short_name })),
    elements: b.elements.map((e) => ({ id: e.id, web_name: e.web_name, element_type: e.element_type, team: e.team })),
    total_players: b.total_players,
  }
}

function slimLive(live: FplLive): SlimLive {
  return { elements: live.elements.map((e) => ({ id: e.id, stats: { minutes: e.stats.minutes, total_points: e.stats.total_points } })) }
}

export interface SourceOptions {
  /** FPL requests this invocation may make. */
  budget?: number
  timeoutMs?: number
  /** All the time this invocation may wait on FPL (default: no limit but the timeouts). */
  deadlineMs?: number
  /** Fail fast while the circuit breaker is open (sources a user waits on). */
  breaker?: boolean
  retries?: number
  fetch?: typeof fetch
  now?: () => number
  /** Waits between retries (default: real time; tests pass an instant one). */
  sleep?: (ms: number) => Promise<void>
  /** Answer from the stale cache when FPL fails (default), or fail. */
  staleFallback?: boolean
}

/** The FPL source of one invocation, configured from the Worker's environment. */
export function createFplSource(env: Pick<Bindings, 'FPL_API_BASE' | 'CACHE'> & MetricsEnv, options: SourceOptions = {}): FplSource {
  const client = createFplClient({
    baseUrl: env.FPL_API_BASE,
    budget: new RequestBudget(options.budget ?? Number.POSITIVE_INFINITY),
    timeoutMs: options.timeoutMs,
    deadlineMs: options.deadlineMs,
    guard: new UpstreamGuard(env.CACHE, {
      breaker: options.breaker ?? false,
      now: options.now,
      onBreakerOpen: (error) => recordMetric(env, 'fpl_breaker_open', { labels: failureLabels(error) }),
    }),
    onFailure: (error) => recordMetric(env, 'fpl_failure', { labels: failureLabels(error) }),
    retries: options.retries,
    fetch: options.fetch,
    now: options.now,
    sleep: options.sleep,
  })
  return new FplSource(client, env.CACHE, options.now, options.staleFallback ?? true)
}

/** A failure as the metrics label it: its kind, HTTP status and FPL endpoint (the path's first segment: entry, leagues-classic...). */
function failureLabels(error: FplError): { kind: string; status?: string; endpoint: string } {
  const endpoint = error.path.split('/')[0] ?? ''
  if (error instanceof FplTimeoutError) return { kind: 'timeout', endpoint }
  if (error instanceof FplRateLimitedError) return { kind: 'rate_limited', endpoint }
  if (error instanceof FplUpdatingError) return { kind: 'updating', endpoint }
  if (error instanceof FplShapeError) return { kind: 'schema', endpoint }
  if (error instanceof FplHttpError) return error.status === 0 ? { kind: 'network', endpoint } : { kind: 'http', status: String(error.status), endpoint }
  return { kind: 'other', endpoint }
}

/** How long a user's request may wait on FPL in total, every call and retry included. */
export const REQUEST_FPL_DEADLINE_MS = 3_000

/**
 * For request handlers: a user is waiting, so one 3 s deadline for the whole request (created
 * with it), the circuit breaker, and the cache to fall back on.
 */
export const requestSource = (env: Pick<Bindings, 'FPL_API_BASE' | 'CACHE'>, options: SourceOptions = {}) =>
  createFplSource(env, { budget: 10, timeoutMs: 2_500, deadlineMs: REQUEST_FPL_DEADLINE_MS, retries: 1, breaker: true, ...options })

/** For work a request leaves behind (waitUntil): nobody waits on it, but it must end within waitUntil's 30 s. */
export const backgroundSource = (env: Pick<Bindings, 'FPL_API_BASE' | 'CACHE'>, options: SourceOptions = {}) =>
  createFplSource(env, { budget: 10, timeoutMs: 8_000, deadlineMs: 20_000, retries: 2, breaker: true, ...options })
