import { createExecutionContext, createMessageBatch, getQueueResult, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Bindings } from '../../worker/env'
import { FplCircuitOpenError } from '../../worker/fpl/errors'
import { BREAKER } from '../../worker/fpl/guard'
import { createFplSource } from '../../worker/fpl/source'
import worker from '../../worker/index'
import { forgetRecentMetrics, recentMetrics, recordMetric } from '../../worker/lib/metrics'
import { pollerOf } from '../../worker/services/live/hubs'
import { deadlineNotice } from '../../worker/services/notifications/notices'
import { createFakePushService } from '../fake-push/service.ts'
import { fplHoldsOver, routeFplToSimulator, simulator } from './helpers/fpl'
import { call } from './helpers/http'
import { NotifyQueue } from './helpers/notify'
import { addUser, bearer } from './helpers/world'

// The metrics of decision 155, inside workerd: what each place that counts
// writes to Analytics Engine (a recording METRICS binding stands in for it), and the in-memory
// points GET /api/dev/metrics shows in development.

/** A METRICS binding that keeps what it is given, as Analytics Engine would store it. */
function recordingDataset() {
  const points: AnalyticsEngineDataPoint[] = []
  const dataset: AnalyticsEngineDataset = { writeDataPoint: (point) => void points.push(point ?? {}) }
  const of = (name: string) => points.filter((p) => p.blobs?.[0] === name)
  return { dataset, points, of }
}

const sim = simulator()
const instant = async () => {}

beforeEach(() => {
  forgetRecentMetrics()
  routeFplToSimulator(sim)
})

afterEach(async () => {
  sim.clearFaults()
  vi.restoreAllMocks()
  await fplHoldsOver()
})

describe('FPL failures and the breaker', () => {
  it('a forced FPL outage records a failure point per failed call and one breaker opening', async () => {
    const metrics = recordingDataset()
    const source = () => createFplSource({ ...env, METRICS: metrics.dataset }, { breaker: true, retries: 0, sleep: instant })
    sim.injectFault({ kind: 'server_error', match: 'entry/' })
    for (let i = 0; i < BREAKER.failures; i += 1) await expect(source().client.entry(1000301)).rejects.toThrow(/FPL answered 500/)
    // Open now: FPL is not asked, and a call not made is not an FPL failure.
    await expect(source().client.entry(1000301)).rejects.toBeInstanceOf(FplCircuitOpenError)

    expect(metrics.of('fpl_failure')).toHaveLength(BREAKER.failures)
    expect(metrics.of('fpl_failure')[0]).toEqual({ indexes: ['fpl_failure'], blobs: ['fpl_failure', 'http', '500', 'entry'], doubles: [1] })
    expect(metrics.of('fpl_breaker_open')).toEqual([{ indexes: ['fpl_breaker_open'], blobs: ['fpl_breaker_open', 'http', 'entry'], doubles: [1] }])
  })

  it('labels each kind of failure: being updated, timeout, rate limited, a changed shape, a 404 not at all', async () => {
    const metrics = recordingDataset()
    const source = createFplSource({ ...env, METRICS: metrics.dataset }, { retries: 0, timeoutMs: 50, sleep: instant })
    sim.injectFault({ kind: 'updating', match: 'entry/1000301/', times: 1 })
    sim.injectFault({ kind: 'hang', match: 'entry/1000302/', times: 1 })
    sim.injectFault({ kind: 'shape_drift', match: 'entry/1000303/', times: 1 })
    sim.injectFault({ kind: 'rate_limit', match: 'entry/1000304/', times: 1, retryAfterSeconds: 5 })
    for (const id of [1000301, 1000302, 1000303, 1000304, 9999999]) await source.client.entry(id).catch(() => null)

    expect(metrics.of('fpl_failure').map((p) => p.blobs?.slice(1))).toEqual([
      ['updating', '', 'entry'],
      ['timeout', '', 'entry'],
      ['schema', '', 'entry'],
      ['rate_limited', '', 'entry'],
    ])
  })
})

/** Runs the worker's queue handler on one message, as the queue would. */
async function consume(bindings: Bindings, queue: string, message: { id: string; attempts: number; body: unknown }) {
  const batch = createMessageBatch(queue, [{ ...message, timestamp: new Date() }])
  const ctx = createExecutionContext()
  await worker.queue(batch as never, bindings)
  return getQueueResult(batch, ctx)
}

describe('queue messages', () => {
  it('a message that fails records a retry with its queue, kind and attempt; one that succeeds an ack', async () => {
    const metrics = recordingDataset()
    const bindings = { ...env, METRICS: metrics.dataset } as Bindings
    sim.injectFault({ kind: 'forbidden', match: 'picks/' })
    const failed = await consume(bindings, 'banter-arena-refresh', { id: 'sheets', attempts: 2, body: { live_sheets: { gameweek: 13, entries: [1000001] } } })
    expect(failed.retryMessages).toMatchObject([{ msgId: 'sheets' }])
    // A refresh message of a job that no longer runs is done at once: acked.
    const done = await consume(bindings, 'banter-arena-refresh', {
      id: 'old-job',
      attempts: 1,
      body: {
        job: 'gone',
        tasks: [
          { t: 'page', page: 1 },
          { t: 'entry', entry: 1 },
        ],
      },
    })
    expect(done.explicitAcks).toEqual(['old-job'])

    const [retry, ack] = metrics.of('queue_message')
    expect(retry?.blobs).toEqual(['queue_message', 'banter-arena-refresh', 'live:sheets', 'retry', '2'])
    expect(ack?.blobs).toEqual(['queue_message', 'banter-arena-refresh', 'refresh:entry+page', 'ack', '1'])
    // The value is how long the message took, in ms.
    expect(retry?.doubles?.[0]).toBeGreaterThanOrEqual(0)
  })
})

