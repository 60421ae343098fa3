import { describe, expect, it } from 'vitest'
import { formatNumber } from '../../../contract/numbers'
import type { FplLive, FplPicks } from '../../../worker/fpl/schemas'
import {
  autoSubPoints,
  captainPoints,
  leagueRanks,
  liveLookup,
  netPoints,
  picksPoints,
  playedCaptain,
  populationStdDev,
  roundTo,
  totalAt,
} from '../../../worker/fpl/stats'
import { joinAnd, ordinal, plural } from '../../../worker/fpl/stats/text'
import { gw37Live, makeHistory, makeLive, makePicks, realHistory, realLiveGw1Trimmed, realPicksAltGw1, realPicksGw37 } from './fixtures'

/**
 * GW1 2025-26 live for team 1's 15 players. The captured GW1 live is trimmed to 10 elements and
 * only Saliba (6: 90 min, 9 pts) is in this sheet, so the other values are hand-set, chosen so the
 * sheet adds up to the real `entry_history.points` of 38 with 0 on the bench:
 *   XI after subs: Pickford 2 + Frimpong 2 + Saliba 9 + Robertson 1 + Cucurella 6 + Elanga 2
 *                  + Johnson 2 + Schade 2 + Mateta 2 + Bowen 3×2 + Solanke 4 = 38
 *   bench: Ederson, Gvardiol, Kluivert, Maddison, all 0 min, 0 pts.
 */
function altGw1Live(overrides: Record<number, readonly [number, number]> = {}): FplLive {
  const saliba = realLiveGw1Trimmed().elements.find((e) => e.id === 6)
  if (!saliba) throw new Error('Saliba missing from the capture')
  return makeLive({
    287: [90, 2], // Pickford (auto-sub in, for Ederson)
    370: [90, 2], // Frimpong
    6: [saliba.stats.minutes, saliba.stats.total_points], // Saliba: real capture
    372: [25, 1], // Robertson (auto-sub in, for Gvardiol)
    224: [90, 6], // Cucurella
    486: [90, 2], // Elanga
    580: [90, 2], // Johnson
    120: [70, 2], // Schade
    283: [90, 2], // Mateta (auto-sub in, for Maddison)
    624: [90, 3], // Bowen, captain
    596: [90, 4], // Solanke
    399: [0, 0], // Ederson, vice: subbed out
    403: [0, 0], // Gvardiol: subbed out
    81: [0, 0], // Kluivert
    581: [0, 0], // Maddison: subbed out
    ...overrides,
  })
}

describe('liveLookup', () => {
  it('maps element id to minutes, total_points and played (real GW1 capture)', () => {
    const lookup = liveLookup(realLiveGw1Trimmed())
    expect(lookup.size).toBe(10)
    expect(lookup.get(6)).toEqual({ minutes: 90, total_points: 9, played: true }) // Saliba
    expect(lookup.get(7)).toEqual({ minutes: 71, total_points: 13, played: true }) // Calafiori
    expect(lookup.get(8)).toEqual({ minutes: 19, total_points: 0, played: true }) // played, scored 0
    expect(lookup.get(999)).toBeUndefined()
  })
})

describe('netPoints and totalAt', () => {
  it('net = points − event_transfers_cost', () => {
    const gw22 = realHistory().current.find((r) => r.event === 22)
    expect(gw22 && netPoints(gw22)).toBe(39) // real row: points 39, cost 0 → 39
    // research §2.2 worked example: points 61 with a -8 hit → 53
    expect(netPoints({ points: 61, event_transfers_cost: 8 })).toBe(53)
  })

  it('totals come from total_points (net), never from summing points', () => {
    // GW1 50, GW2 60 with a -8 hit (net 52), GW3 40: total_points 50, 102, 142; Σ points = 150.
    const h = makeHistory([
      { event: 1, points: 50, total: 50 },
      { event: 2, points: 60, total: 102, cost: 8 },
      { event: 3, points: 40, total: 142 },
    ])
    expect(totalAt(h, 3)).toBe(142)
    expect(h.current.reduce((a, r) => a + r.points, 0)).toBe(150) // what a naive sum would claim
    // real team 1: GW38 total_points 1381
    expect(totalAt(realHistory(), 38)).toBe(1381)
  })

  it('carries the last total over a missed GW and is 0 before the first GW', () => {
    const joinedGw3 = makeHistory([
      { event: 3, points: 45, total: 45 },
      { event: 4, points: 50, total: 95 },
    ])
    expect(totalAt(joinedGw3, 2)).toBe(0)
    expect(totalAt(joinedGw3, 3)).toBe(45)
    expect(totalAt(joinedGw3, 6)).toBe(95) // no rows for 5, 6 yet: carried
  })
})

