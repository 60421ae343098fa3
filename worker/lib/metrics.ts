import { isDevelopment } from '../env'
import { log } from './log'
import { messageKind } from './queues'

// Counters and timings in Workers Analytics Engine (the METRICS binding, dataset
// banter_arena_metrics; decision 155). One data point per event, written where it happens:
//
//   index1  the metric's name (Analytics Engine samples per index, so each metric keeps its share)
//   blob1   the metric's name again (the column the SQL API groups by)
//   blob2.. the metric's labels, in the order METRICS below lists them ('' when not given)
//   double1 the value: 1 for a count, or milliseconds, or how many (push_outcome)
//
// docs/operations.md lists every metric with its SQL API query and the threshold that pages.
// Writing a point never throws and is never awaited: a metric lost is better than a request failed.

/** Each metric and its labels, in blob order (blob2 is the first label). Append labels, never reorder them: stored points keep their columns. */
const METRICS = {
  /** A failed FPL call, per attempt (retries count again). kind: timeout, rate_limited, updating, schema, http, network. */
  fpl_failure: ['kind', 'status', 'endpoint'],
  /** The circuit breaker opened in an isolate; kind and endpoint of the failure that opened it. */
  fpl_breaker_open: ['kind', 'endpoint'],
  /** One run of the cron's refresh planning, in ms. outcome: ok, error. */
  refresh_duration: ['step', 'outcome'],
  /** One queue message handled, in ms. kind: notify:*, live:sheets, live:news, refresh:<its task kinds>; outcome: ack, retry. */
  queue_message: ['queue', 'kind', 'outcome', 'attempt'],
  /** Pushes of one delivery message by outcome (sent, gone, retried, dropped); the value is how many. */
  push_outcome: ['outcome'],
  /** How late the live poller's alarm ran against the time it was set for, in ms. pace: match (a poll a minute) or rest. */
  live_poll_lag: ['pace'],
  /** FPL's new season seen and last season's teams and leagues set aside (decision 185); from and to are seasons. */
  season_rollover: ['from', 'to'],
  /** One closed (tournament, season) moved to the archive (decision 186); the value is the object's compressed bytes. outcome: archived, nothing_left, error. */
  season_archive: ['outcome'],
} as const satisfies Record<string, readonly string[]>

type MetricName = keyof typeof METRICS

type Labels<N extends MetricName> = Partial<Record<(typeof METRICS)[N][number], string>>

interface MetricFields<N extends MetricName> {
  /** 1 (a count) unless given. */
  value?: number
  labels?: Labels<N>
}

/** What a writer needs of the environment: a worker's env, or the part of it a helper was given. */
export interface MetricsEnv {
  METRICS?: AnalyticsEngineDataset
  ENVIRONMENT?: string
}

interface MetricPoint {
  name: MetricName
  value: number
  labels: Record<string, string>
  at: string
}

/** The points this isolate recorded lately, where Analytics Engine cannot be read: development and the tests. */
const RECENT_LIMIT = 500
let recent: MetricPoint[] = []

export function recordMetric<N extends MetricName>(env: MetricsEnv, name: N, fields: MetricFields<N> = {}): void {
  const value = fields.value ?? 1
  const given: Record<string, string | undefined> = fields.labels ?? {}
  const labels = Object.fromEntries(METRICS[name].map((label) => [label, given[label] ?? '']))
  if (!env.METRICS || isDevelopment({ ENVIRONMENT: env.ENVIRONMENT ?? '' })) {
    recent.push({ name, value, labels, at: new Date().toISOString() })
    if (recent.length > RECENT_LIMIT) recent = recent.slice(-RECENT_LIMIT)
  }
  try {
    env.METRICS?.writeDataPoint({ indexes: [name], blobs: [name, ...METRICS[name].map((label) => labels[label] ?? '')], doubles: [value] })
  } catch (error) {
    log.warn('Metric not written', { metric: name, error })
  }
}

/**
 * Times one queue message (queue_message): the returned function is told whether it was acked or
 * retried. A retry on the queue's last attempt (max_retries in wrangler.toml) is a dead letter.
 */
export function timeQueueMessage(env: MetricsEnv, queue: string, message: Pick<Message, 'body' | 'attempts'>) {
  const started = Date.now()
  return (outcome: 'ack' | 'retry') =>
    recordMetric(env, 'queue_message', {
      value: Date.now() - started,
      labels: { queue, kind: messageKind(message.body), outcome, attempt: String(message.attempts) },
    })
}

/** GET /api/dev/metrics: this isolate's recent points, newest first, with their number and sum per metric. */
export function recentMetrics() {
  const totals: Partial<Record<MetricName, { points: number; sum: number }>> = {}
  for (const point of recent) {
    const total = totals[point.name] ?? { points: 0, sum: 0 }
    totals[point.name] = { points: total.points + 1, sum: total.sum + point.value }
  }
  return { totals, points: [...recent].reverse() }
}

/** Forgets the recent points (a test starting from none). */
export function forgetRecentMetrics() {
  recent = []
}
