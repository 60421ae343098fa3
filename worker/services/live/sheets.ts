/**
 * Every tracked manager's picks of the gameweek in play, and his transfers of it, fetched once per
 * manager per gameweek after the deadline (neither changes once it has passed), through the refresh
 * queue: each message is one invocation with its own budget of FPL requests, two per manager. The
 * poller asks for the missing ones every few minutes while the gameweek is not checked; a manager
 * is queued once (the row is written as it is queued) unless his message failed for good.
 */
import { and, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm'
import { excluded, jsonEachElement } from '../../db/among'
import type { Database } from '../../db/client'
import { liveSheets, standingsRows } from '../../db/schema'
import type { Bindings } from '../../env'
import { FplBudgetExceededError, FplNotFoundError } from '../../fpl/errors'
import type { LiveManager, LiveSheet } from '../../fpl/live'
import type { FplPicks } from '../../fpl/schemas'
import { createFplSource, type FplSource } from '../../fpl/source'
import { type BatchSender, chunk, sendInBatches } from '../../lib/queues'
import { FPL_REQUESTS_PER_INVOCATION } from '../refresh/types'

/** One queue message: fetch these managers' picks and transfers of this gameweek. */
export interface LiveSheetsMessage {
  live_sheets: { gameweek: number; entries: number[] }
}

export type SheetsSender = BatchSender<LiveSheetsMessage>

export const isLiveSheetsMessage = (body: unknown): body is LiveSheetsMessage => typeof body === 'object' && body !== null && 'live_sheets' in body

/** How often the poller looks for managers whose picks are not stored yet. */
const SHEETS_EVERY_MS = 5 * 60_000

/** When the poller last asked for the missing picks, and of which gameweek (kept in its storage). */
export interface SheetsAsked {
  gameweek: number
  at: number
}

/**
 * Whether the poller asks for the missing picks now: every few minutes until the gameweek is
 * checked, and at once for a gameweek the feed has just moved to (its rows were just forgotten, and
 * a look at the same gameweek number kept from before, a gameweek played again as the simulator
 * can, must not hold its picks back for minutes).
 */
export function sheetsDue(last: SheetsAsked | undefined, feed: { gameweek: number; status: string; newGameweek: boolean }, now: number): boolean {
  if (feed.status === 'checked') return false
  return feed.newGameweek || !last || last.gameweek !== feed.gameweek || now - last.at >= SHEETS_EVERY_MS
}

/** Chips whose moves FPL may leave out of the gameweek's transfer count. */
const UNCOUNTED_CHIPS = new Set(['wildcard', 'freehit'])

/** Managers per message: two FPL requests each (picks, transfers) within one invocation's budget. */
const ENTRIES_PER_MESSAGE = FPL_REQUESTS_PER_INVOCATION / 2

/** A queued fetch that has not landed after this long is queued again (its message failed for good). */
const REQUEUE_AFTER_MS = 20 * 60_000
/**
 * Queue the fetch of every manager in a stored table (any tournament) whose picks of the gameweek
 * are not stored or queued. Answers how many were queued.
 */
export async function queueMissingSheets(db: Database, queue: SheetsSender, gameweek: number, now: number): Promise<number> {
  const missing = await db
    .selectDistinct({ id: standingsRows.fplTeamId })
    .from(standingsRows)
    .leftJoin(liveSheets, and(eq(liveSheets.gameweek, gameweek), eq(liveSheets.fplTeamId, standingsRows.fplTeamId)))
    .where(or(isNull(liveSheets.fplTeamId), and(isNull(liveSheets.fetchedAt), lt(liveSheets.queuedAt, new Date(now - REQUEUE_AFTER_MS)))))
    .orderBy(standingsRows.fplTeamId)
  if (missing.length === 0) return 0
  const entries = missing.map((m) => m.id)
  // The managers go in as one JSON parameter (D1 binds at most 100 a statement; json_each has no
  // drizzle builder); `WHERE true` tells SQLite's parser that ON CONFLICT belongs to the insert.
  const queued = db
    .select({
      gameweek: sql<number>`${gameweek}`.as('gameweek'),
      fplTeamId: sql<number>`value`.as('fpl_team_id'),
      sheet: sql<null>`NULL`.as('sheet'),
      eventTransfers: sql<null>`NULL`.as('event_transfers'),
      transfers: sql<null>`NULL`.as('transfers'),
      queuedAt: sql<number>`${now}`.as('queued_at'),
      fetchedAt: sql<null>`NULL`.as('fetched_at'),
    })
    .from(sql`json_each(${JSON.stringify(entries)})`)
    .where(sql`true`)
  await db
    .insert(liveSheets)
    .select(queued)
    .onConflictDoUpdate({ target: [liveSheets.gameweek, liveSheets.fplTeamId], set: { queuedAt: excluded(liveSheets.queuedAt) } })
  const messages = chunk(entries, ENTRIES_PER_MESSAGE).map((group) => ({ body: { live_sheets: { gameweek, entries: group } } }))
  await sendInBatches(queue, messages)
  return entries.length
}

export interface SheetsDeps {
  env: Pick<Bindings, 'FPL_API_BASE' | 'CACHE'>
  db: Database
  fetch?: typeof fetch
  now?: () => number
  sleep?: (ms: number) => Promise<void>
}

/**
 * The consumer of one message: fetch the picks and transfers of its managers not fetched yet and
 * store them. A manager without a team this gameweek (404) is stored as fetched with no sheet. Any
 * other FPL failure of the picks stores what was fetched and throws, so the message is retried for
 * the rest. The transfers only feed the glance's gain: when FPL fails them the picks are stored
 * without them (null, left out of the glance) rather than lost or held back; only a budget used up
 * leaves the manager to the message's retry, which has a budget of its own.
 */
export async function fetchSheets(deps: SheetsDeps, message: LiveSheetsMessage): Promise<number> {
  const { gameweek, entries } = message.live_sheets
  const done = await deps.db
    .select({ id: liveSheets.fplTeamId })
    .from(liveSheets)
    .where(and(eq(liveSheets.gameweek, gameweek), inArray(liveSheets.fplTeamId, entries), isNotNull(liveSheets.fetchedAt)))
  const fetched = new Set(done.map((d) => d.id))
  const source = createFplSource(deps.env, { budget: FPL_REQUESTS_PER_INVOCATION, fetch: deps.fetch, now: deps.now, sleep: deps.sleep, staleFallback: false })
  // [entry, sheet, the gameweek's transfer count, its transfers]; a null sheet is a manager with no
  // team this gameweek.
  const rows: Array<[number, LiveSheet | null, number | null, GameweekTransfers | null]> = []
  let failure: unknown = null
  for (const entry of entries) {
    if (fetched.has(entry)) continue
    try {
      const picks = await source.client.picks(entry, gameweek)
      rows.push([entry, storedSheet(picks), picks.entry_history.event_transfers, await gameweekTransfers(source, entry, gameweek, picks)])
    } catch (error) {
      if (error instanceof FplNotFoundError) rows.push([entry, null, null, null])
      else {
        failure = error
        break
      }
    }
  }
  if (rows.length > 0) {
    // All of them in one statement, through one JSON parameter, as the managers were queued.
    const at = deps.now?.() ?? Date.now()
    const fetchedRows = deps.db
      .select({
        gameweek: sql<number>`${gameweek}`.as('gameweek'),
        fplTeamId: jsonEachElement<number>(0, 'fpl_team_id'),
        sheet: jsonEachElement<string | null>(1, 'sheet'),
        eventTransfers: jsonEachElement<number | null>(2, 'event_transfers'),
        transfers: jsonEachElement<string | null>(3, 'transfers'),
        queuedAt: sql<number>`${at}`.as('queued_at'),
        fetchedAt: sql<number>`${at}`.as('fetched_at'),
      })
      .from(sql`json_each(${JSON.stringify(rows)})`)
      .where(sql`true`)
    await deps.db
      .insert(liveSheets)
      .select(fetchedRows)
      .onConflictDoUpdate({
        target: [liveSheets.gameweek, liveSheets.fplTeamId],
        set: {
          sheet: excluded(liveSheets.sheet),
          eventTransfers: excluded(liveSheets.eventTransfers),
          transfers: excluded(liveSheets.transfers),
          fetchedAt: excluded(liveSheets.fetchedAt),
        },
      })
  }
  if (failure) throw failure
  return rows.length
}

type GameweekTransfers = NonNullable<LiveManager['transfers']>

/** His transfers of the gameweek, as the glance reads them; null when FPL did not answer them. */
async function gameweekTransfers(source: FplSource, entry: number, gameweek: number, picks: FplPicks): Promise<GameweekTransfers | null> {
  // Most managers make no transfer in a gameweek: the picks say so (their count of it, which also
  // prices the hit), so FPL is not asked. Under a Wildcard or a Free Hit it is asked anyway: whether
  // FPL counts those moves there is not a rule to depend on.
  if (picks.entry_history.event_transfers === 0 && !UNCOUNTED_CHIPS.has(picks.active_chip ?? '')) return []
  try {
    const all = await source.client.transfers(entry)
    return all.filter((t) => t.event === gameweek).map((t) => ({ element_in: t.element_in, element_out: t.element_out }))
  } catch (error) {
    if (error instanceof FplBudgetExceededError) throw error
    return null
  }
}

/**
 * The picks as the live points read them. Their `entry_history` totals are not kept: they are the
 * overall season's, not a league's that starts later, and what a live gameweek's row holds before
 * FPL first updates it is not certain (the stored table gives the league total, decision 141).
 */
function storedSheet(picks: FplPicks): LiveSheet {
  return {
    active_chip: picks.active_chip,
    automatic_subs: picks.automatic_subs,
    entry_history: { event_transfers_cost: picks.entry_history.event_transfers_cost },
    picks: picks.picks.map((p) => ({
      element: p.element,
      position: p.position,
      multiplier: p.multiplier,
      is_captain: p.is_captain,
      is_vice_captain: p.is_vice_captain,
      element_type: p.element_type,
    })),
  }
}

/** A new gameweek: the picks of the others are no longer read. */
export async function forgetOtherGameweeks(db: Database, gameweek: number): Promise<void> {
  await db.delete(liveSheets).where(ne(liveSheets.gameweek, gameweek))
}
