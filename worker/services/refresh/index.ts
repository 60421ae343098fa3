import type { Database } from '../../db/client'
import { getDb } from '../../db/client'
import type { Bindings } from '../../env'
import { FplError } from '../../fpl/errors'
import { createFplSource, type FplSource } from '../../fpl/source'
import { log } from '../../lib/log'
import { recordMetric } from '../../lib/metrics'
import { chunk } from '../../lib/queues'
import { storedTableNews } from '../live/fanout'
import { announce, type Notifier } from '../notifications/announce'
import type { NotifySender } from '../notifications/messages'
import type { Notice } from '../notifications/rules'
import { rebuildPublicStats } from '../public-stats'
import { noteFplUnavailable, noteSeasonSeen } from '../season'
import { finalizeJob, IncompleteRefreshError } from './finalize'
import { completeMessage, loadJob, markJob } from './jobs'
import { planRefresh, send } from './plan'
import { runTasks } from './tasks'
import { FPL_REQUESTS_PER_INVOCATION, type MessageSender, type RefreshMessage, TASKS_PER_MESSAGE } from './types'

// Entry points of the FPL refresh: the cron plans, queue messages fetch, the last message of a
// job finalizes. Every invocation gets its own FPL request budget.

export interface RefreshDeps {
  env: Bindings
  db?: Database
  queue: MessageSender
  fetch?: typeof fetch
  now?: () => number
  /** Waits between FPL retries (default: real time). */
  sleep?: (ms: number) => Promise<void>
  /** Per FPL request (default: the client's). */
  timeoutMs?: number
  /** Told once a job's new snapshot is written: the worker forgets the public reads it kept. */
  onFinalized?: () => void
  /** Where a snapshot's announcements are queued (default: NOTIFY_QUEUE). */
  notify?: NotifySender
}

// The refresh never builds a snapshot from stale answers: if FPL fails, the message fails and
// is retried, and readers keep the last good snapshot meanwhile.
const createSource = (deps: RefreshDeps): FplSource =>
  createFplSource(deps.env, {
    budget: FPL_REQUESTS_PER_INVOCATION,
    fetch: deps.fetch,
    now: deps.now,
    sleep: deps.sleep,
    timeoutMs: deps.timeoutMs,
    staleFallback: false,
  })

/**
 * The cron's refresh: find the gameweek state, plan jobs, queue their first messages. What FPL
 * answered (or that it did not) is also the season's phase (decision 183).
 */
export async function runRefreshPlanner(deps: RefreshDeps, forceState = false) {
  const db = deps.db ?? getDb(deps.env.DB)
  const source = createSource(deps)
  const now = deps.now?.() ?? Date.now()
  const { state, bootstrap } = await source.state(forceState).catch(async (error: unknown) => {
    if (error instanceof FplError) await noteFplUnavailable(db, now)
    throw error
  })
  const { rolledOver } = await noteSeasonSeen(db, bootstrap.events, now)
  if (rolledOver) recordMetric(deps.env, 'season_rollover', { labels: rolledOver })
  const plan = await planRefresh(db, state, bootstrap, now)
  await send(deps.queue, plan.messages)
  return { state, bootstrap, ...plan, requests: source.client.budget.used }
}

// Announced after the snapshot is written, once per event (announce claims its key); a queue
// failure is logged rather than failing a refresh whose snapshot is already good.
async function announceAll(notifier: Notifier, notices: Notice[], tournamentId: number) {
  for (const notice of notices) {
    await announce(notifier, notice, { tournamentId }).catch((error: unknown) =>
      log.warn('A story notification was not queued', { tournament_id: tournamentId, error }),
    )
  }
}

export interface MessageOutcome {
  requests: number
  followUps: number
  finalized: boolean
  rowsWritten?: number
}

/** One queue message: run its tasks, queue what is left, finalize when it was the last one. */
export async function handleRefreshMessage(deps: RefreshDeps, message: RefreshMessage): Promise<MessageOutcome> {
  const db = deps.db ?? getDb(deps.env.DB)
  const job = await loadJob(db, message.job)
  if (job?.status !== 'running') return { requests: 0, followUps: 0, finalized: false }

  const source = createSource(deps)
  const { leftover, patch } = await runTasks(source, job.plan, message.tasks)
  const followUps = chunk(leftover, TASKS_PER_MESSAGE).map((tasks) => ({ job: job.id, tasks }))
  const updated = await completeMessage(db, job.id, followUps.length, patch)
  if (!updated) return { requests: source.client.budget.used, followUps: 0, finalized: false }
  await send(deps.queue, followUps)
  if (updated.pending > 0) return { requests: source.client.budget.used, followUps: followUps.length, finalized: false }

  try {
    const written = await finalizeJob(
      db,
      source,
      { ...job, plan: updated.plan },
      {
        prizesEnabled: deps.env.PRIZES_ENABLED === 'true',
        archive: deps.env.ARCHIVE,
      },
    )
    await rebuildPublicStats(db)
    deps.onFinalized?.()
    await storedTableNews(deps.env, job.tournamentId)
    await announceAll({ db, queue: deps.notify ?? deps.env.NOTIFY_QUEUE }, written.notices, job.tournamentId)
    return { requests: source.client.budget.used, followUps: 0, finalized: true, rowsWritten: written.rowsWritten }
  } catch (error) {
    // The last good snapshot stays; the next data version (or the job timeout) tries again.
    await markJob(db, job.id, 'failed', error instanceof IncompleteRefreshError ? error.message : String(error))
    throw error
  }
}
