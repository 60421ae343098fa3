import { describe, expect, it } from 'vitest'
import { bonusFromBps } from '../../../worker/fpl/live'
import { type FixtureSpec, world } from './fixtures'

/** bonusFromBps over the bps of players 1, 2, 3, …, as `{ element: bonus }`. */
const bonus = (bps: number[]) => Object.fromEntries(bonusFromBps(bps.map((value, i) => ({ element: i + 1, bps: value }))))

describe('bonusFromBps: 3, 2, 1 to the top three bps, ties share', () => {
  it.each<[string, number[], Record<number, number>]>([
    ['no tie: 3, 2, 1, nothing for 4th', [30, 40, 20, 10], { 2: 3, 1: 2, 3: 1 }],
    ['two tied first: 3, 3, then 1 for the next', [40, 40, 30, 20], { 1: 3, 2: 3, 3: 1 }],
    ['one first, two tied second: 3, 2, 2, nothing for the next', [50, 40, 40, 30], { 1: 3, 2: 2, 3: 2 }],
    ['one first, one second, two tied third: 3, 2, 1, 1', [50, 40, 30, 30, 20], { 1: 3, 2: 2, 3: 1, 4: 1 }],
    ['three tied first: 3, 3, 3, nothing for the next', [40, 40, 40, 30], { 1: 3, 2: 3, 3: 3 }],
    ['a tie across more players: four tied first all get 3', [40, 40, 40, 40, 30], { 1: 3, 2: 3, 3: 3, 4: 3 }],
    ['a tie across more players: one first and four tied second get 3, 2, 2, 2, 2', [50, 40, 40, 40, 40, 30], { 1: 3, 2: 2, 3: 2, 4: 2, 5: 2 }],
    ['two tied first and two tied third: 3, 3, 1, 1', [40, 40, 30, 30, 20], { 1: 3, 2: 3, 3: 1, 4: 1 }],
    ['fewer than three players with bps: one', [10], { 1: 3 }],
    ['fewer than three players with bps: none', [], {}],
  ])('%s', (_name, bps, expected) => {
    expect(bonus(bps)).toEqual(expected)
  })
})

describe('bonus in the live points, counted exactly once (decision 140)', () => {
  // Fixture 102 (clubs 3 v 4) in play: squad players 4 (DEF, club 3), 5 (MID, club 3), 6 (MID,
  // club 4) against 92 and 93. 5 leads on bps, 4 and 93 tie second.
  const race: FixtureSpec = { id: 102, h: 3, a: 4, state: 'play', bps: { 5: 40, 4: 30, 93: 30, 6: 10, 92: 5 } }
  const others: FixtureSpec[] = [
    { id: 101, h: 1, a: 2, state: 'done', bps: { 1: 20, 90: 5 }, bonus: { 1: 3, 90: 2, 91: 1 } },
    { id: 103, h: 5, a: 6, state: 'todo' },
    { id: 104, h: 7, a: 8, state: 'todo' },
  ]

  it('is projected while the fixture is in play and its bonus is not added', () => {
    const gw = world({ fixtures: [race, ...others] })
    expect(gw.element(5)).toMatchObject({ projectedBonus: 3, points: 5 })
    expect(gw.element(4)).toMatchObject({ projectedBonus: 2, points: 4 })
    expect(gw.element(93)).toMatchObject({ projectedBonus: 2 })
    expect(gw.element(6)).toMatchObject({ projectedBonus: 0, points: 2 })
  })

  it('is not projected for a fixture whose bonus is awarded; his explain’s bonus line says it is in his points', () => {
    // 101 is over with its bonus awarded (3 to 1); FPL's live answer already counts it: 2 + 3.
    const gw = world({ fixtures: [race, ...others], live: { 1: [90, 5] }, explainBonus: { 1: [101, 3] } })
    expect(gw.element(1)).toMatchObject({ projectedBonus: 0, unaddedBonus: 0, points: 5 })
  })

  it('is not projected once a live element’s explain for the fixture carries bonus', () => {
    const gw = world({ fixtures: [race, ...others], explainBonus: { 5: [102, 3] } })
    expect(gw.element(5).projectedBonus).toBe(0)
    expect(gw.element(4).projectedBonus).toBe(0)
  })

  it('is still projected when event-status marks the match day bonus_added but neither the fixture nor any explain shows it', () => {
    // bonus_added says nothing about this player's points: while the live answer lacks the bonus,
    // the projection counts it once (decision 140). Before that decision it counted zero times.
    const day = (date: string, added: boolean) => ({ bonus_added: added, date, event: 5, points: 'l' })
    const added = world({ fixtures: [race, ...others], eventStatus: { status: [day('2026-11-21', true)], leagues: '' } })
    expect(added.element(5)).toMatchObject({ projectedBonus: 3, points: 5 })
  })

  it('is not projected before kick-off', () => {
    const gw = world({ fixtures: [{ ...race, state: 'todo' }, ...others] })
    expect(gw.element(5).projectedBonus).toBe(0)
  })
})

