import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { FplSimulator } from '../fpl-simulator/handler.ts'
import {
  CURATED_ENTRY_IDS,
  createFplSimulator,
  createSeasonWorld,
  DEMO_ENTRY_ID,
  FAULT_KINDS,
  GIANT_LEAGUE_ID,
  LEAGUES,
  MEGA_LEAGUE_ID,
  OFFICE_LEAGUE_ID,
  PUB_LEAGUE_ID,
  SEED_MEMBER_ENTRY_IDS,
  SUNDAY_LEAGUE_ID,
  TIES,
} from '../fpl-simulator/handler.ts'
import { startFplSimulator } from '../fpl-simulator/server.ts'

// ---------------------------------------------------------------------------------------------
// Shapes of the responses the tests read
// ---------------------------------------------------------------------------------------------

interface Pick {
  element: number
  position: number
  multiplier: number
  is_captain: boolean
  is_vice_captain: boolean
  element_type: number
}

interface AutoSub {
  entry: number
  element_in: number
  element_out: number
  event: number
}

interface HistoryRow {
  event: number
  points: number
  total_points: number
  rank: number | null
  overall_rank: number
  bank: number
  value: number
  event_transfers: number
  event_transfers_cost: number
  points_on_bench: number
}

interface PicksResponse {
  active_chip: string | null
  automatic_subs: AutoSub[]
  entry_history: HistoryRow
  picks: Pick[]
}

interface History {
  current: HistoryRow[]
  past: unknown[]
  chips: Array<{ name: string; time: string; event: number }>
}

interface LiveElement {
  id: number
  stats: { minutes: number; total_points: number; bonus: number; yellow_cards: number; red_cards: number; [key: string]: unknown }
  explain: Array<{ fixture: number; stats: Array<{ identifier: string; points: number; value: number }> }>
}

interface StandingsRow {
  event_total: number
  player_name: string
  rank: number
  last_rank: number
  rank_sort: number
  total: number
  entry: number
  entry_name: string
}

interface Standings {
  league: { id: number; name: string }
  new_entries: { has_next: boolean; page: number; results: unknown[] }
  standings: { has_next: boolean; page: number; results: StandingsRow[] }
}

interface ClassicLeague {
  id: number
  league_type: string
  entry_rank: number
  active_phases: Array<{ phase: number; rank: number; rank_sort: number; total: number }>
}

interface Entry {
  id: number
  name: string
  player_first_name: string
  player_last_name: string
  started_event: number
  current_event: number | null
  summary_overall_points: number | null
  summary_event_points: number | null
  last_deadline_bank: number | null
  leagues: { classic: ClassicLeague[] }
}

interface BootstrapEvent {
  id: number
  finished: boolean
  data_checked: boolean
  is_previous: boolean
  is_current: boolean
  is_next: boolean
  deadline_time: string
  average_entry_score: number
  highest_score: number | null
}

interface Bootstrap {
  events: BootstrapEvent[]
  elements: Array<{ id: number; element_type: number; team: number; event_points: number; total_points: number }>
  phases: Array<{ id: number; start_event: number; stop_event: number }>
}

interface EventStatus {
  status: Array<{ bonus_added: boolean; date: string; event: number; points: string }>
  leagues: string
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/fpl')
const fixture = (name: string): unknown => JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8'))

// One world (the expensive, clock-independent caches) shared by every simulator below, except
// the determinism test which deliberately builds fresh ones.
const world = createSeasonWorld()
const sim = createFplSimulator({ world })
const fresh = (): FplSimulator => createFplSimulator({ world })

const request = (s: FplSimulator, p: string, init?: RequestInit): Promise<Response> => s.fetch(new Request(`http://fpl.test/api${p}`, init))

async function getJson<T>(s: FplSimulator, p: string): Promise<T> {
  const res = await request(s, p)
  expect(res.status, p).toBe(200)
  expect(res.headers.get('content-type'), p).toContain('application/json')
  return (await res.json()) as T
}

async function allStandings(s: FplSimulator, leagueId: number, phase = 1): Promise<{ pages: Standings[]; rows: StandingsRow[] }> {
  const pages: Standings[] = []
  for (let page = 1; page < 500; page++) {
    const data = await getJson<Standings>(s, `/leagues-classic/${leagueId}/standings/?page_standings=${page}&page_new_entries=1&phase=${phase}`)
    pages.push(data)
    if (!data.standings.has_next) break
  }
  return { pages, rows: pages.flatMap((p) => p.standings.results) }
}

const liveCache = new Map<string, Map<number, LiveElement>>()
async function liveById(s: FplSimulator, gw: number, key = 'final'): Promise<Map<number, LiveElement>> {
  const cacheKey = `${key}:${gw}`
  const cached = liveCache.get(cacheKey)
  if (cached) return cached
  const data = await getJson<{ elements: LiveElement[] }>(s, `/event/${gw}/live/`)
  const map = new Map(data.elements.map((e) => [e.id, e]))
  liveCache.set(cacheKey, map)
  return map
}

/**
 * Recursive shape comparison against a real capture: same keys, same value types. Arrays are
 * compared element by element against the fixture's first element. A null on either side is
 * only accepted for fields the FPL README documents as nullable (or, for the heterogeneous
 * bootstrap elements, fields the real capture itself shows both null and non-null).
 */
function shapeDiff(actual: unknown, expected: unknown, at: string, nullable: ReadonlySet<string>, out: string[]): void {
  if (out.length > 20) return
  const key =
    at
      .replace(/\[\d+\]$/, '')
      .split('.')
      .pop() ?? at
  if (expected === null || actual === null) {
    if (expected !== actual && !nullable.has(key)) out.push(`${at}: ${kind(actual)} where the fixture has ${kind(expected)}`)
    return
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) {
      out.push(`${at}: ${kind(actual)} where the fixture has an array`)
      return
    }
    if (expected.length > 0) {
      for (const [i, item] of actual.entries()) shapeDiff(item, expected[0], `${at}[${i}]`, nullable, out)
    }
    return
  }
  if (typeof expected === 'object') {
    if (typeof actual !== 'object' || Array.isArray(actual)) {
      out.push(`${at}: ${kind(actual)} where the fixture has an object`)
      return
    }
    const exp = expected as Record<string, unknown>
    const act = actual as Record<string, unknown>
    for (const k of Object.keys(exp)) if (!(k in act)) out.push(`${at}.${k}: missing`)
    for (const k of Object.keys(act)) if (!(k in exp)) out.push(`${at}.${k}: not in the fixture`)
    for (const k of Object.keys(exp)) if (k in act) shapeDiff(act[k], exp[k], `${at}.${k}`, nullable, out)
    return
  }
  if (typeof actual !== typeof expected) out.push(`${at}: ${kind(actual)} where the fixture has ${kind(expected)}`)
}

