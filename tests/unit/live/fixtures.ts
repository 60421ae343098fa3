/**
 * Test data for the live rules: the real GW37 2025-26 captures assembled into one poll, and a
 * small hand-made world for edge cases. Not a test file itself (no `.test.ts`).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { type LiveFixture, type LiveGameweek, type LiveGameweekInput, type LiveManager, type LiveSheet, liveGameweek } from '../../../worker/fpl/live'
import type { FplEventStatus, FplFixture, FplLive, FplPicks } from '../../../worker/fpl/schemas'
import { fixturesSchema } from '../../../worker/fpl/schemas'
import { realBootstrap, realPicksGw37 } from '../stats/fixtures'

export { realPicksGw37 }

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/fpl')

let fixturesCache: FplFixture[] | null = null
/** fixtures.json 2025-26 (all 380), parsed with the app's schema. */
export function realFixtures(): FplFixture[] {
  fixturesCache ??= fixturesSchema.parse(JSON.parse(readFileSync(path.join(FIXTURES, 'fixtures.json'), 'utf8')))
  return fixturesCache
}

/** `{ element: value }` of one stat of a fixture (home and away). */
export function fixtureStat(fixture: Pick<FplFixture, 'stats'>, identifier: string): Map<number, number> {
  const stat = fixture.stats.find((s) => s.identifier === identifier)
  return new Map([...(stat?.h ?? []), ...(stat?.a ?? [])].map((v) => [v.element, v.value]))
}

/**
 * GW37 2025-26 as one poll after the gameweek: the real bootstrap-static (GW37 is its current
 * event, so `elements[].event_points` are the GW37 scores) and the real fixtures.json (the ten
 * GW37 fixtures with their bps and the bonus FPL awarded). No `event/37/live/` capture exists
 * (event-live.json is GW1, trimmed to 10 players), so the live elements are assembled from
 * those two: `total_points` = `event_points`; `explain` names each player's fixture and carries
 * his awarded bonus; minutes are not in either capture, so a player gets 90 when he scored points
 * or appears in his fixture's bps list and 0 otherwise (FPL subbed out Reijnders 427 and João
 * Pedro 249 of team 3122849, which it does only at 0 minutes: both have 0 points and no bps).
 *
 * `bonusPending` rewinds to the hour after the final whistles: the awarded bonus is taken out of
 * `total_points`, the fixtures' `bonus` stats and the `explain`s, as FPL shows a fixture before
 * its bonus is added. `bonusInFixturesOnly` is the moment between two polls when the fixtures
 * answer has the awarded bonus and the live answer (points and explain) not yet.
 */
export function gw37Input(options: { bonusPending?: boolean; bonusInFixturesOnly?: boolean; eventStatus?: FplEventStatus | null } = {}): LiveGameweekInput {
  const bootstrap = realBootstrap()
  const fixtures = realFixtures().filter((f) => f.event === 37)
  const bonus = new Map<number, number>()
  const bps = new Map<number, number>()
  const fixtureOfTeam = new Map<number, number>()
  for (const f of fixtures) {
    for (const [element, value] of fixtureStat(f, 'bonus')) bonus.set(element, value)
    for (const [element, value] of fixtureStat(f, 'bps')) bps.set(element, value)
    fixtureOfTeam.set(f.team_h, f.id)
    fixtureOfTeam.set(f.team_a, f.id)
  }
  const live: FplLive = {
    elements: bootstrap.elements.map((e) => {
      const eventPoints = (e as { event_points?: unknown }).event_points
      if (typeof eventPoints !== 'number') throw new Error(`no event_points for ${e.id}`)
      const awarded = bonus.get(e.id) ?? 0
      const kept = options.bonusPending || options.bonusInFixturesOnly ? 0 : awarded
      const fixture = fixtureOfTeam.get(e.team)
      return {
        id: e.id,
        stats: {
          minutes: eventPoints !== 0 || bps.has(e.id) ? 90 : 0,
          total_points: eventPoints - awarded + kept,
          bonus: kept,
          bps: bps.get(e.id) ?? 0,
        },
        explain: fixture === undefined ? [] : [{ fixture, stats: kept > 0 ? [{ identifier: 'bonus', points: kept }] : [] }],
      }
    }),
  }
  return {
    gameweek: 37,
    teams: bootstrap.teams,
    event: { finished: !options.bonusPending && !options.bonusInFixturesOnly, data_checked: !options.bonusPending && !options.bonusInFixturesOnly },
    elements: bootstrap.elements,
    live,
    fixtures: options.bonusPending ? fixtures.map((f) => ({ ...f, finished: false, stats: f.stats.filter((s) => s.identifier !== 'bonus') })) : fixtures,
    eventStatus: options.eventStatus ?? null,
  }
}

