import { beforeAll, describe, expect, it } from 'vitest'
import { buildStandingsFromHistories } from '../../../worker/fpl/stats'
import { leagueManagers } from './league'
import type { PubLeague } from './sim'
import { loadPubLeague } from './sim'

const cols = (rows: ReturnType<typeof buildStandingsFromHistories>) => rows.map((r) => [r.fpl_team_id, r.total_points, r.gameweek_points, r.rank, r.last_rank])

describe('buildStandingsFromHistories: The Crown & Anchor (league.ts)', () => {
  it('GW4: totals from total_points, GW points net of hits, last_rank from GW3 totals', () => {
    // [entry, total, GW net, rank, last_rank]
    expect(cols(buildStandingsFromHistories(leagueManagers(), 4))).toEqual([
      [104, 258, 88, 1, 3], // Dev: GW3 170 shared 3rd with Eve
      [102, 236, 86, 2, 5], // Ben: 94 − 8 = 86
      [101, 230, 57, 3, 2],
      [103, 215, 30, 4, 1],
      [105, 190, 20, 5, 3],
      [106, 120, 60, 6, 6],
    ])
  })

  it('GW3: shared rank (Dev and Eve on 170 are both 3rd, next is 5th); Cara’s total is net of her hits', () => {
    const rows = buildStandingsFromHistories(leagueManagers(), 3)
    // GW2 totals for last_rank: Cara 135, Ben 120, Alice 115, Eve 110, Dev 100, Finn 0 (not started)
    expect(cols(rows)).toEqual([
      [103, 185, 50, 1, 1], // Cara: 58 − 8 = 50; 185 even though 70 + 69 + 58 = 197 gross
      [101, 173, 58, 2, 3],
      [104, 170, 70, 3, 5],
      [105, 170, 60, 3, 4], // tie with Dev, after him by entry id
      [102, 150, 30, 5, 2],
      [106, 60, 60, 6, 6],
    ])
    expect(rows[0]).toEqual({
      fpl_team_id: 103,
      team_name: 'Cara-bao Cup',
      player_name: 'Cara Cole',
      total_points: 185,
      gameweek_points: 50,
      rank: 1,
      last_rank: 1,
    })
  })

  it('GW1: last_rank is null; a manager who has not started yet sits on 0 with 0 GW points', () => {
    expect(cols(buildStandingsFromHistories(leagueManagers(), 1))).toEqual([
      [103, 70, 70, 1, null],
      [105, 65, 65, 2, null],
      [101, 60, 60, 3, null],
      [104, 50, 50, 4, null],
      [102, 40, 40, 5, null],
      [106, 0, 0, 6, null],
    ])
  })

  it('a GW nobody has played yet carries the last totals with 0 GW points', () => {
    expect(cols(buildStandingsFromHistories(leagueManagers(), 5))).toEqual([
      [104, 258, 0, 1, 1],
      [102, 236, 0, 2, 2],
      [101, 230, 0, 3, 3],
      [103, 215, 0, 4, 4],
      [105, 190, 0, 5, 5],
      [106, 120, 0, 6, 6],
    ])
  })

  it('no managers, no rows', () => {
    expect(buildStandingsFromHistories([], 3)).toEqual([])
  })
})

describe('buildStandingsFromHistories: matches FPL’s own table for the simulated Pub League at GW12', () => {
  let league: PubLeague
  beforeAll(async () => {
    league = await loadPubLeague()
  })

  it('same order, totals, net GW points, ranks (ties split on transfers) and last ranks as standings/', () => {
    const ours = buildStandingsFromHistories(league.managers, league.gameweek)
    expect(ours.map((r) => [r.fpl_team_id, r.total_points, r.gameweek_points, r.rank, r.last_rank])).toEqual(
      league.standings.map((r) => [r.entry, r.total, r.event_total, r.rank, r.last_rank]),
    )
    // The simulated table has a tie: Chris Hartley (1000001, 5 transfers) and Harry Marsh (1000009,
    // 10) on 566: FPL splits it on transfers, 8th and 9th.
    const tied = ours.filter((r) => r.total_points === 566)
    expect(tied.map((r) => [r.fpl_team_id, r.rank])).toEqual([
      [1000001, 8],
      [1000009, 9],
    ])
  })
})
