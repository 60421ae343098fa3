import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { liveGameweek } from '../../worker/fpl/live'
import { bootstrapSchema, eventStatusSchema, fixturesSchema, liveSchema } from '../../worker/fpl/schemas'
import type { FplSimulator, SimulatorState } from '../fpl-simulator/handler.ts'
import { createFplSimulator, createSeasonWorld, DEMO_ENTRY_ID, PUB_LEAGUE_ID } from '../fpl-simulator/handler.ts'
import { startFplSimulator } from '../fpl-simulator/server.ts'

// A match day of GW13 (deadline Sat 2026-11-28 13:30 UTC): day one kicks off at 15:00 (one
// fixture), 17:30 (four) and 20:00 (one), day two on Sunday, day three on Monday.

interface StatLine {
  identifier: string
  points: number
  value: number
}
interface LiveElement {
  id: number
  stats: {
    minutes: number
    total_points: number
    bonus: number
    bps: number
    goals_scored: number
    assists: number
    goals_conceded: number
    clean_sheets: number
  }
  explain: Array<{ fixture: number; stats: StatLine[] }>
}
interface FixtureStat {
  identifier: string
  a: Array<{ value: number; element: number }>
  h: Array<{ value: number; element: number }>
}
interface Fixture {
  id: number
  event: number
  kickoff_time: string
  minutes: number
  started: boolean
  finished: boolean
  finished_provisional: boolean
  team_h: number
  team_a: number
  team_h_score: number | null
  team_a_score: number | null
  stats: FixtureStat[]
}
interface EventStatus {
  status: Array<{ bonus_added: boolean; date: string; event: number; points: string }>
  leagues: string
}
interface Bootstrap {
  events: Array<{ id: number; finished: boolean; data_checked: boolean }>
  elements: Array<{ id: number; team: number; element_type: number }>
}

const GW = 13
const world = createSeasonWorld()
const fresh = (): FplSimulator => createFplSimulator({ world })

const request = (s: FplSimulator, p: string, init?: RequestInit): Promise<Response> => s.fetch(new Request(`http://fpl.test${p}`, init))
async function get<T>(s: FplSimulator, p: string): Promise<T> {
  const res = await request(s, `/api${p}`)
  expect(res.status, p).toBe(200)
  return (await res.json()) as T
}
const text = async (s: FplSimulator, p: string): Promise<string> => (await request(s, `/api${p}`)).text()
const control = (s: FplSimulator, action: string, body?: unknown): Promise<Response> =>
  request(s, `/__sim/${action}`, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) })

const live = async (s: FplSimulator): Promise<Map<number, LiveElement>> =>
  new Map((await get<{ elements: LiveElement[] }>(s, `/event/${GW}/live/`)).elements.map((e) => [e.id, e]))
const fixtures = (s: FplSimulator): Promise<Fixture[]> => get<Fixture[]>(s, `/fixtures/?event=${GW}`)
const epoch = (iso: string): number => Date.parse(iso) / 1000
const statOf = (f: Fixture, identifier: string): FixtureStat => f.stats.find((s) => s.identifier === identifier)!

/** The final numbers of GW13, from a simulator at GW13 checked. */
const finalSim = createFplSimulator({ world, gameweek: GW, phase: 'checked' })
const finalLive = await live(finalSim)
const finalFixtures = await fixtures(finalSim)
/** Who played in a fixture (with non-zero bps), from its final numbers. */
const playersOf = (id: number): number[] => {
  const bps = statOf(finalFixtures.find((f) => f.id === id)!, 'bps')
  return [...bps.h, ...bps.a].map((x) => x.element)
}
const fullNinety = (f: Fixture, side: 'h' | 'a'): number[] =>
  statOf(f, 'bps')
    [side].map((x) => x.element)
    .filter((id) => finalLive.get(id)!.stats.minutes === 90)