/**
 * Team 3122849's GW37 sheet as picked, before FPL processed it: each automatic sub undone (the
 * player who came in goes back to the bench slot of the one who went out, and back), the eleven
 * ordered by element type as FPL lays them out, `automatic_subs` emptied. The armband flags stay.
 */
export function unprocessed(sheet: FplPicks): FplPicks {
  const slot = new Map(sheet.picks.map((p) => [p.element, p.position]))
  for (const s of sheet.automatic_subs) {
    const a = slot.get(s.element_in)
    const b = slot.get(s.element_out)
    if (a === undefined || b === undefined) throw new Error('sub outside the sheet')
    slot.set(s.element_in, b)
    slot.set(s.element_out, a)
  }
  const at = (p: FplPicks['picks'][number]) => slot.get(p.element) ?? p.position
  const eleven = sheet.picks.filter((p) => at(p) <= 11).sort((a, b) => (a.element_type ?? 0) - (b.element_type ?? 0) || at(a) - at(b))
  const position = new Map(sheet.picks.map((p) => [p.element, at(p)]))
  for (const [i, p] of eleven.entries()) position.set(p.element, i + 1)
  return {
    ...sheet,
    automatic_subs: [],
    picks: sheet.picks
      .map((p) => ({ ...p, position: position.get(p.element) ?? p.position, multiplier: (position.get(p.element) ?? 99) <= 11 ? (p.is_captain ? 2 : 1) : 0 }))
      .sort((a, b) => a.position - b.position),
  }
}

// ---------------------------------------------------------------------------------------------
// A hand-made world: 15 players of one squad on clubs 1..8, one fixture per pair of clubs.
// ---------------------------------------------------------------------------------------------

/**
 * The squad, `[element, type, club]`. Starters 1..11 in a 3-4-3, bench 12 (GK), 13 (MID),
 * 14 (DEF), 15 (FWD), the order a formation-blocked sub needs.
 */
const SQUAD: ReadonlyArray<readonly [number, number, number]> = [
  [1, 1, 1], // GK
  [2, 2, 1], // DEF
  [3, 2, 2], // DEF
  [4, 2, 3], // DEF
  [5, 3, 3], // MID
  [6, 3, 4], // MID
  [7, 3, 5], // MID
  [8, 3, 5], // MID
  [9, 4, 6], // FWD
  [10, 4, 7], // FWD
  [11, 4, 8], // FWD
  [12, 1, 2], // bench GK
  [13, 3, 4], // bench MID
  [14, 2, 6], // bench DEF
  [15, 4, 7], // bench FWD
]

export interface FixtureSpec {
  id: number
  h: number
  a: number
  /** 'done' = finished; 'provisional' = finished_provisional only; 'play' = started; 'todo' = not started. */
  state: 'done' | 'provisional' | 'play' | 'todo'
  event?: number | null
  bps?: Readonly<Record<number, number>>
  bonus?: Readonly<Record<number, number>>
  kickoff?: string
  /** `[team_h_score, team_a_score]` and FPL's match minute. */
  score?: readonly [number, number]
  minutes?: number
}

/** Four fixtures, clubs 1-2, 3-4, 5-6, 7-8, all finished: the default world after the last match. */
export const ALL_DONE: readonly FixtureSpec[] = [
  { id: 101, h: 1, a: 2, state: 'done' },
  { id: 102, h: 3, a: 4, state: 'done' },
  { id: 103, h: 5, a: 6, state: 'done' },
  { id: 104, h: 7, a: 8, state: 'done' },
]

