import { describe, expect, it } from 'vitest'
import { type LiveManager, liveBanter, liveGameweek, liveSummary, liveTable } from '../../../worker/fpl/live'
import { ALL_DONE, gw37Input, realPicksGw37, type SheetSpec, sheet, unprocessed, world } from './fixtures'

// Live banter (decision 114) on the real GW37 capture and on the hand-made world's edge cases.

const manager = (fpl_team_id: number, spec: SheetSpec = {}, previous_total = 100): LiveManager => ({
  fpl_team_id,
  team_name: `Team ${fpl_team_id}`,
  player_name: `Manager ${fpl_team_id}`,
  previous_total,
  sheet: sheet(spec),
})
const award = (awards: ReturnType<typeof liveBanter>, key: string) => awards.find((a) => a.key === key)
const ids = (awards: ReturnType<typeof liveBanter>, key: string) => award(awards, key)?.managers.map((m) => m.fpl_team_id)

describe('the per-manager numbers the live banter reads (team.ts)', () => {
  it('GW37 team 3122849, FPL’s processed sheet: bench 3 (FPL’s points_on_bench), subs 2 + 4 = 6, armband Haaland 9 × 2', () => {
    const picks = realPicksGw37()
    const summary = liveSummary(liveGameweek(gw37Input()), picks)
    expect(summary.bench_points).toBe(picks.entry_history.points_on_bench)
    expect(summary.bench_points).toBe(3)
    expect(summary.auto_sub_points).toBe(6)
    expect(summary).toMatchObject({ armband_element: 430, armband_points: 18, armband_played: true })
  })

  it('the same numbers from the sheet as picked, with the two subs projected, before and after the bonus is added', () => {
    for (const bonusPending of [false, true]) {
      const summary = liveSummary(liveGameweek(gw37Input({ bonusPending })), unprocessed(realPicksGw37()))
      expect([summary.bench_points, summary.auto_sub_points, summary.armband_points], `bonusPending ${bonusPending}`).toEqual([3, 6, 18])
    }
  })

  it('Bench Boost has no bench points; a vice who took the armband carries its points', () => {
    expect(liveSummary(world(), sheet({ chip: 'bboost' })).bench_points).toBe(0)
    // Captain 9 did not play and his match is over: vice 10 (5 points) takes the armband.
    const summary = liveSummary(world({ live: { 9: [0, 0], 10: [90, 5] } }), sheet())
    expect(summary).toMatchObject({ armband_element: 10, armband_points: 10, armband_played: true })
  })

  it('a captain whose match is still to come holds the armband but has not played', () => {
    const gw = world({
      fixtures: ALL_DONE.map((f) => (f.id === 103 ? { ...f, state: 'todo' as const } : f)),
      live: { 7: [0, 0], 8: [0, 0], 9: [0, 0], 14: [0, 0] },
    })
    expect(liveSummary(gw, sheet())).toMatchObject({ armband_element: 9, armband_points: 0, armband_played: false })
  })
})

