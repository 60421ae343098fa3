import { and, eq, gt, lt, max, sql } from 'drizzle-orm'
import type { PushPayload } from '../../../contract/notifications'
import { NOTIFICATION_RATE_WINDOW_MS } from '../../../contract/notifications'
import { among, jsonEachElement } from '../../db/among'
import type { Database } from '../../db/client'
import { memberships, notificationLog, pushSubscriptions } from '../../db/schema'
import { chunk, sendInBatches } from '../../lib/queues'
import { type Audience, DELIVERIES_PER_MESSAGE, type Delivery, type NotifyMessage, type NotifySender, USERS_PER_PAGE } from './messages'
import { DEFAULT_PREFERENCES, preferencesOf, preferencesOfUsersQuery } from './preferences'
import { decide, type Notice, type Outcome } from './rules'
import { devicesOfUsersQuery, usersWithDevicesPage } from './subscriptions'

// The queue's first stage: who hears of a notice. One page of users at a time, in four D1 reads
// and one write whatever the page's size: preferences, devices, last pushes of the type, and the
// log rows that claim each user's outcome (a user already logged for the event is skipped, so a
// message delivered twice pushes nothing twice). What is sent becomes delivery messages.

export interface FanoutDeps {
  db: Database
  queue: NotifySender
  now?: () => number
}

export interface FanoutResult {
  outcomes: Partial<Record<Outcome | 'deferred', number>>
  deliveries: number
  messages: number
}

/** A broadcast: the next page of its audience, then the rest as a follow-up message. */
export async function fanOutBroadcast(deps: FanoutDeps, message: Extract<NotifyMessage, { kind: 'notify:broadcast' }>): Promise<FanoutResult> {
  const users = await audiencePage(deps.db, message.audience, message.after ?? 0)
  if (users.length === USERS_PER_PAGE) await deps.queue.send({ ...message, after: users.at(-1) })
  return fanOut(
    deps,
    users.map((userId) => ({ userId, notice: message.notice })),
  )
}

async function audiencePage(db: Database, audience: Audience, after: number): Promise<number[]> {
  if (!('tournamentId' in audience)) return usersWithDevicesPage(db, after, USERS_PER_PAGE)
  const rows = await db
    .selectDistinct({ id: memberships.userId })
    .from(memberships)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, memberships.userId))
    .where(and(eq(memberships.tournamentId, audience.tournamentId), eq(memberships.status, 'active'), gt(memberships.userId, after)))
    .orderBy(memberships.userId)
    .limit(USERS_PER_PAGE)
  return rows.map((r) => r.id)
}

type Claimed = { user_id: number; type: string; key: string; outcome: Outcome }

/**
 * Logs outcomes; answers the rows this call inserted (the others were logged before): only those
 * are acted on (DO NOTHING: someone logged it first). `WHERE true` tells SQLite's parser that ON
 * CONFLICT belongs to the insert, not to the select.
 */
export async function claimOutcomes(db: Database, rows: [number, string, string, Outcome][], now: number): Promise<Claimed[]> {
  if (rows.length === 0) return []
  const claims = db
    .select({
      userId: jsonEachElement<number>(0, 'user_id'),
      type: jsonEachElement<string>(1, 'type'),
      key: jsonEachElement<string>(2, 'key'),
      outcome: jsonEachElement<Outcome>(3, 'outcome'),
      createdAt: sql<number>`${now}`.as('created_at'),
    })
    .from(sql`json_each(${JSON.stringify(rows)})`)
    .where(sql`true`)
  return db
    .insert(notificationLog)
    .select(claims)
    .onConflictDoNothing()
    .returning({ user_id: notificationLog.userId, type: notificationLog.type, key: notificationLog.key, outcome: notificationLog.outcome })
}

/** The cron's tidy-up, to batch with the other notifications tables': outcomes logged before `before`. */
export const oldOutcomesDelete = (db: Database, before: Date) => db.delete(notificationLog).where(lt(notificationLog.createdAt, before))

/** Forgets claimed outcomes whose sending failed, so a retry claims them again. */
export async function releaseOutcomes(db: Database, userIds: number[], type: string, key: string) {
  await db.delete(notificationLog).where(and(among(notificationLog.userId, userIds), eq(notificationLog.type, type), eq(notificationLog.key, key)))
}

