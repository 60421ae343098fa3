import { and, desc, eq, exists, gt, inArray, lt, notInArray, or, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { PushSubscriptionAnswer, PushSubscriptionInput } from '../../../contract/notifications'
import { among } from '../../db/among'
import type { Database } from '../../db/client'
import { pushSubscriptions } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import { log } from '../../lib/log'

// A user's devices. The browser's endpoint is the device: posting it again (the app re-syncs when
// it opens) refreshes its keys and last-seen time. An endpoint belongs to the account that posted
// it first (decision 152): another account takes it over only with the device's own keys (a
// shared phone whose sign-out could not reach us), never with keys of its own, which would route
// the owner's pushes to the poster. Sign-out deletes the row, so the next account starts afresh.

/** A user keeps this many devices; a new one beyond it replaces the least recently seen. */
const MAX_DEVICES_PER_USER = 10
/** A device unseen this long (the app never opened) is dropped by the cron. */
const STALE_DEVICE_MS = 90 * 24 * 3600 * 1000

const randomId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')

export async function saveSubscription(
  db: Database,
  userId: number,
  input: PushSubscriptionInput,
  now = Date.now(),
): Promise<{ created: boolean; answer: PushSubscriptionAnswer }> {
  const seen = new Date(now)
  const id = randomId()
  const { p256dh, auth } = input.keys
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ id, userId, endpoint: input.endpoint, p256dh, auth, createdAt: seen, lastSeenAt: seen })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh, auth, lastSeenAt: seen },
      setWhere: or(eq(pushSubscriptions.userId, userId), and(eq(pushSubscriptions.p256dh, p256dh), eq(pushSubscriptions.auth, auth))),
    })
    .returning()
  if (!row) {
    // Someone else's device posted with other keys: it stays theirs. The answer is a new device's,
    // so the poster cannot tell the endpoint is registered here.
    log.warn('Push endpoint of another account posted with other keys; kept with its owner', { user_id: userId })
    return { created: true, answer: { id, created_at: seen.toISOString() } }
  }
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.lastSeenAt), pushSubscriptions.id)
    .limit(MAX_DEVICES_PER_USER)
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)))
  return { created: row.id === id, answer: { id: row.id, created_at: row.createdAt.toISOString() } }
}

/** Only the owner removes a device; anyone else's id is "not found", as if it did not exist. */
export async function deleteSubscription(db: Database, userId: number, id: string) {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id })
  if (deleted.length === 0) throw new ApiError(404, 'No such device.', { code: 'subscription_not_found' })
  return { deleted: true as const }
}

/** The cron's tidy-up, to batch with the other notifications tables': devices unseen for STALE_DEVICE_MS. */
export const staleDevicesDelete = (db: Database, now: number) =>
  db.delete(pushSubscriptions).where(lt(pushSubscriptions.lastSeenAt, new Date(now - STALE_DEVICE_MS)))

/** Devices whose push service answered that they are gone for good. */
export async function deleteGoneDevices(db: Database, ids: string[]) {
  if (ids.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids))
}

/** The devices of these users, as a query to batch with the other reads of a fan-out. */
export const devicesOfUsersQuery = (db: Database, userIds: readonly number[]) =>
  db.select().from(pushSubscriptions).where(among(pushSubscriptions.userId, userIds))

/** How many devices a user gets pushes on, as a query to batch with their preferences. */
export const deviceCountQuery = (db: Database, userId: number) =>
  db.select({ count: sql<number>`count(*)` }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))

/** The next page of users with a device, by id after `after`. */
export async function usersWithDevicesPage(db: Database, after: number, size: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(gt(pushSubscriptions.userId, after))
    .orderBy(pushSubscriptions.userId)
    .limit(size)
  return rows.map((r) => r.id)
}

/** Whether the user of `userId` (a column of the outer query) has a device: a condition for another module's query. */
export const hasDevice = (db: Database, userId: SQLiteColumn) =>
  exists(db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)))
