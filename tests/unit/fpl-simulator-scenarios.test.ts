import { describe, expect, it } from 'vitest'
import type { FplSimulator } from '../fpl-simulator/handler.ts'
import {
  BOOKED_CAPTAIN,
  BOOKED_SUB,
  createFplSimulator,
  createSeasonWorld,
  DEMO_ENTRY_ID,
  LATE_LEAGUE_ID,
  LATE_LEAGUE_START_EVENT,
  PENDING_SUB,
  PUB_LEAGUE_ID,
} from '../fpl-simulator/handler.ts'

// The match-day cases of decisions 140 and 141 the simulator covers, each pinned to named constants so the
// worker, web and e2e tests can address them: a bench player still to play ahead of one who has
// played, a booked substitute and a booked captain (a card counts as playing), a league starting at
// GW20, gameweek 1, and a checked gameweek before the app's refresh. (Ties: fpl-simulator.test.ts.)

interface LiveElement {
  id: number
  stats: { minutes: number; total_points: number; yellow_cards: number }
  explain: Array<{ fixture: number; stats: Array<{ identifier: string; points: number; value: number }> }>
}
interface Fixture {
  id: number
  kickoff_time: string
  started: boolean
  finished: boolean
  finished_provisional: boolean
  minutes: number
  stats: Array<{ identifier: string; a: Array<{ value: number; element: number }>; h: Array<{ value: number; element: number }> }>
}
interface Picks {
  automatic_subs: Array<{ element_in: number; element_out: number }>
  entry_history: { points: number }
  picks: Array<{ element: number; position: number; multiplier: number; is_captain: boolean; is_vice_captain: boolean }>
}
interface StandingsRow {
  entry: number
  rank: number
  last_rank: number
  total: number
  event_total: number
}
interface Standings {
  league: { start_event: number }
  new_entries: { results: Array<{ entry: number }> }
  standings: { results: StandingsRow[] }
}
interface HistoryRow {
  event: number
  points: number
  total_points: number
  event_transfers_cost: number
}
interface ClassicRow {
  id: number
  start_event: number
  entry_last_rank: number
  active_phases: Array<{ phase: number; rank: number; last_rank: number; total: number }>
}

const world = createSeasonWorld()
const request = (s: FplSimulator, p: string): Promise<Response> => s.fetch(new Request(`http://fpl.test${p}`))
async function get<T>(s: FplSimulator, p: string): Promise<T> {
  const res = await request(s, `/api${p}`)
  expect(res.status, p).toBe(200)
  return (await res.json()) as T
}
const liveOf = async (s: FplSimulator, gw: number): Promise<Map<number, LiveElement>> =>
  new Map((await get<{ elements: LiveElement[] }>(s, `/event/${gw}/live/`)).elements.map((e) => [e.id, e]))
const fixtureOf = async (s: FplSimulator, gw: number, id: number): Promise<Fixture> =>
  (await get<Fixture[]>(s, `/fixtures/?event=${gw}`)).find((f) => f.id === id)!
const picksOf = (s: FplSimulator, entry: number, gw: number): Promise<Picks> => get<Picks>(s, `/entry/${entry}/event/${gw}/picks/`)
const pick = (picks: Picks, element: number) => picks.picks.find((p) => p.element === element)!
const standings = (s: FplSimulator, league: number): Promise<Standings> => get<Standings>(s, `/leagues-classic/${league}/standings/`)
const history = async (s: FplSimulator, entry: number): Promise<HistoryRow[]> => (await get<{ current: HistoryRow[] }>(s, `/entry/${entry}/history/`)).current

/** A match day of `gw` moved on to the simulated time `at` (epoch seconds). */
function matchDayAt(gw: number, at: (s: FplSimulator) => number): FplSimulator {
  const s = createFplSimulator({ world })
  s.startMatchDay(gw)
  s.step((at(s) - s.state().matchday!.at) / 60)
  return s
}
const kickoff = (s: FplSimulator, fixture: number): number => Date.parse(s.state().matchday!.fixtures.find((f) => f.id === fixture)!.kickoff_time) / 1000

