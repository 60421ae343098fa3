import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Bindings } from '../../worker/env'
import { livePoller } from '../../worker/services/health'
import { pollerOf } from '../../worker/services/live/hubs'
import { routeFplToSimulator } from './helpers/fpl'
import { call } from './helpers/http'
import { addUser, bearer } from './helpers/world'

// GET /api/health/deep (decision 155): operators only (ADMIN_EMAILS), one entry per
// check, 503 when any fails; GET /api/health stays the cheap liveness answer.

const MINUTE = 60_000
let admin: Record<string, string> = {}
let member: Record<string, string> = {}

interface Deep {
  status: string
  checks: Array<{ name: string; ok: boolean; detail: string; ms: number }>
}

const deep = async (headers: Record<string, string>, overrides: Partial<Bindings> = {}) => {
  const res = await call('/api/health/deep', { headers }, overrides)
  return { status: res.status, body: (await res.json()) as Deep & { detail?: string; code?: string } }
}
const check = (body: Deep, name: string) => body.checks.find((c) => c.name === name)

/** The cron's last run, as runScheduled records it, finished `ago` ms before now. */
const lastRun = (ago: number, error?: string) =>
  env.DB.prepare("INSERT INTO app_snapshots (key, data, updated_at) VALUES ('cron:last_run', ?, ?) ON CONFLICT (key) DO UPDATE SET data = excluded.data")
    .bind(JSON.stringify({ finished_at: new Date(Date.now() - ago).toISOString(), jobs: 0, ...(error ? { error } : {}) }), Date.now())
    .run()

beforeAll(async () => {
  // vitest.config.ts binds ADMIN_EMAILS to this address.
  admin = await bearer(await addUser('admin@banter-arena.test', 'Operator', null))
  member = await bearer(await addUser('member@example.com', 'Member', null))
})

beforeEach(async () => {
  await lastRun(2 * MINUTE)
  await env.DB.prepare('DELETE FROM dead_letters').run()
  await env.DB.prepare('DELETE FROM refresh_jobs').run()
})

describe('the deep health check', () => {
  it('is for operators: a visitor is asked to sign in, a member is refused, with the usual messages', async () => {
    expect(await deep({})).toMatchObject({ status: 401, body: { detail: 'Not authenticated. Please sign in again.', code: 'not_authenticated' } })
    expect(await deep(member)).toMatchObject({ status: 403, body: { detail: 'Only the operators of this site can do this.', code: 'not_an_operator' } })
    // The cheap one stays open to all and touches nothing.
    expect((await call('/api/health')).status).toBe(200)
  })

  it('answers each check by name, with what it found and how long it took', async () => {
    const { status, body } = await deep(admin)
    expect(body.checks.map((c) => c.name)).toEqual(['d1', 'kv', 'refresh_jobs', 'dead_letters', 'live_poller', 'last_refresh'])
    for (const c of body.checks) {
      expect(c.detail).toMatch(/\.$/)
      expect(c.ms).toBeGreaterThanOrEqual(0)
    }
    expect(body.checks.filter((c) => !c.ok)).toEqual([])
    expect({ status, overall: body.status }).toEqual({ status: 200, overall: 'ok' })
  })

  it('fails with 503 when the last refresh is older than three cron runs, or failed', async () => {
    await lastRun(45 * MINUTE)
    const stale = await deep(admin)
    expect(stale.status).toBe(503)
    expect(stale.body.status).toBe('failing')
    expect(check(stale.body, 'last_refresh')).toMatchObject({ ok: false, detail: 'The last refresh ran 45 min ago; the cron runs every 10 minutes.' })
    expect(check(stale.body, 'd1')?.ok).toBe(true)

    await lastRun(MINUTE, 'The game is being updated (bootstrap-static/)')
    const failed = await deep(admin)
    expect(failed.status).toBe(503)
    expect(check(failed.body, 'last_refresh')?.detail).toBe('The last refresh, 60 s ago, failed: The game is being updated (bootstrap-static/)')
  })

  it('fails with 503 when KV does not answer, and says why', async () => {
    const failingKv = new Proxy(env.CACHE, {
      get: (target, key) =>
        key === 'get'
          ? async () => {
              throw new Error('KV GET failed: 503 Service Unavailable')
            }
          : Reflect.get(target, key),
    })
    const { status, body } = await deep(admin, { CACHE: failingKv })
    expect(status).toBe(503)
    expect(check(body, 'kv')).toMatchObject({ ok: false, detail: 'Failed: KV GET failed: 503 Service Unavailable' })
    expect(body.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(['kv'])
  })

  it('counts the queues’ backlog: a recent dead letter, and a refresh job past its timeout, fail', async () => {
    await env.DB.prepare("INSERT INTO dead_letters (queue, message_id, body, attempts) VALUES ('banter-arena-notify', 'm1', '{}', 4)").run()
    const tournament = await env.DB.prepare(
      "INSERT INTO tournaments (name, type, fpl_league_id, fpl_season, invite_code) VALUES ('Backlog League', 'private', 111111, '2026/27', 'BACKLOG1') RETURNING id",
    ).first<number>('id')
    await env.DB.prepare("INSERT INTO refresh_jobs (id, tournament_id, data_version, pending, plan, started_at) VALUES ('job-1', ?, 'v', 3, '{}', ?)")
      .bind(tournament, Date.now() - 40 * MINUTE)
      .run()
    const { status, body } = await deep(admin)
    expect(status).toBe(503)
    expect(check(body, 'dead_letters')).toMatchObject({
      ok: false,
      detail: '1 dead letter not replayed, 1 from the last 24 hours: GET /api/ops/dead-letters lists them.',
    })
    expect(check(body, 'refresh_jobs')).toMatchObject({
      ok: false,
      detail: '1 refresh job running with 3 messages to come; the oldest started 40 min ago. It has run past 30 minutes.',
    })
  })
})

describe('the live poller check', () => {
  afterEach(() => vi.restoreAllMocks())

  it('reads the poller’s last poll and next alarm from the poller itself', async () => {
    routeFplToSimulator()
    await pollerOf(env).pollNow()
    const { body } = await deep(admin)
    expect(check(body, 'live_poller')).toMatchObject({ ok: true, detail: expect.stringMatching(/^Last poll \d+ s ago, next poll in \d+ s \(/) })
  })

  const now = Date.parse('2026-11-28T15:30:00Z')
  const pollMs = MINUTE

  it('in a match window wants a poll within three intervals', () => {
    const polling = { lastPollAt: now - 30_000, nextPollAt: now + 30_000, alarmAt: now + 30_000, pollMs }
    expect(livePoller(polling, now)).toEqual({ ok: true, detail: 'Last poll 30 s ago, next poll in 30 s (a match window: a poll every interval).' })
    const stalled = { lastPollAt: now - 4 * MINUTE, nextPollAt: now - 3 * MINUTE, alarmAt: null, pollMs }
    expect(livePoller(stalled, now)).toEqual({ ok: false, detail: 'Last poll 4 min ago, no alarm set (a match window: a poll every interval).' })
  })

  it('at rest only wants an alarm that is not long overdue; a poller that never polled is left to the cron', () => {
    const resting = { lastPollAt: now - 2 * 3600_000, nextPollAt: now + 4 * 3600_000, alarmAt: now + 4 * 3600_000, pollMs }
    expect(livePoller(resting, now).ok).toBe(true)
    expect(livePoller({ ...resting, alarmAt: now - 10 * MINUTE }, now)).toMatchObject({ ok: false, detail: expect.stringContaining('due 10 min ago') })
    expect(livePoller({ alarmAt: null, pollMs }, now).ok).toBe(true)
  })
})