function expectTotalsAreExplained(elements: Map<number, LiveElement>): void {
  for (const e of elements.values()) {
    const explained = e.explain.flatMap((x) => x.stats).reduce((sum, line) => sum + line.points, 0)
    if (explained !== e.stats.total_points) expect.fail(`element ${e.id}: total_points ${e.stats.total_points}, explain ${explained}`)
  }
}

describe('fixtures endpoint', () => {
  it("has FPL's shape: the worker's schema parses it and the keys are the capture's", async () => {
    const capture = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../fixtures/fpl/fixtures.json'), 'utf8')) as Fixture[]
    const s = fresh()
    s.startMatchDay(GW)
    s.step(8 * 60)
    const list = await fixtures(s)
    expect(fixturesSchema.safeParse(list).success).toBe(true)
    expect(list).toHaveLength(10)
    for (const f of list) expect(Object.keys(f)).toEqual(Object.keys(capture[0]!))
    const played = list.find((f) => f.finished)!
    expect(played.stats.map((x) => x.identifier)).toEqual(capture[0]!.stats.map((x) => x.identifier))
    const waiting = list.find((f) => !f.started)!
    expect(waiting).toMatchObject({ minutes: 0, team_h_score: null, team_a_score: null, stats: [], finished_provisional: false, finished: false })
    expect(s.stats().byKind.fixtures).toBe(1)
  })

  it('lists the whole season without an event, and nothing for an unknown one', async () => {
    const s = fresh()
    const all = await get<Fixture[]>(s, '/fixtures/')
    expect(all).toHaveLength(380)
    expect(all.filter((f) => f.finished).map((f) => f.event)).toEqual(all.filter((f) => f.event <= 12).map((f) => f.event))
    expect(await get<Fixture[]>(s, '/fixtures/?event=39')).toEqual([])
    expect(await get<Fixture[]>(s, '/fixtures/?event=x')).toEqual([])
  })

  it('spreads kick-offs over the match days like a real weekend, each on the date of its event-status row', async () => {
    const s = fresh()
    s.startMatchDay(GW)
    const list = await fixtures(s)
    expect(list.map((f) => f.kickoff_time.slice(11, 16))).toEqual(['15:00', '17:30', '17:30', '17:30', '17:30', '20:00', '15:00', '15:00', '17:30', '15:00'])
    const status = await get<EventStatus>(s, '/event-status/')
    const dates = new Set(status.status.map((r) => r.date))
    for (const f of list) expect(dates).toContain(f.kickoff_time.slice(0, 10))
    // A Friday-night gameweek (GW1 kicks off 19:00) keeps its kick-offs on the day.
    const friday = await get<Fixture[]>(s, '/fixtures/?event=1')
    expect(friday.slice(0, 6).every((f) => f.kickoff_time.slice(0, 10) === friday[0]!.kickoff_time.slice(0, 10))).toBe(true)
  })
})