/** Steps a match day a minute at a time until `fixture` shows match minute `minute`. */
function stepToMinute(s: FplSimulator, fixture: number, minute: number): void {
  const at = () => s.state().matchday!.fixtures.find((f) => f.id === fixture)!.minute
  for (let i = 0; i < 400 && at() < minute; i++) s.step(1)
  expect(at()).toBe(minute)
}

describe('a bench player still to play ahead of one who has played (PENDING_SUB)', () => {
  const { entry, gameweek, starter, starterFixture, benchFirst, benchFirstFixture, benchSecond, benchSecondFixture } = PENDING_SUB

  it("mid-match-day: the starter's match is over on 0 minutes, bench 1 has not kicked off, bench 2 has played", async () => {
    // Five minutes after the starter's match went provisional: Sunday evening.
    const s = matchDayAt(gameweek, (x) => kickoff(x, starterFixture) + 120 * 60)
    expect(s.state().phase).toBe('live')
    expect(await fixtureOf(s, gameweek, starterFixture)).toMatchObject({ finished_provisional: true })
    expect(await fixtureOf(s, gameweek, benchSecondFixture)).toMatchObject({ finished: true })
    expect(await fixtureOf(s, gameweek, benchFirstFixture)).toMatchObject({ started: false })
    const live = await liveOf(s, gameweek)
    expect(live.get(starter)!.stats.minutes).toBe(0)
    expect(live.get(benchSecond)!.stats.minutes).toBeGreaterThan(0)
    expect(live.get(benchFirst)!.stats.minutes).toBe(0)
    // FPL shows the sheet as picked while the gameweek is live: the starter in the XI, bench 1 at 13, bench 2 at 14.
    const picks = await picksOf(s, entry, gameweek)
    expect(picks.automatic_subs).toEqual([])
    expect(pick(picks, starter).position).toBeLessThanOrEqual(11)
    expect([pick(picks, benchFirst).position, pick(picks, benchSecond).position]).toEqual([13, 14])
    expect(kickoff(s, benchFirstFixture)).toBeGreaterThan(s.state().matchday!.at)
  })

  it('at the end FPL brings bench 1 on, not bench 2', async () => {
    const s = createFplSimulator({ world, gameweek, phase: 'finished' })
    expect((await liveOf(s, gameweek)).get(benchFirst)!.stats.minutes).toBeGreaterThan(0)
    const picks = await picksOf(s, entry, gameweek)
    expect(picks.automatic_subs.map((sub) => [sub.element_in, sub.element_out])).toEqual([[benchFirst, starter]])
    expect(pick(picks, benchFirst).multiplier).toBe(1)
    expect(pick(picks, benchSecond).multiplier).toBe(0)
  })
})

