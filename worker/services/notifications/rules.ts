import { NOTIFICATION_RATE_WINDOW_MS, type NotificationPreferences, type NotificationType } from '../../../contract/notifications'

// Whether one notice reaches one user now: pure, so the mutes, quiet hours and the rate cap are
// tested on hand-worked schedules (tests/unit/notifications/rules.test.ts).

/** One event for the users it concerns, as announced (worker/services/notifications/notices.ts). */
export interface Notice {
  type: NotificationType
  /** The event: a user hears of it once however often it is queued (notification_log). */
  key: string
  title: string
  body: string
  /** The screen it opens (a path of this app). */
  url: string
  /** Notices with the same tag replace each other on a device. */
  tag: string
  /** Not worth sending after this (ms): a deadline that has passed, a match window that is over. */
  expiresAt: number
}

export type Outcome = 'sent' | 'muted' | 'quiet' | 'capped' | 'no_device'
export type Decision = { outcome: Outcome } | { outcome: 'deferred'; until: number }

export interface Recipient {
  preferences: NotificationPreferences
  devices: number
  /** When this user was last sent a push of the notice's type (ms), if ever. */
  lastSentAt: number | null
}

/**
 * Muted types never arrive; without a device there is nothing to push to. In quiet hours a notice
 * that is still worth reading when they end waits for them (a Gazette), one that is not is dropped
 * (the 90-minute reminder of a deadline at 01:00). Then at most one push per type per 15 minutes:
 * the second Gazette of a busy Sunday night is left for the user to find in the app.
 */
export function decide(recipient: Recipient, notice: Notice, now: number): Decision {
  const { preferences } = recipient
  if (preferences.muted.includes(notice.type)) return { outcome: 'muted' }
  if (recipient.devices === 0) return { outcome: 'no_device' }
  const quietEnd = quietHoursEnd(preferences, now)
  if (quietEnd !== null) return quietEnd < notice.expiresAt ? { outcome: 'deferred', until: quietEnd } : { outcome: 'quiet' }
  if (recipient.lastSentAt !== null && now - recipient.lastSentAt < NOTIFICATION_RATE_WINDOW_MS) return { outcome: 'capped' }
  return { outcome: 'sent' }
}

const MINUTES_PER_DAY = 24 * 60

/** "23:00" → 1380. */
const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number)
  return (hours ?? 0) * 60 + (minutes ?? 0)
}

// Building a formatter costs far more than using one, and a page of 500 users shares a few zones.
const clocks = new Map<string, Intl.DateTimeFormat>()

/** The local time of day in a time zone, in minutes since midnight. */
function localMinutes(timeZone: string, at: number): number {
  let clock = clocks.get(timeZone)
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    clocks.set(timeZone, clock)
  }
  const parts = clock.formatToParts(at)
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  return part('hour') * 60 + part('minute')
}

/**
 * When the user's quiet hours end (ms), if they are in them now; null otherwise. Hours may span
 * midnight (23:00-08:00); equal start and end mean no quiet hours. The end is counted in local
 * minutes from now, so a clock change inside the quiet hours moves it by that hour.
 */
export function quietHoursEnd(preferences: Pick<NotificationPreferences, 'quiet_hours' | 'time_zone'>, now: number): number | null {
  const { enabled, start, end } = preferences.quiet_hours
  if (!enabled) return null
  const from = minutesOf(start)
  const to = minutesOf(end)
  if (from === to) return null
  const local = localMinutes(preferences.time_zone, now)
  const inQuiet = from < to ? local >= from && local < to : local >= from || local < to
  if (!inQuiet) return null
  const minutesLeft = (to - local + MINUTES_PER_DAY) % MINUTES_PER_DAY
  const startOfMinute = now - (now % 60_000)
  return startOfMinute + minutesLeft * 60_000
}

/** Whether a string names a time zone this runtime knows (Intl throws a RangeError otherwise). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone })
    return true
  } catch {
    return false
  }
}
