import { eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { appSnapshots } from '../db/schema'

// app_snapshots keeps small documents by key: the cron's last run and the landing page's public
// statistics here; the live feed's rows are the live engine's own (services/live/feed.ts).

/** Writes a key's document, replacing the one it had. */
export async function keepAppSnapshot(db: Database, key: string, data: unknown) {
  await db
    .insert(appSnapshots)
    .values({ key, data })
    .onConflictDoUpdate({ target: appSnapshots.key, set: { data, updatedAt: new Date() } })
}

/** A key's document, or undefined when none was kept. */
export async function appSnapshotData(db: Database, key: string): Promise<unknown> {
  const [row] = await db.select({ data: appSnapshots.data }).from(appSnapshots).where(eq(appSnapshots.key, key)).limit(1)
  return row?.data
}
