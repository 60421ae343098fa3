/**
 * The FPL simulator as a standard Fetch handler: `createFplSimulator().fetch(request)` answers the
 * FPL paths under /api/ like fantasy.premierleague.com, plus a control API under /__sim/.
 * Used in-process by worker tests (a fetch stub inside workerd) and over HTTP by server.ts.
 * No `node:` imports, so it runs anywhere with Request/Response and setTimeout.
 *
 * The clock is either a step-wise (gameweek, phase) or a match day played minute by minute: a
 * simulated time `at` moved by `step`, or by one interval timer at a chosen speed.
 */

import { fixtureMoment } from './matchday.ts'
import { entryBehind, leagueBehind, NEXT_SEASON_LEAGUE_INFO, nextSeasonWorld, publishNextSeason } from './next-season.ts'
import type { BootstrapTemplate, EntryRename, InjectedGoal, LeagueInfo, MatchDayClock, Phase, SeasonWorld, SimClock } from './season.ts'
import { createSeasonWorld, DEFAULT_GAMEWEEK, isoSeconds, LEAGUES, PHASES, TOTAL_GAMEWEEKS } from './season.ts'

export type { NextSeasonLeague } from './next-season.ts'
export {
  NEXT_SEASON_ENTRY_OFFSET,
  NEXT_SEASON_LEAGUES,
  NEXT_SEASON_NAME,
  nextSeasonEntryId,
  nextSeasonLeague,
  RECYCLED_ENTRY_IDS,
} from './next-season.ts'

export type { EntryRename, InjectedGoal, LeagueInfo, Phase, SeasonWorld, SimClock } from './season.ts'
export {
  BOOKED_CAPTAIN,
  BOOKED_SUB,
  CURATED_ENTRY_IDS,
  createSeasonWorld,
  DEFAULT_GAMEWEEK,
  DEFAULT_SEED,
  DEMO_ENTRY_ID,
  FRIDAYS_LEAGUE_ID,
  GIANT_LEAGUE_ID,
  LATE_LEAGUE_ID,
  LATE_LEAGUE_START_EVENT,
  LEAGUES,
  MEGA_LEAGUE_ID,
  OFFICE_LEAGUE_ID,
  OVERALL_LEAGUE_ID,
  PENDING_SUB,
  PHASES,
  PUB_LEAGUE_ID,
  SEED_MEMBER_ENTRY_IDS,
  SIM_SEASON_NAME,
  SUNDAY_LEAGUE_ID,
  TIES,
} from './season.ts'

export type FaultKind = 'updating' | 'rate_limit' | 'hang' | 'malformed' | 'html200' | 'forbidden' | 'server_error' | 'shape_drift'
export const FAULT_KINDS: readonly FaultKind[] = ['updating', 'rate_limit', 'hang', 'malformed', 'html200', 'forbidden', 'server_error', 'shape_drift']

export interface FaultSpec {
  kind: FaultKind
  /** Substring of, or a RegExp (source) matched against, the path plus query string. */
  match?: string | RegExp
  /** How many matching requests to affect; unlimited until cleared when omitted. */
  times?: number
  /** rate_limit: the Retry-After header (default 30). */
  retryAfterSeconds?: number
  /** hang: how long to hold the request before answering normally (default: about 24 days). */
  hangMs?: number
}

export interface FaultView {
  id: number
  kind: FaultKind
  match: string | null
  remaining: number | null
  hits: number
  retryAfterSeconds?: number
  hangMs?: number
}

export type EndpointKind = 'bootstrap-static' | 'standings' | 'entry' | 'history' | 'picks' | 'transfers' | 'live' | 'event-status' | 'fixtures' | 'not-found'

export interface SimulatorStats {
  total: number
  byKind: Partial<Record<EndpointKind, number>>
  byPath: Record<string, number>
  /** Per path and query string: tells standings pages apart. */
  byUrl: Record<string, number>
  inFlight: number
  maxInFlight: number
}

export interface MatchDayFixture {
  id: number
  team_h: number
  team_a: number
  kickoff_time: string
  minute: number
  started: boolean
  finished_provisional: boolean
  finished: boolean
  /** [home, away]; null before kick-off. */
  score: [number, number] | null
}

