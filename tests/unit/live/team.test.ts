import { describe, expect, it } from 'vitest'
import { liveTeam } from '../../../worker/fpl/live'
import { ALL_DONE, type FixtureSpec, sheet, world } from './fixtures'

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
      points: 2,
      projected_bonus: 0,
      fixture_state: 'finished',
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
