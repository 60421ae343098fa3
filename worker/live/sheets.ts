/**
 * Every tracked manager's picks of the gameweek in play, fetched once per manager per gameweek
 * after the deadline (picks never change once it has passed), through the refresh queue: each
 * message is one invocation with its own budget of FPL requests. The poller asks for the missing
 * ones every few minutes while the gameweek is not checked; a manager is queued once (the row is
 * written as it is queued) unless his message failed for good.
 */
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { liveSheets } from '../db/schema'
import type { Bindings } from '../env'
import { FplNotFoundError } from '../fpl/errors'
import type { LiveSheet } from '../fpl/live'
import type { FplPicks } from '../fpl/schemas'
import { createFplSource } from '../fpl/source'
import { type BatchSender, chunk, sendInBatches } from '../lib/queues'
import { FPL_REQUESTS_PER_INVOCATION } from '../services/refresh/types'

/** One queue message: fetch these managers' picks of this gameweek. */
export interface LiveSheetsMessage {
  live_sheets: { gameweek: number; entries: number[] }
}

export type SheetsSender = BatchSender<LiveSheetsMessage>

export const isLiveSheetsMessage = (body: unknown): body is LiveSheetsMessage => typeof body === 'object' && body !== null && 'live_sheets' in body

/** A queued fetch that has not landed after this long is queued again (its message failed for good). */
const REQUEUE_AFTER_MS = 20 * 60_000
/** D1 takes at most 100 bound parameters a statement: the managers go in as one JSON parameter. */
const QUEUE_ROWS =
  'INSERT INTO live_sheets (gameweek, fpl_team_id, queued_at) SELECT ?1, value, ?2 FROM json_each(?3) WHERE true ' +
  'ON CONFLICT (gameweek, fpl_team_id) DO UPDATE SET queued_at = excluded.queued_at'

/**
 * Queue the fetch of every manager in a stored table (any tournament) whose picks of the gameweek
 * are not stored or queued. Answers how many were queued.
 */
export async function queueMissingSheets(db: Database, queue: SheetsSender, gameweek: number, now: number): Promise<number> {
  const missing = await db.all<{ id: number }>(sql`
    SELECT DISTINCT s.fpl_team_id AS id FROM standings_rows s
    LEFT JOIN live_sheets l ON l.gameweek = ${gameweek} AND l.fpl_team_id = s.fpl_team_id
    WHERE l.fpl_team_id IS NULL OR (l.fetched_at IS NULL AND l.queued_at < ${now - REQUEUE_AFTER_MS})
    ORDER BY s.fpl_team_id`)
  if (missing.length === 0) return 0
  const entries = missing.map((m) => m.id)
  await db.$client.prepare(QUEUE_ROWS).bind(gameweek, now, JSON.stringify(entries)).run()
  const messages = chunk(entries, FPL_REQUESTS_PER_INVOCATION).map((group) => ({ body: { live_sheets: { gameweek, entries: group } } }))
  await sendInBatches(queue, messages)
  return entries.length
}

/** The fetched picks of one message in one statement, as the managers were queued. */
const STORE_ROWS =
  'INSERT INTO live_sheets (gameweek, fpl_team_id, sheet, event_transfers, queued_at, fetched_at) ' +
  'SELECT ?1, value ->> 0, value ->> 1, value ->> 2, ?2, ?2 FROM json_each(?3) WHERE true ' +
  'ON CONFLICT (gameweek, fpl_team_id) DO UPDATE SET sheet = excluded.sheet, event_transfers = excluded.event_transfers, fetched_at = excluded.fetched_at'

export interface SheetsDeps {
  env: Pick<Bindings, 'FPL_API_BASE' | 'CACHE'>
  db: Database
  fetch?: typeof fetch
  now?: () => number
  sleep?: (ms: number) => Promise<void>
}

/**
 * The consumer of one message: fetch the picks of its managers not fetched yet and store them.
 * A manager without a team this gameweek (404) is stored as fetched with no sheet. Any other FPL
 * failure stores what was fetched and throws, so the message is retried for the rest.
 */
export async function fetchSheets(deps: SheetsDeps, message: LiveSheetsMessage): Promise<number> {
  const { gameweek, entries } = message.live_sheets
  const done = await deps.db
    .select({ id: liveSheets.fplTeamId })
    .from(liveSheets)
    .where(and(eq(liveSheets.gameweek, gameweek), inArray(liveSheets.fplTeamId, entries), isNotNull(liveSheets.fetchedAt)))
  const fetched = new Set(done.map((d) => d.id))
  const source = createFplSource(deps.env, { budget: FPL_REQUESTS_PER_INVOCATION, fetch: deps.fetch, now: deps.now, sleep: deps.sleep, staleFallback: false })
  // [entry, sheet, the gameweek's transfers]; a null sheet is a manager with no team this gameweek.
  const rows: Array<[number, LiveSheet | null, number | null]> = []
  let failure: unknown = null
  for (const entry of entries) {
    if (fetched.has(entry)) continue
    try {
      const picks = await source.client.picks(entry, gameweek)
      rows.push([entry, storedSheet(picks), picks.entry_history.event_transfers])
    } catch (error) {
      if (error instanceof FplNotFoundError) rows.push([entry, null, null])
      else {
        failure = error
        break
      }
    }
  }
  if (rows.length > 0)
    await deps.db.$client
      .prepare(STORE_ROWS)
      .bind(gameweek, deps.now?.() ?? Date.now(), JSON.stringify(rows))
      .run()
  if (failure) throw failure
  return rows.length
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
