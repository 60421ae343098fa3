import type { FplHistory } from '../../fpl/schemas'
import { totalAt, transfersUpTo } from '../../fpl/stats'
import type { StoredRow, StoredTable } from '../snapshot-store'

// What the live table builds on, stored with each row by the refresh (docs/decisions/141): the
// league total before the gameweek and the transfers FPL's tie-break counts before it. Neither
// is read from FPL's standings of a gameweek in play (whose `total` and `event_total` lag until
// FPL updates the leagues) nor from a live gameweek's `entry_history`.

export interface LiveBaseInput {
  gameweek: number
  /** The league's first gameweek (FPL's `start_event`; 1 for tables of our users or curated teams). */
  startEvent: number
  /** The table stored before this refresh. */
  before: StoredTable | null
  /** Histories read by this refresh, by entry (a manager without one is absent). */
  histories: ReadonlyMap<number, FplHistory>
}

export function withLiveBase(rows: readonly StoredRow[], input: LiveBaseInput): StoredRow[] {
  const { gameweek, startEvent, before, histories } = input
  const old = new Map(before?.rows.map((r) => [r.fpl_team_id, r]))
  const fromChecked = before?.gameweek === gameweek - 1 && before.status === 'checked'
  const sameGameweek = before?.gameweek === gameweek
  return rows.map((row) => {
    const stored = old.get(row.fpl_team_id)
    const history = histories.get(row.fpl_team_id)
    const known = history && history.current.length > 0 ? history : null
    const previous =
      gameweek <= startEvent
        ? 0
        : fromChecked && stored
          ? stored.total_points
          : sameGameweek && stored?.previous_total != null
            ? stored.previous_total
            : known
              ? totalAt(known, gameweek - 1) - totalAt(known, startEvent - 1)
              : null
    const transfers = known ? transfersUpTo(known, gameweek - 1) : sameGameweek ? (stored?.transfers ?? null) : null
    return { ...row, previous_total: previous, transfers }
  })
}
