/**
 * The gameweek as one poll of FPL sees it: every player's live points (bonus not yet in FPL's
 * points included, counted once), minutes, whether he played and his fixture state, the
 * gameweek's status and fixture counts. Built once per poll and shared by every tournament, so a
 * tournament's table only sums per manager (table.ts). Pure: the caller fetches bootstrap-static,
 * `event/{gw}/live/`, `fixtures/?event={gw}` and `event-status/`.
 */
import type { LiveFixtureState, LivePointLine } from '../../../contract/live'
import type { GameweekStatus } from '../../db/schema'
import type { FplBootstrap, FplEvent, FplEventStatus, FplFixture, FplLive } from '../schemas'
import { playedInGameweek } from '../stats/points'
import { bonusFromBps, fixtureBonus, fixtureBps } from './bonus'

/**
 * The parts of a `fixtures/?event={gw}` fixture the engine reads. The score and the match minute
 * (the team view, the swing feed) are optional: feeds stored before decision 140's engine lack them.
 */
export type LiveFixture = Pick<
  FplFixture,
  'id' | 'event' | 'kickoff_time' | 'started' | 'finished' | 'finished_provisional' | 'team_h' | 'team_a' | 'stats'
> & {
  team_h_score?: number | null
  team_a_score?: number | null
  minutes?: number
}

export interface LiveGameweekInput {
  gameweek: number
  /** The gameweek's bootstrap-static `events[]` row. */
  event: Pick<FplEvent, 'finished' | 'data_checked'>
  elements: ReadonlyArray<Pick<FplBootstrap['elements'][number], 'id' | 'web_name' | 'element_type' | 'team'>>
  /** bootstrap-static's clubs, for their short names; absent from feeds stored before decision 140's engine (a club is then named by its id). */
  teams?: ReadonlyArray<Pick<FplBootstrap['teams'][number], 'id' | 'short_name'>>
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
  /** His club (0 when unknown). */
  team: number
  minutes: number
  /** FPL's "played": at least 1 minute, or a yellow or red card (a booking on the bench counts). */
  played: boolean
  /** Live `total_points`, plus `unaddedBonus` and `projectedBonus`. */
  points: number
  projectedBonus: number
  /** Bonus FPL has awarded (its fixture's `bonus` stat) that his live `total_points` does not hold yet. */
  unaddedBonus: number
  state: FixtureState
  /** No fixture of his club is left to play (all finished, or none at all): 0 minutes is final. */
  done: boolean
}

/** One line of a player's points in one fixture: FPL's `explain` line, unadded bonus ("bonus") or our "projected_bonus". */
export interface PointLine extends LivePointLine {
  fixture: number
}

export interface LiveGameweek {
  gameweek: number
  status: GameweekStatus
  fixtures: { total: number; started: number; finished: number }
  /** A player's live line; a player absent from the data (no live element) scored nothing. */
  element(id: number, type?: number): ElementLive
  /**
   * Where a player's points come from, fixture by fixture, lines that score only; their points
   * add up to his live points. Built on demand (team view, swing feed), never for the table.
   */
  pointLines(id: number): PointLine[]
  /** A club's fixtures of the gameweek, in kick-off order. */
  clubFixtures(team: number): readonly LiveFixture[]
  /** One fixture of the gameweek. */
  fixture(id: number): LiveFixture | undefined
  /** A club's short name ("ARS"). */
  clubName(team: number): string
}