/** Decides each (user, notice), logs the outcomes and queues the pushes and the deferred. */
export async function fanOut(deps: FanoutDeps, items: { userId: number; notice: Notice }[]): Promise<FanoutResult> {
  const result: FanoutResult = { outcomes: {}, deliveries: 0, messages: 0 }
  if (items.length === 0) return result
  const { db, queue } = deps
  const now = deps.now?.() ?? Date.now()
  const ids = [...new Set(items.map((i) => i.userId))]
  const [preferences, devices, lastSent] = await db.batch([
    preferencesOfUsersQuery(db, ids),
    devicesOfUsersQuery(db, ids),
    db
      .select({ userId: notificationLog.userId, type: notificationLog.type, at: max(notificationLog.createdAt) })
      .from(notificationLog)
      .where(
        and(
          among(notificationLog.userId, ids),
          eq(notificationLog.outcome, 'sent'),
          gt(notificationLog.createdAt, new Date(now - NOTIFICATION_RATE_WINDOW_MS)),
        ),
      )
      .groupBy(notificationLog.userId, notificationLog.type),
  ])
  const preferencesBy = new Map(preferences.map((row) => [row.userId, preferencesOf(row)]))
  const devicesBy = new Map<number, (typeof devices)[number][]>()
  for (const device of devices) devicesBy.set(device.userId, [...(devicesBy.get(device.userId) ?? []), device])
  const lastSentBy = new Map(lastSent.map((r) => [`${r.userId}:${r.type}`, r.at?.getTime() ?? null]))

  const logged: [number, string, string, Outcome][] = []
  const deferred = new Map<number, { userId: number; notice: Notice }[]>()
  const count = (outcome: Outcome | 'deferred') => (result.outcomes[outcome] = (result.outcomes[outcome] ?? 0) + 1)
  // Two notices of one type for one user in one message: the cap counts the first as sent.
  const sentNow = new Set<string>()
  for (const item of items) {
    const { userId, notice } = item
    const capKey = `${userId}:${notice.type}`
    const decision = decide(
      {
        preferences: preferencesBy.get(userId) ?? DEFAULT_PREFERENCES,
        devices: devicesBy.get(userId)?.length ?? 0,
        lastSentAt: sentNow.has(capKey) ? now : (lastSentBy.get(capKey) ?? null),
      },
      notice,
      now,
    )
    count(decision.outcome)
    if (decision.outcome === 'deferred') {
      deferred.set(decision.until, [...(deferred.get(decision.until) ?? []), item])
      continue
    }
    if (decision.outcome === 'sent') sentNow.add(capKey)
    logged.push([userId, notice.type, notice.key, decision.outcome])
  }

  const claimed = await claimOutcomes(db, logged, now)
  const notices = new Map(items.map((i) => [`${i.notice.type}:${i.notice.key}`, i.notice]))
  const payloads: PushPayload[] = []
  const payloadIndex = new Map<string, number>()
  const deliveries: Delivery[] = []
  for (const row of claimed) {
    if (row.outcome !== 'sent') continue
    const id = `${row.type}:${row.key}`
    const notice = notices.get(id)
    if (!notice) continue
    if (!payloadIndex.has(id)) payloadIndex.set(id, payloads.push(payloadOf(notice)) - 1)
    for (const device of devicesBy.get(row.user_id) ?? []) {
      deliveries.push({
        subscriptionId: device.id,
        endpoint: device.endpoint,
        p256dh: device.p256dh,
        auth: device.auth,
        payload: payloadIndex.get(id) ?? 0,
        ttl: ttlOf(notice, now),
        urgency: notice.type === 'deadline' || notice.type === 'overtaken' ? 'high' : 'normal',
      })
    }
  }

  const messages: MessageSendRequest<NotifyMessage>[] = chunk(deliveries, DELIVERIES_PER_MESSAGE).map((group) => ({
    body: { kind: 'notify:deliver', payloads: usedPayloads(payloads, group), deliveries: reindexed(group), attempt: 0 },
  }))
  for (const [until, waiting] of deferred) {
    messages.push({ body: { kind: 'notify:users', items: waiting }, delaySeconds: Math.min(MAX_DELAY_SECONDS, Math.ceil((until - now) / 1000)) })
  }
  // A queue batch carries at most 100 messages and 256 KB: ten deliveries messages stay well inside.
  await sendInBatches(queue, messages, 10)
  result.deliveries = deliveries.length
  result.messages = messages.length
  return result
}

// Queues delay a message by 12 hours at most; quiet hours longer than that wake at 12 hours and
// are deferred again.
const MAX_DELAY_SECONDS = 12 * 3600
// A push service keeps a push for an offline device up to its TTL: no longer than it is worth
// reading, and at most 12 hours (the VAPID token's lifetime must stay under a day).
const MAX_TTL_SECONDS = 12 * 3600
const ttlOf = (notice: Notice, now: number) => Math.max(60, Math.min(MAX_TTL_SECONDS, Math.floor((notice.expiresAt - now) / 1000)))

const payloadOf = (notice: Notice): PushPayload => ({ type: notice.type, title: notice.title, body: notice.body, url: notice.url, tag: notice.tag })

// Each delivery message carries only the payloads its own deliveries use.
function usedPayloads(payloads: PushPayload[], group: Delivery[]): PushPayload[] {
  return [...new Set(group.map((d) => d.payload))].map((i) => payloads[i] as PushPayload)
}

function reindexed(group: Delivery[]): Delivery[] {
  const order = [...new Set(group.map((d) => d.payload))]
  return group.map((d) => ({ ...d, payload: order.indexOf(d.payload) }))
}
