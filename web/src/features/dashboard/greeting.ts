import { readStorage, writeStorage } from '../../lib/storage'

// "Welcome back" only to someone who has been here before: a brand-new account's first look at
// the dashboard is greeted "Welcome" (decision 163). Known as a return when this device showed
// the user's dashboard before, or when the account is more than a day old (a user signing in
// on a new phone has been here before). Without created_at, only this device can tell.

const DAY_MS = 24 * 60 * 60 * 1000
const storageKey = (userId: number) => `dashboardSeen:${userId}`

/** Whether this device has shown the user's dashboard before (read before `markDashboardSeen`). */
export const dashboardSeenBefore = (userId: number) => readStorage(storageKey(userId)) !== null

export const markDashboardSeen = (userId: number) => writeStorage(storageKey(userId), 'yes')

/** "Welcome back, Sam!" for a return, "Welcome, Sam!" for a first visit. */
export function greeting(name: string, createdAt: string | null | undefined, seenBefore: boolean, now = Date.now()): string {
  const created = createdAt ? Date.parse(createdAt) : Number.NaN
  const returning = seenBefore || (!Number.isNaN(created) && now - created > DAY_MS)
  return `${returning ? 'Welcome back' : 'Welcome'}, ${name || 'manager'}!`
}