const kind = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)

function expectSameShape(actual: unknown, expected: unknown, nullable: Iterable<string> = []): void {
  const out: string[] = []
  shapeDiff(actual, expected, '$', new Set([...README_NULLABLE, ...nullable]), out)
  expect(out).toEqual([])
}

/** Fields the FPL README marks `|null` (or null before the first gameweek is scored). */
const README_NULLABLE = [
  'release_time',
  'highest_score',
  'highest_scoring_entry',
  'top_element',
  'top_element_info',
  'most_captained',
  'most_selected',
  'most_transferred_in',
  'most_vice_captained',
  'chance_of_playing_next_round',
  'max_entries',
  'admin_entry',
  'cup_league',
  'rank',
  'short_name',
  'cup_qualified',
  'favourite_team',
  'summary_overall_points',
  'summary_overall_rank',
  'summary_event_points',
  'summary_event_rank',
  'current_event',
  'last_deadline_bank',
  'last_deadline_value',
  'last_deadline_total_transfers',
  'kit',
  'club_badge_src',
  'rank_sort',
  'active_chip',
]

function observedNullable(items: ReadonlyArray<Record<string, unknown>>): string[] {
  const keys = new Set<string>()
  for (const k of Object.keys(items[0] ?? {})) {
    const values = items.map((item) => item[k])
    if (values.some((v) => v === null) && values.some((v) => v !== null)) keys.add(k)
  }
  return [...keys]
}

// ---------------------------------------------------------------------------------------------
// An independent implementation of FPL's end-of-gameweek rules, to check the simulator against
// ---------------------------------------------------------------------------------------------

/** The team sheet as picked: undo the automatic substitutions the API already applied. */
function asPicked(picks: readonly Pick[], subs: readonly AutoSub[]): number[] {
  const order = [...picks].sort((a, b) => a.position - b.position).map((p) => p.element)
  for (const sub of [...subs].reverse()) {
    const i = order.indexOf(sub.element_in)
    const j = order.indexOf(sub.element_out)
    order[i] = sub.element_out
    order[j] = sub.element_in
  }
  return order
}

function formationOk(eleven: readonly number[], typeOf: (e: number) => number): boolean {
  const count = (t: number): number => eleven.filter((e) => typeOf(e) === t).length
  return count(1) === 1 && count(2) >= 3 && count(3) >= 2 && count(4) >= 1
}

/**
 * FPL: each starter who did not play, in pitch order, takes the first bench player who played and
 * keeps the formation legal. Playing is a minute or a yellow / red card (FPL's rules).
 */
function fplAutoSubs(
  picked: readonly number[],
  played: (e: number) => boolean,
  typeOf: (e: number) => number,
): { order: number[]; subs: Array<[number, number]> } {
  const order = [...picked]
  const used = new Set<number>()
  const subs: Array<[number, number]> = []
  for (let s = 0; s < 11; s++) {
    const out = order[s]!
    if (played(out)) continue
    const benchSlots = typeOf(out) === 1 ? [11] : [12, 13, 14]
    for (const b of benchSlots) {
      const candidate = order[b]!
      if (used.has(b) || !played(candidate)) continue
      const trial = [...order]
      trial[s] = candidate
      trial[b] = out
      if (!formationOk(trial.slice(0, 11), typeOf)) continue
      order[s] = candidate
      order[b] = out
      used.add(b)
      subs.push([candidate, out])
      break
    }
  }
  return { order, subs }
}

interface ExpectedScore {
  order: number[]
  multipliers: number[]
  points: number
  bench: number
}

function expectedScore(
  picks: readonly Pick[],
  subs: readonly AutoSub[],
  chip: string | null,
  live: ReadonlyMap<number, LiveElement>,
  processed: boolean,
): ExpectedScore {
  const typeOf = (e: number): number => picks.find((p) => p.element === e)!.element_type
  const played = (e: number): boolean => {
    const stats = live.get(e)?.stats
    return !!stats && (stats.minutes > 0 || stats.yellow_cards > 0 || stats.red_cards > 0)
  }
  const points = (e: number): number => live.get(e)?.stats.total_points ?? 0
  const picked = asPicked(picks, subs)
  const benchBoost = chip === 'bboost'
  const { order } = processed && !benchBoost ? fplAutoSubs(picked, played, typeOf) : { order: picked }
  const multipliers: number[] = order.map((_, i) => (i < 11 || benchBoost ? 1 : 0))
  const captain = picks.find((p) => p.is_captain)!.element
  const vice = picks.find((p) => p.is_vice_captain)!.element
  const armband = chip === '3xc' ? 3 : 2
  const captainAt = order.indexOf(captain)
  const viceAt = order.indexOf(vice)
  if (processed && !played(captain)) {
    if (multipliers[viceAt]! > 0 && played(vice)) multipliers[viceAt] = armband
  } else if (multipliers[captainAt]! > 0) {
    multipliers[captainAt] = armband
  }
  const total = order.reduce((acc, e, i) => acc + points(e) * multipliers[i]!, 0)
  const bench = benchBoost ? 0 : order.slice(11).reduce((acc, e) => acc + points(e), 0)
  return { order, multipliers, points: total, bench }
}

