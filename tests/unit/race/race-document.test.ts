import { describe, expect, it } from 'vitest'
import { raceDocument } from '../../../worker/services/story/race'
import { league, type Manager } from '../story/hand-league'

// The Race Centre's races of a snapshot (decision 132), on hand-built leagues (../story/hand-league.ts).

const priya: Manager = { id: 1, name: 'Priya', scores: [70, 60, 70, 0] }
const tom: Manager = { id: 2, name: 'Tom', scores: [60, 70, 60, 0] }
const sam: Manager = { id: 3, name: 'Sam', scores: [30, 40, 30, 0] }

describe('raceDocument', () => {
  it('with one gameweek left: the gap, who is out at the largest swing, the chances and the catch-up line', () => {
    // After GW 3: Priya 200, Tom 190, Sam 100. Largest swing: GW 1 and 3, 70 − 30 = 40.
    // One gameweek left: Tom (10 behind) is alive, Sam (100 behind > 40) is out.
    const race = raceDocument(league([priya, tom, sam], { gameweek: 3 }), new Date('2026-11-23T12:00:00Z'))
    const season = race?.season
    expect(season).toMatchObject({
      name: 'Season 2026/27',
      gameweeks_left: 1,
      first_gameweek: 1,
      last_gameweek: 4,
      total_managers: 3,
      alive_count: 2,
      largest_swing: 40,
    })
    expect(season?.rows.map((r) => [r.player_name, r.points, r.gap, r.alive])).toEqual([
      ['Priya', 200, 0, true],
      ['Tom', 190, 10, true],
      ['Sam', 100, 100, false],
    ])
    const chances = season?.rows.map((r) => r.win_chance) ?? []
    expect(chances[2]).toBe(0)
    expect(chances.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9)
    // Tom needs 11 more in one week at a spread of about 8 points each: clearly the outsider.
    expect(chances[0]).toBeGreaterThan(0.7)
    expect(chances[1]).toBeGreaterThan(0.05)
    expect(season?.catch_up).toEqual([{ fpl_team_id: 2, text: 'Tom needs 11 more than Priya over GW 4' }])
    // The month runs over the same four gameweeks here: the same race under the month's name.
    expect(race?.month?.name).toBe('August')
    expect(race?.month?.rows.map((r) => r.gap)).toEqual([0, 10, 100])
    expect(race).toMatchObject({ gameweek: 3, provisional: false, runs: 10_000, computed_at: '2026-11-23T12:00:00.000Z' })
  })

  it('is the same for the same snapshot, and comes from its own seed', () => {
    const once = raceDocument(league([priya, tom, sam], { gameweek: 2 }))
    const again = raceDocument(league([priya, tom, sam], { gameweek: 2 }))
    expect(again?.season?.rows).toEqual(once?.season?.rows)
    const chances = once?.season?.rows.map((r) => r.win_chance) ?? []
    expect(chances.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9)
    // Two gameweeks left at a swing of 40: Sam (80 behind) can still just do it.
    expect(once?.season?.rows.find((r) => r.player_name === 'Sam')?.alive).toBe(true)
  })

  it('with nothing left to play, a tie at the top shares the win and nobody can catch up', () => {
    const level: Manager = { id: 4, name: 'Ola', scores: [70, 60, 70, 50] }
    const race = raceDocument(league([{ ...priya, scores: [70, 60, 70, 50] }, level, sam], { gameweek: 4 }))
    expect(race?.season?.gameweeks_left).toBe(0)
    expect(race?.season?.rows.map((r) => [r.player_name, r.gap, r.alive, r.win_chance])).toEqual([
      ['Priya', 0, true, 0.5],
      ['Ola', 0, true, 0.5],
      ['Sam', 150, false, 0],
    ])
    expect(race?.season?.catch_up).toEqual([])
  })

  it('before a gameweek starts, counts the gameweeks up to the one before it, and says a live one is provisional', () => {
    const upcoming = raceDocument(league([priya, tom, sam], { gameweek: 4, status: 'upcoming', version: '4:upcoming' }))
    expect(upcoming?.season?.gameweeks_left).toBe(1)
    expect(upcoming?.season?.rows[0]?.points).toBe(200)
    expect(upcoming?.provisional).toBe(true)
    const live = raceDocument(league([priya, tom, sam], { gameweek: 3, status: 'live', version: '3:live' }))
    expect(live?.provisional).toBe(true)
    expect(raceDocument(league([priya, tom, sam], { gameweek: 1, status: 'upcoming', version: '1:upcoming' }))).toBeNull()
  })

  it('shows the top 50 of a big race and our members wherever they stand', () => {
    const many = Array.from({ length: 80 }, (_, i): Manager => ({ id: 100 + i, name: `M${i}`, scores: [60 - i / 2, 60, 60, 0] }))
    const member = many[79] as Manager
    const race = raceDocument(league(many, { gameweek: 3, cohort: [...many.slice(0, 50), member] }))
    expect(race?.season?.total_managers).toBe(80)
    expect(race?.season?.rows).toHaveLength(51)
    expect(race?.season?.rows.at(-1)?.fpl_team_id).toBe(member.id)
  })
})