describe('real GW37 sheet (team 3122849, 2 auto-subs)', () => {
  const picks = realPicksGw37()

  it('the rebuilt live reproduces FPL’s own GW37 numbers', () => {
    // XI: 2+2+4+2+4+10+7+12+4+2 + 9×2 = 67 = entry_history.points
    expect(picksPoints(picks, gw37Live())).toBe(67)
    expect(picks.entry_history.points).toBe(67)
    // bench: Sels 2 + Reijnders 0 + João Pedro 0 + Mitchell 1 = 3 = entry_history.points_on_bench
    const bench = picks.picks.filter((p) => p.multiplier === 0)
    const live = liveLookup(gw37Live())
    expect(bench.reduce((a, p) => a + (live.get(p.element)?.total_points ?? 0), 0)).toBe(3)
    expect(picks.entry_history.points_on_bench).toBe(3)
  })

  it('captain Haaland played: 9 × 2 = 18', () => {
    expect(playedCaptain(picks, gw37Live())?.element).toBe(430)
    expect(captainPoints(picks, gw37Live())).toBe(18)
  })

  it('auto-subs: Thiago 2 + Botman 4 = 6', () => {
    expect(picks.automatic_subs.map((s) => s.element_in)).toEqual([136, 475])
    expect(autoSubPoints(picks, gw37Live())).toBe(6)
  })

  it('captain blanked (0 min): vice Mbeumo takes the armband, 7 × 2 = 14', () => {
    const live = gw37Live({ 430: [0, 0] })
    expect(playedCaptain(picks, live)?.element).toBe(119)
    expect(captainPoints(picks, live)).toBe(14)
  })

  it('after processing (captain benched ×0, vice ×2) the answer is the same 14', () => {
    const processed: FplPicks = {
      ...picks,
      picks: picks.picks.map((p) => (p.element === 430 ? { ...p, multiplier: 0, position: 15 } : p.element === 119 ? { ...p, multiplier: 2 } : p)),
    }
    const live = gw37Live({ 430: [0, 0] })
    expect(playedCaptain(processed, live)?.element).toBe(119)
    expect(captainPoints(processed, live)).toBe(14)
  })

  it('captain and vice both 0 min: nobody has the armband, 0 points', () => {
    const live = gw37Live({ 430: [0, 0], 119: [0, 0] })
    expect(playedCaptain(picks, live)).toBeNull()
    expect(captainPoints(picks, live)).toBe(0)
  })

  it('a captain booked on the bench (0 minutes, a yellow card, −1) keeps the armband: a card counts as playing', () => {
    const live = gw37Live({ 430: [0, -1] })
    const haaland = live.elements.find((e) => e.id === 430)
    if (haaland) haaland.stats.yellow_cards = 1
    expect(playedCaptain(picks, live)?.element).toBe(430)
    // FPL's armband stays on him: −1 × 2, not the vice's 7 × 2.
    expect(captainPoints(picks, live)).toBe(-2)
  })

  it('a captain who played and scored 0 keeps the armband (minutes, not points, decide)', () => {
    const live = gw37Live({ 430: [90, 0] })
    expect(playedCaptain(picks, live)?.element).toBe(430)
    expect(captainPoints(picks, live)).toBe(0)
  })

  it('triple captain: 9 × 3 = 27; with the vice taking over: 7 × 3 = 21', () => {
    const tc: FplPicks = { ...picks, active_chip: '3xc', picks: picks.picks.map((p) => (p.is_captain ? { ...p, multiplier: 3 } : p)) }
    expect(captainPoints(tc, gw37Live())).toBe(27)
    expect(captainPoints(tc, gw37Live({ 430: [0, 0] }))).toBe(21)
  })
})

describe('real GW1 sheet (team 1, 3 auto-subs, the vice among the subbed-out)', () => {
  const picks = realPicksAltGw1()

  it('adds up to the real 38 points', () => {
    expect(picksPoints(picks, altGw1Live())).toBe(38)
    expect(picks.entry_history.points).toBe(38)
  })

  it('auto-subs: Pickford 2 + Robertson 1 + Mateta 2 = 5', () => {
    expect(picks.automatic_subs.map((s) => s.element_in)).toEqual([287, 372, 283])
    expect(autoSubPoints(picks, altGw1Live())).toBe(5)
  })

  it('an element_in missing from the live data counts 0 (the trimmed capture has none of the three)', () => {
    expect(autoSubPoints(picks, realLiveGw1Trimmed())).toBe(0)
  })

  it('captain Bowen 3 × 2 = 6; if Bowen blanked, the vice (Ederson, subbed out, 0 min) cannot help: 0', () => {
    expect(captainPoints(picks, altGw1Live())).toBe(6)
    expect(playedCaptain(picks, altGw1Live({ 624: [0, 0] }))).toBeNull()
    expect(captainPoints(picks, altGw1Live({ 624: [0, 0] }))).toBe(0)
  })
})