/** Checks one entry's gameweek against an independent recomputation; returns the GW's gross points. */
async function checkGameweek(s: FplSimulator, entryId: number, gw: number, processed: boolean, liveKey = 'final'): Promise<PicksResponse> {
  const picks = await getJson<PicksResponse>(s, `/entry/${entryId}/event/${gw}/picks/`)
  const live = await liveById(s, gw, liveKey)
  const bootstrapTypes = new Set(picks.picks.map((p) => p.element_type))
  expect(bootstrapTypes).toEqual(new Set([1, 2, 3, 4]))
  expect(picks.picks.map((p) => p.position)).toEqual([...Array(15).keys()].map((i) => i + 1))
  expect(picks.picks.filter((p) => p.is_captain)).toHaveLength(1)
  expect(picks.picks.filter((p) => p.is_vice_captain)).toHaveLength(1)
  // The sheet as picked: GK at 1, bench GK at 12, a legal formation.
  const picked = asPicked(picks.picks, picks.automatic_subs)
  const typeOf = (e: number): number => picks.picks.find((p) => p.element === e)!.element_type
  expect(typeOf(picked[0]!)).toBe(1)
  expect(typeOf(picked[11]!)).toBe(1)
  expect(formationOk(picked.slice(0, 11), typeOf)).toBe(true)
  // Squad rules: 2/5/5/3 and at most 3 per club.
  const counts = [0, 0, 0, 0, 0]
  for (const p of picks.picks) counts[p.element_type]!++
  expect(counts.slice(1)).toEqual([2, 5, 5, 3])
  const clubs = new Map<number, number>()
  const teams = await elementTeams()
  for (const p of picks.picks) {
    const team = teams.get(p.element)!
    clubs.set(team, (clubs.get(team) ?? 0) + 1)
  }
  expect(Math.max(...clubs.values())).toBeLessThanOrEqual(3)
  expect(picks.entry_history.bank).toBeGreaterThanOrEqual(0)

  const expected = expectedScore(picks.picks, picks.automatic_subs, picks.active_chip, live, processed)
  expect(picks.picks.map((p) => p.element)).toEqual(expected.order)
  expect(picks.picks.map((p) => p.multiplier)).toEqual(expected.multipliers)
  if (!processed || picks.active_chip === 'bboost') expect(picks.automatic_subs).toEqual([])
  for (const sub of picks.automatic_subs) expect(sub).toMatchObject({ entry: entryId, event: gw })
  expect(picks.entry_history.event).toBe(gw)
  expect(picks.entry_history.points).toBe(expected.points)
  expect(picks.entry_history.points_on_bench).toBe(expected.bench)
  return picks
}

/** The transfers FPL's tie rule counts: the season's, outside Wildcard and Free Hit gameweeks. */
async function tieTransfers(s: FplSimulator, entryId: number): Promise<number> {
  const history = await getJson<History>(s, `/entry/${entryId}/history/`)
  const chipWeeks = new Set(history.chips.filter((c) => c.name === 'wildcard' || c.name === 'freehit').map((c) => c.event))
  return history.current.filter((row) => !chipWeeks.has(row.event)).reduce((sum, row) => sum + row.event_transfers, 0)
}