describe('bonus awarded between two polls: in the fixture’s stats, not yet in his live points', () => {
  // Fixture 101 (clubs 1 v 2) is over and FPL has awarded its bonus: its stats give 1 (GK, club 1)
  // 3, 90 (club 1) 2 and 91 (club 2) 1. The live answer was read a moment earlier: nobody's
  // explain has a bonus line for 101 and their points are without it (1 and 90 on 2, 91 on 2).
  const awarded: FixtureSpec = { id: 101, h: 1, a: 2, state: 'done', bps: { 1: 30, 90: 20, 91: 10 }, bonus: { 1: 3, 90: 2, 91: 1 } }
  const rest: FixtureSpec[] = [
    { id: 102, h: 3, a: 4, state: 'done' },
    { id: 103, h: 5, a: 6, state: 'done' },
    { id: 104, h: 7, a: 8, state: 'done' },
  ]

  it('adds the awarded bonus once, as bonus (not projected)', () => {
    const gw = world({ fixtures: [awarded, ...rest] })
    expect(gw.element(1)).toMatchObject({ points: 2 + 3, unaddedBonus: 3, projectedBonus: 0 })
    expect(gw.element(90)).toMatchObject({ points: 2 + 2, unaddedBonus: 2 })
    expect(gw.element(91)).toMatchObject({ points: 2 + 1, unaddedBonus: 1 })
    expect(gw.pointLines(1)).toContainEqual({ fixture: 101, identifier: 'bonus', value: 3, points: 3 })
  })

  it('adds nothing once his explain counts it (the next poll): the same points, never twice', () => {
    const next = world({ fixtures: [awarded, ...rest], live: { 1: [90, 5], 90: [90, 4] }, explainBonus: { 1: [101, 3], 90: [101, 2] } })
    expect(next.element(1)).toMatchObject({ points: 5, unaddedBonus: 0, projectedBonus: 0 })
    expect(next.element(90)).toMatchObject({ points: 4, unaddedBonus: 0 })
    // 91's explain lags behind his team-mates' in this answer: his bonus is still added once.
    expect(next.element(91)).toMatchObject({ points: 3, unaddedBonus: 1 })
  })

  it('a player the awarded bonus leaves out gets none, even if bps would have given him some', () => {
    // Awarded before the last bps change: the stat (and 1's explain) say 1 has it all; 90's bps
    // would project 2 but the fixture's bonus is known, so he has none.
    const stale: FixtureSpec = { ...awarded, bonus: { 1: 3 } }
    expect(world({ fixtures: [stale, ...rest] }).element(90)).toMatchObject({ points: 2, unaddedBonus: 0, projectedBonus: 0 })
    const knownByExplain: FixtureSpec = { ...awarded, bonus: undefined }
    expect(world({ fixtures: [knownByExplain, ...rest], explainBonus: { 1: [101, 3] } }).element(90)).toMatchObject({ points: 2, projectedBonus: 0 })
  })
})