describe('push outcomes', () => {
  it('counts the pushes of a delivery that were sent and the devices gone', async () => {
    const push = createFakePushService()
    const user = await addUser('metrics-push@example.com', 'Pushed', null)
    const headers = { ...(await bearer(user)), 'content-type': 'application/json' }
    const subscribe = async () => {
      const subscription = await push.subscribe('https://push.fake.test')
      expect((await call('/api/push/subscriptions', { method: 'POST', headers, body: JSON.stringify(subscription) })).status).toBe(201)
      return subscription
    }
    await subscribe()
    push.expire((await subscribe()).endpoint)
    const queue = new NotifyQueue()
    const afternoon = Date.parse('2026-11-28T15:00:00Z')
    await queue.send({ kind: 'notify:users', items: [{ userId: user, notice: deadlineNotice('2026/27', 14, afternoon + 90 * 60_000, '90m') }] })
    await queue.drain({ fetch: (async (input, init) => push.fetch(new Request(input, init))) as typeof fetch, now: () => afternoon })

    // The tests run as development: the points are kept in memory, as GET /api/dev/metrics shows them.
    const outcomes = recentMetrics().points.filter((p) => p.name === 'push_outcome')
    expect(outcomes.map((p) => [p.labels.outcome, p.value]).sort()).toEqual([
      ['gone', 1],
      ['sent', 1],
    ])
  })
})

describe('the live poller', () => {
  it('records how late its alarm ran against the time the loop set it for', async () => {
    const poller = pollerOf(env)
    await poller.pollNow()
    // The alarm is due now, 40 s after the time the last poll set it for.
    await runInDurableObject(poller, async (_poller, state) => {
      const loop = await state.storage.get<{ lastPollAt: number; nextPollAt: number }>('loop')
      await state.storage.put('loop', { lastPollAt: Date.now() - 100_000, nextPollAt: Date.now() - 40_000 })
      expect(loop?.nextPollAt).toBeGreaterThan(loop?.lastPollAt ?? Number.POSITIVE_INFINITY)
    })
    expect(await runDurableObjectAlarm(poller)).toBe(true)

    const [lag] = recentMetrics().points.filter((p) => p.name === 'live_poll_lag')
    expect(lag?.labels).toEqual({ pace: 'match' })
    expect(lag?.value).toBeGreaterThanOrEqual(40_000)
    expect(lag?.value).toBeLessThan(60_000)
  })
})

describe('the writer', () => {
  it('swallows a binding that throws: a metric lost never fails the work it counts', () => {
    const throwing: AnalyticsEngineDataset = {
      writeDataPoint: () => {
        throw new Error('Analytics Engine is down')
      },
    }
    expect(() => recordMetric({ METRICS: throwing, ENVIRONMENT: 'production' }, 'fpl_failure', { labels: { kind: 'timeout' } })).not.toThrow()
  })

  it('keeps points in memory only where Analytics Engine cannot be read: development, or no binding', () => {
    const metrics = recordingDataset()
    recordMetric({ METRICS: metrics.dataset, ENVIRONMENT: 'production' }, 'live_poll_lag', { value: 1200, labels: { pace: 'match' } })
    expect(recentMetrics().points).toEqual([])
    expect(metrics.points).toEqual([{ indexes: ['live_poll_lag'], blobs: ['live_poll_lag', 'match'], doubles: [1200] }])
    recordMetric({ ENVIRONMENT: 'production' }, 'refresh_duration', { value: 900, labels: { step: 'plan', outcome: 'ok' } })
    expect(recentMetrics().points).toMatchObject([{ name: 'refresh_duration', value: 900, labels: { step: 'plan', outcome: 'ok' } }])
  })

  it('GET /api/dev/metrics lists the recent points, newest first, with their number and sum per metric', async () => {
    sim.injectFault({ kind: 'server_error', match: 'entry/' })
    const source = createFplSource(env, { retries: 1, sleep: instant })
    await expect(source.client.entry(1000301)).rejects.toThrow(/FPL answered 500/)

    const res = await call('/api/dev/metrics')
    expect(res.status).toBe(200)
    const body = (await res.json()) as ReturnType<typeof recentMetrics>
    expect(body.totals).toEqual({ fpl_failure: { points: 2, sum: 2 } })
    expect(body.points[0]).toMatchObject({ name: 'fpl_failure', value: 1, labels: { kind: 'http', status: '500', endpoint: 'entry' } })
  })
})
