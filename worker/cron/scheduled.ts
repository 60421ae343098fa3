import type { Database } from '../db/client'
import { getDb } from '../db/client'
import type { Bindings } from '../env'
import { log } from '../lib/log'
import { recordMetric } from '../lib/metrics'
import type { BatchSender } from '../lib/queues'
import { keepAppSnapshot, LAST_RUN_KEY } from '../services/app-snapshots'
import { deleteEndedSessions } from '../services/auth/tokens'
import { acquireLease, releaseLease } from '../services/lease'
import { pollerOf } from '../services/live/hubs'
import type { NotifySender } from '../services/notifications/messages'
import { runNotificationSchedule } from '../services/notifications/schedule'
import { runRefreshPlanner } from '../services/refresh'
import type { RefreshMessage } from '../services/refresh/types'
import { seasonResting } from '../services/season'
import { queueSeasonArchives, type SeasonArchiveMessage } from '../services/season-archive'
import { namePublicTournament } from '../services/tournaments'

export const REFRESH_LEASE = 'fpl-refresh'
// Planning takes seconds; the lease only has to outlive a run that crashed.
const LEASE_TTL_MS = 5 * 60 * 1000

export interface ScheduledRun {
  ran: boolean
  holder: string
  /** Between seasons: FPL was asked less than an hour ago, so this run did not ask it (decision 183). */
  resting?: boolean
  jobs?: number
  skipped?: number
  gameweek?: string
  error?: string
}

export interface ScheduledDeps {
  /** The refresh queue: the refresh's messages and the season archive's (default: REFRESH_QUEUE). */
  queue?: BatchSender<RefreshMessage | SeasonArchiveMessage>
  fetch?: typeof fetch
  now?: () => number
  /** Waits between FPL retries (default: real time). */
  sleep?: (ms: number) => Promise<void>
  /** Read the gameweek state from FPL now, not from the cache (the dev refresh button). */
  forceState?: boolean
  /** Starts the live poller's loop if it is not running (default: the LivePoller object). */
  wakeLive?: () => Promise<void>
  /** Where notifications are queued (default: NOTIFY_QUEUE). */
  notify?: NotifySender
}

/** The cron entry point: one run at a time, then plan the FPL refresh. */
export async function runScheduled(env: Bindings, scheduledTime: number, deps: ScheduledDeps = {}): Promise<ScheduledRun> {
  const db = getDb(env.DB)
  const holder = crypto.randomUUID()
  if (!(await acquireLease(db, REFRESH_LEASE, holder, LEASE_TTL_MS))) return { ran: false, holder }
  try {
    await namePublicTournament(db, env.PRODUCT_NAME)
    // The live poller's watchdog: a loop that crashed or never started runs again within ten minutes.
    await (deps.wakeLive ?? (() => pollerOf(env).wake()))().catch((error: unknown) => log.warn('The live poller did not wake', { error }))
    // Sessions past their expiry or idle timeout; sign-in only tidies the signing-in user's own.
    await deleteEndedSessions(db, deps.now?.() ?? Date.now())
    if (!deps.forceState && (await seasonResting(db, deps.now?.() ?? Date.now()))) {
      await recordRun(db, scheduledTime, { resting: true })
      return { ran: true, holder, resting: true }
    }
    const started = Date.now()
    try {
      const planned = await runRefreshPlanner(
        { env, db, queue: deps.queue ?? env.REFRESH_QUEUE, fetch: deps.fetch, now: deps.now, sleep: deps.sleep },
        deps.forceState,
      )
      const summary = { jobs: planned.jobs.length, skipped: planned.skipped, gameweek: planned.state.version }
      // Deadline reminders and the digest: a failure here must not lose the refresh's run record.
      await runNotificationSchedule({ db, queue: deps.notify ?? env.NOTIFY_QUEUE }, planned, deps.now?.() ?? Date.now()).catch((error: unknown) =>
        log.warn('The notification schedule failed', { error }),
      )
      // Closed seasons left in D1 move to the archive (decision 186); the next run queues what this one could not.
      await queueSeasonArchives(db, deps.queue ?? env.REFRESH_QUEUE, planned.state.season).catch((error: unknown) =>
        log.warn('Queueing the season archive failed', { error }),
      )
      await recordRun(db, scheduledTime, summary)
      recordMetric(env, 'refresh_duration', { value: Date.now() - started, labels: { step: 'plan', outcome: 'ok' } })
      return { ran: true, holder, ...summary }
    } catch (error) {
      // FPL down (being updated, rate limiting): readers keep the last good snapshots, and the
      // next run tries again.
      const message = error instanceof Error ? error.message : String(error)
      log.warn('Refresh planning failed', { error })
      await recordRun(db, scheduledTime, { error: message })
      recordMetric(env, 'refresh_duration', { value: Date.now() - started, labels: { step: 'plan', outcome: 'error' } })
      return { ran: true, holder, error: message }
    }
  } finally {
    await releaseLease(db, REFRESH_LEASE, holder)
  }
}

async function recordRun(db: Database, scheduledTime: number, summary: Record<string, unknown>) {
  const data = { scheduled_time: new Date(scheduledTime).toISOString(), finished_at: new Date().toISOString(), ...summary }
  await keepAppSnapshot(db, LAST_RUN_KEY, data)
}