function fixture(spec: FixtureSpec): LiveFixture {
  const side = (values: Readonly<Record<number, number>> | undefined, club: number) =>
    Object.entries(values ?? {})
      .filter(([element]) => clubOf(Number(element)) === club)
      .map(([element, value]) => ({ element: Number(element), value }))
  const stats = [
    ...(spec.bps ? [{ identifier: 'bps', h: side(spec.bps, spec.h), a: side(spec.bps, spec.a) }] : []),
    ...(spec.bonus ? [{ identifier: 'bonus', h: side(spec.bonus, spec.h), a: side(spec.bonus, spec.a) }] : []),
  ]
  return {
    id: spec.id,
    event: spec.event === undefined ? 5 : spec.event,
    kickoff_time: spec.kickoff ?? '2026-11-21T15:00:00Z',
    started: spec.state !== 'todo',
    finished: spec.state === 'done',
    finished_provisional: spec.state === 'done' || spec.state === 'provisional',
    team_h: spec.h,
    team_a: spec.a,
    team_h_score: spec.score?.[0] ?? null,
    team_a_score: spec.score?.[1] ?? null,
    minutes: spec.minutes ?? (spec.state === 'todo' ? 0 : 90),
    stats,
  }
}

/** The clubs' short names, clubs 1..8. */
const CLUBS = ['ARS', 'AVL', 'BOU', 'BRE', 'BHA', 'CHE', 'CRY', 'EVE']

/** Extra players outside the squad (other clubs' players in bonus races): `[element, type, club]`. */
const OTHERS: ReadonlyArray<readonly [number, number, number]> = [
  [90, 3, 1],
  [91, 3, 2],
  [92, 4, 3],
  [93, 2, 4],
  [94, 3, 5],
  [95, 2, 6],
]

function clubOf(element: number): number {
  return [...SQUAD, ...OTHERS].find(([id]) => id === element)?.[2] ?? 0
}

export interface WorldSpec {
  /**
   * `{ element: [minutes, total_points, yellow_cards?] }`; squad players not listed played 90
   * minutes for 2 points.
   */
  live?: Readonly<Record<number, readonly [number, number, number?]>>
  fixtures?: readonly FixtureSpec[]
  event?: { finished: boolean; data_checked: boolean }
  eventStatus?: FplEventStatus | null
  /** `{ element: [fixture, bonus points] }` in the live `explain` (bonus FPL has added). */
  explainBonus?: Readonly<Record<number, readonly [number, number]>>
  /** `{ element: [[fixture, identifier, value, points], ...] }`: his whole live `explain` (overrides explainBonus). */
  explain?: Readonly<Record<number, ReadonlyArray<readonly [number, string, number, number]>>>
}

/** Gameweek 5 of the hand-made world. */
export function world(spec: WorldSpec = {}): LiveGameweek {
  const players = [...SQUAD, ...OTHERS]
  return liveGameweek({
    gameweek: 5,
    event: spec.event ?? { finished: false, data_checked: false },
    elements: players.map(([id, type, team]) => ({ id, web_name: `P${id}`, element_type: type, team })),
    teams: CLUBS.map((short_name, i) => ({ id: i + 1, short_name })),
    live: {
      elements: players.map(([id]) => {
        const [minutes, total_points, yellow_cards = 0] = spec.live?.[id] ?? [90, 2]
        return { id, stats: { minutes, total_points, yellow_cards }, ...explainOf(spec, id) }
      }),
    },
    fixtures: (spec.fixtures ?? ALL_DONE).map(fixture),
    eventStatus: spec.eventStatus ?? null,
  })
}

function explainOf(spec: WorldSpec, id: number): Pick<FplLive['elements'][number], 'explain'> {
  const lines = spec.explain?.[id]
  if (lines) {
    const fixtures = [...new Set(lines.map(([fixture]) => fixture))]
    return {
      explain: fixtures.map((fixture) => ({
        fixture,
        stats: lines.filter(([f]) => f === fixture).map(([, identifier, value, points]) => ({ identifier, value, points })),
      })),
    }
  }
  const bonus = spec.explainBonus?.[id]
  return bonus ? { explain: [{ fixture: bonus[0], stats: [{ identifier: 'bonus', value: bonus[1], points: bonus[1] }] }] } : {}
}

export interface SheetSpec {
  captain?: number
  vice?: number
  chip?: string | null
  cost?: number
  /** Element order, positions 1..15 (default: 1..15). */
  order?: readonly number[]
  subs?: ReadonlyArray<readonly [number, number]>
}

/** A picks answer for the squad: captain 9, vice 10 unless told. */
export function sheet(spec: SheetSpec = {}): LiveSheet {
  const order = spec.order ?? SQUAD.map(([id]) => id)
  const captain = spec.captain ?? 9
  const vice = spec.vice ?? 10
  return {
    active_chip: spec.chip ?? null,
    automatic_subs: (spec.subs ?? []).map(([element_out, element_in]) => ({ element_in, element_out, event: 5 })),
    entry_history: { event_transfers_cost: spec.cost ?? 0 },
    picks: order.map((element, i) => ({
      element,
      position: i + 1,
      multiplier: i < 11 ? (element === captain ? 2 : 1) : 0,
      is_captain: element === captain,
      is_vice_captain: element === vice,
      element_type: SQUAD.find(([id]) => id === element)?.[1],
    })),
  }
}