describe('a match day stepped minute by minute', () => {
  it('plays the first fixture: kick-off, minutes, goals at their minute, provisional, bonus; totals always explained', async () => {
    const s = fresh()
    const start = s.startMatchDay(GW)
    expect(start).toMatchObject({ gameweek: GW, phase: 'live' })
    expect(start.matchday!.at).toBe(epoch(start.deadline_time) + 60)
    // Picks are published, nothing kicked off.
    expect((await get<{ picks: unknown[] }>(s, `/entry/${DEMO_ENTRY_ID}/event/${GW}/picks/`)).picks).toHaveLength(15)
    expect((await get<EventStatus>(s, '/event-status/')).status.map((r) => r.points)).toEqual(['', '', ''])

    const first = (await fixtures(s))[0]!
    const kickoff = epoch(first.kickoff_time)
    const final = finalFixtures[0]!
    const players = playersOf(final.id)
    const regulars = fullNinety(final, 'h')
    let previous: Fixture = first
    let goalsSeen = 0
    for (let at = start.matchday!.at; at <= kickoff + 180 * 60; at += 60) {
      const state = s.state()
      expect(state.matchday!.at).toBe(at)
      const f = (await fixtures(s))[0]!
      const elements = await live(s)
      const elapsed = (at - kickoff) / 60
      expect(f.started, `started at ${elapsed}`).toBe(elapsed >= 0)
      expect(f.finished_provisional, `provisional at ${elapsed}`).toBe(elapsed >= 115)
      expect(f.finished, `finished at ${elapsed}`).toBe(elapsed >= 175)
      expect(f.minutes).toBeGreaterThanOrEqual(previous.minutes)
      expectTotalsAreExplained(elements)
      for (const id of regulars) expect(elements.get(id)!.stats.minutes).toBe(f.minutes)
      // A goal shows in the score, the scorer's line and his explain in the same minute.
      const goals = players.reduce((sum, id) => sum + elements.get(id)!.stats.goals_scored, 0)
      const ownGoals = statOf(final, 'own_goals').h.length + statOf(final, 'own_goals').a.length
      if (ownGoals === 0) expect((f.team_h_score ?? 0) + (f.team_a_score ?? 0)).toBe(goals)
      if (goals > goalsSeen) {
        expect(f.minutes).toBeGreaterThan(previous.minutes)
        goalsSeen = goals
      }
      // Bonus: nowhere until added, then in the stats, the explain and the fixture.
      const bonus = players.reduce((sum, id) => sum + elements.get(id)!.stats.bonus, 0)
      const bonusLines = players.filter((id) => elements.get(id)!.explain[0]!.stats.some((l) => l.identifier === 'bonus')).length
      if (!f.finished) {
        expect(bonus).toBe(0)
        expect(bonusLines).toBe(0)
        expect(statOf(f, 'bonus')?.h ?? []).toEqual([])
      } else {
        expect(bonus).toBeGreaterThanOrEqual(6)
        expect(bonusLines).toBeGreaterThanOrEqual(3)
        expect(statOf(f, 'bonus')).toEqual(statOf(final, 'bonus'))
      }
      previous = f
      s.step(1)
    }
    // Full time equals the season's numbers for this fixture.
    expect(previous).toEqual(final)
    const elements = await live(s)
    for (const id of players)
      expect(elements.get(id)).toEqual(finalLive.get(id) && { ...finalLive.get(id)!, stats: { ...finalLive.get(id)!.stats, in_dreamteam: false } })
    expect(goalsSeen).toBe(players.reduce((sum, id) => sum + finalLive.get(id)!.stats.goals_scored, 0))
  })

  it('moves event-status and the event flags: "" -> l -> p per day, then finished, then data_checked', async () => {
    const s = fresh()
    s.startMatchDay(GW)
    const seen: string[] = []
    let state: SimulatorState = s.state()
    let bootstrapChecks = 0
    while (state.phase !== 'checked') {
      const status = await get<EventStatus>(s, '/event-status/')
      const row = `${state.phase} ${status.status.map((r) => r.points + (r.bonus_added ? '+' : '')).join(',')} ${status.leagues}`
      if (seen.at(-1) !== row) {
        seen.push(row)
        const event = (await get<Bootstrap>(s, '/bootstrap-static/')).events[GW - 1]!
        expect(event.finished).toBe(state.phase !== 'live')
        expect(event.data_checked).toBe(false)
        bootstrapChecks++
      }
      state = s.step(30)
    }
    expect(seen).toEqual(['live ,, ', 'live l,, ', 'live p+,, ', 'live p+,l, ', 'live p+,p+, ', 'live p+,p+,l ', 'finished p+,p+,p+ Updating'])
    expect(bootstrapChecks).toBe(seen.length)
    expect(await get<EventStatus>(s, '/event-status/')).toMatchObject({ leagues: 'Updated', status: [{ points: 'r' }, { points: 'r' }, { points: 'r' }] })
    expect((await get<Bootstrap>(s, '/bootstrap-static/')).events[GW - 1]).toMatchObject({ finished: true, data_checked: true })
  })

  it('ends in exactly the answers of the step-wise clock: finished, then checked', async () => {
    const s = fresh()
    s.startMatchDay(GW)
    s.advance()
    expect(s.state().phase).toBe('finished')
    const stepwise = createFplSimulator({ world, gameweek: GW, phase: 'finished' })
    for (const p of [
      `/event/${GW}/live/`,
      `/entry/${DEMO_ENTRY_ID}/event/${GW}/picks/`,
      `/entry/${DEMO_ENTRY_ID}/history/`,
      `/leagues-classic/${PUB_LEAGUE_ID}/standings/`,
    ]) {
      expect(await text(s, p), p).toBe(await text(stepwise, p))
    }
    s.advance()
    stepwise.advance()
    expect(s.state().phase).toBe('checked')
    expect(await text(s, '/bootstrap-static/')).toBe(await text(stepwise, '/bootstrap-static/'))
  })

  it('keeps picks as picked and history and standings consistent with the live points mid-match', async () => {
    const s = fresh()
    s.startMatchDay(GW)
    s.step(5 * 60)
    const picks = await get<{ automatic_subs: unknown[]; picks: Array<{ element: number; multiplier: number }>; entry_history: { points: number } }>(
      s,
      `/entry/${DEMO_ENTRY_ID}/event/${GW}/picks/`,
    )
    expect(picks.automatic_subs).toEqual([])
    const elements = await live(s)
    const points = picks.picks.reduce((sum, p) => sum + p.multiplier * (elements.get(p.element)?.stats.total_points ?? 0), 0)
    expect(picks.entry_history.points).toBe(points)
    const standings = await get<{ standings: { results: Array<{ entry: number; event_total: number }> } }>(s, `/leagues-classic/${PUB_LEAGUE_ID}/standings/`)
    const history = await get<{ current: Array<{ event: number; points: number; event_transfers_cost: number }> }>(s, `/entry/${DEMO_ENTRY_ID}/history/`)
    const row = history.current.find((r) => r.event === GW)!
    expect(standings.standings.results.find((r) => r.entry === DEMO_ENTRY_ID)!.event_total).toBe(row.points - row.event_transfers_cost)
  })

  it('is deterministic: same seed and steps, same bytes', async () => {
    const run = async (): Promise<string[]> => {
      const s = createFplSimulator({ world: createSeasonWorld() })
      s.startMatchDay(GW)
      const out: string[] = []
      for (const minutes of [100, 17, 45, 60, 200]) {
        s.step(minutes)
        for (const p of [`/event/${GW}/live/`, `/fixtures/?event=${GW}`, '/event-status/', `/leagues-classic/${PUB_LEAGUE_ID}/standings/`])
          out.push(await text(s, p))
        out.push(JSON.stringify(s.state()))
      }
      return out
    }
    expect(await run()).toEqual(await run())
  })

  it('reports changed_at and version: answers change only when changed_at moves', async () => {
    const s = fresh()
    const start = s.startMatchDay(GW)
    expect(start.changed_at).toBe(start.matchday!.at)
    const kickoff = epoch((await fixtures(s))[0]!.kickoff_time)
    let state = s.step(89 + 10.5)
    expect(state.changed_at).toBe(kickoff + 10 * 60)
    expect(state.version).toBe(start.version + 1)
    // Overnight between day one's last bonus and day two's first kick-off nothing changes.
    const ends = (await fixtures(s)).slice(0, 6).map((f) => epoch(f.kickoff_time) + 175 * 60)
    state = s.step((Math.max(...ends) + 3600 - state.matchday!.at) / 60)
    const before = await text(s, `/event/${GW}/live/`)
    const quiet = s.step(120)
    expect(quiet.changed_at).toBe(state.changed_at)
    expect(quiet.version).toBe(state.version + 1)
    expect(await text(s, `/event/${GW}/live/`)).toBe(before)
  })
})

