import { and, eq, lte } from 'drizzle-orm'
import type { Database } from '../db/client'
import { cronLeases } from '../db/schema'

/**
 * Takes the named lease when it is free or expired, in one conditional upsert, so that of two
 * overlapping cron runs exactly one gets it. Returns whether this holder has it.
 */
export async function acquireLease(db: Database, name: string, holder: string, ttlMs: number, now = Date.now()): Promise<boolean> {
  const rows = await db
    .insert(cronLeases)
    .values({ name, holder, expiresAt: new Date(now + ttlMs) })
    .onConflictDoUpdate({
      target: cronLeases.name,
      set: { holder, expiresAt: new Date(now + ttlMs) },
      setWhere: lte(cronLeases.expiresAt, new Date(now)),
    })
    .returning({ holder: cronLeases.holder })
  return rows[0]?.holder === holder
}

/** Gives the lease back early; a no-op when someone else holds it by now. */
export async function releaseLease(db: Database, name: string, holder: string): Promise<void> {
  await db.delete(cronLeases).where(and(eq(cronLeases.name, name), eq(cronLeases.holder, holder)))
}
