import { describe, expect, it } from 'vitest'
import type { LiveFeed } from '../../../worker/services/live/feed'
import { type ManagerRow, tournamentLive, tournamentManagers } from '../../../worker/services/live/table'
import { liveFeed } from '../../worker/helpers/live'
import { type SheetSpec, sheet } from './fixtures'

// The swing feed's managers (decision 141 made it read only the owners of the players who
// moved): the biggest shares first (Triple Captain ×3, captain ×2, then ×1), ties in table order,
// at most 12 named; a player nobody counts makes no swing.

/** The hand-made squad of fixtures.ts (`sheet`), every player on 90 minutes for 2 points, no fixture left. */
const SQUAD_TYPES = [1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 1, 3, 2, 4]

function feed(changes: LiveFeed['changes']): LiveFeed {
  const players = [
    ...SQUAD_TYPES.map((type, i): [number, number, number, string] => [i + 1, type, 1, `P${i + 1}`]),
    [95, 2, 6, 'P95'] as [number, number, number, string],
  ]
  return liveFeed(2, 5, {
    fetched_at: null,
    elements: players,
    live: players.map(([id]) => ({ id, stats: { minutes: 90, total_points: 2 }, explain: [] })),
    changes,
  })
}

/** Entry `id`, ranked by id (previous totals 100 apart), with the picks of `spec`. */
function row(id: number, spec: SheetSpec = {}): ManagerRow {
  return {
    fpl_team_id: id,
    team_name: `Team ${id}`,
    player_name: `Manager ${id}`,
    total_points: 0,
    gameweek_points: 0,
    rank: id,
    last_rank: id,
    previous_total: 10_000 - 100 * id,
    transfers: null,
    sheet: JSON.stringify(sheet({ captain: 10, vice: 11, ...spec })),
    event_transfers: 0,
    fetched: 1,
  }
}

const change = (element: number, points: number): LiveFeed['changes'][number] => ({ element, points, events: ['goal'], reasons: [], match: null })

describe('the swing feed of a live table', () => {
  it('names the biggest shares first, ties in table order, twelve at most, and leaves out a player nobody counts', () => {
    const benched9 = [1, 2, 3, 4, 5, 6, 7, 8, 15, 10, 11, 12, 13, 14, 9]
    const without9 = [1, 2, 3, 4, 5, 6, 7, 8, 95, 10, 11, 12, 13, 14, 15]
    const rows = Array.from({ length: 16 }, (_, i) => {
      const id = i + 1
      if (id === 7) return row(id, { captain: 9, chip: '3xc' })
      if ([2, 5, 11].includes(id)) return row(id, { captain: 9 })
      if (id === 13) return row(id, { order: benched9 })
      if (id === 14) return row(id, { order: without9 })
      return row(id)
    })
    // Stored in another order than the live table's: the names follow the table, not the stored rows.
    rows.reverse()
    const loaded = tournamentManagers(rows, { start_event: 1, truncated: 0, total_members: 16 }, 5, { gameweek: 5, status: 'live', revision: 1 })
    // 12, the bench goalkeeper, counts for nobody.
    const live = tournamentLive(feed([change(9, 4), change(12, 3)]), loaded)
    expect(live.rows.map((r) => r.fpl_team_id)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1))
    expect(live.swings).toHaveLength(1)
    expect(live.swings[0]?.managers.map((m) => [m.fpl_team_id, m.points, m.captain])).toEqual([
      [7, 12, true],
      [2, 8, true],
      [5, 8, true],
      [11, 8, true],
      ...[1, 3, 4, 6, 8, 9, 10, 12].map((id) => [id, 4, false]),
    ])
  })
})
