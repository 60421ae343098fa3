import { describe, expect, it } from 'vitest'
import { type LiveManager, liveTable } from '../../../worker/fpl/live'
import { liveTableMemo, previousTable } from '../../../worker/fpl/live/table'
import realTable from '../../fixtures/fpl/leagues-classic-standings-results-2024-25.json'
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
        fpl_rank: null,
        team_status: 'loaded',
        pending_subs: [],
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

  it('splits a tie on transfers as FPL does: fewer first, equal transfers share the rank, then the lower entry id', () => {
    const table = liveTable(gw, [manager(3, 100, {}, 12), manager(1, 100, {}, 20), manager(2, 100, {}, 12)])
    expect(table.standings.map((r) => [r.fpl_team_id, r.live_rank])).toEqual([
      [2, 1],
      [3, 1],
      [1, 3],
    ])
  })

  it('ranks FPL’s own 2024-25 table as FPL did: 2755 at 8 and 9, 2750 shared at 14, in rank_sort order', () => {
    // Transfer counts in the order FPL's ranks imply (its rank itself: equal within a shared rank,
    // higher further down a split tie). Every plain sheet scores 24, so the previous totals are FPL's less 24.
    const table = liveTable(
      gw,
      realTable.map((r) => ({ ...manager(r.entry, r.total - 24, {}, r.rank), transfers_before: r.rank })),
    )
    const fpl = [...realTable].sort((a, b) => a.rank_sort - b.rank_sort)
    expect(table.standings.map((r) => [r.fpl_team_id, r.live_total, r.live_rank])).toEqual(fpl.map((r) => [r.entry, r.total, r.rank]))
    expect(table.standings.slice(7, 9).map((r) => r.live_rank)).toEqual([8, 9])
    expect(table.standings.slice(13, 15).map((r) => [r.fpl_team_id, r.live_rank])).toEqual([
      [27054, 14],
      [463156, 14],
    ])
  })

  it('a tie with someone’s transfers unknown shares one rank, in entry id order', () => {
    const table = liveTable(gw, [manager(3, 100, {}, 12), manager(1, 100), manager(2, 100, {}, 20), manager(4, 90, {}, 1), manager(5, 90, {}, 2)])
    expect(table.standings.map((r) => [r.fpl_team_id, r.live_rank])).toEqual([
      [3, 1],
      [2, 1],
      [1, 1],
      [4, 4],
      [5, 5],
    ])
  })

  it('the previous table splits its ties on the transfers before the gameweek, the live one on those up to its deadline', () => {
    // All four score 24. Before the gameweek 7 had made the fewest transfers; he then made 9 more.
    const managers = [
      { ...manager(9, 100, {}, 12), transfers_before: 12 },
      { ...manager(1, 100, {}, 20), transfers_before: 20 },
      { ...manager(5, 100, {}, 12), transfers_before: 12 },
      { ...manager(7, 100, {}, 19), transfers_before: 10 },
    ]
    const table = liveTable(gw, managers)
    expect(table.standings.map((r) => [r.fpl_team_id, r.live_rank, r.last_rank])).toEqual([
      [5, 1, 2],
      [9, 1, 2],
      [7, 3, 1],
      [1, 4, 4],
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

  it('a manager FPL has no picks for (404) carries his total with 0 live points, as no_team', () => {
    const table = liveTable(gw, [{ ...manager(1, 100), sheet: null }, manager(2, 50)])
    expect(table.standings[0]).toMatchObject({
      fpl_team_id: 1,
      live_points: 0,
      live_total: 100,
      team_status: 'no_team',
      pending_subs: [],
      captain: null,
      vice_captain: null,
      auto_subs: [],
      active_chip: null,
    })
  })

  it('a manager whose picks are loading keeps his previous place, never 0 points sinking to the bottom', () => {
    // Previous: 1 (130), 2 (120), 3 (110), 4 (100). Live: 1, 3 and 4 score 24; 2 is loading.
    const managers = [manager(1, 130), { ...manager(2, 120), sheet: null, loading: true }, manager(3, 110), manager(4, 100)]
    const table = liveTable(gw, managers)
    expect(table.standings.map((r) => [r.fpl_team_id, r.team_status, r.live_total, r.live_rank, r.last_rank])).toEqual([
      [1, 'loaded', 154, 1, 1],
      [2, 'loading', 120, 2, 2],
      [3, 'loaded', 134, 3, 3],
      [4, 'loaded', 124, 4, 4],
    ])
  })

  it('a loading row between two equal totals leaves their ranks equal', () => {
    // Previous: 3 (120) first; 1 and 2 on 100 share the next rank once live.
    const managers = [manager(1, 100), manager(2, 100), { ...manager(3, 120), sheet: null, loading: true }, manager(4, 96)]
    const table = liveTable(gw, managers)
    expect(table.standings.map((r) => [r.fpl_team_id, r.live_rank])).toEqual([
      [3, 1],
      [1, 2],
      [2, 2],
      [4, 4],
    ])
  })

  it('the league’s first gameweek has no previous rank, so no movement', () => {
    const managers = [manager(1, 0), manager(2, 0, { cost: 4 })]
    const table = liveTable(gw, managers, previousTable(managers, { firstGameweek: true }))
    expect(table.standings.map((r) => [r.fpl_team_id, r.live_rank, r.last_rank])).toEqual([
      [1, 1, null],
      [2, 2, null],
    ])
  })

  it('carries FPL’s last stored rank on each row', () => {
    const table = liveTable(gw, [{ ...manager(20001, 100), fpl_rank: 20001 }, manager(3, 90)])
    expect(table.standings.map((r) => [r.fpl_team_id, r.live_rank, r.fpl_rank])).toEqual([
      [20001, 1, 20001],
      [3, 2, null],
    ])
  })

  it('carries the gameweek, its status, provisional until checked, and the fixture counts', () => {
    const live = liveTable(world({ fixtures: ALL_DONE.map((f) => (f.id === 104 ? { ...f, state: 'play' as const } : f)) }), [])
    expect(live).toMatchObject({ gameweek: 5, status: 'live', provisional: true, fixtures: { total: 4, started: 4, finished: 3 }, standings: [] })
    const checked = liveTable(world({ event: { finished: true, data_checked: true } }), [])
    expect(checked).toMatchObject({ status: 'checked', provisional: false })
  })
})

describe('liveTable across feed generations (a memo)', () => {
  it('re-scores only the managers whose players moved, and answers exactly as a table computed afresh', () => {
    // 1 and 2 captain 9; 3 has 9 on his bench (order swaps 9 and 12); 4 does not own 9 (95 instead).
    const squadWithout9 = [1, 2, 3, 4, 5, 6, 7, 8, 95, 10, 11, 12, 13, 14, 15]
    const managers = [
      manager(1, 100),
      manager(2, 90),
      manager(3, 80, { order: [1, 2, 3, 4, 5, 6, 7, 8, 12, 10, 11, 9, 13, 14, 15], captain: 10 }),
      manager(4, 70, { order: squadWithout9, captain: 10 }),
    ]
    const previous = previousTable(managers)
    const memo = liveTableMemo()
    const generations = [
      world(),
      // Minutes tick for everyone: nothing a summary reads moved.
      world({ live: { 1: [91, 2], 9: [91, 2], 95: [91, 2] } }),
      // 9 scores: 6 points.
      world({ live: { 9: [92, 6] } }),
    ]
    const tables = generations.map((gw) => liveTable(gw, managers, previous, memo))
    generations.forEach((gw, g) => {
      expect(tables[g], `generation ${g}`).toEqual(liveTable(gw, managers, previous))
    })
    const row = (g: number, entry: number) => tables[g]?.standings.find((r) => r.fpl_team_id === entry)
    // Generation 1 re-scored nobody: every row's summary objects are generation 0's.
    for (const entry of [1, 2, 3, 4]) expect(row(1, entry)?.auto_subs).toBe(row(0, entry)?.auto_subs)
    // Generation 2 re-scored the three owners of 9 only.
    for (const entry of [1, 2, 3]) expect(row(2, entry)?.auto_subs).not.toBe(row(1, entry)?.auto_subs)
    expect(row(2, 4)?.auto_subs).toBe(row(1, 4)?.auto_subs)
    // 1: ten starters × 2 + captain 9's 6 × 2 = 32; 3 (9 benched, 12 on) and 4 (no 9): ten × 2 + captain 10's 2 × 2 = 24.
    expect([row(2, 1)?.live_points, row(2, 3)?.live_points, row(2, 4)?.live_points]).toEqual([32, 24, 24])
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
