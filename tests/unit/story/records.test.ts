import { describe, expect, it } from 'vitest'
import type { GameweekResultRow } from '../../../worker/db/schema'
import type { FplHistoryRow } from '../../../worker/fpl/schemas'
import { captainPoints, netPoints } from '../../../worker/fpl/stats'
import { allTimeRecords, historyTable, type MonthTitle, type Names, summariseSeason } from '../../../worker/services/story/records'
import { gw37Live, realHistory, realPicksGw37 } from '../stats/fixtures'

// The Hall of Fame's records on the REAL captured 2025/26 history of team 1 (entry-history.json,
// 38 gameweeks, no hits), in a three-manager league worked by hand:
//
//   1  Real       team 1's season as FPL recorded it: best GW32 63, worst GW27 17, bench 2 in GW17 only.
//   2  Mirror     the same 38 scores in reverse (its GW g is team 1's GW 39-g), bench included:
//                 best GW7 63, worst GW12 17, bench 2 in GW22.
//   3  Steady     40 every gameweek, nothing on the bench.
//
// Totals and ranks (competition ranking): GW1 Mirror 47 (1), Steady 40 (2), Real 38 (3); GW2 Real 86 (1),
// Steady 80, Mirror 66: Real climbs 3rd → 1st (2 places); GW3 Real 120 and Steady 120 are joint 1st;
// GW4 Steady 160 leads and stays 1st to GW38 (1520): 36 gameweeks at the top (GW3-38). GW38: Real
// 1381 and Mirror 1381 share 2nd. Team 1's GW37 captain is Haaland, 9 points × 2 = 18 (the only
// gameweek whose picks we have).

const names: Names = { 1: ['Real Manager', 'Team One'], 2: ['Mirror Manager', 'Mirror FC'], 3: ['Steady Eddie', 'Steady XI'] }

function keptSeason(
  scores: Record<number, Array<Pick<FplHistoryRow, 'points' | 'event_transfers_cost' | 'points_on_bench'>>>,
  captains: Record<string, number> = {},
) {
  const totals = new Map<number, number>()
  const ids = Object.keys(scores).map(Number)
  const weeks = (scores[ids[0] as number] as unknown[]).length
  return Array.from({ length: weeks }, (_, i) => {
    const gameweek = i + 1
    for (const id of ids) totals.set(id, (totals.get(id) ?? 0) + netPoints((scores[id] as FplHistoryRow[])[i] as FplHistoryRow))
    const order = [...ids].sort((a, b) => (totals.get(b) as number) - (totals.get(a) as number) || a - b)
    let rank = 0
    const rows = order.map((id, k): GameweekResultRow => {
      if (k === 0 || totals.get(id) !== totals.get(order[k - 1] as number)) rank = k + 1
      const row = (scores[id] as FplHistoryRow[])[i] as FplHistoryRow
      return [id, netPoints(row), totals.get(id) as number, rank, row.points_on_bench, row.event_transfers_cost, captains[`${id}:${gameweek}`] ?? null]
    })
    return { gameweek, rows }
  })
}

const real = realHistory().current
const steady = real.map(() => ({ points: 40, event_transfers_cost: 0, points_on_bench: 0 }))
const haaland = captainPoints(realPicksGw37(), gw37Live())
const season2526 = keptSeason({ 1: real, 2: [...real].reverse(), 3: steady }, { '1:37': haaland })
const titles: MonthTitle[] = [
  { fpl_team_id: 3, player_name: 'Steady Eddie', team_name: 'Steady XI', month: 'August' },
  { fpl_team_id: 1, player_name: 'Real Manager', team_name: 'Team One', month: 'December' },
  { fpl_team_id: 1, player_name: 'Real Manager', team_name: 'Team One', month: 'March' },
  // A shared title: each joint winner holds one.
  { fpl_team_id: 2, player_name: 'Mirror Manager', team_name: 'Mirror FC', month: 'May' },
  { fpl_team_id: 3, player_name: 'Steady Eddie', team_name: 'Steady XI', month: 'May' },
]

const summary = summariseSeason({ tournamentId: 7, season: '2025/26', leagueName: 'The Real League', gameweeks: season2526, names, titles })
const byKind = (records: ReturnType<typeof allTimeRecords>) => new Map(records.map((r) => [r.kind, r]))
const who = (r: { holders: Array<{ fpl_team_id: number | null; gameweek: number | null; gameweek_to: number | null }> } | undefined) =>
  r?.holders.map((h) => [h.fpl_team_id, h.gameweek, h.gameweek_to])

