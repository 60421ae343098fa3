import { eq, sql } from 'drizzle-orm'
import { type BatchRead, mapRead, rowsOf } from '../db/batch'
import type { Database } from '../db/client'
import { appSnapshots } from '../db/schema'

// app_snapshots keeps small documents by key: the cron's last run and the landing page's public
// statistics here; the live feed's rows are the live engine's own (services/live/feed.ts).

/** The app_snapshots row of the cron's last run (its time, and what it planned or the error); the deep health check reads it. */
export const LAST_RUN_KEY = 'cron:last_run'

/** Writes a key's document, replacing the one it had, as a statement to batch with others. */
export const appSnapshotUpsert = (db: Database, key: string, data: unknown) =>
  db
    .insert(appSnapshots)
    .values({ key, data })
    .onConflictDoUpdate({ target: appSnapshots.key, set: { data, updatedAt: new Date() } })

/** Writes a key's document, replacing the one it had. */
export async function keepAppSnapshot(db: Database, key: string, data: unknown) {
  await appSnapshotUpsert(db, key, data)
}

/** A key's document, or undefined when none was kept. */
export async function appSnapshotData(db: Database, key: string): Promise<unknown> {
  const [row] = await db.select({ data: appSnapshots.data }).from(appSnapshots).where(eq(appSnapshots.key, key)).limit(1)
  return row?.data
}

/**
 * Top-level fields of a key's document rather than the whole of it, read out of its JSON in D1
 * (json_extract has no drizzle builder), as a read to batch with others; null when none was kept.
 * Each field is named: D1's batch keys a row by column name, and the expressions differ only in a bound path.
 */
export function appSnapshotFieldsRead<T extends object>(db: Database, key: string, names: readonly (keyof T & string)[]): BatchRead<T | null> {
  const fields = Object.fromEntries(names.map((name) => [name, sql`json_extract(${appSnapshots.data}, ${`$.${name}`})`.as(name)]))
  return mapRead(rowsOf(db.select(fields).from(appSnapshots).where(eq(appSnapshots.key, key)).limit(1)), ([row]) => (row as T | undefined) ?? null)
}