export interface MatchDayState {
  /** Simulated time, epoch seconds, and the same as ISO UTC. */
  at: number
  time: string
  /** Simulated seconds per real second (0: stopped). */
  speed: number
  fixtures: MatchDayFixture[]
}

/**
 * Where FPL's year stands: `in_season` (2026/27 being played), `finished` (GW38 checked, the
 * summer state), `off_season` (every answer is "The game is being updated"), `relaunched`
 * (2027/28 with new ids, before GW1 unless its clock is moved on).
 */
export type SeasonPhase = 'in_season' | 'finished' | 'off_season' | 'relaunched'
/** The phases `setSeason` moves to; `in_season` comes back by setting the 2026/27 clock. */
export const SEASON_CHANGES = ['finished', 'off_season', 'relaunched'] as const
export type SeasonChange = (typeof SEASON_CHANGES)[number]

export interface SimulatorState {
  season: { name: string; phase: SeasonPhase }
  gameweek: number
  phase: Phase
  /** Deadline of `gameweek` (ISO UTC). */
  deadline_time: string
  latencyMs: number
  faults: FaultView[]
  leagues: readonly LeagueInfo[]
  /** The match day being played, or null (the step-wise clock). */
  matchday: MatchDayState | null
  /** Simulated time (epoch seconds) of the last change of any FPL answer during a match day; null outside one. */
  changed_at: number | null
  /** Bumped by every change of the simulator's state. */
  version: number
}

export interface FplSimulatorOptions {
  seed?: number
  gameweek?: number
  phase?: Phase
  /** Added before every /api/ answer. */
  latencyMs?: number
  /** Another bootstrap-static to build on (defaults to the real 2025-26 capture). */
  bootstrap?: BootstrapTemplate
  /** Share one world between simulators (its caches are clock-independent). */
  world?: SeasonWorld
}

export interface FplSimulator {
  fetch(request: Request): Promise<Response>
  /** Moves FPL's year on (or back): see `SeasonPhase`. Ends any match day. */
  setSeason(phase: SeasonChange): SimulatorState
  /** Ends any match day. Moves the served season's clock; after the finale (not relaunched) it replays 2026/27. */
  setGameweek(gw: number, phase?: Phase): SimulatorState
  /** The next phase; during a match day, moves `at` to when that phase begins. */
  advance(): SimulatorState
  /** Starts a match day of `gw` (default: the gameweek after the current one) one minute after its deadline. */
  startMatchDay(gw?: number): SimulatorState
  /** Moves the match day's time on by `minutes` (to the second). */
  step(minutes: number): SimulatorState
  /** Runs the match day's clock at `factor` simulated seconds per real second (0 stops it, match day or not). */
  setSpeed(factor: number): SimulatorState
  /** A goal now, for a player on the pitch in a fixture in play (RangeError otherwise). */
  scoreGoal(element: number, assist?: number | null): SimulatorState
  injectFault(fault: FaultSpec): FaultView
  clearFaults(): void
  stats(): SimulatorStats
  resetStats(): void
  state(): SimulatorState
  setLatency(ms: number): void
  /** The 2026/27 world (2027/28's is built from it on relaunch). */
  readonly world: SeasonWorld
}

// Hold a hung request about as long as a timer can wait; callers abort it long before.
const FOREVER_MS = 2_147_483_647
const JSON_HEADERS = { 'content-type': 'application/json' }
const HTML_HEADERS = { 'content-type': 'text/html; charset=utf-8' }
const NOT_FOUND = { detail: 'Not found.' }

const UPDATING_HTML =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Fantasy Premier League</title></head>' +
  '<body><div class="updating"><h1>Fantasy Premier League</h1><p>The game is being updated.</p></div></body></html>'
const SPA_HTML =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Fantasy Premier League, Official Fantasy Football Game of the Premier League</title></head>' +
  '<body><div id="root"></div><script src="/static/js/main.js"></script></body></html>'
const FORBIDDEN_HTML = '<html><head><title>403 Forbidden</title></head><body><center><h1>403 Forbidden</h1></center></body></html>'
const SERVER_ERROR_HTML = '<!doctype html><html lang="en"><head><title>Server Error (500)</title></head><body><h1>Server Error (500)</h1><p></p></body></html>'