describe('a season of records from real histories', () => {
  const records = byKind(allTimeRecords([summary]))

  it('finds the best and worst gameweeks, jointly held', () => {
    expect(records.get('best_gameweek')).toMatchObject({ value: 63, unit: 'points', holder_count: 2 })
    expect(who(records.get('best_gameweek'))).toEqual([
      [2, 7, null],
      [1, 32, null],
    ])
    expect(records.get('worst_gameweek')?.value).toBe(17)
    expect(who(records.get('worst_gameweek'))).toEqual([
      [2, 12, null],
      [1, 27, null],
    ])
  })

  it('finds the biggest climb and the longest time at the top (joint 1st counts)', () => {
    expect(records.get('biggest_climb')).toMatchObject({ value: 2, unit: 'places' })
    expect(who(records.get('biggest_climb'))).toEqual([[1, 2, null]])
    expect(records.get('longest_at_top')).toMatchObject({ value: 36, unit: 'gameweeks' })
    expect(who(records.get('longest_at_top'))).toEqual([[3, 3, 38]])
  })

  it('finds the bench and captaincy records and says what the captaincy covers', () => {
    expect(haaland).toBe(18)
    expect(records.get('most_bench_points')?.value).toBe(2)
    expect(who(records.get('most_bench_points'))).toEqual([
      [1, 17, null],
      [2, 22, null],
    ])
    expect(records.get('worst_captaincy')).toMatchObject({ value: 18, covers: 'Gameweeks whose picks were read: 2025/26 GW 37' })
    expect(who(records.get('worst_captaincy'))).toEqual([[1, 37, null]])
  })

  it('counts Manager of the Month titles, a shared one for each joint winner', () => {
    const mom = records.get('most_manager_of_the_month')
    expect(mom).toMatchObject({ value: 2, unit: 'titles', holder_count: 2 })
    expect(mom?.holders.map((h) => [h.player_name, h.month])).toEqual([
      ['Real Manager', 'December (2025/26), March (2025/26)'],
      ['Steady Eddie', 'August (2025/26), May (2025/26)'],
    ])
  })

  it("keeps the season's final table, joint places shared", () => {
    expect(summary.table).toMatchObject({ season: '2025/26', status: 'final', through_gameweek: 38, total_managers: 3, league_name: 'The Real League' })
    expect(summary.table.rows.map((r) => [r.position, r.fpl_team_id, r.total])).toEqual([
      [1, 3, 1520],
      [2, 1, 1381],
      [2, 2, 1381],
    ])
  })

  it('calls a season without GW38 "so far", and a gap in the kept gameweeks ends a run at the top', () => {
    const partial = summariseSeason({
      tournamentId: 7,
      season: '2025/26',
      leagueName: '',
      gameweeks: season2526.filter((g) => g.gameweek !== 20 && g.gameweek <= 30),
      names,
      titles: [],
    })
    expect(partial.table).toMatchObject({ status: 'so_far', through_gameweek: 30 })
    expect(who(byKind(partial.records).get('longest_at_top'))).toEqual([[3, 3, 19]])
  })
})

describe('records across a season reset (lineage)', () => {
  // 2026/27: FPL gave everyone new team ids; Real Manager is 11 now and wins a month, and Steady sets a new best.
  const next = keptSeason({
    11: [
      { points: 55, event_transfers_cost: 0, points_on_bench: 9 },
      { points: 17, event_transfers_cost: 0, points_on_bench: 0 },
    ],
    13: [
      { points: 70, event_transfers_cost: 4, points_on_bench: 0 },
      { points: 40, event_transfers_cost: 0, points_on_bench: 0 },
    ],
  })
  const nextNames: Names = { 11: ['Real Manager', 'Team One Again'], 13: ['Steady Eddie', 'Steady XI'] }
  const nextSummary = summariseSeason({
    tournamentId: 9,
    season: '2026/27',
    leagueName: 'The Real League 26/27',
    gameweeks: next,
    names: nextNames,
    titles: [{ fpl_team_id: 11, player_name: 'Real Manager', team_name: 'Team One Again', month: 'August' }],
  })
  const records = byKind(allTimeRecords([nextSummary, summary]))

  it('takes the best of both seasons and keeps ties across them', () => {
    // 70 − 4 hit = 66 net beats last season's 63.
    expect(records.get('best_gameweek')).toMatchObject({ value: 66, holders: [{ fpl_team_id: 13, season: '2026/27', gameweek: 1 }] })
    // 17 again this season: joint with last season's two.
    expect(records.get('worst_gameweek')?.holders.map((h) => [h.season, h.fpl_team_id, h.gameweek])).toEqual([
      ['2025/26', 2, 12],
      ['2025/26', 1, 27],
      ['2026/27', 11, 2],
    ])
    expect(records.get('most_bench_points')).toMatchObject({ value: 9, holders: [{ fpl_team_id: 11, season: '2026/27' }] })
  })

  it("adds up a person's titles by name across their new team id", () => {
    expect(records.get('most_manager_of_the_month')).toMatchObject({
      value: 3,
      holder_count: 1,
      holders: [{ fpl_team_id: 11, player_name: 'Real Manager', team_name: 'Team One Again', season: '2026/27' }],
    })
  })
})

describe('a season from FPL history', () => {
  it("ranks the managers' season totals among them, ties sharing a place", () => {
    const table = historyTable(
      '2024/25',
      [
        [2, 2100, 50_000],
        [1, 2250, 10_000],
        [3, 2100, 49_000],
      ],
      names,
    )
    expect(table).toMatchObject({ source: 'fpl_history', status: 'fpl_history', total_managers: 3 })
    expect(table.rows.map((r) => [r.position, r.fpl_team_id, r.total, r.overall_rank])).toEqual([
      [1, 1, 2250, 10_000],
      [2, 2, 2100, 50_000],
      [2, 3, 2100, 49_000],
    ])
  })
})
