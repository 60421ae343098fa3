import { and, eq, exists, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { DEFAULT_QUIET_HOURS, NOTIFICATION_TYPES, type NotificationPreferences, type NotificationType } from '../../../contract/notifications'
import { among } from '../../db/among'
import type { Database } from '../../db/client'
import { notificationPreferences } from '../../db/schema'
import { deviceCountQuery } from './subscriptions'

// A user's notification preferences. No row means the defaults: everything on, quiet hours
// 23:00-08:00 in London (FPL's own clock) until the browser tells us the user's zone, no digest.

type Row = typeof notificationPreferences.$inferSelect

const DEFAULT_TIME_ZONE = 'Europe/London'

export const DEFAULT_PREFERENCES: NotificationPreferences = {
  muted: [],
  quiet_hours: { enabled: true, ...DEFAULT_QUIET_HOURS },
  time_zone: DEFAULT_TIME_ZONE,
  email_digest: false,
}

const knownType = (type: string): type is NotificationType => (NOTIFICATION_TYPES as readonly string[]).includes(type)

export function preferencesOf(row: Row | undefined | null): NotificationPreferences {
  if (!row) return DEFAULT_PREFERENCES
  return {
    muted: row.muted.filter(knownType),
    quiet_hours: { enabled: row.quietEnabled, start: row.quietStart, end: row.quietEnd },
    time_zone: row.timeZone,
    email_digest: row.emailDigest,
  }
}

/** The stored preferences of these users (none for those on the defaults), as a query to batch. */
export const preferencesOfUsersQuery = (db: Database, userIds: readonly number[]) =>
  db.select().from(notificationPreferences).where(among(notificationPreferences.userId, userIds))

/**
 * Whether the user of `userId` (a column of the outer query) muted notices of `type`: a condition
 * for another module's query. json_each over the stored list of muted kinds: drizzle has no builder for it.
 */
export const hasMuted = (db: Database, type: NotificationType, userId: SQLiteColumn) =>
  exists(
    db
      .select({ userId: notificationPreferences.userId })
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, userId), sql`EXISTS (SELECT 1 FROM json_each(${notificationPreferences.muted}) WHERE value = ${type})`)),
  )

export interface PreferencesAnswer {
  preferences: NotificationPreferences
  /** How many devices this user gets pushes on. */
  push_devices: number
}

export async function preferencesAnswer(db: Database, userId: number): Promise<PreferencesAnswer> {
  const [[row], [devices]] = await db.batch([
    db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
    deviceCountQuery(db, userId),
  ])
  return { preferences: preferencesOf(row), push_devices: devices?.count ?? 0 }
}

/** A user's preferences as stored, or the defaults. */
export const preferencesOfUser = async (db: Database, userId: number) =>
  preferencesOf(await db.query.notificationPreferences.findFirst({ where: eq(notificationPreferences.userId, userId) }))

export type PreferencesChange = Partial<Omit<NotificationPreferences, 'quiet_hours'>> & { quiet_hours?: Partial<NotificationPreferences['quiet_hours']> }

/** Applies a change over what is stored (or the defaults) and answers the result. */
export async function updatePreferences(db: Database, userId: number, change: PreferencesChange): Promise<PreferencesAnswer> {
  const current = await preferencesOfUser(db, userId)
  const next: NotificationPreferences = {
    muted: change.muted ? NOTIFICATION_TYPES.filter((type) => change.muted?.includes(type)) : current.muted,
    quiet_hours: { ...current.quiet_hours, ...change.quiet_hours },
    time_zone: change.time_zone ?? current.time_zone,
    email_digest: change.email_digest ?? current.email_digest,
  }
  await writePreferences(db, userId, next)
  return preferencesAnswer(db, userId)
}

export async function writePreferences(db: Database, userId: number, preferences: NotificationPreferences) {
  const values = {
    muted: preferences.muted,
    quietEnabled: preferences.quiet_hours.enabled,
    quietStart: preferences.quiet_hours.start,
    quietEnd: preferences.quiet_hours.end,
    timeZone: preferences.time_zone,
    emailDigest: preferences.email_digest,
    updatedAt: new Date(),
  }
  await db
    .insert(notificationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: values })
}