let elementTeamCache: Map<number, number> | null = null
async function elementTeams(): Promise<Map<number, number>> {
  elementTeamCache ??= new Map((await getJson<Bootstrap>(sim, '/bootstrap-static/')).elements.map((e) => [e.id, e.team]))
  return elementTeamCache
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

describe('constants for the seed script', () => {
  it('describes the leagues with 6-digit ids and entries with 7-digit ids', () => {
    expect(LEAGUES.map((l) => [l.id, l.size])).toEqual([
      [123456, 12],
      [234567, 180],
      [345678, 5000],
      [456789, 100_000],
      [567890, 25],
      [678901, 40],
      [789012, 20],
    ])
    for (const l of LEAGUES) expect(String(l.id)).toHaveLength(6)
    const ids = [DEMO_ENTRY_ID, ...CURATED_ENTRY_IDS, ...Object.values(SEED_MEMBER_ENTRY_IDS).flat()]
    for (const id of ids) expect(id).toBeGreaterThanOrEqual(1000001)
    expect(CURATED_ENTRY_IDS.length).toBeGreaterThanOrEqual(8)
    expect(SEED_MEMBER_ENTRY_IDS[PUB_LEAGUE_ID]).toHaveLength(5)
    expect(SEED_MEMBER_ENTRY_IDS[OFFICE_LEAGUE_ID]).toHaveLength(3)
  })
})

describe('conformance with the real captures', () => {
  it('bootstrap-static has the real shape (events, phases, elements, teams, the rest)', async () => {
    const real = fixture('bootstrap-static.json') as { elements: Array<Record<string, unknown>> }
    const data = await getJson<Bootstrap & { elements: Array<Record<string, unknown>> }>(sim, '/bootstrap-static/')
    expectSameShape(data, real, observedNullable(real.elements))
    expect(data.events).toHaveLength(38)
    expect(data.elements).toHaveLength(840)
    expect(data.phases.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
  })

  it('a standings page has the real shape', async () => {
    expectSameShape(await getJson(sim, `/leagues-classic/${PUB_LEAGUE_ID}/standings/`), fixture('leagues-classic-standings-page1.json'))
  })

  it('entry, history, picks, transfers, live and event-status have the real shapes', async () => {
    expectSameShape(await getJson(sim, `/entry/${DEMO_ENTRY_ID}/`), fixture('entry.json'))
    const history = await getJson<History>(sim, `/entry/${DEMO_ENTRY_ID}/history/`)
    expectSameShape(history, fixture('entry-history.json'))
    // The history capture has no chips; check them against the README's shape instead.
    expect(history.chips.length).toBeGreaterThan(0)
    expectSameShape(history.chips, [{ name: 'wildcard', time: '2026-08-20T02:39:28.932981Z', event: 2 }])
    expectSameShape(await getJson(sim, `/entry/${DEMO_ENTRY_ID}/event/12/picks/`), fixture('entry-event-picks.json'))
    const transfers = await getJson<unknown[]>(sim, `/entry/${DEMO_ENTRY_ID}/transfers/`)
    expect(transfers.length).toBeGreaterThan(0)
    expectSameShape(transfers, fixture('entry-transfers.json'))
    expectSameShape(await getJson(sim, '/event/12/live/'), fixture('event-live.json'))
    expectSameShape(await getJson(sim, '/event-status/'), fixture('event-status.json'))
  })

  it('a future gameweek live feed is {"elements":[]}', async () => {
    expect(await (await request(sim, '/event/13/live/')).text()).toBe(JSON.stringify(fixture('event-live-future-gw-empty.json')))
  })

  it('live stats add up to total_points, matching the explain lines', async () => {
    const live = await liveById(sim, 12)
    let played = 0
    for (const e of live.values()) {
      expect(e.explain.flatMap((x) => x.stats).reduce((acc, s) => acc + s.points, 0)).toBe(e.stats.total_points)
      if (e.stats.minutes === 0) expect(e.stats.total_points).toBe(0)
      else played++
    }
    expect(played).toBeGreaterThan(200)
    expect(played).toBeLessThan(live.size)
  })
})

describe('standings', () => {
  it('pages 234567 in four pages of 50 with consistent ranks', async () => {
    const { pages, rows } = await allStandings(sim, OFFICE_LEAGUE_ID)
    expect(pages.map((p) => p.standings.has_next)).toEqual([true, true, true, false])
    expect(pages.map((p) => p.standings.results.length)).toEqual([50, 50, 50, 30])
    expect(pages.map((p) => p.standings.page)).toEqual([1, 2, 3, 4])
    expect(rows.map((r) => r.rank_sort)).toEqual(rows.map((_, i) => i + 1))
    expect(new Set(rows.map((r) => r.entry)).size).toBe(180)
    // FPL's order: total, then fewer transfers (outside Wildcard and Free Hit weeks); equal on both
    // share a rank and go by entry id.
    const transfers = new Map<number, number>()
    for (const row of rows) transfers.set(row.entry, await tieTransfers(sim, row.entry))
    const better = (a: StandingsRow, b: StandingsRow): boolean =>
      a.total > b.total || (a.total === b.total && transfers.get(a.entry)! < transfers.get(b.entry)!)
    rows.forEach((row, i) => {
      expect(row.rank).toBe(1 + rows.filter((r) => better(r, row)).length)
      if (i > 0) expect(better(row, rows[i - 1]!) || (!better(rows[i - 1]!, row) && row.entry < rows[i - 1]!.entry)).toBe(false)
    })
    // Both kinds of tie happen: equal totals split by transfers, and equal totals sharing a rank.
    expect(rows.some((r, i) => i > 0 && r.total === rows[i - 1]!.total && r.rank !== rows[i - 1]!.rank)).toBe(true)
    expect(rows.some((r, i) => i > 0 && r.rank === rows[i - 1]!.rank)).toBe(true)
    const fifth = await getJson<Standings>(sim, `/leagues-classic/${OFFICE_LEAGUE_ID}/standings/?page_standings=5`)
    expect(fifth.standings).toMatchObject({ has_next: false, page: 5, results: [] })
  })

  it('settles TIES as FPL does: fewer transfers ranks higher, equal transfers share the rank (entry id order)', async () => {
    expect(sim.state()).toMatchObject({ gameweek: TIES.gameweek, phase: 'checked' })
    const { rows } = await allStandings(sim, TIES.league)
    const row = (entry: number) => rows.find((r) => r.entry === entry)!
    const [fewer, more] = TIES.byTransfers.entries.map(row)
    expect([fewer!.total, more!.total]).toEqual([TIES.byTransfers.total, TIES.byTransfers.total])
    expect([await tieTransfers(sim, fewer!.entry), await tieTransfers(sim, more!.entry)]).toEqual([...TIES.byTransfers.transfers])
    expect([fewer!.rank, more!.rank]).toEqual([...TIES.byTransfers.ranks])
    const [first, second] = TIES.shared.entries.map(row)
    expect([first!.total, second!.total]).toEqual([TIES.shared.total, TIES.shared.total])
    for (const r of [first!, second!]) expect(await tieTransfers(sim, r.entry)).toBe(TIES.shared.transfers)
    expect([first!.rank, second!.rank]).toEqual([TIES.shared.rank, TIES.shared.rank])
    expect(second!.rank_sort).toBe(first!.rank_sort + 1)
    // The entry's own league row agrees with the table.
    const entry = await getJson<Entry>(sim, `/entry/${second!.entry}/`)
    expect(entry.leagues.classic.find((l) => l.id === TIES.league)?.entry_rank).toBe(TIES.shared.rank)
  })

  it('last_rank is the rank after the previous gameweek', async () => {
    const now = await allStandings(sim, OFFICE_LEAGUE_ID)
    const before = await allStandings(createFplSimulator({ world, gameweek: 11 }), OFFICE_LEAGUE_ID)
    const rankBefore = new Map(before.rows.map((r) => [r.entry, r.rank]))
    for (const row of now.rows) expect(row.last_rank).toBe(rankBefore.get(row.entry))
  })

  it('345678 has 100 pages', async () => {
    const p100 = await getJson<Standings>(sim, `/leagues-classic/${MEGA_LEAGUE_ID}/standings/?page_standings=100`)
    expect(p100.standings.has_next).toBe(false)
    expect(p100.standings.results).toHaveLength(50)
    expect(p100.standings.results.at(-1)!.rank_sort).toBe(5000)
    const p99 = await getJson<Standings>(sim, `/leagues-classic/${MEGA_LEAGUE_ID}/standings/?page_standings=99`)
    expect(p99.standings.has_next).toBe(true)
  })

  it('phase restricts totals to that month', async () => {
    const november = world.template.phases.find((p) => p.start_event <= 12 && 12 <= p.stop_event)!
    const { rows } = await allStandings(sim, PUB_LEAGUE_ID, november.id)
    for (const row of rows.slice(0, 4)) {
      const history = await getJson<History>(sim, `/entry/${row.entry}/history/`)
      const inPhase = history.current.filter((h) => h.event >= november.start_event && h.event <= november.stop_event)
      expect(row.total).toBe(inPhase.reduce((acc, h) => acc + h.points - h.event_transfers_cost, 0))
    }
    const august = await allStandings(sim, PUB_LEAGUE_ID, 2)
    const overall = await allStandings(sim, PUB_LEAGUE_ID, 1)
    expect(august.rows.map((r) => r.total)).not.toEqual(overall.rows.map((r) => r.total))
  })

  it('places the demo entry mid-table in each of its leagues', async () => {
    for (const leagueId of [PUB_LEAGUE_ID, OFFICE_LEAGUE_ID, SUNDAY_LEAGUE_ID]) {
      const { rows } = await allStandings(sim, leagueId)
      const demo = rows.find((r) => r.entry === DEMO_ENTRY_ID)!
      expect(demo.rank / rows.length, `league ${leagueId}`).toBeGreaterThan(0.25)
      expect(demo.rank / rows.length, `league ${leagueId}`).toBeLessThan(0.75)
    }
  })

  it('returns 404 {"detail":"Not found."} for unknown leagues', async () => {
    const res = await request(sim, '/leagues-classic/999999/standings/')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ detail: 'Not found.' })
  })

  it('computes the 100,000-manager league once, fast enough, with 2,000 pages', async () => {
    const started = performance.now()
    const last = await getJson<Standings>(sim, `/leagues-classic/${GIANT_LEAGUE_ID}/standings/?page_standings=2000`)
    const elapsed = performance.now() - started
    console.info(`100k league table: ${Math.round(elapsed)} ms (first computation)`)
    expect(last.standings.has_next).toBe(false)
    expect(last.standings.results).toHaveLength(50)
    expect(last.standings.results.at(-1)!.rank_sort).toBe(100_000)
    const again = performance.now()
    const first = await getJson<Standings>(sim, `/leagues-classic/${GIANT_LEAGUE_ID}/standings/?page_standings=1999`)
    expect(first.standings.has_next).toBe(true)
    expect(performance.now() - again).toBeLessThan(200)
    // Generous for slow CI machines; about 0.5 s on a laptop.
    expect(elapsed).toBeLessThan(12_000)
  })
})

