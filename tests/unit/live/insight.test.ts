import { describe, expect, it } from 'vitest'
import { battle, type LeagueInsight, leagueGlance, leagueInsight, leagueOwnership, liveGameweek, ownershipWorth, rivalOf } from '../../../worker/fpl/live'
import { ALL_DONE, gw37Input, insightLeague, LEAGUE_LIVE, realPicksGw37, sheet, syntheticManagers, unprocessed, world } from './fixtures'

// The league (fixtures.ts, `insightLeague`, `LEAGUE_LIVE`), every fixture finished. Points:
// 1:6 2:6 3:7 4:6 5:8 6:5 7:0 (no minute) 8:2 9:10 10:6 11:1 12:1 13:3 14:2 15:2 90:12
// 91:0 (no minute) 92:4. MID 7 started for everyone; his sub, with projected subs on:
// 1 (3xc on 9):  13 for 7.                         1-6, 8, 10, 11, 13 ×1, 9 ×3  → 30 + 8 + 2 + 30 + 6 + 1 + 3 = 80
// 2 (bboost):    none, all 15 count, 90 ×2         → 30 + 8 + 0 + 24 + 10 + 6 + 1 + 1 + 3 + 2 + 2 = 87
// 3 (cap 7):     13 for 7; 7 has not played, his match is over: the vice 9 takes ×2
//                                                 → 30 + 2 (8) + 4 (92) + 20 + 6 + 1 + 3 = 66
// 4 (cap 9):     13 for 7                          → 80 − 10 = 70, − 4 hit = 66
// 5 (cap 10):    the GK 12 cannot come on, 91 did not play, DEF 14 comes on for 7
//                                                 → 30 + 8 + 2 + 10 + 12 + 1 + 2 = 65
// (30 = players 1, 2, 3, 4, 6: 6 + 6 + 7 + 6 + 5, owned and counted by all five.)
const gw = () => world({ live: LEAGUE_LIVE })
const league = (options: { autoSubs?: boolean } = {}) => leagueInsight(gw(), insightLeague(), options)

const row = (insight: LeagueInsight, element: number) => leagueOwnership(insight).players.find((p) => p.element === element)

describe('leagueOwnership', () => {
  it('EO with a Triple Captain, a Bench Boost and a benched captain whose vice took the armband', () => {
    const ownership = leagueOwnership(league())
    expect(ownership.managers).toBe(5)
    // 9: ×3 (1), ×1 (2, Bench Boost), ×2 (3, as the vice), ×2 (4), ×1 (5) = 9 → 9 / 5 = 180 %.
    expect(row(league(), 9)).toEqual({
      element: 9,
      name: 'P9',
      club: 'CHE',
      element_type: 4,
      points: 10,
      fixture_state: 'finished',
      owners: 5,
      starters: 5,
      captains: 2,
      triple_captains: 1,
      eo: 180,
      projected_bonus: 0,
    })
    // 7, the benched captain of 3: 0 for 1, 3, 4 (subbed out) and 5, 1 for 2 under Bench Boost → 20 %.
    expect(row(league(), 7)).toMatchObject({ owners: 5, starters: 1, captains: 0, eo: 20 })
    // The bench under Bench Boost counts 1: 12 and 15 are on 2's bench only → 20 %; 14 on 2's and
    // coming on for 5 → 40 %; 13 came on for 1, 3, 4 and counts for 2 → 80 %; 90 is 2's captain → 40 %.
    expect([12, 15, 14, 13, 90].map((e) => row(league(), e)?.eo)).toEqual([20, 20, 40, 80, 40])
    // 10: ×1 for 1-4 and ×2 for 5 → 6 / 5 = 120 %.
    expect(row(league(), 10)).toMatchObject({ captains: 1, triple_captains: 0, eo: 120 })
    // 91 is on 5's bench, passed over: owned, 0 %.
    expect(row(league(), 91)).toMatchObject({ owners: 1, starters: 0, eo: 0 })
  })

  it('sorts by EO, then live points; owners add up to 15 a manager; the average is Σ points × EO', () => {
    const ownership = leagueOwnership(league())
    expect(ownership.players.map((p) => p.element)).toEqual([9, 10, 3, 1, 2, 4, 6, 11, 5, 13, 8, 90, 14, 92, 15, 12, 7, 91])
    expect(ownership.players.reduce((sum, p) => sum + p.owners, 0)).toBe(15 * 5)
    // (80 + 87 + 66 + 70 + 65) / 5, live points before hits (4's 66 + 4).
    expect(ownership.average_points).toBe(73.6)
  })

  it('a manager’s worth against the league: points × (his multiplier − EO), and his gain against the average', () => {
    const worth = ownershipWorth(league(), 4)
    const of = (e: number) => worth?.picks.find((p) => p.element === e)?.worth
    expect(of(9)).toBe(2) // 10 × (2 − 1.8)
    expect(of(5)).toBe(1.6) // 8 × (1 − 0.8)
    expect(of(13)).toBe(0.6) // 3 × (1 − 0.8), come on for 7
    expect(of(10)).toBe(-1.2) // 6 × (1 − 1.2): 5 captains him
    expect(of(14)).toBe(-0.8) // 2 × (0 − 0.4): on his bench, counted by 2 and 5
    expect(of(1)).toBe(0) // everyone counts him once
    expect(worth?.picks.slice(0, 4).map((p) => p.element)).toEqual([9, 5, 13, 8])
    // 70 − 73.6: his 15 give 2 + 1.6 + 0.6 + 0.4 − 1.2 − 0.8 − 0.4 (15) − 0.2 (12) = 2, the players
    // he does not have take 12 × 0.4 (90) + 4 × 0.2 (92) = 5.6.
    expect(worth?.gain).toBe(-3.6)
    expect(ownershipWorth(league(), 99)).toBeNull()
  })
})

