import { describe, expect, it } from 'vitest'
import { liveTeam } from '../../../worker/fpl/live'
import { ALL_DONE, type FixtureSpec, sheet, world } from './fixtures'

describe('a postponed fixture: no fixture, no points', () => {
  // Clubs 5 v 6 postponed: FPL sets the fixture's event to null. Squad players 7, 8 (club 5) and
  // 9, 14 (club 6) have no match this gameweek.
  const fixtures: FixtureSpec[] = [...ALL_DONE.filter((f) => f.id !== 103), { id: 103, h: 5, a: 6, state: 'todo', event: null, bps: { 7: 30, 9: 20 } }]
  const gw = world({ fixtures, live: { 7: [0, 0], 8: [0, 0], 9: [0, 0], 14: [0, 0] } })

  it('leaves the fixture out of the gameweek’s counts', () => {
    expect(gw.fixtures).toEqual({ total: 3, started: 3, finished: 3 })
  })

  it('gives its players no fixture, no projected bonus and nothing left to play', () => {
    expect(gw.element(7)).toMatchObject({ state: 'no_fixture', done: true, points: 0, projectedBonus: 0 })
  })

  it('subs its starters out at once, in bench order', () => {
    const team = liveTeam(gw, sheet())
    // 7 (MID): 12 is the GK, 13 (MID) comes in. 8 (MID): 14 (DEF, same postponed club) did not
    // play, 15 (FWD) comes in. 9 (FWD, the captain): nobody left who played; the vice 10 takes ×2.
    expect(team.auto_subs).toEqual([
      { out: 7, in: 13 },
      { out: 8, in: 15 },
    ])
    expect(team.players_to_play).toBe(0)
    expect(team.live_points).toBe(9 * 2 + 2 * 2)
  })
})

describe('a double gameweek: a club with two fixtures', () => {
  // Club 3 (players 4 and 5) plays 102 (v 4) and 105 (v 1).
  const first: FixtureSpec = { id: 102, h: 3, a: 4, state: 'done', bps: { 5: 40, 93: 30, 6: 20 } }
  const second: FixtureSpec = { id: 105, h: 3, a: 1, state: 'play', bps: { 5: 25, 1: 30, 90: 20 } }
  const others = ALL_DONE.filter((f) => f.id !== 102)

  it('adds the projected bonus of both fixtures', () => {
    expect(world({ fixtures: [first, second, ...others] }).element(5).projectedBonus).toBe(3 + 2)
  })

  it('projects only the fixture whose bonus is not added yet', () => {
    // 102's bonus is awarded and inside 5's live points (his explain for 102 has it).
    const gw = world({ fixtures: [{ ...first, bonus: { 5: 3, 93: 2, 6: 1 } }, second, ...others], live: { 5: [150, 14] }, explainBonus: { 5: [102, 3] } })
    expect(gw.element(5)).toMatchObject({ projectedBonus: 2, points: 16 })
  })

  it('is in play between the two matches and final only after both', () => {
    const between = world({ fixtures: [first, { ...second, state: 'todo', bps: undefined }, ...others], live: { 4: [0, 0] } })
    expect(between.element(4)).toMatchObject({ state: 'in_play', done: false })
    // 4 has 0 minutes after the first match but the second is to come: no sub yet, still to play.
    const team = liveTeam(between, sheet())
    expect(team.auto_subs).toEqual([])
    expect(team.players_to_play).toBe(1)
    const after = world({ fixtures: [first, { ...second, state: 'done' }, ...others], live: { 4: [0, 0] } })
    expect(after.element(4)).toMatchObject({ state: 'finished', done: true })
    expect(liveTeam(after, sheet()).auto_subs).toEqual([{ out: 4, in: 14 }])
  })

  it('counts both fixtures in the gameweek', () => {
    expect(world({ fixtures: [first, second, ...others] }).fixtures).toEqual({ total: 5, started: 5, finished: 4 })
  })
})

describe('fixture state and gameweek status', () => {
  it('not started, in play, finished (finished_provisional is finished)', () => {
    const gw = world({
      fixtures: [
        { id: 101, h: 1, a: 2, state: 'todo' },
        { id: 102, h: 3, a: 4, state: 'play' },
        { id: 103, h: 5, a: 6, state: 'provisional' },
        { id: 104, h: 7, a: 8, state: 'done' },
      ],
    })
    expect([1, 4, 7, 10].map((e) => gw.element(e).state)).toEqual(['not_started', 'in_play', 'finished', 'finished'])
    expect(gw.fixtures).toEqual({ total: 4, started: 3, finished: 2 })
  })

  it('upcoming before the first kick-off, live after it, then finished, then checked once the leagues are updated', () => {
    const todo = ALL_DONE.map((f) => ({ ...f, state: 'todo' as const }))
    expect(world({ fixtures: todo }).status).toBe('upcoming')
    expect(world({ fixtures: [{ ...todo[0], state: 'play' } as FixtureSpec, ...todo.slice(1)] }).status).toBe('live')
    expect(world({ event: { finished: true, data_checked: false } }).status).toBe('finished')
    const updating = { status: [], leagues: 'Updating' }
    expect(world({ event: { finished: true, data_checked: true }, eventStatus: updating }).status).toBe('finished')
    expect(world({ event: { finished: true, data_checked: true }, eventStatus: { ...updating, leagues: 'Updated' } }).status).toBe('checked')
  })
})
