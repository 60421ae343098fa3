/**
 * The gameweek as one poll of FPL sees it: every player's live points (projected bonus included),
 * minutes and fixture state, the gameweek's status and fixture counts. Built once per poll and
 * shared by every tournament, so a tournament's table only sums per manager (table.ts). Pure: the
 * caller fetches bootstrap-static, `event/{gw}/live/`, `fixtures/?event={gw}` and `event-status/`.
 */
import type { LiveFixtureState } from '../../../contract/live'
import type { GameweekStatus } from '../../db/schema'
import type { FplBootstrap, FplEvent, FplEventStatus, FplFixture, FplLive } from '../schemas'
import { bonusFromBps, fixtureBps, fixtureHasBonus } from './bonus'

/** The parts of a `fixtures/?event={gw}` fixture the engine reads. */
export type LiveFixture = Pick<FplFixture, 'id' | 'event' | 'kickoff_time' | 'started' | 'finished' | 'finished_provisional' | 'team_h' | 'team_a' | 'stats'>

export interface LiveGameweekInput {
  gameweek: number
  /** The gameweek's bootstrap-static `events[]` row. */
  event: Pick<FplEvent, 'finished' | 'data_checked'>
  elements: ReadonlyArray<Pick<FplBootstrap['elements'][number], 'id' | 'web_name' | 'element_type' | 'team'>>
  live: FplLive
  /** `fixtures/?event={gw}`; fixtures of other gameweeks (or postponed ones, `event` null) are ignored. */
  fixtures: readonly LiveFixture[]
  eventStatus: FplEventStatus | null
}

/**
 * Where a player's gameweek stands: every fixture of his club finished (`finished` or
 * `finished_provisional`), none started, or in between (in play, or between the two matches of a
 * double gameweek); `no_fixture` when his club has none (a blank or postponed fixture).
 */
export type FixtureState = LiveFixtureState

export interface ElementLive {
  id: number
  name: string
  /** 1 GKP, 2 DEF, 3 MID, 4 FWD. */
  type: number
  minutes: number
  /** Live `total_points` plus the projected bonus of his fixtures whose bonus FPL has not added. */
  points: number
  projectedBonus: number
  state: FixtureState
  /** No fixture of his club is left to play (all finished, or none at all): 0 minutes is final. */
  done: boolean
}

export interface LiveGameweek {
  gameweek: number
  status: GameweekStatus
  fixtures: { total: number; started: number; finished: number }
  /** A player's live line; a player absent from the data (no live element) scored nothing. */
  element(id: number, type?: number): ElementLive
}

export function liveGameweek(input: LiveGameweekInput): LiveGameweek {
  const fixtures = input.fixtures.filter((f) => f.event === input.gameweek)
  const bonusInPoints = bonusAlreadyCounted(input.live)
  const projected = new Map<number, number>()
  for (const fixture of fixtures) {
    if (!fixture.started || bonusAdded(fixture, input, bonusInPoints)) continue
    for (const [element, bonus] of bonusFromBps(fixtureBps(fixture))) projected.set(element, (projected.get(element) ?? 0) + bonus)
  }

  const byTeam = new Map<number, LiveFixture[]>()
  for (const f of fixtures) {
    for (const team of [f.team_h, f.team_a]) {
      const list = byTeam.get(team)
      if (list) list.push(f)
      else byTeam.set(team, [f])
    }
  }
  const stats = new Map(input.live.elements.map((e) => [e.id, e.stats]))
  const lines = new Map<number, ElementLive>()
  for (const e of input.elements) {
    const s = stats.get(e.id)
    const projectedBonus = projected.get(e.id) ?? 0
    const state = fixtureState(byTeam.get(e.team) ?? [])
    lines.set(e.id, {
      id: e.id,
      name: e.web_name,
      type: e.element_type,
      minutes: s?.minutes ?? 0,
      points: (s?.total_points ?? 0) + projectedBonus,
      projectedBonus,
      state,
      done: state === 'finished' || state === 'no_fixture',
    })
  }

  return {
    gameweek: input.gameweek,
    status: gameweekStatus(input, fixtures),
    fixtures: { total: fixtures.length, started: fixtures.filter((f) => f.started).length, finished: fixtures.filter(isOver).length },
    element: (id, type = 0) => lines.get(id) ?? { id, name: String(id), type, minutes: 0, points: 0, projectedBonus: 0, state: 'no_fixture', done: true },
  }
}

const isOver = (f: Pick<LiveFixture, 'finished' | 'finished_provisional'>): boolean => f.finished || f.finished_provisional

function fixtureState(fixtures: readonly LiveFixture[]): FixtureState {
  if (fixtures.length === 0) return 'no_fixture'
  if (fixtures.every(isOver)) return 'finished'
  return fixtures.some((f) => f.started) ? 'in_play' : 'not_started'
}

/**
 * A fixture's bonus is in FPL's points once any of three signals says so: its stats carry
 * `bonus` values, a live element's `explain` for it carries bonus points, or event-status marks
 * its match day `bonus_added`. Any one is enough: projecting on top of added bonus would count it
 * twice, and the three are published by different FPL endpoints that a poll may read a moment apart.
 */
function bonusAdded(fixture: LiveFixture, input: LiveGameweekInput, bonusInPoints: ReadonlySet<number>): boolean {
  if (fixtureHasBonus(fixture) || bonusInPoints.has(fixture.id)) return true
  const day = fixture.kickoff_time?.slice(0, 10)
  return input.eventStatus?.status.some((s) => s.event === input.gameweek && s.date === day && s.bonus_added) ?? false
}

/** Fixtures whose bonus some live element's `explain` already counts. */
function bonusAlreadyCounted(live: FplLive): Set<number> {
  const fixtures = new Set<number>()
  for (const e of live.elements) {
    for (const x of e.explain ?? []) if (x.stats.some((s) => s.identifier === 'bonus' && s.points !== 0)) fixtures.add(x.fixture)
  }
  return fixtures
}

/**
 * `checked` and `finished` as the refresh reads them (worker/fpl/gameweek.ts: FPL's `finished`,
 * then `data_checked` with the leagues updated); before that `live` once a fixture has kicked
 * off, `upcoming` until then.
 */
function gameweekStatus(input: LiveGameweekInput, fixtures: readonly LiveFixture[]): GameweekStatus {
  if (input.event.finished) return input.event.data_checked && (input.eventStatus?.leagues ?? 'Updated') === 'Updated' ? 'checked' : 'finished'
  return fixtures.some((f) => f.started) ? 'live' : 'upcoming'
}
