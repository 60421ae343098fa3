import { describe, expect, it } from 'vitest'
import { catchUpText, largestSwing, RACE_RUNS, type RaceManager, raceTable } from '../../../worker/fpl/race/race'

// The race (decision 130) on hand-worked cases. Scores are net gameweek points.

const manager = (fpl_team_id: number, player_name: string, points: number, scores: number[]): RaceManager => ({ fpl_team_id, player_name, points, scores })
const steady = (mean: number, swing = 10) => [mean - swing, mean, mean + swing, mean - swing / 2, mean + swing / 2]

describe('largestSwing', () => {
  it('is the biggest best-minus-worst of one gameweek', () => {
    expect(
      largestSwing([
        [50, 70, 40],
        [90, 30],
        [60, 61],
      ]),
    ).toBe(60)
    expect(largestSwing([[55]])).toBe(0)
  })
})

describe('raceTable', () => {
  it('gives the gap to the leader and sorts by it', () => {
    const rows = raceTable([manager(2, 'Tom', 120, steady(50)), manager(1, 'Priya', 151, steady(50)), manager(3, 'Sam', 140, steady(50))], {
      gameweeksLeft: 2,
      maxSwing: 60,
      seed: 's',
    })
    expect(rows.map((r) => [r.player_name, r.gap])).toEqual([
      ['Priya', 0],
      ['Sam', 11],
      ['Tom', 31],
    ])
  })

  it('a manager whose gap the league has never closed in the weeks left is mathematically out, with no chance', () => {
    // 2 gameweeks at a largest swing of 40: 80 points can still be made up, 81 cannot.
    const rows = raceTable([manager(1, 'Leader', 200, steady(50)), manager(2, 'Just alive', 120, steady(50)), manager(3, 'Out', 119, steady(90))], {
      gameweeksLeft: 2,
      maxSwing: 40,
      seed: 's',
    })
    const by = (name: string) => rows.find((r) => r.player_name === name)
    expect(by('Just alive')).toMatchObject({ gap: 80, alive: true })
    expect(by('Out')).toMatchObject({ gap: 81, alive: false, win_chance: 0 })
  })

  it('with no gameweek left the leader has won; level leaders share it', () => {
    const rows = raceTable([manager(1, 'A', 300, steady(50)), manager(2, 'B', 300, steady(50)), manager(3, 'C', 299, steady(50))], {
      gameweeksLeft: 0,
      maxSwing: 60,
      seed: 's',
    })
    expect(rows.map((r) => [r.player_name, r.alive, r.win_chance])).toEqual([
      ['A', true, 0.5],
      ['B', true, 0.5],
      ['C', false, 0],
    ])
  })

  it('one gameweek left: the chances follow the expected finishes (150, 145, 135, 120) and sum to 1', () => {
    const rows = raceTable(
      [manager(1, 'Leader', 100, steady(50)), manager(2, 'Close', 95, steady(50)), manager(3, 'Far', 70, steady(50)), manager(4, 'Hot', 70, steady(65))],
      { gameweeksLeft: 1, maxSwing: 60, seed: 'gw37' },
    )
    const chance = (name: string) => rows.find((r) => r.player_name === name)?.win_chance ?? Number.NaN
    expect(rows.reduce((sum, r) => sum + r.win_chance, 0)).toBeCloseTo(1, 10)
    expect(chance('Leader')).toBeGreaterThan(chance('Close'))
    expect(chance('Close')).toBeGreaterThan(chance('Hot'))
    expect(chance('Hot')).toBeGreaterThan(chance('Far'))
  })

  it('is deterministic for a seed, and another seed draws other finishes', () => {
    const league = [manager(1, 'A', 100, steady(50)), manager(2, 'B', 96, steady(52)), manager(3, 'C', 90, steady(55))]
    const a = raceTable(league, { gameweeksLeft: 3, maxSwing: 60, seed: 'tournament 4, GW 13:checked' })
    const b = raceTable(league, { gameweeksLeft: 3, maxSwing: 60, seed: 'tournament 4, GW 13:checked' })
    const c = raceTable(league, { gameweeksLeft: 3, maxSwing: 60, seed: 'tournament 4, GW 14:checked' })
    expect(a).toEqual(b)
    expect(a.map((r) => r.win_chance)).not.toEqual(c.map((r) => r.win_chance))
    // 10,000 runs at least: every chance is a multiple of 1/runs (ties aside).
    expect(RACE_RUNS).toBeGreaterThanOrEqual(10_000)
  })

  it('a big league simulates only who can realistically win: the rest stay alive with a tiny chance, and the chances still sum to 1', () => {
    const league = Array.from({ length: 500 }, (_, i) => manager(i + 1, `M${i + 1}`, 300 - i, steady(50)))
    const rows = raceTable(league, { gameweeksLeft: 4, maxSwing: 80, seed: 'big' })
    // 300 behind with 4 gameweeks left at a swing of 80: still alive (4 × 80 = 320), but on the
    // same form as the leader his chance is next to nothing (about 19 spreads): next to, not nil.
    const far = rows.find((r) => r.fpl_team_id === 301)
    expect(far).toMatchObject({ gap: 300, alive: true })
    expect(far?.win_chance).toBeGreaterThan(0)
    expect(far?.win_chance).toBeLessThan(1e-50)
    expect(rows.find((r) => r.fpl_team_id === 322)).toMatchObject({ gap: 321, alive: false, win_chance: 0 })
    // "N can still win" counts exactly the managers with a chance.
    expect(rows.filter((r) => r.win_chance > 0).map((r) => r.fpl_team_id)).toEqual(rows.filter((r) => r.alive).map((r) => r.fpl_team_id))
    expect(rows.reduce((sum, r) => sum + r.win_chance, 0)).toBeCloseTo(1, 10)
  })

  it('managers level on points with the same form get the same chance, exactly (decision 161)', () => {
    // Two level chasers: the same scores, and the same mean and spread in another order. The runs
    // draw them apart only by luck; the model cannot tell them apart, so neither may the chances.
    const shuffled = [55, 40, 60, 45, 50]
    const rows = raceTable(
      [manager(1, 'Leader', 500, steady(55)), manager(2, 'Ana', 470, steady(50)), manager(3, 'Ben', 470, steady(50)), manager(4, 'Cat', 470, shuffled)],
      { gameweeksLeft: 3, maxSwing: 70, seed: 'level' },
    )
    const chance = (name: string) => rows.find((r) => r.player_name === name)?.win_chance ?? Number.NaN
    expect(chance('Ana')).toBeGreaterThan(0)
    expect(chance('Ben')).toBe(chance('Ana'))
    expect(chance('Cat')).toBe(chance('Ana'))
    expect(rows.reduce((sum, r) => sum + r.win_chance, 0)).toBeCloseTo(1, 10)

    // Level at the top, with a game left: an even split, not the list's order.
    const top = raceTable([manager(7, 'P', 300, steady(50)), manager(5, 'Q', 300, steady(50)), manager(6, 'R', 290, steady(50))], {
      gameweeksLeft: 1,
      maxSwing: 60,
      seed: 'top',
    })
    expect(top.find((r) => r.player_name === 'P')?.win_chance).toBe(top.find((r) => r.player_name === 'Q')?.win_chance)
  })

  it('level on points but not on form: the chaser whose weeks vary more has more chance of the big weeks he needs', () => {
    const rows = raceTable([manager(1, 'Leader', 600, steady(50)), manager(2, 'Steady', 520, steady(48, 4)), manager(3, 'Streaky', 520, steady(48, 30))], {
      gameweeksLeft: 4,
      maxSwing: 80,
      seed: 'spread',
    })
    const chance = (name: string) => rows.find((r) => r.player_name === name)?.win_chance ?? Number.NaN
    expect(chance('Steady')).toBeGreaterThan(0)
    expect(chance('Streaky')).toBeGreaterThan(chance('Steady'))
  })

  it("an alive manager the runs never see win has the model's own chance: never 0, and right", () => {
    // 60 behind with one gameweek left, both on a spread of 8: he must outscore the leader by 61,
    // 5.3 combined spreads, about 6 in 100 million: none of 10,000 runs sees it.
    const rows = raceTable([manager(1, 'Leader', 160, steady(50)), manager(2, 'Chaser', 100, steady(50))], { gameweeksLeft: 1, maxSwing: 60, seed: 's' })
    const chaser = rows.find((r) => r.player_name === 'Chaser')
    expect(chaser?.alive).toBe(true)
    // Φ(−60 / (8√2)), the chance a normal of spread 8√2 beats 60.
    expect((chaser?.win_chance ?? 0) / 5.686362828489872e-8).toBeCloseTo(1, 5)
    expect(rows.reduce((sum, r) => sum + r.win_chance, 0)).toBeCloseTo(1, 12)
  })

  it("a manager with too few scores runs on the league's form", () => {
    const rows = raceTable([manager(1, 'Regular', 100, steady(50)), manager(2, 'New', 100, [])], { gameweeksLeft: 2, maxSwing: 60, seed: 's' })
    // Same points, same (league) form: about even.
    expect(rows.find((r) => r.player_name === 'New')?.win_chance).toBeGreaterThan(0.4)
    expect(rows.find((r) => r.player_name === 'New')?.win_chance).toBeLessThan(0.6)
  })
})

describe('catchUpText', () => {
  it('says what a chaser needs to pass the leader over the gameweeks left', () => {
    expect(catchUpText({ player_name: 'Tom', points: 120 }, { player_name: 'Priya', points: 150 }, 14, 15)).toBe('Tom needs 31 more than Priya over GW 14-15')
    expect(catchUpText({ player_name: 'Tom', points: 149 }, { player_name: 'Priya', points: 150 }, 38, 38)).toBe('Tom needs 2 more than Priya over GW 38')
  })
})