interface Routed {
  kind: EndpointKind
  status: number
  body: string
}

interface ActiveFault {
  id: number
  spec: FaultSpec
  remaining: number | null
  hits: number
}

const ROUTES: ReadonlyArray<{ kind: EndpointKind; pattern: RegExp }> = [
  { kind: 'bootstrap-static', pattern: /^\/api\/bootstrap-static\/?$/ },
  { kind: 'standings', pattern: /^\/api\/leagues-classic\/(\d+)\/standings\/?$/ },
  { kind: 'entry', pattern: /^\/api\/entry\/(\d+)\/?$/ },
  { kind: 'history', pattern: /^\/api\/entry\/(\d+)\/history\/?$/ },
  { kind: 'picks', pattern: /^\/api\/entry\/(\d+)\/event\/(\d+)\/picks\/?$/ },
  { kind: 'transfers', pattern: /^\/api\/entry\/(\d+)\/transfers\/?$/ },
  { kind: 'live', pattern: /^\/api\/event\/(\d+)\/live\/?$/ },
  { kind: 'event-status', pattern: /^\/api\/event-status\/?$/ },
  { kind: 'fixtures', pattern: /^\/api\/fixtures\/?$/ },
]

function classify(path: string): { kind: EndpointKind; args: number[] } {
  for (const route of ROUTES) {
    const m = route.pattern.exec(path)
    if (m) return { kind: route.kind, args: m.slice(1).map((v) => Number(v)) }
  }
  return { kind: 'not-found', args: [] }
}

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } })
}

function routedResponse(routed: Routed): Response {
  return new Response(routed.body, { status: routed.status, headers: JSON_HEADERS })
}

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value)
  return Number.isInteger(n) && n >= 1 ? n : fallback
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError')
}

/** Waits `ms`, or rejects as soon as the caller aborts (like a real fetch would). */
function wait(ms: number, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal))
      return
    }
    const onAbort = (): void => {
      clearTimeout(timer)
      if (signal) reject(abortReason(signal))
    }
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      },
      Math.min(ms, FOREVER_MS),
    )
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

function faultMatches(spec: FaultSpec, target: string): boolean {
  if (spec.match === undefined || spec.match === '') return true
  if (spec.match instanceof RegExp) return spec.match.test(target)
  if (target.includes(spec.match)) return true
  try {
    return new RegExp(spec.match).test(target)
  } catch {
    return false
  }
}

/** Removes one field the app relies on, per endpoint (the 2026-27 kind of schema drift). */
function driftBody(kind: EndpointKind, body: string): string {
  let data: unknown
  try {
    data = JSON.parse(body)
  } catch {
    return body
  }
  const drop = (items: unknown, field: string): void => {
    if (Array.isArray(items)) for (const item of items) if (item && typeof item === 'object') delete (item as Record<string, unknown>)[field]
  }
  const obj = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>
  switch (kind) {
    case 'standings':
      drop((obj.standings as { results?: unknown } | undefined)?.results, 'entry_name')
      break
    case 'bootstrap-static':
      drop(obj.events, 'is_current')
      break
    case 'entry':
      delete obj.name
      break
    case 'history':
      drop(obj.current, 'total_points')
      break
    case 'picks':
      drop(obj.picks, 'multiplier')
      break
    case 'transfers':
      drop(data, 'element_in')
      break
    case 'live':
      if (Array.isArray(obj.elements)) for (const e of obj.elements as Array<{ stats?: Record<string, unknown> }>) delete e.stats?.total_points
      break
    case 'event-status':
      delete obj.leagues
      break
    case 'fixtures':
      drop(data, 'finished')
      break
    case 'not-found':
      break
  }
  return JSON.stringify(data)
}

/** A number field of a control body (a RangeError, answered 400, otherwise). */
function numberField(body: Record<string, unknown>, field: string): number {
  const value = body[field]
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new RangeError(`Expected {"${field}": number}`)
  return value
}

function isPhase(value: unknown): value is Phase {
  return typeof value === 'string' && (PHASES as readonly string[]).includes(value)
}

