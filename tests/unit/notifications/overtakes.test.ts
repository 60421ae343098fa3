import { describe, expect, it } from 'vitest'
import { comparableRanks, matchWindow, overtakes } from '../../../worker/services/live/overtakes'

const row = (fpl_team_id: number, live_rank: number, player_name = `M${fpl_team_id}`) => ({ fpl_team_id, player_name, live_rank })

describe('overtakes', () => {
  it('names the rival now closest above among those who were below', () => {
    // Before: 1 A, 2 Me, 3 B, 4 C. After a goal: 1 C, 2 B, 3 A, 4 Me.
    const before = new Map([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
    ])
    const after = [row(4, 1), row(3, 2), row(1, 3), row(2, 4)]
    expect(overtakes(before, after, [2])).toEqual([{ entry: 2, rank: 4, rival: { entry: 3, name: 'M3' } }])
  })

  it('is not an overtake to be caught level, to fall behind someone already ahead, or to climb', () => {
    const before = new Map([
      [1, 1],
      [2, 2],
      [3, 3],
    ])
    expect(overtakes(before, [row(1, 1), row(2, 2), row(3, 2)], [2])).toEqual([])
    expect(overtakes(before, [row(1, 1), row(2, 3), row(3, 3)], [2])).toEqual([])
    expect(overtakes(before, [row(2, 1), row(1, 2), row(3, 3)], [2])).toEqual([])
  })

  it('only for the members asked about, and only when there is a table to compare with', () => {
    const before = new Map([
      [1, 1],
      [2, 2],
    ])
    expect(overtakes(before, [row(2, 1), row(1, 2)], [])).toEqual([])
    expect(overtakes(new Map(), [row(2, 1), row(1, 2)], [1])).toEqual([])
  })
})

describe('overtakes while picks are loading (decision 141)', () => {
  const loading = (fpl_team_id: number, live_rank: number) => ({ ...row(fpl_team_id, live_rank), team_status: 'loading' as const })

  it('a rival whose team is loading neither passes anyone nor is passed', () => {
    // Before: 1 Me, 2 B. B is still loading, placed above me at his previous place: no alert.
    const before = new Map([
      [1, 2],
      [2, 1],
    ])
    expect(overtakes(before, [loading(2, 1), row(1, 2)], [1])).toEqual([])
    // A member still loading is not told he was passed.
    expect(
      overtakes(
        new Map([
          [1, 1],
          [2, 2],
        ]),
        [row(2, 1), loading(1, 2)],
        [1],
      ),
    ).toEqual([])
  })

  it('keeps only known rows to compare with, so a placeholder place never becomes an overtake later', () => {
    const first = [loading(2, 1), row(1, 2), row(3, 3)]
    const kept = new Map(comparableRanks(first))
    expect([...kept]).toEqual([
      [1, 2],
      [3, 3],
    ])
    // Next table: 2 is known and ahead of 1; he had no known place before, so it is not an overtake.
    expect(overtakes(kept, [row(2, 1), row(1, 2), row(3, 3)], [1])).toEqual([])
  })
})

describe('the match window', () => {
  const fixture = (kickoff_time: string, started: boolean, finished_provisional: boolean) => ({ kickoff_time, started, finished_provisional })

  it('is the first kick-off among the fixtures in play', () => {
    expect(
      matchWindow([fixture('2026-11-28T15:00:00Z', true, false), fixture('2026-11-28T12:30:00Z', true, true), fixture('2026-11-28T17:30:00Z', false, false)]),
    ).toBe('2026-11-28T15:00:00Z')
  })

  it('is none between windows', () => {
    expect(matchWindow([fixture('2026-11-28T12:30:00Z', true, true), fixture('2026-11-28T17:30:00Z', false, false)])).toBeNull()
  })
})
