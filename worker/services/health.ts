import type { Database } from '../db/client'
import type { Bindings } from '../env'
import { appSnapshotData, LAST_RUN_KEY } from './app-snapshots'
import { waitingDeadLetterCount } from './dead-letters'
import { pollerOf } from './live/hubs'
import type { PollerStatus } from './live/polling'
import { runningJobsSummary } from './refresh/jobs'
import { JOB_TIMEOUT_MS } from './refresh/types'

// GET /api/health/deep (operators only; decision 155): one check per part the app cannot work
// without, each timed and bounded, so that a hung binding shows as a failed check rather than a
// hung answer. /api/health stays the cheap liveness answer that touches nothing.

interface HealthCheck {
  name: string
  ok: boolean
  /** A sentence for the operator: what was found. */
  detail: string
  ms: number
}

type Outcome = Pick<HealthCheck, 'ok' | 'detail'>

const CHECK_TIMEOUT_MS = 5_000
/** The cron runs every 10 minutes: three runs missed is a refresh that has stopped. */
const LAST_REFRESH_MAX_AGE_MS = 30 * 60_000
/** A dead letter older than this no longer fails the check (it stays listed until replayed). */
const DEAD_LETTER_WINDOW_MS = 24 * 60 * 60_000
/** At match pace the poller polls every LIVE_POLL_SECONDS; this many intervals without a poll is a stalled loop. */
const MISSED_POLLS = 3

export async function deepHealth(env: Bindings, db: Database, now = Date.now()): Promise<{ status: 'ok' | 'failing'; checks: HealthCheck[] }> {
  // One read answers two checks: that D1 answers at all, and when the cron last ran.
  const lastRun = appSnapshotData(db, LAST_RUN_KEY)
  const checks = await Promise.all([
    timed('d1', () => d1(lastRun)),
    timed('kv', () => kv(env.CACHE)),
    timed('refresh_jobs', () => runningJobs(db, now)),
    timed('dead_letters', () => waitingDeadLetters(db, now)),
    timed('live_poller', async () => livePoller(await pollerOf(env).status(), now)),
    timed('last_refresh', async () => lastRefresh(await lastRun, now)),
  ])
  return { status: checks.every((check) => check.ok) ? 'ok' : 'failing', checks }
}

async function timed(name: string, check: () => Promise<Outcome>): Promise<HealthCheck> {
  const started = Date.now()
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, detail: `No answer within ${CHECK_TIMEOUT_MS / 1000} s.` }), CHECK_TIMEOUT_MS)
  })
  try {
    const outcome = await Promise.race([check(), timeout])
    return { name, ...outcome, ms: Date.now() - started }
  } catch (error) {
    return { name, ok: false, detail: `Failed: ${error instanceof Error ? error.message : String(error)}`, ms: Date.now() - started }
  } finally {
    clearTimeout(timer)
  }
}

async function d1(read: Promise<unknown>): Promise<Outcome> {
  await read
  return { ok: true, detail: 'D1 answered a query.' }
}

async function kv(cache: KVNamespace): Promise<Outcome> {
  // A read of a key nobody writes: it proves KV answers without costing a write.
  await cache.get('health:probe')
  return { ok: true, detail: 'KV answered a read.' }
}

const ago = (ms: number) => (ms < 120_000 ? `${Math.round(ms / 1000)} s ago` : `${Math.round(ms / 60_000)} min ago`)

/** The refresh queue's backlog as D1 knows it: jobs still running, their messages to come, the oldest one's age. */
async function runningJobs(db: Database, now: number): Promise<Outcome> {
  const row = await runningJobsSummary(db)
  if (!row?.jobs || row.oldest === null) return { ok: true, detail: 'No refresh job is running.' }
  const age = now - row.oldest
  const detail = `${row.jobs} refresh job${row.jobs === 1 ? '' : 's'} running with ${row.pending ?? 0} message${row.pending === 1 ? '' : 's'} to come; the oldest started ${ago(age)}.`
  // A job older than the timeout is abandoned: its messages failed for good (see the dead letters).
  return age < JOB_TIMEOUT_MS ? { ok: true, detail } : { ok: false, detail: `${detail} It has run past ${JOB_TIMEOUT_MS / 60_000} minutes.` }
}

/** Messages that used up their retries and have not been replayed (GET /api/ops/dead-letters lists them). */
async function waitingDeadLetters(db: Database, now: number): Promise<Outcome> {
  const [all, recent] = await Promise.all([waitingDeadLetterCount(db), waitingDeadLetterCount(db, new Date(now - DEAD_LETTER_WINDOW_MS))])
  if (all === 0) return { ok: true, detail: 'No dead letter is waiting.' }
  const detail = `${all} dead letter${all === 1 ? '' : 's'} not replayed, ${recent} from the last 24 hours: GET /api/ops/dead-letters lists them.`
  return { ok: recent === 0, detail }
}

/**
 * At match pace (its last alarm set about one interval on) the poller must have polled within
 * three intervals; at rest it only needs an alarm that is not long overdue. A poller that never
 * polled is started by the cron's wake within ten minutes.
 */
export function livePoller(status: PollerStatus, now: number): Outcome {
  const { lastPollAt, nextPollAt, alarmAt, pollMs } = status
  if (lastPollAt === undefined || nextPollAt === undefined)
    return { ok: true, detail: 'The live poller has not polled yet; the cron starts it within ten minutes.' }
  const matchPace = nextPollAt - lastPollAt < 2 * pollMs
  const next = alarmAt === null ? 'no alarm set' : `next poll ${alarmAt >= now ? `in ${Math.round((alarmAt - now) / 1000)} s` : `due ${ago(now - alarmAt)}`}`
  const detail = `Last poll ${ago(now - lastPollAt)}, ${next} (${matchPace ? 'a match window: a poll every interval' : 'at rest between match windows'}).`
  const stalled = matchPace && now - lastPollAt > MISSED_POLLS * pollMs
  const overdue = alarmAt !== null && now - alarmAt > MISSED_POLLS * pollMs
  return { ok: !stalled && !overdue, detail }
}

/** The cron's last run (recorded whether it planned jobs or failed): it runs every 10 minutes all year. */
function lastRefresh(data: unknown, now: number): Outcome {
  const run = data as { finished_at?: string; error?: string } | undefined
  const finished = run?.finished_at ? Date.parse(run.finished_at) : Number.NaN
  if (Number.isNaN(finished)) return { ok: false, detail: 'The cron has not recorded a refresh yet.' }
  const age = now - finished
  if (age > LAST_REFRESH_MAX_AGE_MS) return { ok: false, detail: `The last refresh ran ${ago(age)}; the cron runs every 10 minutes.` }
  if (run?.error) return { ok: false, detail: `The last refresh, ${ago(age)}, failed: ${run.error}` }
  return { ok: true, detail: `The last refresh ran ${ago(age)}.` }
}
