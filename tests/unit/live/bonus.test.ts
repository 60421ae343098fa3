import { describe, expect, it } from 'vitest'
import { bonusFromBps } from '../../../worker/fpl/live'
import { type FixtureSpec, world } from './fixtures'

/** bonusFromBps over `[element, bps]`, as `{ element: bonus }`. */
const bonus = (scores: ReadonlyArray<readonly [number, number]>) => Object.fromEntries(bonusFromBps(scores.map(([element, bps]) => ({ element, bps }))))

describe('bonusFromBps: 3, 2, 1 to the top three bps, ties share', () => {
  it('no tie: 3, 2, 1, nothing for 4th', () => {
    expect(
      bonus([
        [1, 30],
        [2, 40],
        [3, 20],
        [4, 10],
      ]),
    ).toEqual({ 2: 3, 1: 2, 3: 1 })
  })

  it('two tied first: 3, 3, then 1 for the next', () => {
    expect(
      bonus([
        [1, 40],
        [2, 40],
        [3, 30],
        [4, 20],
      ]),
    ).toEqual({ 1: 3, 2: 3, 3: 1 })
  })

  it('one first, two tied second: 3, 2, 2, nothing for the next', () => {
    expect(
      bonus([
        [1, 50],
        [2, 40],
        [3, 40],
        [4, 30],
      ]),
    ).toEqual({ 1: 3, 2: 2, 3: 2 })
  })

  it('one first, one second, two tied third: 3, 2, 1, 1', () => {
    expect(
      bonus([
        [1, 50],
        [2, 40],
        [3, 30],
        [4, 30],
        [5, 20],
      ]),
    ).toEqual({ 1: 3, 2: 2, 3: 1, 4: 1 })
  })

  it('three tied first: 3, 3, 3, nothing for the next', () => {
    expect(
      bonus([
        [1, 40],
        [2, 40],
        [3, 40],
        [4, 30],
      ]),
    ).toEqual({ 1: 3, 2: 3, 3: 3 })
  })

  it('a tie across more players: four tied first all get 3; one first and four tied second get 3, 2, 2, 2, 2', () => {
    expect(
      bonus([
        [1, 40],
        [2, 40],
        [3, 40],
        [4, 40],
        [5, 30],
      ]),
    ).toEqual({ 1: 3, 2: 3, 3: 3, 4: 3 })
    expect(
      bonus([
        [1, 50],
        [2, 40],
        [3, 40],
        [4, 40],
        [5, 40],
        [6, 30],
      ]),
    ).toEqual({ 1: 3, 2: 2, 3: 2, 4: 2, 5: 2 })
  })

  it('two tied first and two tied third: 3, 3, 1, 1', () => {
    expect(
      bonus([
        [1, 40],
        [2, 40],
        [3, 30],
        [4, 30],
        [5, 20],
      ]),
    ).toEqual({ 1: 3, 2: 3, 3: 1, 4: 1 })
  })

  it('fewer than three players with bps', () => {
    expect(bonus([[1, 10]])).toEqual({ 1: 3 })
    expect(bonus([])).toEqual({})
  })
})

describe('projected bonus in the live points', () => {
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

  it('is not projected for a fixture whose bonus is added (its stats carry bonus); the live points already hold it', () => {
    const gw = world({ fixtures: [race, ...others] })
    expect(gw.element(1)).toMatchObject({ projectedBonus: 0, points: 2 })
  })

  it('is not projected once a live element’s explain for the fixture carries bonus', () => {
    const gw = world({ fixtures: [race, ...others], explainBonus: { 5: [102, 3] } })
    expect(gw.element(5).projectedBonus).toBe(0)
    expect(gw.element(4).projectedBonus).toBe(0)
  })

  it('is not projected once event-status marks the fixture’s match day bonus_added (and still is for another day)', () => {
    const day = (date: string, added: boolean) => ({ bonus_added: added, date, event: 5, points: 'l' })
    const later: FixtureSpec = { ...race, kickoff: '2026-11-22T16:30:00Z' }
    const added = world({ fixtures: [later, ...others], eventStatus: { status: [day('2026-11-21', true), day('2026-11-22', true)], leagues: '' } })
    expect(added.element(5).projectedBonus).toBe(0)
    const otherDay = world({ fixtures: [later, ...others], eventStatus: { status: [day('2026-11-21', true), day('2026-11-22', false)], leagues: '' } })
    expect(otherDay.element(5).projectedBonus).toBe(3)
    const otherGameweek = world({ fixtures: [later, ...others], eventStatus: { status: [{ ...day('2026-11-22', true), event: 4 }], leagues: '' } })
    expect(otherGameweek.element(5).projectedBonus).toBe(3)
  })

  it('is not projected before kick-off', () => {
    const gw = world({ fixtures: [{ ...race, state: 'todo' }, ...others] })
    expect(gw.element(5).projectedBonus).toBe(0)
  })
})
