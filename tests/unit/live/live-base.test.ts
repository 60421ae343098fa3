import { describe, expect, it } from 'vitest'
import type { FplHistory } from '../../../worker/fpl/schemas'
import { transfersUpTo } from '../../../worker/fpl/stats'
import { withLiveBase } from '../../../worker/services/refresh/live-base'
import type { StoredRow, StoredTable } from '../../../worker/services/snapshot-store'
import { realHistory } from '../stats/fixtures'

// What the refresh stores for the live table (decision 141), on the REAL 2025/26 history of team 1
// (entry-history.json): GW19 total 748, GW20-24 scored 26, 27, 39, 42, 45 (GW24 total 927).

const ENTRY = 1
const row = (total_points: number, gameweek_points: number, extra: Partial<StoredRow> = {}): StoredRow => ({
  position: 1,
  fpl_team_id: ENTRY,
  team_name: 'Team',
  player_name: 'Manager',
  total_points,
  gameweek_points,
  rank: 1,
  last_rank: 1,
  ...extra,
})

/** The real history with transfers in GW20 (1), GW22 (10, under a Wildcard) and GW23 (2). */
function historyWithTransfers(): FplHistory {
  const history = realHistory()
  const transfers: Record<number, number> = { 20: 1, 22: 10, 23: 2 }
  return {
    ...history,
    current: history.current.map((r) => ({ ...r, event_transfers: transfers[r.event] ?? 0 })),
    chips: [{ name: 'wildcard', time: '2026-01-17T10:00:00Z', event: 22 }],
  }
}

const base = (gameweek: number, startEvent: number, before: StoredTable | null, history: FplHistory | null, stored = row(0, 0)) =>
  withLiveBase([stored], { gameweek, startEvent, before, histories: new Map(history ? [[ENTRY, history]] : []) })[0]

describe('withLiveBase: the league total before the gameweek', () => {
  it('a league starting at GW20, at GW25 from the history: its own 26 + 27 + 39 + 42 + 45 = 179, never the season total 927', () => {
    expect(base(25, 20, null, realHistory())?.previous_total).toBe(179)
  })

  it("from the stored checked table of the gameweek before: FPL's league total, whatever the history", () => {
    const before: StoredTable = { gameweek: 24, status: 'checked', rows: [row(180, 45)] }
    expect(base(25, 20, before, realHistory())?.previous_total).toBe(180)
  })

  it('carried from the stored table of the same gameweek (a refresh of a gameweek in play)', () => {
    const before: StoredTable = { gameweek: 25, status: 'live', rows: [row(190, 10, { previous_total: 179 })] }
    expect(base(25, 20, before, null)?.previous_total).toBe(179)
  })

  it("0 in the league's first gameweek, and null when nothing stored or read says it", () => {
    expect(base(20, 20, null, realHistory())?.previous_total).toBe(0)
    expect(base(1, 1, null, null)?.previous_total).toBe(0)
    // A stored table of an older gameweek, not checked, no history: unknown.
    expect(base(25, 20, { gameweek: 23, status: 'live', rows: [row(150, 40)] }, null)?.previous_total).toBeNull()
    // A missing history reads as an empty one: not a manager on 0.
    expect(base(25, 20, null, { current: [], past: [], chips: [] })?.previous_total).toBeNull()
  })
})

describe('transfers FPL’s tie-break counts', () => {
  it('the gameweeks up to it, Wildcard and Free Hit weeks left out: 1 up to GW21, 1 + 2 = 3 up to GW24', () => {
    const history = historyWithTransfers()
    expect(transfersUpTo(history, 21)).toBe(1)
    expect(transfersUpTo(history, 22)).toBe(1)
    expect(transfersUpTo(history, 24)).toBe(3)
    expect(transfersUpTo({ ...history, chips: [{ name: 'freehit', time: '2026-01-17T10:00:00Z', event: 23 }] }, 24)).toBe(11)
  })

  it('stored from the history, carried in the same gameweek without one, unknown otherwise', () => {
    expect(base(25, 1, null, historyWithTransfers())?.transfers).toBe(3)
    const before: StoredTable = { gameweek: 25, status: 'live', rows: [row(190, 10, { transfers: 3 })] }
    expect(base(25, 1, before, null)?.transfers).toBe(3)
    expect(base(26, 1, { ...before, status: 'checked' }, null)?.transfers).toBeNull()
  })

  it('for every table, ours too (our users, curated teams): one ranking everywhere', () => {
    const [based] = withLiveBase([row(0, 0)], { gameweek: 25, startEvent: 1, before: null, histories: new Map([[ENTRY, historyWithTransfers()]]) })
    expect(based?.transfers).toBe(3)
    expect(based?.previous_total).toBe(927)
  })
})