describe('scoring consistency', () => {
  const sampleEntries = async (): Promise<number[]> => {
    const office = (await allStandings(sim, OFFICE_LEAGUE_ID)).rows.map((r) => r.entry)
    return [DEMO_ENTRY_ID, ...(SEED_MEMBER_ENTRY_IDS[PUB_LEAGUE_ID] ?? []), CURATED_ENTRY_IDS[0]!, ...office.filter((_, i) => i % 37 === 5), 1001234, 1003456]
  }

  it('history, picks, live, standings and entry agree for several entries and gameweeks', async () => {
    let autoSubs = 0
    let viceTookOver = 0
    const chips = new Set<string>()
    let hits = 0
    for (const entryId of await sampleEntries()) {
      const history = await getJson<History>(sim, `/entry/${entryId}/history/`)
      const from = history.current[0]!.event
      expect(history.current.map((h) => h.event)).toEqual([...Array(13 - from).keys()].map((i) => i + from))
      let total = 0
      for (const row of history.current) {
        const picks = await checkGameweek(sim, entryId, row.event, true)
        expect(picks.entry_history).toEqual(row)
        total += row.points - row.event_transfers_cost
        expect(row.total_points).toBe(total)
        expect(row.event_transfers_cost % 4).toBe(0)
        autoSubs += picks.automatic_subs.length
        if (picks.active_chip) chips.add(picks.active_chip)
        if (row.event_transfers_cost > 0) hits++
        const captain = picks.picks.find((p) => p.is_captain)!
        const vice = picks.picks.find((p) => p.is_vice_captain)!
        if (vice.multiplier > 1 && captain.multiplier <= 1) viceTookOver++
      }
      const entry = await getJson<Entry>(sim, `/entry/${entryId}/`)
      const last = history.current.at(-1)!
      expect(entry.summary_overall_points).toBe(last.total_points)
      expect(entry.summary_event_points).toBe(last.points)
      expect(entry.last_deadline_bank).toBe(last.bank)
      expect(entry.current_event).toBe(12)
      // The standings rows (found through the entry's own league ranks) carry the same figures.
      for (const league of entry.leagues.classic.filter((l) => l.league_type === 'x')) {
        const overall = league.active_phases.find((p) => p.phase === 1)!
        const page = Math.ceil(overall.rank_sort / 50)
        const data = await getJson<Standings>(sim, `/leagues-classic/${league.id}/standings/?page_standings=${page}`)
        const row = data.standings.results.find((r) => r.entry === entryId)!
        expect(row.total).toBe(last.total_points)
        expect(row.event_total).toBe(last.points - last.event_transfers_cost)
        expect(row.rank).toBe(league.entry_rank)
        expect(row.entry_name).toBe(entry.name)
        expect(row.player_name).toBe(`${entry.player_first_name} ${entry.player_last_name}`)
      }
    }
    // The sample is large enough to exercise every rule at least once.
    expect(autoSubs).toBeGreaterThan(5)
    expect(hits).toBeGreaterThan(0)
    expect([...chips].sort()).toEqual(['3xc', 'bboost', 'freehit', 'wildcard'])
    console.info({ autoSubs, hits, chips: [...chips], viceTookOver })
    expect(viceTookOver).toBeGreaterThan(0)
  })

  it('entries are members of their private leagues plus Overall (314)', async () => {
    const entry = await getJson<Entry>(sim, `/entry/${DEMO_ENTRY_ID}/`)
    expect(entry.leagues.classic.map((l) => [l.id, l.league_type])).toEqual([
      [314, 's'],
      [PUB_LEAGUE_ID, 'x'],
      [OFFICE_LEAGUE_ID, 'x'],
      [SUNDAY_LEAGUE_ID, 'x'],
    ])
    expect(entry.name).toBe('Klopp Dogs')
  })

  it('a late starter has no picks before its first gameweek', async () => {
    let late: Entry | null = null
    for (let id = 1001001; id < 1001400 && !late; id++) {
      const entry = await getJson<Entry>(sim, `/entry/${id}/`)
      if (entry.started_event > 1) late = entry
    }
    expect(late).not.toBeNull()
    const id = late!.id
    expect((await request(sim, `/entry/${id}/event/${late!.started_event - 1}/picks/`)).status).toBe(404)
    await checkGameweek(sim, id, late!.started_event, true)
    const history = await getJson<History>(sim, `/entry/${id}/history/`)
    expect(history.current[0]!.event).toBe(late!.started_event)
  })

  it('transfers are listed newest first and match history counts', async () => {
    const transfers = await getJson<Array<{ event: number; entry: number; time: string }>>(sim, `/entry/${DEMO_ENTRY_ID}/transfers/`)
    const history = await getJson<History>(sim, `/entry/${DEMO_ENTRY_ID}/history/`)
    for (const row of history.current) expect(transfers.filter((t) => t.event === row.event)).toHaveLength(row.event_transfers)
    const times = transfers.map((t) => t.time)
    expect([...times].sort().reverse()).toEqual(times)
  })

  it("a gameweek's transfers turn the squad before it into its picks, as many as its picks count", async () => {
    const sorted = (ids: Set<number>) => [...ids].sort((a, b) => a - b)
    let moved = 0
    for (const entryId of await sampleEntries()) {
      const transfers = await getJson<Array<{ element_in: number; element_out: number; event: number }>>(sim, `/entry/${entryId}/transfers/`)
      const history = await getJson<History>(sim, `/entry/${entryId}/history/`)
      const freeHits = new Set(history.chips.filter((c) => c.name === 'freehit').map((c) => c.event))
      // The squad the next gameweek's transfers start from: a Free Hit squad lasts its gameweek only.
      let before: Set<number> | null = null
      for (const { event } of history.current) {
        const picks = await getJson<PicksResponse>(sim, `/entry/${entryId}/event/${event}/picks/`)
        const squad = new Set(picks.picks.map((p) => p.element))
        const made = transfers.filter((t) => t.event === event)
        expect(made, `${entryId} GW${event}`).toHaveLength(picks.entry_history.event_transfers)
        if (before) {
          const after = new Set(before)
          for (const t of made) {
            expect(after.delete(t.element_out), `${entryId} GW${event} sells ${t.element_out}`).toBe(true)
            after.add(t.element_in)
          }
          expect(sorted(after), `${entryId} GW${event}`).toEqual(sorted(squad))
        } else expect(made, `${entryId}'s first gameweek`).toEqual([])
        moved += made.length
        if (!freeHits.has(event)) before = squad
      }
    }
    expect(moved).toBeGreaterThan(0)
  })

  it('returns 404 for unknown entries and for picks of a gameweek not yet played', async () => {
    for (const p of [
      '/entry/999/',
      '/entry/1000013/history/',
      '/entry/42/transfers/',
      `/entry/${DEMO_ENTRY_ID}/event/13/picks/`,
      `/entry/${DEMO_ENTRY_ID}/event/0/picks/`,
      '/event/39/live/',
    ]) {
      const res = await request(sim, p)
      expect(res.status, p).toBe(404)
      expect(await res.json()).toEqual({ detail: 'Not found.' })
    }
  })
})