describe('a card counts as playing', () => {
  it('BOOKED_CAPTAIN: no minutes and a yellow card, so he keeps the armband and the vice stays at ×1', async () => {
    const { entry, gameweek, captain, vice } = BOOKED_CAPTAIN
    const s = createFplSimulator({ world, gameweek, phase: 'finished' })
    const live = await liveOf(s, gameweek)
    expect(live.get(captain)!.stats).toMatchObject({ minutes: 0, yellow_cards: 1, total_points: -1 })
    expect(live.get(captain)!.explain[0]!.stats).toEqual([
      { identifier: 'minutes', points: 0, value: 0, points_modification: 0 },
      { identifier: 'yellow_cards', points: -1, value: 1, points_modification: 0 },
    ])
    expect(live.get(vice)!.stats.minutes).toBeGreaterThan(0)
    const picks = await picksOf(s, entry, gameweek)
    expect(pick(picks, captain)).toMatchObject({ is_captain: true, multiplier: 2 })
    expect(pick(picks, captain).position).toBeLessThanOrEqual(11)
    expect(pick(picks, vice)).toMatchObject({ is_vice_captain: true, multiplier: 1 })
    expect(picks.automatic_subs.some((sub) => sub.element_out === captain)).toBe(false)
    const points = picks.picks.reduce((sum, p) => sum + p.multiplier * live.get(p.element)!.stats.total_points, 0)
    expect(picks.entry_history.points).toBe(points)
  })

  it('BOOKED_SUB: bench 1 got no minutes but a yellow card, so he comes on (at -1) ahead of a bench player who played', async () => {
    const { entry, gameweek, starter, substitute, passedOver } = BOOKED_SUB
    const s = createFplSimulator({ world, gameweek, phase: 'checked' })
    const live = await liveOf(s, gameweek)
    expect(live.get(starter)!.stats).toMatchObject({ minutes: 0, yellow_cards: 0 })
    expect(live.get(substitute)!.stats).toMatchObject({ minutes: 0, yellow_cards: 1, total_points: -1 })
    expect(live.get(passedOver)!.stats.minutes).toBeGreaterThan(0)
    const picks = await picksOf(s, entry, gameweek)
    expect(picks.automatic_subs.map((sub) => [sub.element_in, sub.element_out])).toEqual([[substitute, starter]])
    expect(pick(picks, substitute).multiplier).toBe(1)
    expect(pick(picks, passedOver).multiplier).toBe(0)
  })

  it('on the match day the booking shows from its minute, in the live feed and the fixture, never with minutes', async () => {
    const { gameweek, captain, fixture, minute } = BOOKED_CAPTAIN
    const s = matchDayAt(gameweek, (x) => kickoff(x, fixture))
    stepToMinute(s, fixture, minute - 1)
    expect((await liveOf(s, gameweek)).get(captain)!.stats).toMatchObject({ minutes: 0, yellow_cards: 0, total_points: 0 })
    stepToMinute(s, fixture, minute)
    expect((await liveOf(s, gameweek)).get(captain)!.stats).toMatchObject({ minutes: 0, yellow_cards: 1, total_points: -1 })
    const cards = (await fixtureOf(s, gameweek, fixture)).stats.find((x) => x.identifier === 'yellow_cards')!
    expect([...cards.h, ...cards.a]).toContainEqual({ value: 1, element: captain })
    // Mid-gameweek nothing is substituted: the captain is on ×2 as picked.
    expect(pick(await picksOf(s, BOOKED_CAPTAIN.entry, gameweek), captain).multiplier).toBe(2)
    // And the match day ends in the step-wise clock's numbers, bookings included.
    s.advance()
    const stepwise = createFplSimulator({ world, gameweek, phase: 'finished' })
    for (const entry of [BOOKED_CAPTAIN.entry, BOOKED_SUB.entry, PENDING_SUB.entry]) {
      const p = `/api/entry/${entry}/event/${gameweek}/picks/`
      expect(await (await request(s, p)).text(), p).toBe(await (await request(stepwise, p)).text())
    }
  })
})