/**
 * `count` managers of the hand-made squad for the size test: player e scores e % 7 over 90
 * minutes except MID 7 (0 minutes: 13 comes in), captains, chips, hits and previous totals vary
 * with the entry id. `expected` holds each manager's live points worked out without the engine.
 */
export function syntheticManagers(count: number): { gw: LiveGameweek; managers: LiveManager[]; expected: Map<number, number> } {
  const live = Object.fromEntries(SQUAD.map(([id]) => [id, id === 7 ? ([0, 0] as const) : ([90, id % 7] as const)]))
  const gw = world({ live })
  const captains = [1, 2, 3, 4, 5, 6, 8, 9, 10, 11]
  const points = (ids: readonly number[]) => ids.reduce((sum, id) => sum + (id === 7 ? 0 : id % 7), 0)
  const managers: LiveManager[] = []
  const expected = new Map<number, number>()
  for (let id = 1; id <= count; id++) {
    const captain = captains[id % 10] ?? 9
    const chip = id % 13 === 0 ? 'bboost' : id % 17 === 0 ? '3xc' : null
    const cost = (id % 4) * 4
    managers.push({
      fpl_team_id: id,
      team_name: `Team ${id}`,
      player_name: `Manager ${id}`,
      previous_total: 1500 + ((id * 7919) % 400),
      sheet: sheet({ captain, vice: captains[(id + 1) % 10], chip, cost }),
    })
    const counting = chip === 'bboost' ? SQUAD.map(([e]) => e) : [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 13]
    expected.set(id, points(counting) + (captain % 7) * (chip === '3xc' ? 2 : 1) - cost)
  }
  return { gw, managers, expected }
}

// ---------------------------------------------------------------------------------------------
// A hand-made league for the matchday insight: five managers of the hand-made world.
// ---------------------------------------------------------------------------------------------

/**
 * The league's gameweek (every fixture finished unless the test says otherwise), `{ element:
 * [minutes, points] }`: MID 7 and MID 91 did not play; the rest played 90 minutes.
 */
export const LEAGUE_LIVE: Readonly<Record<number, readonly [number, number]>> = {
  1: [90, 6],
  2: [90, 6],
  3: [90, 7],
  4: [90, 6],
  5: [90, 8],
  6: [90, 5],
  7: [0, 0],
  8: [90, 2],
  9: [90, 10],
  10: [90, 6],
  11: [90, 1],
  12: [90, 1],
  13: [90, 3],
  14: [90, 2],
  15: [90, 2],
  90: [90, 12],
  91: [0, 0],
  92: [90, 4],
}

/**
 * The five managers (entry ids 1..5, previous totals 500, 480, 510, 505, 490):
 * 1 Triple Captain on 9 (vice 10), the squad as it is;
 * 2 Bench Boost, MID 90 for MID 8, captain 90 (vice 9);
 * 3 FWD 92 for MID 5 (a 3-3-4), captain 7 (vice 9);
 * 4 captain 9 (vice 10), a 4-point hit;
 * 5 MID 91 for the bench MID 13, captain 10 (vice 9).
 */
export function insightLeague(): LiveManager[] {
  const squad = SQUAD.map(([id]) => id)
  const specs: SheetSpec[] = [
    { chip: '3xc' },
    { chip: 'bboost', captain: 90, vice: 9, order: squad.map((id) => (id === 8 ? 90 : id)) },
    { captain: 7, vice: 9, order: [1, 2, 3, 4, 6, 7, 8, 92, 9, 10, 11, 12, 13, 14, 15] },
    { cost: 4 },
    { captain: 10, vice: 9, order: squad.map((id) => (id === 13 ? 91 : id)) },
  ]
  const previous = [500, 480, 510, 505, 490]
  return specs.map((spec, i) => ({
    fpl_team_id: i + 1,
    team_name: `Team ${i + 1}`,
    player_name: `Manager ${i + 1}`,
    previous_total: previous[i] ?? 0,
    sheet: sheet(spec),
  }))
}