describe('determinism', () => {
  it('two independent simulators answer byte for byte the same', async () => {
    const a = createFplSimulator()
    const b = createFplSimulator()
    const paths = [
      '/bootstrap-static/',
      `/leagues-classic/${OFFICE_LEAGUE_ID}/standings/?page_standings=2`,
      `/entry/${DEMO_ENTRY_ID}/`,
      `/entry/${DEMO_ENTRY_ID}/history/`,
      `/entry/${DEMO_ENTRY_ID}/event/7/picks/`,
      `/entry/${DEMO_ENTRY_ID}/transfers/`,
      '/event/9/live/',
      '/event-status/',
    ]
    for (const p of paths) {
      const [x, y] = await Promise.all([request(a, p).then((r) => r.text()), request(b, p).then((r) => r.text())])
      expect(x.length, p).toBeGreaterThan(10)
      expect(x === y, p).toBe(true)
    }
  })
})

describe('the gameweek clock', () => {
  const flags = (events: BootstrapEvent[], gw: number): Partial<BootstrapEvent> => {
    const e = events.find((x) => x.id === gw)!
    return { is_previous: e.is_previous, is_current: e.is_current, is_next: e.is_next, finished: e.finished, data_checked: e.data_checked }
  }

  it('defaults to GW12 checked', async () => {
    expect(sim.state()).toMatchObject({ gameweek: 12, phase: 'checked', season: { name: '2026/27', phase: 'in_season' } })
    const boot = await getJson<Bootstrap>(sim, '/bootstrap-static/')
    expect(flags(boot.events, 12)).toEqual({ is_previous: false, is_current: true, is_next: false, finished: true, data_checked: true })
    expect(flags(boot.events, 11)).toMatchObject({ is_previous: true, finished: true })
    expect(flags(boot.events, 13)).toEqual({ is_previous: false, is_current: false, is_next: true, finished: false, data_checked: false })
    expect(boot.events.find((e) => e.id === 12)!.highest_score).toBeGreaterThan(boot.events.find((e) => e.id === 12)!.average_entry_score)
    // 2025-26 deadlines shifted by 52 weeks.
    expect(boot.events[0]!.deadline_time).toBe('2026-08-14T17:30:00Z')
    const status = await getJson<EventStatus>(sim, '/event-status/')
    expect(status.leagues).toBe('Updated')
    expect(status.status.every((s) => s.points === 'r' && s.bonus_added && s.event === 12)).toBe(true)
  })

  it('moves upcoming → live → finished → checked → next live', async () => {
    const s = fresh()
    expect(s.setGameweek(13, 'upcoming')).toMatchObject({ gameweek: 13, phase: 'upcoming' })
    let boot = await getJson<Bootstrap>(s, '/bootstrap-static/')
    expect(flags(boot.events, 12)).toMatchObject({ is_current: true, finished: true, data_checked: true })
    expect(flags(boot.events, 13)).toMatchObject({ is_next: true, finished: false })
    expect((await request(s, `/entry/${DEMO_ENTRY_ID}/event/13/picks/`)).status).toBe(404)
    expect(await getJson(s, '/event/13/live/')).toEqual({ elements: [] })
    const before = await allStandings(s, PUB_LEAGUE_ID)
    expect(before.rows).toEqual((await allStandings(sim, PUB_LEAGUE_ID)).rows)

    expect(s.advance()).toMatchObject({ gameweek: 13, phase: 'live' })
    boot = await getJson<Bootstrap>(s, '/bootstrap-static/')
    expect(flags(boot.events, 13)).toEqual({ is_previous: false, is_current: true, is_next: false, finished: false, data_checked: false })
    expect(flags(boot.events, 12)).toMatchObject({ is_previous: true })
    let status = await getJson<EventStatus>(s, '/event-status/')
    expect(status.leagues).toBe('')
    expect(status.status.map((x) => x.points)).toEqual(['l', 'l', ''])
    const live = await allStandings(s, PUB_LEAGUE_ID)
    expect(live.rows.map((r) => r.total)).not.toEqual(before.rows.map((r) => r.total))
    for (const row of live.rows) {
      const picks = await checkGameweek(s, row.entry, 13, false, 'gw13-live')
      expect(row.event_total).toBe(picks.entry_history.points - picks.entry_history.event_transfers_cost)
      expect(row.total).toBe(picks.entry_history.total_points)
      expect(row.last_rank).toBe(before.rows.find((r) => r.entry === row.entry)!.rank)
    }

    expect(s.advance()).toMatchObject({ gameweek: 13, phase: 'finished' })
    boot = await getJson<Bootstrap>(s, '/bootstrap-static/')
    expect(flags(boot.events, 13)).toMatchObject({ is_current: true, finished: true, data_checked: false })
    status = await getJson<EventStatus>(s, '/event-status/')
    expect(status).toMatchObject({ leagues: 'Updating' })
    expect(status.status.map((x) => x.points)).toEqual(['p', 'p', 'p'])
    const finished = await allStandings(s, PUB_LEAGUE_ID)
    for (const row of finished.rows.slice(0, 3)) await checkGameweek(s, row.entry, 13, true, 'gw13-final')
    // Mid-gameweek the last match day had not kicked off and the second lacked its bonus.
    const liveFeed = await liveById(s, 13, 'gw13-live')
    const finalFeed = await liveById(s, 13, 'gw13-final')
    const playedLive = [...liveFeed.values()].filter((e) => e.stats.minutes > 0)
    const playedFinal = [...finalFeed.values()].filter((e) => e.stats.minutes > 0)
    expect(playedLive.length).toBeLessThan(playedFinal.length)
    for (const e of playedLive) expect(finalFeed.get(e.id)!.stats.minutes).toBe(e.stats.minutes)
    expect(playedLive.reduce((acc, e) => acc + e.stats.bonus, 0)).toBeLessThan(playedFinal.reduce((acc, e) => acc + e.stats.bonus, 0))

    expect(s.advance()).toMatchObject({ gameweek: 13, phase: 'checked' })
    boot = await getJson<Bootstrap>(s, '/bootstrap-static/')
    expect(flags(boot.events, 13)).toMatchObject({ is_current: true, finished: true, data_checked: true })
    expect(await getJson<EventStatus>(s, '/event-status/')).toMatchObject({ leagues: 'Updated' })
    expect((await allStandings(s, PUB_LEAGUE_ID)).rows).toEqual(finished.rows)

    expect(s.advance()).toMatchObject({ gameweek: 14, phase: 'live' })
    expect(() => s.setGameweek(39, 'live')).toThrow(RangeError)
  })

  it('before the first deadline nobody has scored', async () => {
    const s = fresh()
    s.setGameweek(1, 'upcoming')
    const boot = await getJson<Bootstrap>(s, '/bootstrap-static/')
    expect(boot.events.some((e) => e.is_current)).toBe(false)
    expect(flags(boot.events, 1)).toMatchObject({ is_next: true, finished: false })
    expect(boot.elements.every((e) => e.total_points === 0)).toBe(true)
    const table = await getJson<Standings>(s, `/leagues-classic/${PUB_LEAGUE_ID}/standings/`)
    expect(table.standings.results).toEqual([])
    expect(table.new_entries.results).toHaveLength(12)
    expect((await getJson<History>(s, `/entry/${DEMO_ENTRY_ID}/history/`)).current).toEqual([])
    expect(await getJson<Entry>(s, `/entry/${DEMO_ENTRY_ID}/`)).toMatchObject({ summary_overall_points: null, current_event: null })
  })

  it('player points in bootstrap follow the clock', async () => {
    const s = fresh()
    s.setGameweek(5, 'checked')
    const boot = await getJson<Bootstrap>(s, '/bootstrap-static/')
    const live5 = await getJson<{ elements: LiveElement[] }>(s, '/event/5/live/')
    const byId = new Map(live5.elements.map((e) => [e.id, e.stats.total_points]))
    for (const e of boot.elements.slice(0, 50)) expect(e.event_points).toBe(byId.get(e.id))
    const history = await getJson<History>(s, `/entry/${DEMO_ENTRY_ID}/history/`)
    expect(history.current.map((h) => h.event)).toEqual([1, 2, 3, 4, 5])
  })
})