describe('liveBanter', () => {
  it('the real GW37 team alone: every award is his, with the capture’s numbers', () => {
    const table = liveTable(liveGameweek(gw37Input({ bonusPending: true })), [
      { fpl_team_id: 3122849, team_name: 'Real Team', player_name: 'Real Manager', previous_total: 1916, sheet: unprocessed(realPicksGw37()) },
    ])
    const awards = liveBanter(table, 'finished')
    expect(awards.map((a) => [a.key, a.title, a.value])).toEqual([
      ['captain_catastrophe', 'Captain Catastrophe so far', 18],
      ['benched_beast', 'Benched Beast so far', 3],
      ['gameweek_rocket', 'Gameweek Rocket so far', 67],
      ['auto_sub_saviour', 'Auto-Sub Saviour (projected)', 6],
    ])
    expect(award(awards, 'captain_catastrophe')?.text).toBe(
      "Real Manager's armband on Haaland has 18 points so far, the lowest of the captains who have played.",
    )
    expect(award(awards, 'benched_beast')?.text).toBe('Real Manager has 3 points on the bench so far.')
    expect(award(awards, 'gameweek_rocket')?.text).toBe('Real Manager leads the gameweek so far on 67 points.')
    expect(award(awards, 'auto_sub_saviour')?.text).toBe('Automatic subs would bring Real Manager 6 points so far (projected).')
    expect(award(awards, 'gameweek_rocket')?.managers).toEqual([{ fpl_team_id: 3122849, team_name: 'Real Team', player_name: 'Real Manager' }])
  })

  it('picks the leader of each stat across managers, in table order', () => {
    // Everyone on 2 a player but 11 (10) and bench 15 (7). Manager 1: captain 9, 18 + 4 + 10 = 32.
    // Manager 2: captain 11, 20 + 20 = 40. Manager 3: captain 1, 18 + 4 + 10 = 32. Bench 2 + 2 + 2 + 7 = 13 each.
    const gw = world({ live: { 11: [90, 10], 15: [90, 7] } })
    const table = liveTable(gw, [manager(1), manager(2, { captain: 11 }), manager(3, { captain: 1, vice: 3 })])
    expect(table.standings.map((r) => [r.fpl_team_id, r.live_points])).toEqual([
      [2, 40],
      [1, 32],
      [3, 32],
    ])
    const awards = liveBanter(table, 'live')
    expect(ids(awards, 'gameweek_rocket')).toEqual([2])
    expect(award(awards, 'gameweek_rocket')?.value).toBe(40)
    expect(ids(awards, 'captain_catastrophe')).toEqual([1, 3])
    expect(award(awards, 'captain_catastrophe')?.value).toBe(4)
    expect(ids(awards, 'benched_beast')).toEqual([2, 1, 3])
    expect(award(awards, 'benched_beast')?.value).toBe(13)
  })

  it('ties list every manager level on the value, in table order', () => {
    const table = liveTable(world(), [manager(5, {}, 90), manager(4, {}, 100), manager(6, {}, 80)])
    const awards = liveBanter(table, 'live')
    for (const key of ['captain_catastrophe', 'benched_beast', 'gameweek_rocket']) expect(ids(awards, key), key).toEqual([4, 5, 6])
    expect(award(awards, 'gameweek_rocket')?.text).toBe('Manager 4, Manager 5 and Manager 6 lead the gameweek so far on 24 points.')
    expect(award(awards, 'captain_catastrophe')?.text).toBe(
      'Manager 4, Manager 5 and Manager 6 have 4 points each from the armband so far, the lowest of the captains who have played.',
    )
  })

  it('nobody benched a point and nobody came on: no Benched Beast, no Auto-Sub Saviour', () => {
    const table = liveTable(world({ live: { 12: [0, 0], 13: [0, 0], 14: [0, 0], 15: [0, 0] } }), [manager(1), manager(2)])
    const awards = liveBanter(table, 'live')
    expect(award(awards, 'benched_beast')).toBeUndefined()
    expect(award(awards, 'auto_sub_saviour')).toBeUndefined()
    expect(awards.map((a) => a.key)).toEqual(['captain_catastrophe', 'gameweek_rocket'])
  })

  it('Bench Boost has no bench: the only Bench Boost manager is never the Benched Beast', () => {
    const table = liveTable(world({ live: { 15: [90, 12] } }), [manager(1, { chip: 'bboost' }), manager(2)])
    const awards = liveBanter(table, 'live')
    expect(ids(awards, 'benched_beast')).toEqual([2])
    expect(award(awards, 'benched_beast')?.value).toBe(18) // 2 + 2 + 2 + 12
    expect(ids(awards, 'gameweek_rocket')).toEqual([1])
  })

  it('a projected automatic sub: the Auto-Sub Saviour (projected)', () => {
    // Starter 7 (MID) did not play and his match is over: bench MID 13 (scoring 6) comes on for manager 2 only (manager 1 benched 7).
    const gw = world({ live: { 7: [0, 0], 13: [90, 6] } })
    const table = liveTable(gw, [manager(1, { order: [1, 2, 3, 4, 5, 6, 13, 8, 9, 10, 11, 12, 7, 14, 15] }), manager(2)])
    const awards = liveBanter(table, 'live')
    expect(ids(awards, 'auto_sub_saviour')).toEqual([2])
    expect(award(awards, 'auto_sub_saviour')).toMatchObject({ title: 'Auto-Sub Saviour (projected)', value: 6 })
  })

  it('no captain has played yet: no Captain Catastrophe; before anyone plays, no Gameweek Rocket either', () => {
    const notStarted = world({
      fixtures: ALL_DONE.map((f) => ({ ...f, state: 'todo' as const })),
      live: Object.fromEntries(Array.from({ length: 15 }, (_, i) => [i + 1, [0, 0] as const])),
    })
    expect(liveBanter(liveTable(notStarted, [manager(1), manager(2)]), 'live')).toEqual([])

    // Captain 9's match (clubs 5-6) is still to come; manager 2 captains 1, who has played.
    const midway = world({
      fixtures: ALL_DONE.map((f) => (f.id === 103 ? { ...f, state: 'todo' as const } : f)),
      live: { 7: [0, 0], 8: [0, 0], 9: [0, 0], 14: [0, 0] },
    })
    const awards = liveBanter(liveTable(midway, [manager(1), manager(2, { captain: 1 })]), 'live')
    expect(ids(awards, 'captain_catastrophe')).toEqual([2])
    expect(liveBanter(liveTable(midway, [manager(1)]), 'live').map((a) => a.key)).not.toContain('captain_catastrophe')
  })

  it('a manager without a team this gameweek, or whose team is still loading, is in no award', () => {
    const table = liveTable(world(), [{ ...manager(1), sheet: null }, manager(2), { ...manager(3), sheet: null, loading: true }])
    for (const a of liveBanter(table, 'live'))
      expect(
        a.managers.map((m) => m.fpl_team_id),
        a.key,
      ).toEqual([2])
  })

  it('only while provisional: nothing before the gameweek starts or once it is checked', () => {
    const table = liveTable(world(), [manager(1)])
    expect(liveBanter(table, 'checked')).toEqual([])
    expect(liveBanter(table, 'upcoming')).toEqual([])
    expect(liveBanter(table, 'finished')).toHaveLength(3)
  })

  it('every title and text says so far or (projected), never a final word', () => {
    const gw = world({ live: { 7: [0, 0], 13: [90, 6] } })
    const awards = liveBanter(liveTable(gw, [manager(1), manager(2, { captain: 3 })]), 'live')
    expect(awards).toHaveLength(4)
    for (const a of awards) {
      expect(a.title, a.key).toMatch(/ so far$| \(projected\)$/)
      expect(a.text, a.key).toContain('so far')
      expect(a.text, a.key).not.toMatch(/\b(best|won|wins|winner|champion)\b/i)
    }
  })
})