describe('battle', () => {
  it('a shared captain cancels out (3’s armband is on 9 through the vice, 4’s on 9 as picked)', () => {
    const b = battle(league(), 3, 4)
    expect(b?.common.find((p) => p.element === 9)).toEqual({ element: 9, name: 'P9', multiplier: 2, points: 10 })
    expect(b?.captaincy).toEqual({
      viewer: { element: 9, name: 'P9', multiplier: 2, points: 10 },
      rival: { element: 9, name: 'P9', multiplier: 2, points: 10 },
      points: 0,
    })
    // What is left: 3 has FWD 92 (4), 4 has MID 5 (8); 4 took a 4-point hit.
    expect(b?.viewer.differentials.map((d) => [d.element, d.multiplier, d.worth, d.shared])).toEqual([[92, 1, 4, false]])
    expect(b?.rival.differentials.map((d) => [d.element, d.multiplier, d.worth, d.shared])).toEqual([[5, 1, 8, false]])
    // 66 − 66 = 4 − 8 − (0 − 4).
    expect(b?.live_gap).toBe(0)
    expect(b?.total_gap).toBe(510 + 66 - (505 + 66))
    expect(b?.common.map((p) => p.element)).toEqual([1, 2, 3, 4, 6, 8, 9, 10, 11, 13])
  })

  it('one captains a shared player: a differential of 1 × his points, each way', () => {
    const b = battle(league(), 4, 5)
    // 4: 9 (×2 against 5's ×1) → 10, and 13 (5 does not have him) → 3.
    expect(b?.viewer.differentials.map((d) => [d.element, d.multiplier, d.worth, d.shared])).toEqual([
      [9, 1, 10, true],
      [13, 1, 3, false],
    ])
    // 5: 10 (×2 against ×1) → 6, and 14, who came on for him and sits on 4's bench → 2.
    expect(b?.rival.differentials.map((d) => [d.element, d.multiplier, d.worth, d.shared])).toEqual([
      [10, 1, 6, true],
      [14, 1, 2, true],
    ])
    expect([b?.viewer.differential_points, b?.rival.differential_points]).toEqual([13, 8])
    // 66 − 65 = 13 − 8 − (4 − 0); the armbands: 10 × 1 − 6 × 1.
    expect(b?.live_gap).toBe(1)
    expect(b?.captaincy.points).toBe(4)
    expect(b?.viewer).toMatchObject({ fpl_team_id: 4, live_points: 66, live_total: 571, transfers_cost: 4, left_to_play: 0, differentials_to_play: [] })
  })

  it('what is left to play on each side: players who count with a match to come, and the differentials among them', () => {
    // Clubs 7 and 8 (players 10, 11, 15) are still playing.
    const fixtures = ALL_DONE.map((f) => (f.id === 104 ? { ...f, state: 'play' as const } : f))
    const b = battle(leagueInsight(world({ live: LEAGUE_LIVE, fixtures }), insightLeague()), 4, 5)
    expect([b?.viewer.left_to_play, b?.viewer.differentials_to_play]).toEqual([2, []]) // 10, 11 (15 on his bench)
    expect([b?.rival.left_to_play, b?.rival.differentials_to_play]).toEqual([2, [10]])
    expect(b?.rival.differentials.find((d) => d.element === 10)?.fixture_state).toBe('in_play')
  })

  it('the default rival is the nearest manager above with known picks, or below for the leader', () => {
    const insight = league()
    const order = [2, 1, 4, 3, 5]
    expect(rivalOf(insight, order, 4)).toBe(1)
    expect(rivalOf(insight, order, 2)).toBe(1)
    expect(rivalOf(insight, [2, 6, 4], 4)).toBe(2) // 6 has no picks
    expect(rivalOf(insight, order, 6)).toBeNull()
    expect(battle(insight, 4, 4)).toBeNull()
  })
})

