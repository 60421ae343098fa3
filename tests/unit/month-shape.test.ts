import { describe, expect, it } from 'vitest'
import type { MonthlyWinner } from '../../worker/fpl/stats'
import { monthlyWinnersResponse, readStoredMonth } from '../../worker/services/league-data'
import type { SnapshotView } from '../../worker/services/snapshot-store'

// Snapshots written before decision 044 have no joint_winners and list a co-leader as runner-up 1.
// The API reads them as today's shape, so the SPA has one shape to show.

const runner = (position: number, player_name: string) => ({ position, player_name, team_name: `${player_name} FC`, total_points: 100 - position })

function month(overrides: Partial<MonthlyWinner>): Omit<MonthlyWinner, 'joint_winners' | 'joint_leaders'> & Partial<MonthlyWinner> {
  const {
    joint_winners: _,
    joint_leaders: __,
    ...base
  }: MonthlyWinner = {
    month: 'August',
    year: 2025,
    phase_id: 2,
    start_event: 1,
    stop_event: 3,
    status: 'finished',
    gameweeks_played: 3,
    prize: 0,
    leading_player: 'A',
    leading_points: 200,
    winner: 'A',
    joint_winners: [],
    joint_leaders: [],
    monthly_points: 200,
    average_per_gw: 66.7,
    runners_up: [],
  }
  return { ...base, ...overrides }
}

describe('monthly winners from older snapshots (decision 044)', () => {
  it('co-leaders stored as runner-up 1 become joint winners after the winner; runners-up keep their positions', () => {
    const read = readStoredMonth(month({ runners_up: [runner(1, 'B'), runner(1, 'C'), runner(4, 'D')] }))
    expect(read.joint_winners).toEqual(['A', 'B', 'C'])
    expect(read.joint_leaders).toEqual(['A', 'B', 'C'])
    expect(read.runners_up.map((r) => r.position)).toEqual([4])
  })

  it('a sole winner is named alone; an ongoing month has no title holders yet', () => {
    expect(readStoredMonth(month({ runners_up: [runner(2, 'B')] })).joint_winners).toEqual(['A'])
    const ongoing = readStoredMonth(month({ status: 'ongoing', winner: null, runners_up: [] }))
    expect(ongoing.joint_winners).toEqual([])
    expect(ongoing.joint_leaders).toEqual(['A'])
  })

  it('a month stored with joint_winners but before joint_leaders is led by its joint winners', () => {
    const read = readStoredMonth({ ...month({ runners_up: [runner(3, 'C')] }), joint_winners: ['A', 'B'] })
    expect(read.joint_leaders).toEqual(['A', 'B'])
    expect(read.runners_up.map((r) => r.position)).toEqual([3])
  })

  it("today's months pass through unchanged", () => {
    const today = { ...month({ runners_up: [runner(3, 'C')] }), joint_winners: ['A', 'B'], joint_leaders: ['A', 'B'] }
    expect(readStoredMonth(today)).toEqual(today)
  })

  it('the answer reads every stored month that way', () => {
    const snapshot = {
      document: [month({ runners_up: [runner(1, 'B')] })],
      gameweek: 3,
      dataSource: 'live',
      refreshedAt: new Date(0),
    } as unknown as SnapshotView
    const answer = monthlyWinnersResponse(snapshot)
    expect(answer.monthly_winners[0]?.joint_winners).toEqual(['A', 'B'])
    expect(answer.monthly_winners[0]?.runners_up).toEqual([])
    expect(monthlyWinnersResponse(null).monthly_winners).toEqual([])
  })
})