describe('/__sim/goal', () => {
  /** A fixture around minute 65 with the home side yet to score, and the simulator there. */
  async function homeGoalless(s: FplSimulator): Promise<Fixture> {
    s.startMatchDay(GW)
    const list = await fixtures(s)
    for (const target of list) {
      const state = s.state()
      s.step((epoch(target.kickoff_time) + 82 * 60 - state.matchday!.at) / 60)
      const f = (await fixtures(s)).find((x) => x.id === target.id)!
      if (f.minutes >= 60 && f.team_h_score === 0 && fullNinety(finalFixtures.find((x) => x.id === f.id)!, 'a').length > 0) return f
    }
    throw new Error('no goalless home side at minute 65')
  }

  it('scores now: score, goals, assists, bps, the other side’s clean sheet and goals conceded follow', async () => {
    const s = fresh()
    const f = await homeGoalless(s)
    const final = finalFixtures.find((x) => x.id === f.id)!
    const [scorer, assister] = fullNinety(final, 'h')
    const defender = fullNinety(final, 'a').find((id) => finalLive.get(id) && [1, 2].includes(world.players[world.indexById.get(id)!]!.type))
    expect(defender, 'an away GK or DEF who plays 90').toBeDefined()
    const before = await live(s)
    expect(before.get(defender!)!.stats).toMatchObject({ goals_conceded: 0, clean_sheets: 1 })

    const res = await control(s, 'goal', { element: scorer, assist: assister })
    expect(res.status).toBe(200)
    const state = (await res.json()) as SimulatorState
    expect(state.changed_at).toBe(state.matchday!.at)
    const after = await live(s)
    const g = (await fixtures(s)).find((x) => x.id === f.id)!
    expect(g.team_h_score).toBe(1)
    expect(after.get(scorer!)!.stats.goals_scored).toBe(before.get(scorer!)!.stats.goals_scored + 1)
    expect(after.get(scorer!)!.stats.bps).toBeGreaterThanOrEqual(before.get(scorer!)!.stats.bps + 12)
    expect(after.get(scorer!)!.stats.total_points).toBeGreaterThan(before.get(scorer!)!.stats.total_points)
    expect(after.get(assister!)!.stats.assists).toBe(before.get(assister!)!.stats.assists + 1)
    expect(after.get(defender!)!.stats.goals_conceded).toBe(before.get(defender!)!.stats.goals_conceded + 1)
    expect(after.get(defender!)!.stats.clean_sheets).toBe(0)
    expect(statOf(g, 'goals_scored').h).toContainEqual({ element: scorer, value: after.get(scorer!)!.stats.goals_scored })
    expectTotalsAreExplained(after)

    // The goal stays in the final numbers once the match day is over.
    s.advance()
    expect(s.state().phase).toBe('finished')
    expect((await fixtures(s)).find((x) => x.id === f.id)!.team_h_score).toBe((final.team_h_score ?? 0) + 1)
    expect((await live(s)).get(scorer!)!.stats.goals_scored).toBe(finalLive.get(scorer!)!.stats.goals_scored + 1)
  })

  it('answers 400 when the player cannot score now', async () => {
    const s = fresh()
    expect((await control(s, 'goal', { element: 1 })).status).toBe(400)
    const f = await homeGoalless(s)
    const [scorer] = fullNinety(finalFixtures.find((x) => x.id === f.id)!, 'h')
    const [opponent] = fullNinety(finalFixtures.find((x) => x.id === f.id)!, 'a')
    expect((await control(s, 'goal', { element: scorer, assist: opponent })).status).toBe(400)
    expect((await control(s, 'goal', { element: scorer, assist: scorer })).status).toBe(400)
    const notYet = (await fixtures(s)).find((x) => !x.started)!
    expect((await control(s, 'goal', { element: fullNinety(finalFixtures.find((x) => x.id === notYet.id)!, 'h')[0] })).status).toBe(400)
    expect((await control(s, 'goal', {})).status).toBe(400)
  })
})

