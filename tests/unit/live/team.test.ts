import { describe, expect, it } from 'vitest'
import { liveGameweek, liveTeam } from '../../../worker/fpl/live'
import { ALL_DONE, type FixtureSpec, gw37Input, realPicksGw37, sheet, world } from './fixtures'

// The squad (fixtures.ts): 3-4-3, captain 9, vice 10 unless told. Players not listed played 90
// minutes for 2 points; every fixture is finished unless a test says otherwise.

const multipliers = (team: ReturnType<typeof liveTeam>) =>
  Object.fromEntries(team.picks.filter((p) => p.multiplier !== 1).map((p) => [p.element, p.multiplier]))

describe('captaincy', () => {
  it('the captain scores ×2', () => {
    const team = liveTeam(world({ live: { 9: [90, 10] } }), sheet())
    expect(team.live_points).toBe(10 * 2 + 10 * 2)
    expect(team.captain).toEqual({ element: 9, name: 'P9', points: 10, multiplier: 2, played: true })
    expect(team.vice_captain).toEqual({ element: 10, name: 'P10', played: true })
  })

  it('Triple Captain: ×3', () => {
    const team = liveTeam(world({ live: { 9: [90, 10] } }), sheet({ chip: '3xc' }))
    expect(team.live_points).toBe(10 * 3 + 10 * 2)
    expect(team.captain?.multiplier).toBe(3)
    expect(team.active_chip).toBe('3xc')
  })

  it('captain benched (0 minutes, his match over): the vice takes ×2', () => {
    // 9 is also subbed out: 13 (MID) comes in for him.
    const team = liveTeam(world({ live: { 9: [0, 0], 10: [90, 6] } }), sheet())
    expect(multipliers(team)).toMatchObject({ 9: 0, 10: 2 })
    expect(team.live_points).toBe(6 * 2 + 10 * 2) // 10 ×2, and 1-8, 11, 13 on 2
    expect(team.captain).toEqual({ element: 9, name: 'P9', points: 0, multiplier: 0, played: false })
    expect(team.auto_subs).toEqual([{ out: 9, in: 13 }])
  })

  it('Triple Captain passes ×3 to the vice', () => {
    const team = liveTeam(world({ live: { 9: [0, 0], 10: [90, 6] } }), sheet({ chip: '3xc' }))
    expect(multipliers(team)).toMatchObject({ 10: 3 })
    expect(team.live_points).toBe(6 * 3 + 10 * 2)
  })

  it('captain and vice both benched: nobody carries the armband', () => {
    // 9 and 10 out; 13 (MID) and 14 (DEF) come in; 15 (FWD) is not needed.
    const team = liveTeam(world({ live: { 9: [0, 0], 10: [0, 0] } }), sheet())
    expect(team.picks.filter((p) => p.multiplier > 1)).toEqual([])
    expect(team.live_points).toBe(11 * 2) // eleven on 2, no armband
    expect(team.vice_captain).toEqual({ element: 10, name: 'P10', played: false })
  })

  it('the captain keeps ×2 while his match is still to come, even at 0 minutes', () => {
    const fixtures: FixtureSpec[] = ALL_DONE.map((f) => (f.id === 103 ? { ...f, state: 'play' } : f))
    const team = liveTeam(world({ live: { 9: [0, 0] }, fixtures }), sheet())
    expect(multipliers(team)).toMatchObject({ 9: 2 })
    expect(team.auto_subs).toEqual([])
    expect(team.players_to_play).toBe(1)
  })

  it('the vice waits for his own match: 0 minutes before it, ×2 once he plays', () => {
    const before: FixtureSpec[] = ALL_DONE.map((f) => (f.id === 104 ? { ...f, state: 'todo' } : f))
    const waiting = liveTeam(world({ live: { 9: [0, 0], 10: [0, 0] }, fixtures: before }), sheet())
    expect(waiting.picks.filter((p) => p.multiplier > 1)).toEqual([])
    const playing: FixtureSpec[] = ALL_DONE.map((f) => (f.id === 104 ? { ...f, state: 'play' } : f))
    expect(multipliers(liveTeam(world({ live: { 9: [0, 0], 10: [20, 3] }, fixtures: playing }), sheet()))).toMatchObject({ 10: 2 })
  })
})