describe('faults', () => {
  it('updating: 503 text/html "The game is being updated."', async () => {
    const s = fresh()
    s.injectFault({ kind: 'updating' })
    const res = await request(s, '/bootstrap-static/')
    expect(res.status).toBe(503)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(await res.text()).toContain('The game is being updated.')
  })

  it('rate_limit: 429 with Retry-After', async () => {
    const s = fresh()
    s.injectFault({ kind: 'rate_limit', retryAfterSeconds: 17 })
    const res = await request(s, '/event-status/')
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('17')
  })

  it('forbidden, server_error and html200 answer with HTML', async () => {
    for (const [k, status] of [
      ['forbidden', 403],
      ['server_error', 500],
      ['html200', 200],
    ] as const) {
      const s = fresh()
      s.injectFault({ kind: k })
      const res = await request(s, '/event-status/')
      expect(res.status, k).toBe(status)
      expect(res.headers.get('content-type'), k).toContain('text/html')
      await expect(res.clone().json()).rejects.toThrow()
      expect(await res.text()).toMatch(/<html/i)
    }
  })

  it('malformed: 200 application/json that does not parse', async () => {
    const s = fresh()
    s.injectFault({ kind: 'malformed', match: 'standings' })
    const res = await request(s, `/leagues-classic/${PUB_LEAGUE_ID}/standings/`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/json')
    const text = await res.text()
    expect(text.startsWith('{"new_entries"')).toBe(true)
    expect(() => JSON.parse(text)).toThrow()
  })

  it('shape_drift: standings rows lose entry_name, bootstrap events lose is_current', async () => {
    const s = fresh()
    s.injectFault({ kind: 'shape_drift' })
    const table = await getJson<Standings>(s, `/leagues-classic/${PUB_LEAGUE_ID}/standings/`)
    expect(table.standings.results).toHaveLength(12)
    for (const row of table.standings.results) {
      expect(row).not.toHaveProperty('entry_name')
      expect(row).toHaveProperty('entry')
    }
    const boot = await getJson<Bootstrap>(s, '/bootstrap-static/')
    expect(boot.events[0]).not.toHaveProperty('is_current')
  })

  it('hang: never answers until the caller aborts, or answers after hangMs', async () => {
    const s = fresh()
    s.injectFault({ kind: 'hang', match: '^/api/event-status/$' })
    const controller = new AbortController()
    const pending = s.fetch(new Request('http://fpl.test/api/event-status/', { signal: controller.signal }))
    const outcome = await Promise.race([
      pending.then(
        () => 'answered',
        () => 'rejected',
      ),
      new Promise((r) => setTimeout(() => r('waiting'), 100)),
    ])
    expect(outcome).toBe('waiting')
    expect(s.stats().inFlight).toBe(1)
    controller.abort()
    await expect(pending).rejects.toThrow(/abort/i)
    expect(s.stats().inFlight).toBe(0)

    s.clearFaults()
    s.injectFault({ kind: 'hang', hangMs: 60, times: 1 })
    const started = performance.now()
    const res = await request(s, '/event-status/')
    expect(res.status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(55)
  })

  it('honours times, match (substring or RegExp source) and clearFaults', async () => {
    const s = fresh()
    s.injectFault({ kind: 'server_error', times: 2, match: 'entry/\\d+/history' })
    expect((await request(s, '/event-status/')).status).toBe(200)
    expect((await request(s, `/entry/${DEMO_ENTRY_ID}/history/`)).status).toBe(500)
    expect((await request(s, `/entry/${DEMO_ENTRY_ID}/history/`)).status).toBe(500)
    expect((await request(s, `/entry/${DEMO_ENTRY_ID}/history/`)).status).toBe(200)
    expect(s.state().faults).toEqual([])
    s.injectFault({ kind: 'forbidden', match: 'page_standings=2' })
    expect((await request(s, `/leagues-classic/${OFFICE_LEAGUE_ID}/standings/?page_standings=2`)).status).toBe(403)
    expect((await request(s, `/leagues-classic/${OFFICE_LEAGUE_ID}/standings/?page_standings=3`)).status).toBe(200)
    expect((await request(s, `/leagues-classic/${OFFICE_LEAGUE_ID}/standings/?page_standings=2`)).status).toBe(403)
    s.clearFaults()
    expect((await request(s, `/leagues-classic/${OFFICE_LEAGUE_ID}/standings/?page_standings=2`)).status).toBe(200)
    expect(FAULT_KINDS).toHaveLength(8)
  })
})

describe('stats, control API and HTTP details', () => {
  it('counts requests per endpoint kind and path, and peak concurrency', async () => {
    const s = createFplSimulator({ world, latencyMs: 30 })
    await Promise.all([request(s, '/event-status/'), request(s, '/event-status/'), request(s, `/entry/${DEMO_ENTRY_ID}/`)])
    const stats = s.stats()
    expect(stats.total).toBe(3)
    expect(stats.byKind).toEqual({ 'event-status': 2, entry: 1 })
    expect(stats.byPath).toEqual({ '/api/event-status/': 2, [`/api/entry/${DEMO_ENTRY_ID}/`]: 1 })
    expect(stats.maxInFlight).toBe(3)
    expect(stats.inFlight).toBe(0)
    s.resetStats()
    expect(s.stats()).toMatchObject({ total: 0, maxInFlight: 0, byKind: {} })
  })

  it('exposes the clock, faults and stats over HTTP under /__sim', async () => {
    const s = fresh()
    const control = (p: string, init?: RequestInit): Promise<Response> => s.fetch(new Request(`http://fpl.test/__sim${p}`, init))
    const post = (p: string, body?: unknown): Promise<Response> => control(p, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) })
    expect(await (await post('/gameweek', { gw: 20, phase: 'live' })).json()).toMatchObject({ gameweek: 20, phase: 'live' })
    expect((await post('/gameweek', { gw: 40, phase: 'live' })).status).toBe(400)
    expect(await (await post('/advance')).json()).toMatchObject({ gameweek: 20, phase: 'finished' })
    expect(await (await control('/state')).json()).toMatchObject({ gameweek: 20, phase: 'finished', faults: [] })
    const added = (await (await post('/faults', { kind: 'updating', times: 1 })).json()) as { fault: { id: number; kind: string } }
    expect(added.fault).toMatchObject({ kind: 'updating', remaining: 1 })
    expect((await request(s, '/event-status/')).status).toBe(503)
    await post('/faults', { kind: 'forbidden' })
    expect((await request(s, '/event-status/')).status).toBe(403)
    await control('/faults', { method: 'DELETE' })
    expect((await request(s, '/event-status/')).status).toBe(200)
    expect(await (await control('/stats')).json()).toMatchObject({ total: 3, byKind: { 'event-status': 3 } })
    expect(await (await post('/stats/reset')).json()).toMatchObject({ total: 0 })
  })

  it('renames an entry through /__sim/entries/{id}, in its summary and in its league tables', async () => {
    // A world of its own: the rename must not leak into the other tests' shared world.
    const s = createFplSimulator()
    const rename = (id: number, body: unknown) => s.fetch(new Request(`http://fpl.test/__sim/entries/${id}`, { method: 'POST', body: JSON.stringify(body) }))
    const renamed = await rename(1000012, { name: 'Klopp BA-7Q2K', player_first_name: 'Ada' })
    expect(renamed.status).toBe(200)
    expect(await renamed.json()).toMatchObject({ id: 1000012, name: 'Klopp BA-7Q2K', player_first_name: 'Ada' })
    const table = (await (await request(s, `/leagues-classic/${PUB_LEAGUE_ID}/standings/`)).json()) as {
      standings: { results: Array<{ entry: number; entry_name: string; player_name: string }> }
    }
    expect(table.standings.results.find((r) => r.entry === 1000012)).toMatchObject({ entry_name: 'Klopp BA-7Q2K', player_name: expect.stringMatching(/^Ada /) })
    expect((await rename(9_999_999, { name: 'Nobody' })).status).toBe(404)
    expect((await rename(1000012, { name: '' })).status).toBe(400)
  })

  it('redirects slash-less FPL paths like Django and rejects other methods', async () => {
    const res = await request(sim, '/bootstrap-static')
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe('/api/bootstrap-static/')
    expect((await request(sim, '/event-status/', { method: 'POST' })).status).toBe(405)
    expect((await request(sim, '/no-such-thing/')).status).toBe(404)
  })
})