describe('match day controls', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('starts the next gameweek by default, steps over HTTP, and ends on setGameweek', async () => {
    const s = fresh()
    expect((await control(s, 'step', { minutes: 5 })).status).toBe(400)
    const started = (await (await control(s, 'matchday')).json()) as SimulatorState
    expect(started).toMatchObject({ gameweek: 13, phase: 'live' })
    const stepped = (await (await control(s, 'step', { minutes: 5 })).json()) as SimulatorState
    expect(stepped.matchday!.at).toBe(started.matchday!.at + 300)
    expect((await control(s, 'step', { minutes: -1 })).status).toBe(400)
    expect((await control(s, 'matchday', { gw: 39 })).status).toBe(400)
    const state = (await (await request(s, '/__sim/state')).json()) as SimulatorState
    expect(state.matchday!.fixtures).toHaveLength(10)
    expect(state.matchday!.fixtures[0]).toMatchObject({ minute: 0, started: false, score: null })
    s.setGameweek(GW, 'live')
    expect(s.state().matchday).toBeNull()
    expect(await text(s, `/event/${GW}/live/`)).toBe(await text(createFplSimulator({ world, gameweek: GW, phase: 'live' }), `/event/${GW}/live/`))
  })

  it('runs the clock at a speed on one timer, and stops it', async () => {
    vi.useFakeTimers()
    const s = fresh()
    const start = s.startMatchDay(GW).matchday!.at
    const res = await control(s, 'speed', { factor: 60 })
    expect(((await res.json()) as SimulatorState).matchday!.speed).toBe(60)
    expect(vi.getTimerCount()).toBe(1)
    vi.advanceTimersByTime(10_000)
    expect(s.state().matchday!.at).toBe(start + 600)
    s.setSpeed(0)
    expect(vi.getTimerCount()).toBe(0)
    vi.advanceTimersByTime(10_000)
    expect(s.state().matchday!.at).toBe(start + 600)
    expect((await control(s, 'speed', { factor: -1 })).status).toBe(400)
    // It stops by itself once the gameweek is data_checked.
    s.setSpeed(86_400)
    vi.advanceTimersByTime(10_000)
    expect(s.state()).toMatchObject({ phase: 'checked', matchday: { speed: 0 } })
    expect(vi.getTimerCount()).toBe(0)
  })

  it('stops a running clock when the HTTP server closes', async () => {
    const running = await startFplSimulator({ world })
    running.simulator.startMatchDay(GW)
    running.simulator.setSpeed(60)
    await running.close()
    expect(running.simulator.state().matchday!.speed).toBe(0)
  })
})