describe('chips and hits', () => {
  it('Bench Boost: all 15 count, no subs', () => {
    const team = liveTeam(world({ live: { 7: [0, 0], 12: [90, 6] } }), sheet({ chip: 'bboost' }))
    expect(team.live_points).toBe(13 * 2 + 6 + 2) // 13 players on 2, 7 on 0, bench GK 12 on 6, captain 9's second 2
    expect(team.picks.every((p) => p.multiplier >= 1)).toBe(true)
    expect(team.auto_subs).toEqual([])
    expect(team.players_played).toBe(14)
  })

  it('a hit is taken off the live points', () => {
    const team = liveTeam(world(), sheet({ cost: 8 }))
    expect(team.live_points).toBe(12 * 2 - 8)
    expect(team.transfers_cost).toBe(8)
  })

  it('projected bonus counts with the multiplier and is inside the live points', () => {
    const race: FixtureSpec = { id: 103, h: 5, a: 6, state: 'play', bps: { 9: 50, 7: 40, 95: 30 } }
    const team = liveTeam(world({ fixtures: [...ALL_DONE.filter((f) => f.id !== 103), race] }), sheet())
    expect(team.projected_bonus).toBe(3 * 2 + 2)
    expect(team.live_points).toBe(12 * 2 + 3 * 2 + 2)
    expect(team.picks.find((p) => p.element === 9)).toMatchObject({ points: 5, projected_bonus: 3, fixture_state: 'in_play' })
  })
})

describe('the team view', () => {
  it('lists the 15 picks with position, multiplier, minutes, points, fixture state, armband and subs', () => {
    const fixtures: FixtureSpec[] = ALL_DONE.map((f) => (f.id === 104 ? { ...f, state: 'todo' } : f))
    const team = liveTeam(world({ live: { 7: [0, 0], 10: [0, 0], 11: [0, 0], 15: [0, 0] }, fixtures }), sheet())
    expect(team.picks).toHaveLength(15)
    expect(team.picks[0]).toEqual({
      element: 1,
      name: 'P1',
      position: 1,
      element_type: 1,
      multiplier: 1,
      minutes: 90,
      played: true,
      points: 2,
      projected_bonus: 0,
      fixture_state: 'finished',
      fixtures: [{ fixture: 101, opponent: 'AVL', home: true, kickoff_time: '2026-11-21T15:00:00Z', state: 'finished', minutes: 90 }],
      breakdown: [],
      sub_pending: false,
      is_captain: false,
      is_vice_captain: false,
      subbed_in: false,
      subbed_out: false,
    })
    expect(team.picks.find((p) => p.element === 10)).toMatchObject({ fixture_state: 'not_started', is_vice_captain: true, multiplier: 1 })
    expect(team.picks.find((p) => p.element === 7)).toMatchObject({ subbed_out: true, multiplier: 0, position: 13 })
    expect(team.picks.find((p) => p.element === 13)).toMatchObject({ subbed_in: true, multiplier: 1 })
    // Played: 1-6, 8, 9, 13; to play: 10 and 11 (club 7 and 8 not started).
    expect([team.players_played, team.players_to_play]).toEqual([9, 2])
  })
})

describe('a booked captain on 0 minutes keeps the armband (decision 140)', () => {
  it('he plays by FPL’s rule: ×2 on his −1, the vice stays ×1', () => {
    const team = liveTeam(world({ live: { 9: [0, -1, 1], 10: [90, 6] } }), sheet())
    // Before decision 140: 9 was subbed out (13 on) and the vice took ×2: 32.
    expect(multipliers(team)).toEqual({ 9: 2, 12: 0, 13: 0, 14: 0, 15: 0 })
    expect(team.live_points).toBe(8 * 2 - 1 * 2 + 6 + 2)
    expect(team.captain).toEqual({ element: 9, name: 'P9', points: -1, multiplier: 2, played: true })
    expect(team).toMatchObject({ armband_element: 9, armband_points: -2, armband_played: true, auto_subs: [] })
  })

  it('a booked vice takes the armband from a captain who did not play', () => {
    const team = liveTeam(world({ live: { 9: [0, 0], 10: [0, -1, 1] } }), sheet())
    expect(multipliers(team)).toMatchObject({ 9: 0, 10: 2 })
    expect(team.vice_captain).toEqual({ element: 10, name: 'P10', played: true })
  })
})