describe('the projected automatic substitutions switch', () => {
  it('off: the eleven and the armband as picked; EO and battle differ', () => {
    // Off, 7 stays in every eleven and 3's armband stays on him: 1, 4, 5 ×1, 2 ×1, 3 ×2 → 6 / 5.
    expect([7, 13, 14, 9].map((e) => row(league({ autoSubs: false }), e)?.eo)).toEqual([120, 20, 20, 160])
    expect([7, 13, 14, 9].map((e) => row(league(), e)?.eo)).toEqual([20, 80, 40, 180])
    // 4 against 5, off: 4 has 9 (10), 5 has 10 (6); 13 and 14 sit on the benches. 63 − 63 = 10 − 6 − 4.
    const off = battle(league({ autoSubs: false }), 4, 5)
    expect(off?.viewer.differentials.map((d) => d.element)).toEqual([9])
    expect(off?.rival.differentials.map((d) => d.element)).toEqual([10])
    expect([off?.viewer.live_points, off?.rival.live_points, off?.live_gap, off?.auto_subs]).toEqual([63, 63, 0, false])
    expect(battle(league(), 4, 5)?.live_gap).toBe(1)
  })

  it('off keeps FPL’s own published subs, and the armband as FPL passed it', () => {
    // 3's sheet processed by FPL: 13 in 7's slot, `automatic_subs` set; the flags stay (captain 7, vice 9).
    const processed = sheet({ captain: 7, vice: 9, order: [1, 2, 3, 4, 6, 13, 8, 92, 9, 10, 11, 12, 7, 14, 15], subs: [[7, 13]] })
    const managers = insightLeague().map((m) => (m.fpl_team_id === 3 ? { ...m, sheet: processed } : m))
    const off = leagueInsight(gw(), managers, { autoSubs: false })
    const multiplier = (e: number) => ownershipWorth(off, 3)?.picks.find((p) => p.element === e)?.multiplier
    expect([multiplier(13), multiplier(7), multiplier(9)]).toEqual([1, 0, 2])
    expect(battle(off, 3, 5)?.viewer.live_points).toBe(66)
  })
})