function validGameweek(gw: unknown): gw is number {
  return typeof gw === 'number' && Number.isInteger(gw) && gw >= 1 && gw <= TOTAL_GAMEWEEKS
}

const NEXT_PHASE: Readonly<Record<Phase, Phase>> = { upcoming: 'live', live: 'finished', finished: 'checked', checked: 'live' }

export function createFplSimulator(options: FplSimulatorOptions = {}): FplSimulator {
  const firstWorld = options.world ?? createSeasonWorld({ seed: options.seed, bootstrap: options.bootstrap })
  // The world and clock being served: 2026/27's, or 2027/28's once relaunched.
  let world = firstWorld
  let clock: SimClock = { gw: options.gameweek ?? DEFAULT_GAMEWEEK, phase: options.phase ?? 'checked' }
  let season: SeasonPhase = 'in_season'
  if (!validGameweek(clock.gw) || !isPhase(clock.phase)) throw new Error(`Invalid start: gameweek ${clock.gw}, phase ${clock.phase}`)
  let latencyMs = Math.max(0, options.latencyMs ?? 0)
  let faults: ActiveFault[] = []
  let nextFaultId = 1
  let stats: SimulatorStats = freshStats()
  let version = 0
  // A match day's time lives in clock.matchDay (the world reads it); these are the handler's own.
  let matchDayStart = 0
  let goalTimes: number[] = []
  let speed = 0
  let timer: ReturnType<typeof setInterval> | null = null
  // The two big bodies (2 MB and 600 KB), serialised once per clock position.
  const bodyCache = new Map<string, string>()

  /** What the answers depend on: the phase and the view (a match day's picture is per minute and goals). */
  function clockKey(): string {
    return `${world.seasonName}:${clock.gw}:${clock.phase}:${world.view(clock).key}`
  }

  function cachedBody(key: string, build: () => unknown): string {
    const hit = bodyCache.get(key)
    if (hit !== undefined) return hit
    const body = JSON.stringify(build())
    if (bodyCache.size >= 48) bodyCache.clear()
    bodyCache.set(key, body)
    return body
  }

  function freshStats(): SimulatorStats {
    return { total: 0, byKind: {}, byPath: {}, byUrl: {}, inFlight: 0, maxInFlight: 0 }
  }

  function faultView(f: ActiveFault): FaultView {
    const match = f.spec.match instanceof RegExp ? f.spec.match.source : (f.spec.match ?? null)
    return {
      id: f.id,
      kind: f.spec.kind,
      match,
      remaining: f.remaining,
      hits: f.hits,
      ...(f.spec.retryAfterSeconds !== undefined ? { retryAfterSeconds: f.spec.retryAfterSeconds } : {}),
      ...(f.spec.hangMs !== undefined ? { hangMs: f.spec.hangMs } : {}),
    }
  }

  function state(): SimulatorState {
    const matchDay = clock.matchDay
    return {
      season: { name: world.seasonName, phase: season },
      gameweek: clock.gw,
      phase: clock.phase,
      deadline_time: isoSeconds(world.deadline(clock.gw)),
      latencyMs,
      faults: faults.map(faultView),
      leagues: season === 'relaunched' ? NEXT_SEASON_LEAGUE_INFO : LEAGUES,
      matchday: matchDay ? { at: matchDay.at, time: isoSeconds(matchDay.at), speed, fixtures: matchDayFixtures() } : null,
      changed_at: matchDay ? Math.max(matchDayStart, world.matchDayChangedAt(clock.gw, matchDay.at) ?? 0, ...goalTimes) : null,
      version,
    }
  }

  function matchDayFixtures(): MatchDayFixture[] {
    return world.fixtures(clock, clock.gw).map((f) => ({
      id: f.id,
      team_h: f.team_h,
      team_a: f.team_a,
      kickoff_time: f.kickoff_time,
      minute: f.minutes,
      started: f.started,
      finished_provisional: f.finished_provisional,
      finished: f.finished,
      score: f.team_h_score === null || f.team_a_score === null ? null : [f.team_h_score, f.team_a_score],
    }))
  }

  function changed(): SimulatorState {
    version++
    return state()
  }

  function stopClock(): void {
    if (timer !== null) clearInterval(timer)
    timer = null
    speed = 0
  }

  function setSeason(phase: SeasonChange): SimulatorState {
    if (!(SEASON_CHANGES as readonly unknown[]).includes(phase)) {
      throw new RangeError(`Expected {"phase": ${SEASON_CHANGES.map((p) => `"${p}"`).join(' | ')}}, got ${JSON.stringify(phase) ?? 'no phase'}`)
    }
    stopClock()
    season = phase
    if (phase === 'relaunched') {
      world = nextSeasonWorld(firstWorld)
      clock = { gw: 1, phase: 'upcoming' }
    } else {
      world = firstWorld
      clock = { gw: TOTAL_GAMEWEEKS, phase: 'checked', summer: true }
    }
    return changed()
  }

  /**
   * The gameweek clock is the served season's: 2027/28's once relaunched, else 2026/27's, and
   * moving that one after the finale replays it (tests rewinding between cases need no reset).
   */
  function clockMoves(): void {
    if (season !== 'finished' && season !== 'off_season') return
    season = 'in_season'
    delete clock.summer
  }

  function setGameweek(gw: number, phase: Phase = 'checked'): SimulatorState {
    if (!validGameweek(gw)) throw new RangeError(`Gameweek must be an integer 1..${TOTAL_GAMEWEEKS}, got ${gw}`)
    if (!isPhase(phase)) throw new RangeError(`Phase must be one of ${PHASES.join(', ')}, got ${String(phase)}`)
    clockMoves()
    stopClock()
    delete clock.matchDay
    clock.gw = gw
    clock.phase = phase
    return changed()
  }

  function requireMatchDay(): MatchDayClock {
    if (!clock.matchDay) throw new RangeError('No match day is running: POST /__sim/matchday first')
    return clock.matchDay
  }

  function startMatchDay(gw?: number): SimulatorState {
    const started = clock.phase === 'upcoming' ? clock.gw - 1 : clock.gw
    const target = gw ?? started + 1
    if (!validGameweek(target)) throw new RangeError(`Gameweek must be an integer 1..${TOTAL_GAMEWEEKS}, got ${target}`)
    clockMoves()
    stopClock()
    // A minute after the deadline: picks are published, nothing has kicked off.
    matchDayStart = world.deadline(target) + 60
    goalTimes = []
    clock.gw = target
    clock.matchDay = { at: matchDayStart, goals: [] }
    clock.phase = world.matchDayPhase(target, matchDayStart)
    return changed()
  }

  function moveTo(at: number): SimulatorState {
    const matchDay = requireMatchDay()
    matchDay.at = at
    clock.phase = world.matchDayPhase(clock.gw, at)
    // Nothing moves after data_checked: a running clock stops there.
    if (clock.phase === 'checked') stopClock()
    return changed()
  }

  function step(minutes: number): SimulatorState {
    if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes < 0) throw new RangeError('Expected minutes >= 0')
    return moveTo(requireMatchDay().at + Math.round(minutes * 60))
  }

  function setSpeed(factor: number): SimulatorState {
    if (typeof factor !== 'number' || !Number.isFinite(factor) || factor < 0) throw new RangeError('Expected a speed factor >= 0')
    if (factor > 0) requireMatchDay()
    stopClock()
    if (factor > 0 && clock.phase !== 'checked') {
      speed = factor
      // One tick a second: `factor` simulated seconds each (60 = a match minute a second).
      timer = setInterval(() => moveTo(requireMatchDay().at + factor), 1000)
    }
    return changed()
  }

  function scoreGoal(element: number, assist: number | null = null): SimulatorState {
    const matchDay = requireMatchDay()
    const team = world.players[world.indexById.get(element) ?? -1]?.team
    const fixture = world.schedule[clock.gw]?.find((f) => f.home === team || f.away === team)
    const moment = fixture && clock.phase === 'live' ? fixtureMoment(world.fixtureClock(fixture), matchDay.at) : null
    // The ball must be rolling: not before kick-off, at half-time or after the final whistle.
    if (!moment?.inPlay || moment.minute < 1) throw new RangeError(`Element ${element}'s fixture is not in play`)
    const now = moment.minute
    const scorer = world.onPitchAt(clock.gw, element, now)
    if (!scorer) throw new RangeError(`Element ${element} is not on the pitch at minute ${now}`)
    if (assist !== null) {
      const assister = world.onPitchAt(clock.gw, assist, now)
      if (assist === element || !assister || assister.fixture !== scorer.fixture || assister.side !== scorer.side) {
        throw new RangeError(`Element ${assist} cannot assist: not a team-mate on the pitch at minute ${now}`)
      }
    }
    const goal: InjectedGoal = { fixture: scorer.fixture, minute: now, scorer: element, assister: assist }
    clock.matchDay = { at: matchDay.at, goals: [...matchDay.goals, goal] }
    goalTimes.push(matchDay.at)
    return changed()
  }

  function advance(): SimulatorState {
    const matchDay = clock.matchDay
    if (matchDay && clock.phase !== 'checked') {
      const ends = world.matchDayEnds(clock.gw)
      return moveTo(clock.phase === 'live' ? ends.finished : ends.checked)
    }
    if (clock.phase === 'checked') {
      // The season ends at GW38 checked; advancing further is a no-op.
      if (clock.gw < TOTAL_GAMEWEEKS) setGameweek(clock.gw + 1, 'live')
    } else {
      setGameweek(clock.gw, NEXT_PHASE[clock.phase])
    }
    return state()
  }

  function injectFault(spec: FaultSpec): FaultView {
    if (!(FAULT_KINDS as readonly string[]).includes(spec.kind)) throw new RangeError(`Unknown fault kind ${String(spec.kind)}`)
    const times = spec.times
    const fault: ActiveFault = { id: nextFaultId++, spec: { ...spec }, remaining: times !== undefined && times > 0 ? Math.floor(times) : null, hits: 0 }
    faults.push(fault)
    version++
    return faultView(fault)
  }

  /** The first active fault for this request, consuming one of its `times`. */
  function takeFault(target: string): FaultSpec | null {
    const fault = faults.find((f) => faultMatches(f.spec, target))
    if (!fault) return null
    fault.hits++
    if (fault.remaining !== null) {
      fault.remaining--
      if (fault.remaining <= 0) faults = faults.filter((f) => f !== fault)
    }
    return fault.spec
  }

  /** The world's own id behind a path's entry or league id (2027/28 ids differ); null: 404. */
  function ownId(kind: EndpointKind, id: number): number | null {
    if (season !== 'relaunched') return id
    if (kind === 'standings') return leagueBehind(id)
    return kind === 'entry' || kind === 'history' || kind === 'picks' || kind === 'transfers' ? entryBehind(world, id) : id
  }

  function route(path: string, params: URLSearchParams): Routed {
    const { kind, args } = classify(path)
    const [first = Number.NaN, b = Number.NaN] = args
    const a = ownId(kind, first)
    const publish = (body: unknown): unknown => (season === 'relaunched' ? publishNextSeason(kind, body) : body)
    const json = (body: unknown): Routed =>
      body === null ? { kind, status: 404, body: JSON.stringify(NOT_FOUND) } : { kind, status: 200, body: JSON.stringify(publish(body)) }
    if (a === null) return json(null)
    switch (kind) {
      case 'bootstrap-static':
        return { kind, status: 200, body: cachedBody(`bootstrap:${clockKey()}`, () => publish(world.bootstrapStatic(clock))) }
      case 'standings':
        return json(
          world.standings(clock, a, {
            page: positiveInt(params.get('page_standings'), 1),
            phase: positiveInt(params.get('phase'), 1),
            pageNewEntries: positiveInt(params.get('page_new_entries'), 1),
          }),
        )
      case 'entry':
        return json(world.entrySummary(clock, a))
      case 'history':
        return json(world.entryHistory(clock, a))
      case 'picks':
        return json(world.entryPicks(clock, a, b))
      case 'transfers':
        return json(world.entryTransfers(clock, a))
      case 'live': {
        // Cache only played gameweeks; unknown ones must stay 404 and future ones are tiny.
        const played = Number.isInteger(a) && a >= 1 && (a < clock.gw || (a === clock.gw && clock.phase !== 'upcoming'))
        if (!played) return json(world.eventLive(clock, a))
        return { kind, status: 200, body: cachedBody(`live:${a}:${clockKey()}`, () => world.eventLive(clock, a)) }
      }
      case 'event-status':
        return json(world.eventStatus(clock))
      case 'fixtures': {
        const event = params.get('event')
        if (event === null) return json(world.fixtures(clock, null))
        return json(validGameweek(Number(event)) ? world.fixtures(clock, Number(event)) : [])
      }
      case 'not-found':
        return json(null)
    }
  }

  async function serveApi(request: Request, url: URL): Promise<Response> {
    const path = url.pathname
    const { kind } = classify(path)
    stats.total++
    stats.byKind[kind] = (stats.byKind[kind] ?? 0) + 1
    stats.byPath[path] = (stats.byPath[path] ?? 0) + 1
    stats.byUrl[path + url.search] = (stats.byUrl[path + url.search] ?? 0) + 1
    stats.inFlight++
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight)
    try {
      if (latencyMs > 0) await wait(latencyMs, request.signal)
      // Between seasons FPL answers nothing else, whatever the path, method or injected fault.
      if (season === 'off_season') return new Response(UPDATING_HTML, { status: 503, headers: HTML_HEADERS })
      if (request.method !== 'GET' && request.method !== 'HEAD') return jsonResponse(405, { detail: `Method "${request.method}" not allowed.` })
      // Django's APPEND_SLASH: FPL redirects slash-less API paths.
      if (kind !== 'not-found' && !path.endsWith('/')) return new Response(null, { status: 301, headers: { location: `${path}/${url.search}` } })
      const fault = takeFault(path + url.search)
      if (fault) return await faultResponse(fault, request, path, url.searchParams)
      const routed = route(path, url.searchParams)
      return routedResponse(routed)
    } finally {
      stats.inFlight--
    }
  }

  async function faultResponse(fault: FaultSpec, request: Request, path: string, params: URLSearchParams): Promise<Response> {
    switch (fault.kind) {
      case 'updating':
        return new Response(UPDATING_HTML, { status: 503, headers: HTML_HEADERS })
      case 'rate_limit': {
        const seconds = fault.retryAfterSeconds ?? 30
        return jsonResponse(429, { detail: `Request was throttled. Expected available in ${seconds} seconds.` }, { 'retry-after': String(seconds) })
      }
      case 'forbidden':
        return new Response(FORBIDDEN_HTML, { status: 403, headers: HTML_HEADERS })
      case 'server_error':
        return new Response(SERVER_ERROR_HTML, { status: 500, headers: HTML_HEADERS })
      case 'html200':
        return new Response(SPA_HTML, { status: 200, headers: HTML_HEADERS })
      case 'hang': {
        await wait(fault.hangMs ?? FOREVER_MS, request.signal)
        const routed = route(path, params)
        return routedResponse(routed)
      }
      case 'malformed': {
        const routed = route(path, params)
        // A strict prefix of a JSON object or array is never valid JSON.
        return new Response(routed.body.slice(0, Math.max(1, Math.floor(routed.body.length / 2))), { status: 200, headers: JSON_HEADERS })
      }
      case 'shape_drift': {
        const routed = route(path, params)
        return new Response(routed.status === 200 ? driftBody(routed.kind, routed.body) : routed.body, { status: routed.status, headers: JSON_HEADERS })
      }
    }
  }

  async function readJson(request: Request): Promise<Record<string, unknown>> {
    const text = await request.text()
    if (text.trim() === '') return {}
    const data: unknown = JSON.parse(text)
    if (!data || typeof data !== 'object' || Array.isArray(data)) throw new TypeError('Expected a JSON object')
    return data as Record<string, unknown>
  }

  async function serveControl(request: Request, action: string): Promise<Response> {
    const method = request.method
    try {
      if (action === 'state' && method === 'GET') return jsonResponse(200, state())
      if (action === 'gameweek' && method === 'POST') {
        const body = await readJson(request)
        const gw = body.gw ?? body.gameweek
        const phase = body.phase ?? 'checked'
        if (!validGameweek(gw) || !isPhase(phase)) return jsonResponse(400, { error: `Expected {"gw": 1..${TOTAL_GAMEWEEKS}, "phase": ${PHASES.join('|')}}` })
        return jsonResponse(200, setGameweek(gw, phase))
      }
      if (action === 'season' && method === 'POST') return jsonResponse(200, setSeason((await readJson(request)).phase as SeasonChange))
      if (action === 'advance' && method === 'POST') return jsonResponse(200, advance())
      if (action === 'matchday' && method === 'POST') {
        const gw = (await readJson(request)).gw
        if (gw !== undefined && !validGameweek(gw)) return jsonResponse(400, { error: `Expected {"gw": 1..${TOTAL_GAMEWEEKS}} or no gw` })
        return jsonResponse(200, startMatchDay(gw))
      }
      if (action === 'step' && method === 'POST') return jsonResponse(200, step(numberField(await readJson(request), 'minutes')))
      if (action === 'speed' && method === 'POST') return jsonResponse(200, setSpeed(numberField(await readJson(request), 'factor')))
      if (action === 'goal' && method === 'POST') {
        const body = await readJson(request)
        const assist = body.assist ?? null
        if (assist !== null && !Number.isInteger(assist)) return jsonResponse(400, { error: 'Expected "assist" to be an element id' })
        return jsonResponse(200, scoreGoal(numberField(body, 'element'), assist as number | null))
      }
      if (action === 'faults' && method === 'POST') {
        const body = await readJson(request)
        const fault = injectFault(body as unknown as FaultSpec)
        return jsonResponse(200, { fault, faults: state().faults })
      }
      if (action === 'faults' && method === 'DELETE') {
        faults = []
        version++
        return jsonResponse(200, { faults: [] })
      }
      if (action === 'faults' && method === 'GET') return jsonResponse(200, { faults: state().faults })
      const entry = /^entries\/(\d+)$/.exec(action)
      if (entry && method === 'POST') {
        const asked = Number(entry[1])
        const id = ownId('entry', asked)
        if (id === null || !world.isEntry(id)) return jsonResponse(404, { error: `No entry ${asked}` })
        const body = await readJson(request)
        const rename: EntryRename = {}
        for (const field of ['name', 'player_first_name', 'player_last_name'] as const) {
          const value = body[field]
          if (value === undefined) continue
          if (typeof value !== 'string' || value.trim() === '') return jsonResponse(400, { error: `Expected "${field}" to be a non-empty string` })
          rename[field] = value
        }
        world.renameEntry(id, rename)
        version++
        return routedResponse(route(`/api/entry/${asked}/`, new URLSearchParams()))
      }
      if (action === 'stats' && method === 'GET') return jsonResponse(200, stats)
      if (action === 'stats/reset' && method === 'POST') {
        stats = { ...freshStats(), inFlight: stats.inFlight }
        return jsonResponse(200, stats)
      }
      if (action === 'latency' && method === 'POST') {
        const body = await readJson(request)
        const ms = body.ms ?? body.latencyMs
        if (typeof ms !== 'number' || ms < 0) return jsonResponse(400, { error: 'Expected {"ms": number >= 0}' })
        latencyMs = ms
        return jsonResponse(200, changed())
      }
      return jsonResponse(404, { error: `No control endpoint ${method} /__sim/${action}` })
    } catch (error) {
      return jsonResponse(400, { error: error instanceof Error ? error.message : String(error) })
    }
  }

  async function fetchHandler(request: Request): Promise<Response> {
    const url = new URL(request.url)
    const control = /^(?:\/api)?\/__sim\/(.+?)\/?$/.exec(url.pathname)
    if (control) return serveControl(request, control[1] ?? '')
    if (url.pathname.startsWith('/api/') || url.pathname === '/api') return serveApi(request, url)
    return jsonResponse(404, NOT_FOUND)
  }

  return {
    fetch: fetchHandler,
    setSeason,
    setGameweek,
    advance,
    startMatchDay,
    step,
    setSpeed,
    scoreGoal,
    injectFault,
    clearFaults: () => {
      faults = []
      version++
    },
    stats: () => structuredClone(stats),
    resetStats: () => {
      stats = { ...freshStats(), inFlight: stats.inFlight }
    },
    state,
    setLatency: (ms: number) => {
      latencyMs = Math.max(0, ms)
      version++
    },
    world: firstWorld,
  }
}
