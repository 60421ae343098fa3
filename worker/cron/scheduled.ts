import { and, eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { getDb } from '../db/client'
import { appSnapshots, tournaments } from '../db/schema'
import type { Bindings } from '../env'
import { acquireLease, releaseLease } from '../services/lease'

export const REFRESH_LEASE = 'fpl-refresh'
// Longer than a refresh can take (the cron's wall-clock limit is 15 minutes).
const LEASE_TTL_MS = 14 * 60 * 1000

export interface ScheduledRun {
  ran: boolean
  holder: string
}

/** The cron entry point: one run at a time, then the refresh work. */
export async function runScheduled(env: Bindings, scheduledTime: number): Promise<ScheduledRun> {
  const db = getDb(env.DB)
  const holder = crypto.randomUUID()
  if (!(await acquireLease(db, REFRESH_LEASE, holder, LEASE_TTL_MS))) return { ran: false, holder }
  try {
    await syncPublicTournamentName(db, env.PRODUCT_NAME)
    await recordRun(db, scheduledTime)
    return { ran: true, holder }
  } finally {
    await releaseLease(db, REFRESH_LEASE, holder)
  }
}

// The public auto-join tournament is named after the product, which is configuration.
async function syncPublicTournamentName(db: Database, productName: string) {
  await db
    .update(tournaments)
    .set({ name: `${productName} Tournament`, description: `Compete with all ${productName} users` })
    .where(and(eq(tournaments.type, 'public'), eq(tournaments.autoJoin, true)))
}

async function recordRun(db: Database, scheduledTime: number) {
  const data = { scheduled_time: new Date(scheduledTime).toISOString(), finished_at: new Date().toISOString() }
  await db
    .insert(appSnapshots)
    .values({ key: 'cron:last_run', data })
    .onConflictDoUpdate({ target: appSnapshots.key, set: { data, updatedAt: new Date() } })
}