describe('the team view tells the story (decision 140)', () => {
  // A double gameweek for club 3 (BOU): 102 at home to BRE (club 4), over, 2-1; 105 at home to ARS
  // (club 1), in play at 30 minutes, 0-0. MID 5 (club 3): FPL's explain per fixture, 8 points.
  const first: FixtureSpec = { id: 102, h: 3, a: 4, state: 'done', score: [2, 1], bps: { 5: 40, 93: 30, 6: 20 }, bonus: { 5: 3, 93: 2, 6: 1 } }
  const second: FixtureSpec = { id: 105, h: 3, a: 1, state: 'play', score: [0, 0], minutes: 30, kickoff: '2026-11-24T19:45:00Z', bps: { 5: 12, 1: 20, 90: 8 } }
  const later: FixtureSpec = { id: 104, h: 7, a: 8, state: 'todo', kickoff: '2026-11-22T16:30:00Z' }
  const fixtures = [first, second, later, ...ALL_DONE.filter((f) => f.id !== 102 && f.id !== 104)]
  const explain = {
    5: [
      [102, 'minutes', 90, 2],
      [102, 'goals_scored', 1, 5],
      [102, 'bonus', 3, 3],
      [105, 'minutes', 30, 1],
    ],
  } as const
  const team = liveTeam(world({ fixtures, live: { 5: [120, 11], 10: [0, 0] }, explain }), sheet())
  const pick = (element: number) => team.picks.find((p) => p.element === element)

  it('lists each of his club’s fixtures, in kick-off order, with opponent, home or away, kick-off, state and minute', () => {
    expect(pick(5)?.fixtures).toEqual([
      { fixture: 102, opponent: 'BRE', home: true, kickoff_time: '2026-11-21T15:00:00Z', state: 'finished', minutes: 90 },
      { fixture: 105, opponent: 'ARS', home: true, kickoff_time: '2026-11-24T19:45:00Z', state: 'in_play', minutes: 30 },
    ])
    // A player yet to play: his opponent and kick-off (10, club 7 v club 8, away side is EVE).
    expect(pick(10)).toMatchObject({
      played: false,
      fixture_state: 'not_started',
      fixtures: [{ fixture: 104, opponent: 'EVE', home: true, kickoff_time: '2026-11-22T16:30:00Z', state: 'not_started', minutes: 0 }],
    })
  })

  it('breaks his points down by FPL’s explain summed over his fixtures, with the projected bonus as its own line', () => {
    // 105 in play: 1 (club 1) leads on bps 20, 5 second on 12: 2 projected.
    expect(pick(5)?.breakdown).toEqual([
      { identifier: 'minutes', value: 120, points: 3 },
      { identifier: 'goals_scored', value: 1, points: 5 },
      { identifier: 'bonus', value: 3, points: 3 },
      { identifier: 'projected_bonus', value: 2, points: 2 },
    ])
    expect(pick(5)).toMatchObject({ points: 13, projected_bonus: 2 })
    // The lines add up to his points.
    expect(pick(5)?.breakdown.reduce((sum, l) => sum + l.points, 0)).toBe(pick(5)?.points)
  })

  it('shows bonus awarded but not yet in FPL’s points as bonus, once', () => {
    // The fixtures answer has 102's bonus, the live answer not yet: 8 points and no bonus line.
    const lagging = { 5: explain[5].filter(([, identifier]) => identifier !== 'bonus') }
    const t = liveTeam(world({ fixtures, live: { 5: [120, 8] }, explain: lagging }), sheet())
    expect(t.picks.find((p) => p.element === 5)?.breakdown).toEqual([
      { identifier: 'minutes', value: 120, points: 3 },
      { identifier: 'goals_scored', value: 1, points: 5 },
      { identifier: 'bonus', value: 3, points: 3 },
      { identifier: 'projected_bonus', value: 2, points: 2 },
    ])
    expect(t.picks.find((p) => p.element === 5)).toMatchObject({ points: 13, projected_bonus: 2 })
  })
})

describe('the team view on the real GW37 captures', () => {
  it('gives each pick his real fixture: Haaland (MCI) away at BOU, 1-1 at full time', () => {
    const team = liveTeam(liveGameweek(gw37Input()), realPicksGw37())
    expect(team.picks.find((p) => p.element === 430)).toMatchObject({
      played: true,
      sub_pending: false,
      fixtures: [{ fixture: 363, opponent: 'BOU', home: false, kickoff_time: '2026-05-19T18:30:00Z', state: 'finished', minutes: 90 }],
    })
    expect(team.picks.every((p) => p.fixtures.length === 1)).toBe(true)
  })
})