describe('server.ts', () => {
  const servers: Array<{ close(): Promise<void> }> = []
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()))
  })

  it('serves bootstrap-static over real HTTP on an ephemeral loopback port', async () => {
    const running = await startFplSimulator({ port: 0, host: '127.0.0.1', simulator: sim })
    servers.push(running)
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/)
    const res = await fetch(`${running.url}/bootstrap-static/`)
    expect(res.status).toBe(200)
    const data = (await res.json()) as Bootstrap
    expect(data.events.find((e) => e.is_current)?.id).toBe(12)
    const state = await fetch(`${running.origin}/__sim/state`)
    expect(await state.json()).toMatchObject({ gameweek: 12 })
    // A client timeout ends a hung request on the server too.
    running.simulator.injectFault({ kind: 'hang', match: 'event-status', times: 1 })
    await expect(fetch(`${running.url}/event-status/`, { signal: AbortSignal.timeout(100) })).rejects.toThrow()
    await new Promise((r) => setTimeout(r, 50))
    expect(running.simulator.stats().inFlight).toBe(0)
    await running.close()
    await expect(fetch(`${running.url}/event-status/`)).rejects.toThrow()
  })

  it('refuses to bind a non-loopback address', async () => {
    await expect(startFplSimulator({ port: 0, host: '0.0.0.0' })).rejects.toThrow(/loopback/)
  })
})