describe("the worker's live engine on a stepped match day", () => {
  it('projects bonus for fixtures in play and none once their bonus is added', async () => {
    const s = fresh()
    s.startMatchDay(GW)
    const list = await fixtures(s)
    // Between the 15:00 fixture's bonus and the 17:30 ones' final whistle.
    s.step((epoch(list[1]!.kickoff_time) + 100 * 60 - s.state().matchday!.at) / 60)
    const bootstrap = bootstrapSchema.parse(await get(s, '/bootstrap-static/'))
    const gameweek = liveGameweek({
      gameweek: GW,
      event: bootstrap.events[GW - 1]!,
      elements: bootstrap.elements,
      live: liveSchema.parse(await get(s, `/event/${GW}/live/`)),
      fixtures: fixturesSchema.parse(await get(s, `/fixtures/?event=${GW}`)),
      eventStatus: eventStatusSchema.parse(await get(s, '/event-status/')),
    })
    expect(gameweek.status).toBe('live')
    const now = await fixtures(s)
    expect(now[0]!.finished).toBe(true)
    expect(now[1]!.started && !now[1]!.finished_provisional).toBe(true)
    const elements = await live(s)
    const projected = (f: Fixture): number => playersOf(f.id).reduce((sum, id) => sum + gameweek.element(id).projectedBonus, 0)
    expect(projected(now[0]!)).toBe(0)
    for (const id of playersOf(now[0]!.id)) expect(gameweek.element(id).points).toBe(elements.get(id)!.stats.total_points)
    for (const f of now.slice(1, 5)) expect(projected(f)).toBeGreaterThanOrEqual(6)
    for (const id of playersOf(now[1]!.id)) {
      expect(gameweek.element(id).points).toBe(elements.get(id)!.stats.total_points + gameweek.element(id).projectedBonus)
    }
    expect(projected(now[5]!)).toBe(0)
  })
})