describe('Bench Boost sheets', () => {
  it('the bench carries multiplier 1, so its points count in the GW score', () => {
    // XI Raya 6 + Salah 12×2; bench Pickford 2 (×1 under bboost) → 6 + 24 + 2 = 32; without the chip 30
    const live = makeLive({ 1: [90, 6], 20: [90, 12], 2: [90, 2] })
    const bb = makePicks({ starters: [1, 20], bench: [2], captain: 20, vice: 1, chip: 'bboost', mult: { 20: 2 } })
    expect(bb.picks.map((p) => p.multiplier)).toEqual([1, 2, 1])
    expect(picksPoints(bb, live)).toBe(32)
    expect(picksPoints(makePicks({ starters: [1, 20], bench: [2], captain: 20, vice: 1, mult: { 20: 2 } }), live)).toBe(30)
    expect(autoSubPoints(bb, live)).toBe(0) // no auto-subs under Bench Boost
  })
})

describe('leagueRanks', () => {
  it('standard competition ranking, ties share and the next rank skips, ties ordered by entry id', () => {
    const ranked = leagueRanks([
      { entry: 5, total: 100 },
      { entry: 3, total: 120 },
      { entry: 9, total: 100 },
      { entry: 1, total: 90 },
      { entry: 2, total: 100 },
    ])
    // 120 → 1st; three on 100 → all 2nd, in entry order 2, 5, 9; 90 → 5th (not 3rd)
    expect(ranked.map((r) => [r.entry, r.rank])).toEqual([
      [3, 1],
      [2, 2],
      [5, 2],
      [9, 2],
      [1, 5],
    ])
  })

  it('splits equal totals on transfers as FPL does, shares them when the transfers are equal, and leaves the input untouched', () => {
    const input = [
      { entry: 1, total: 10, transfers: 8 },
      { entry: 2, total: 10, transfers: 3 },
      { entry: 3, total: 9, transfers: 5 },
      { entry: 4, total: 9, transfers: 5 },
      { entry: 5, total: 8 },
    ]
    // 10: 2 (3 transfers) 1st, 1 (8) 2nd; 9: both on 5 transfers share 3rd; 8: 5th.
    expect(leagueRanks(input).map((r) => [r.entry, r.rank])).toEqual([
      [2, 1],
      [1, 2],
      [3, 3],
      [4, 3],
      [5, 5],
    ])
    expect(input[0]).toEqual({ entry: 1, total: 10, transfers: 8 })
    expect(leagueRanks([])).toEqual([])
  })

  it('a tie where anyone’s transfers are unknown shares one rank: a split we cannot check is never shown', () => {
    const ranked = leagueRanks([
      { entry: 7, total: 50, transfers: 9 },
      { entry: 6, total: 50, transfers: null },
      { entry: 5, total: 50, transfers: 1 },
    ])
    expect(ranked.map((r) => [r.entry, r.rank])).toEqual([
      [5, 1],
      [7, 1],
      [6, 1],
    ])
  })
})

describe('text helpers', () => {
  it('ordinals, thousands separators, plurals, lists', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112].map(ordinal).join(' ')).toBe('1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 23rd 101st 111th 112th')
    expect(ordinal(3_508_107)).toBe('3,508,107th')
    expect(formatNumber(1_410_000)).toBe('1,410,000')
    expect(formatNumber(-8)).toBe('-8')
    expect([plural(1, 'point'), plural(0, 'point'), plural(1500, 'place')]).toEqual(['1 point', '0 points', '1,500 places'])
    expect([joinAnd([]), joinAnd(['a']), joinAnd(['a', 'b']), joinAnd(['a', 'b', 'c'])]).toEqual(['', 'a', 'a and b', 'a, b and c'])
  })
})

describe('numeric helpers', () => {
  it('population standard deviation', () => {
    // 60, 55, 58, 57: mean 57.5; squared deviations 6.25 + 6.25 + 0.25 + 0.25 = 13; 13/4 = 3.25; √3.25 = 1.8028
    expect(populationStdDev([60, 55, 58, 57])).toBeCloseTo(1.8028, 4)
    expect(populationStdDev([50, 50, 50])).toBe(0)
  })

  it('roundTo rounds half up to the given decimals', () => {
    expect(roundTo(131 / 3, 1)).toBe(43.7)
    expect(roundTo(2.25, 1)).toBe(2.3)
    expect(roundTo(1.05, 1)).toBe(1.1)
    expect(roundTo(4.1, 1)).toBe(4.1)
  })
})