describe('leagueGlance', () => {
  it('captaincy split (summing to 100), chips, blanks and the biggest differential haul', () => {
    const glance = leagueGlance(league())
    // Armbands now: 9 for 1 (×3), 3 (the vice) and 4; 10 for 5; 90 for 2.
    expect(glance.captaincy).toEqual([
      { element: 9, name: 'P9', managers: 3, percent: 60, triple: 1, points: 10 },
      { element: 10, name: 'P10', managers: 1, percent: 20, triple: 0, points: 6 },
      { element: 90, name: 'P90', managers: 1, percent: 20, triple: 0, points: 12 },
    ])
    expect(glance.captaincy.reduce((sum, c) => sum + c.percent, 0)).toBe(100)
    expect(glance.chips.map((c) => [c.chip, c.managers, c.percent, c.named.map((m) => m.fpl_team_id)])).toEqual([
      ['3xc', 1, 20, [1]],
      ['bboost', 1, 20, [2]],
    ])
    // Finished on 2 or fewer: owned by all five 11 (EO 100), 14 (40), 7, 12, 15 (20 each, by id);
    // 8 (four owners, 2 points) and 91 (one) come after.
    expect(glance.blanks.map((b) => [b.element, b.owners, b.points, b.eo])).toEqual([
      [11, 5, 1, 100],
      [14, 5, 2, 40],
      [7, 5, 0, 20],
      [12, 5, 1, 20],
      [15, 5, 2, 20],
    ])
    // Owned by at most 1 of 5 (20 %): 90 (2's captain, 12 × 2), 92 (4), 91 (benched).
    expect(glance.differential).toMatchObject({ element: 90, multiplier: 2, haul: 24, owners: 1, named: [{ fpl_team_id: 2, multiplier: 2 }] })
    expect(glance.transfers).toBeNull()
  })

  it('nobody carries the armband when the captain and the vice both sit it out: the split still sums to 100', () => {
    // 6: captain 7 (no minute), vice 12 on the bench (does not count).
    const [, , , fourth] = insightLeague()
    if (!fourth) throw new Error('no manager 4')
    const managers = [fourth, { ...fourth, fpl_team_id: 6, sheet: sheet({ captain: 7, vice: 12 }) }]
    const split = leagueGlance(leagueInsight(gw(), managers)).captaincy
    expect(split.map((c) => [c.element, c.percent])).toEqual([
      [9, 50],
      [null, 50],
    ])
  })

  it('the differential haul in a league under 5 is a player one manager owns', () => {
    // Managers 2, 3, 4: 20 % of 3 is nobody; 90 is 2's alone (12 × 2), 92 3's (4).
    const managers = insightLeague().filter((m) => [2, 3, 4].includes(m.fpl_team_id))
    expect(leagueGlance(leagueInsight(gw(), managers)).differential).toMatchObject({ element: 90, haul: 24 })
  })

  it('blanks wait for the match to be over', () => {
    const fixtures = ALL_DONE.map((f) => (f.id === 104 ? { ...f, state: 'play' as const } : f))
    const glance = leagueGlance(leagueInsight(world({ live: LEAGUE_LIVE, fixtures }), insightLeague()))
    // 11 and 15 (clubs 7, 8) are still playing.
    expect(glance.blanks.map((b) => b.element)).toEqual([14, 7, 12, 8, 91])
  })

  it('transfers with their gain so far, a 4-point hit taken off', () => {
    const transfers = new Map([
      // 4 (hit 4): 5 (8) for 92 (4), 13 (3) for 91 (0) → 11 − 4 − 4 = 3.
      [
        4,
        [
          { element_in: 5, element_out: 92 },
          { element_in: 13, element_out: 91 },
        ],
      ],
      // 5: 91 (0) for 13 (3) → −3. 2: 90 (12) for 8 (2) → 10.
      [5, [{ element_in: 91, element_out: 13 }]],
      [2, [{ element_in: 90, element_out: 8 }]],
      [1, []],
    ])
    const glance = leagueGlance(league(), { transfers })
    expect(glance.transfers?.best.map((t) => [t.fpl_team_id, t.points_in, t.points_out, t.hit, t.gain])).toEqual([
      [2, 12, 2, 0, 10],
      [4, 11, 4, 4, 3],
      [5, 0, 3, 0, -3],
    ])
    expect(glance.transfers?.best[1]?.transfers[0]).toEqual({ element_in: 5, name_in: 'P5', points_in: 8, element_out: 92, name_out: 'P92', points_out: 4 })
    expect(glance.transfers).toMatchObject({ managers: 3, hits: 1, hit_points: 4, worst: [] })
  })
})

describe('at scale and on the real captures', () => {
  it('5,000 managers: every EO between 0 and 300 %, owners adding up to 15 a manager', () => {
    const { gw: synthetic, managers } = syntheticManagers(5000)
    const ownership = leagueOwnership(leagueInsight(synthetic, managers))
    expect(ownership.managers).toBe(5000)
    expect(ownership.players.reduce((sum, p) => sum + p.owners, 0)).toBe(15 * 5000)
    expect(ownership.players.every((p) => p.eo >= 0 && p.eo <= 300)).toBe(true)
  })

  it('GW37 2025-26: team 3122849 as FPL processed it and as picked, named from the real bootstrap', () => {
    // The only full real sheet of a gameweek (real-captures.test.ts): the same team twice, so the
    // projected subs of the second must give the same multipliers as FPL's of the first.
    const picks = realPicksGw37()
    const managers = [picks, unprocessed(picks)].map((s, i) => ({ fpl_team_id: i + 1, team_name: 'T', player_name: 'P', previous_total: 0, sheet: s }))
    const ownership = leagueOwnership(leagueInsight(liveGameweek(gw37Input()), managers))
    expect(ownership.players.reduce((sum, p) => sum + p.owners, 0)).toBe(15 * 2)
    expect(ownership.players.every((p) => p.eo >= 0 && p.eo <= 300)).toBe(true)
    expect(ownership.players[0]).toMatchObject({ element: 430, name: 'Haaland', club: 'MCI', captains: 2, eo: 200 })
    expect(ownership.average_points).toBe(67)
  })
})