describe('a league starting at GW20 (LATE_LEAGUE_ID)', () => {
  const members = Array.from({ length: 20 }, (_, i) => 1000601 + i)

  it('has no table before its start_event: its members are new entries', async () => {
    const s = createFplSimulator({ world, gameweek: LATE_LEAGUE_START_EVENT - 1, phase: 'checked' })
    const table = await standings(s, LATE_LEAGUE_ID)
    expect(table.league.start_event).toBe(LATE_LEAGUE_START_EVENT)
    expect(table.standings.results).toEqual([])
    expect(table.new_entries.results.map((r) => r.entry)).toEqual(members)
    const row = (await get<{ leagues: { classic: ClassicRow[] } }>(s, `/entry/${members[0]}/`)).leagues.classic.find((l) => l.id === LATE_LEAGUE_ID)!
    expect(row).toMatchObject({ start_event: LATE_LEAGUE_START_EVENT, active_phases: [], entry_last_rank: 0 })
  })

  it('counts only its own gameweeks: totals from GW20 on, last_rank 0 at GW20, then the GW20 rank', async () => {
    const atStart = createFplSimulator({ world, gameweek: LATE_LEAGUE_START_EVENT, phase: 'checked' })
    const first = await standings(atStart, LATE_LEAGUE_ID)
    expect(first.standings.results).toHaveLength(20)
    const s = createFplSimulator({ world, gameweek: LATE_LEAGUE_START_EVENT + 1, phase: 'checked' })
    const table = await standings(s, LATE_LEAGUE_ID)
    let differsFromSeason = 0
    for (const row of table.standings.results) {
      const rows = await history(s, row.entry)
      const own = rows.filter((h) => h.event >= LATE_LEAGUE_START_EVENT).reduce((sum, h) => sum + h.points - h.event_transfers_cost, 0)
      expect(row.total).toBe(own)
      if (row.total !== rows.at(-1)!.total_points) differsFromSeason++
      const before = first.standings.results.find((r) => r.entry === row.entry)!
      expect(before.last_rank).toBe(0)
      expect(before.total).toBe(before.event_total)
      expect(row.last_rank).toBe(before.rank)
      const classic = (await get<{ leagues: { classic: ClassicRow[] } }>(s, `/entry/${row.entry}/`)).leagues.classic.find((l) => l.id === LATE_LEAGUE_ID)!
      expect(classic.active_phases.find((p) => p.phase === 1)).toMatchObject({ total: row.total, rank: row.rank, last_rank: row.last_rank })
    }
    expect(differsFromSeason).toBe(20)
  })
})

describe('gameweek 1', () => {
  it('plays live as a match day, with no previous rank anywhere (last_rank 0)', async () => {
    const s = createFplSimulator({ world })
    expect(s.startMatchDay(1)).toMatchObject({ gameweek: 1, phase: 'live' })
    s.step(90 + 30)
    const boot = await get<{ events: Array<{ id: number; is_current: boolean; is_previous: boolean }> }>(s, '/bootstrap-static/')
    expect(boot.events.find((e) => e.is_current)?.id).toBe(1)
    expect(boot.events.some((e) => e.is_previous)).toBe(false)
    const table = await standings(s, PUB_LEAGUE_ID)
    expect(table.standings.results).toHaveLength(12)
    expect(table.standings.results.map((r) => r.last_rank)).toEqual(Array(12).fill(0))
    expect(table.standings.results.some((r) => r.total !== 0)).toBe(true)
    const rows = await history(s, DEMO_ENTRY_ID)
    expect(rows.map((r) => r.event)).toEqual([1])
    const classic = (await get<{ leagues: { classic: ClassicRow[] } }>(s, `/entry/${DEMO_ENTRY_ID}/`)).leagues.classic
    for (const league of classic) {
      expect(league.entry_last_rank, `league ${league.id}`).toBe(0)
      for (const phase of league.active_phases) expect(phase.last_rank, `league ${league.id}`).toBe(0)
    }
  })
})

describe('a checked gameweek before the refresh', () => {
  it('POST /__sim/advance twice during a match day: finished, then data_checked with FPL’s final tables', async () => {
    const s = createFplSimulator({ world })
    s.startMatchDay(13)
    const advance = async () => (await s.fetch(new Request('http://fpl.test/__sim/advance', { method: 'POST' }))).json() as Promise<{ phase: string }>
    expect(await advance()).toMatchObject({ phase: 'finished' })
    expect(await advance()).toMatchObject({ phase: 'checked' })
    const boot = await get<{ events: Array<{ id: number; finished: boolean; data_checked: boolean }> }>(s, '/bootstrap-static/')
    expect(boot.events.find((e) => e.id === 13)).toMatchObject({ finished: true, data_checked: true })
    expect(await get(s, '/event-status/')).toMatchObject({ leagues: 'Updated' })
    const stepwise = createFplSimulator({ world, gameweek: 13, phase: 'checked' })
    expect(await standings(s, PUB_LEAGUE_ID)).toEqual(await standings(stepwise, PUB_LEAGUE_ID))
  })
})
