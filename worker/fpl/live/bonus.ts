/**
 * Projected bonus points of one fixture from its bonus points system (bps) scores. Pure.
 *
 * FPL gives 3, 2 and 1 to the three best bps of a match, and ties share: two tied first get 3
 * each and the next gets 1; one first and two tied second get 3, 2, 2; one first, one second and
 * two tied third get 3, 2, 1, 1. All of these are one rule: a player whose bps is beaten by k
 * others (his standard competition rank is k + 1) gets 3 − k, and nothing from 4th place on. So
 * three tied first get 3 each and nobody gets 2 or 1, and three tied second after one first get
 * 3, 2, 2, 2 (FPL awarded exactly that in GW37 2025-26 fixture 361: tests/unit/live/bonus.test.ts).
 */
import type { FplFixture } from '../schemas'

export interface BpsScore {
  element: number
  bps: number
}

/** Bonus by element for the players who get any (3, 2 or 1); players who get none are absent. */
export function bonusFromBps(scores: readonly BpsScore[]): Map<number, number> {
  const sorted = [...scores].sort((a, b) => b.bps - a.bps)
  const bonus = new Map<number, number>()
  let rank = 0
  sorted.forEach((score, index) => {
    if (index === 0 || score.bps !== sorted[index - 1]?.bps) rank = index + 1
    if (rank <= 3) bonus.set(score.element, 4 - rank)
  })
  return bonus
}

/** The parts of a `fixtures/?event={gw}` fixture the bonus reads. */
export type BonusFixture = Pick<FplFixture, 'id' | 'started' | 'stats'>

/**
 * The fixture's bps scores, home and away, from its `bps` stat (the per-fixture figure: the live
 * elements' `stats.bps` adds both fixtures of a double gameweek together, and `explain` carries no
 * bps). Empty before kick-off.
 */
export function fixtureBps(fixture: BonusFixture): BpsScore[] {
  const stat = fixture.stats.find((s) => s.identifier === 'bps')
  if (!stat) return []
  return [...stat.h, ...stat.a].map((v) => ({ element: v.element, bps: v.value }))
}

/** The bonus FPL has written into the fixture's stats, by element; empty until it is awarded. */
export function fixtureBonus(fixture: BonusFixture): Map<number, number> {
  const stat = fixture.stats.find((s) => s.identifier === 'bonus')
  return new Map([...(stat?.h ?? []), ...(stat?.a ?? [])].map((v) => [v.element, v.value]))
}
