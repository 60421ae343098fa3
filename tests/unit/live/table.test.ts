import { describe, expect, it } from 'vitest'
import { type LiveManager, liveTable } from '../../../worker/fpl/live'
import { ALL_DONE, sheet, syntheticManagers, world } from './fixtures'

const manager = (fpl_team_id: number, previous_total: number, spec: Parameters<typeof sheet>[0] = {}, transfers_made?: number): LiveManager => ({
  fpl_team_id,
  team_name: `Team ${fpl_team_id}`,
  player_name: `Manager ${fpl_team_id}`,
  previous_total,
  ...(transfers_made === undefined ? {} : { transfers_made }),
  sheet: sheet(spec),
})

describe('liveTable', () => {
  // Every squad player on 2 points, so a plain sheet is 24 live points (captain 9 twice).
  const gw = world()

  it('answers the /live row fields exactly, live total on top of the previous total', () => {
    const table = liveTable(gw, [manager(7, 100, { cost: 4 })])
    expect(table.standings).toEqual([
      {
        fpl_team_id: 7,
        team_name: 'Team 7',
        player_name: 'Manager 7',
        live_points: 20,
        live_total: 120,
        live_rank: 1,
        last_rank: 1,
        projected_bonus: 0,
        transfers_cost: 4,
        active_chip: null,
        captain: { element: 9, name: 'P9', points: 2, multiplier: 2, played: true },
        vice_captain: { element: 10, name: 'P10', played: true },
        auto_subs: [],
        players_played: 11,
        players_to_play: 0,
        bench_points: 8, // 12..15 on 2 each
        auto_sub_points: 0,
        armband_element: 9,
        armband_points: 4,
        armband_played: true,
      },
    ])
  })

  it('ranks by live total; equal totals share a rank and the next rank skips', () => {
    const table = liveTable(gw, [manager(3, 106), manager(1, 100), manager(2, 110, { cost: 4 }), manager(4, 90)])
    // live totals: 1 → 124, 2 → 130, 3 → 130, 4 → 114
    expect(table.standings.map((r) => [r.fpl_team_id, r.live_total, r.live_rank, r.last_rank])).toEqual([
      [2, 130, 1, 1],
      [3, 130, 1, 2],
      [1, 124, 3, 3],
      [4, 114, 4, 4],
    ])
  })

  it('orders a tie by FPL’s rule: fewer transfers first, then the lower entry id', () => {
    const table = liveTable(gw, [manager(3, 100, {}, 12), manager(1, 100, {}, 20), manager(2, 100, {}, 12)])
    expect(table.standings.map((r) => [r.fpl_team_id, r.live_rank])).toEqual([
      [2, 1],
      [3, 1],
      [1, 1],
    ])
  })

  it('last_rank is the same ranking on the previous totals', () => {
    const table = liveTable(gw, [manager(1, 100), manager(2, 100), manager(3, 120, { cost: 30 })])
    expect(table.standings.map((r) => [r.fpl_team_id, r.live_rank, r.last_rank])).toEqual([
      [1, 1, 2],
      [2, 1, 2],
      [3, 3, 1],
    ])
  })

  it('a manager without picks this gameweek carries his total with 0 live points', () => {
    const table = liveTable(gw, [{ ...manager(1, 100), sheet: null }, manager(2, 50)])
    expect(table.standings[0]).toMatchObject({
      fpl_team_id: 1,
      live_points: 0,
      live_total: 100,
      captain: null,
      vice_captain: null,
      auto_subs: [],
      active_chip: null,
    })
  })

  it('carries the gameweek, its status, provisional until checked, and the fixture counts', () => {
    const live = liveTable(world({ fixtures: ALL_DONE.map((f) => (f.id === 104 ? { ...f, state: 'play' as const } : f)) }), [])
    expect(live).toMatchObject({ gameweek: 5, status: 'live', provisional: true, fixtures: { total: 4, started: 4, finished: 3 }, standings: [] })
    const checked = liveTable(world({ event: { finished: true, data_checked: true } }), [])
    expect(checked).toMatchObject({ status: 'checked', provisional: false })
  })
})

/** Standard competition rank of each value: 1 + how many values are greater. */
function ranksOf(values: readonly number[]): Map<number, number> {
  const sorted = [...values].sort((a, b) => b - a)
  const ranks = new Map<number, number>()
  sorted.forEach((v, i) => {
    if (!ranks.has(v)) ranks.set(v, i + 1)
  })
  return ranks
}

describe('liveTable for a 5,000-manager tournament', () => {
  it('gives every manager the points worked out independently, and consistent ranks', () => {
    const { gw, managers, expected } = syntheticManagers(5000)
    const table = liveTable(gw, managers)
    expect(table.standings).toHaveLength(5000)
    const previous = new Map(managers.map((m) => [m.fpl_team_id, m.previous_total]))
    const liveRanks = ranksOf(managers.map((m) => (previous.get(m.fpl_team_id) ?? 0) + (expected.get(m.fpl_team_id) ?? 0)))
    const lastRanks = ranksOf([...previous.values()])
    const wrong = table.standings.filter((row, i) => {
      const before = table.standings[i - 1]
      const total = (previous.get(row.fpl_team_id) ?? 0) + (expected.get(row.fpl_team_id) ?? Number.NaN)
      return (
        row.live_points !== expected.get(row.fpl_team_id) ||
        row.live_total !== total ||
        row.live_rank !== liveRanks.get(total) ||
        row.last_rank !== lastRanks.get(previous.get(row.fpl_team_id) ?? 0) ||
        (before !== undefined && (before.live_total < row.live_total || (before.live_total === row.live_total && before.fpl_team_id > row.fpl_team_id)))
      )
    })
    expect(wrong).toEqual([])
    expect(new Set(table.standings.map((r) => r.fpl_team_id)).size).toBe(5000)
  })
})
