import { eq, lt } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { notificationEvents } from '../../db/schema'
import type { Audience, NotifyMessage, NotifySender } from './messages'
import type { Notice } from './rules'

// How the rest of the worker says something happened. An event for many users (a Gazette, a
// deadline, the digest) is claimed once by its key, whoever announces it first; an event for a
// few named users (a join, an overtake) is queued as it is, and each user hears of it once by its
// key. A like is claimed too: one member can like, unlike and like again at will.

export interface Notifier {
  db: Database
  queue: NotifySender
}

/** Queues a broadcast unless its event was announced before; answers whether it was queued now. */
export function announce(notifier: Notifier, notice: Notice, audience: Audience): Promise<boolean> {
  return claimEvent(notifier, `${notice.type}:${notice.key}`, { kind: 'notify:broadcast', notice, audience })
}

/** Queues `message` if this call is the first to claim `key`. */
export async function claimEvent(notifier: Notifier, key: string, message: NotifyMessage): Promise<boolean> {
  const { db, queue } = notifier
  const claimed = await db.insert(notificationEvents).values({ key }).onConflictDoNothing().returning({ key: notificationEvents.key })
  if (claimed.length === 0) return false
  try {
    await queue.send(message)
  } catch (error) {
    // Not queued: give the event back, so the next cron run or refresh announces it again.
    await db.delete(notificationEvents).where(eq(notificationEvents.key, key))
    throw error
  }
  return true
}

/** The cron's tidy-up, to batch with the other notifications tables': events announced before `before`. */
export const oldEventsDelete = (db: Database, before: Date) => db.delete(notificationEvents).where(lt(notificationEvents.createdAt, before))

/** Queues notices for named users (at most 100 per message). */
export async function notifyUsers(notifier: Pick<Notifier, 'queue'>, items: { userId: number; notice: Notice }[]) {
  for (let i = 0; i < items.length; i += 100) await notifier.queue.send({ kind: 'notify:users', items: items.slice(i, i + 100) })
}