export function liveGameweek(input: LiveGameweekInput): LiveGameweek {
  const fixtures = input.fixtures.filter((f) => f.event === input.gameweek)
  const bonusLines = bonusNotInPoints(fixtures, input.live)

  const byTeam = new Map<number, LiveFixture[]>()
  for (const f of [...fixtures].sort((a, b) => (a.kickoff_time ?? '').localeCompare(b.kickoff_time ?? '') || a.id - b.id)) {
    for (const team of [f.team_h, f.team_a]) {
      const list = byTeam.get(team)
      if (list) list.push(f)
      else byTeam.set(team, [f])
    }
  }
  const live = new Map(input.live.elements.map((e) => [e.id, e]))
  // By id (ids are small integers): every manager's 15 lookups of every table read it.
  const lines: ElementLive[] = []
  for (const e of input.elements) {
    const s = live.get(e.id)?.stats
    let projectedBonus = 0
    let unaddedBonus = 0
    for (const line of bonusLines.get(e.id) ?? []) {
      if (line.identifier === 'bonus') unaddedBonus += line.points
      else projectedBonus += line.points
    }
    const minutes = s?.minutes ?? 0
    const state = fixtureState(byTeam.get(e.team) ?? [])
    lines[e.id] = {
      id: e.id,
      name: e.web_name,
      type: e.element_type,
      team: e.team,
      minutes,
      played: s ? playedInGameweek(s) : false,
      points: (s?.total_points ?? 0) + unaddedBonus + projectedBonus,
      projectedBonus,
      unaddedBonus,
      state,
      done: state === 'finished' || state === 'no_fixture',
    }
  }
  const names = new Map((input.teams ?? []).map((t) => [t.id, t.short_name]))
  const byId = new Map(fixtures.map((f) => [f.id, f]))

  return {
    gameweek: input.gameweek,
    status: gameweekStatus(input, fixtures),
    fixtures: { total: fixtures.length, started: fixtures.filter((f) => f.started).length, finished: fixtures.filter(isOver).length },
    element: (id, type = 0) =>
      lines[id] ?? {
        id,
        name: String(id),
        type,
        team: 0,
        minutes: 0,
        played: false,
        points: 0,
        projectedBonus: 0,
        unaddedBonus: 0,
        state: 'no_fixture',
        done: true,
      },
    pointLines: (id) => [...explainLines(live.get(id)), ...(bonusLines.get(id) ?? [])],
    clubFixtures: (team) => byTeam.get(team) ?? [],
    fixture: (id) => byId.get(id),
    clubName: (team) => names.get(team) ?? String(team),
  }
}

/** His `explain` as point lines, the lines that score only (the feed keeps no others). */
function explainLines(element: FplLive['elements'][number] | undefined): PointLine[] {
  const out: PointLine[] = []
  for (const x of element?.explain ?? []) {
    for (const s of x.stats) {
      if (s.points !== 0) out.push({ fixture: x.fixture, identifier: s.identifier, value: typeof s.value === 'number' ? s.value : 0, points: s.points })
    }
  }
  return out
}

const isOver = (f: Pick<LiveFixture, 'finished' | 'finished_provisional'>): boolean => f.finished || f.finished_provisional

function fixtureState(fixtures: readonly LiveFixture[]): FixtureState {
  if (fixtures.length === 0) return 'no_fixture'
  if (fixtures.every(isOver)) return 'finished'
  return fixtures.some((f) => f.started) ? 'in_play' : 'not_started'
}

/** One fixture's state (a club's is over all its fixtures: `ElementLive.state`). */
export function matchState(fixture: LiveFixture): Exclude<FixtureState, 'no_fixture'> {
  return isOver(fixture) ? 'finished' : fixture.started ? 'in_play' : 'not_started'
}

/**
 * The bonus each player's live `total_points` does not hold yet, by fixture, counted exactly once
 * (decision 140). His `explain` and `total_points` come from one answer, so a bonus line in his
 * `explain` for a fixture means it is in his points. Otherwise, if the fixture's `bonus` stat (the
 * other endpoint, read a moment apart) lists him, that bonus is awarded but not in his points yet:
 * it is added as "bonus". Otherwise, once the fixture's bonus is known to be awarded (its stat, or
 * a bonus line in anybody's `explain` for it) he has none; before that it is projected from bps
 * after kick-off. event-status `bonus_added` is not read: it says nothing per player.
 */
function bonusNotInPoints(fixtures: readonly LiveFixture[], live: FplLive): Map<number, PointLine[]> {
  const counted = bonusInExplain(live)
  const lines = new Map<number, PointLine[]>()
  const add = (element: number, line: PointLine) => {
    const list = lines.get(element)
    if (list) list.push(line)
    else lines.set(element, [line])
  }
  for (const fixture of fixtures) {
    if (!fixture.started) continue
    const awarded = fixtureBonus(fixture)
    const inPoints = counted.get(fixture.id)
    if (awarded.size > 0 || inPoints) {
      for (const [element, bonus] of awarded) {
        if (!inPoints?.has(element)) add(element, { fixture: fixture.id, identifier: 'bonus', value: bonus, points: bonus })
      }
    } else {
      for (const [element, bonus] of bonusFromBps(fixtureBps(fixture)))
        add(element, { fixture: fixture.id, identifier: 'projected_bonus', value: bonus, points: bonus })
    }
  }
  return lines
}

/** By fixture, the players whose `explain` for it carries bonus points. */
function bonusInExplain(live: FplLive): Map<number, Set<number>> {
  const fixtures = new Map<number, Set<number>>()
  for (const e of live.elements) {
    for (const x of e.explain ?? []) {
      if (!x.stats.some((s) => s.identifier === 'bonus' && s.points !== 0)) continue
      const players = fixtures.get(x.fixture)
      if (players) players.add(e.id)
      else fixtures.set(x.fixture, new Set([e.id]))
    }
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
