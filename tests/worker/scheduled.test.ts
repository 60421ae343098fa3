import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { REFRESH_LEASE, runScheduled } from '../../worker/cron/scheduled'
import worker from '../../worker/index'
import { routeFplToSimulator } from './helpers/fpl'

const lastRun = () => env.DB.prepare("SELECT data FROM app_snapshots WHERE key = 'cron:last_run'").first<{ data: string }>()

describe('scheduled entry point', () => {
  beforeAll(() => {
    routeFplToSimulator()
  })
  beforeEach(async () => {
    await env.DB.prepare('DELETE FROM cron_leases').run()
    await env.DB.prepare('DELETE FROM app_snapshots').run()
  })

  it('runs from the cron trigger, records the run and releases its lease', async () => {
    const ctx = createExecutionContext()
    await worker.scheduled(createScheduledController({ cron: '*/10 * * * *', scheduledTime: Date.UTC(2026, 10, 22, 12) }), env, ctx)
    await waitOnExecutionContext(ctx)
    const row = await lastRun()
    // Nothing to refresh yet: no tournament has members or teams.
    expect(JSON.parse(row!.data)).toMatchObject({ scheduled_time: '2026-11-22T12:00:00.000Z', gameweek: '12:checked', jobs: 0 })
    expect(await env.DB.prepare('SELECT count(*) AS n FROM cron_leases').first('n')).toBe(0)
  })

  it('names the public tournament after the product', async () => {
    await runScheduled({ ...env, PRODUCT_NAME: 'Pub Legends' }, Date.now())
    const name = await env.DB.prepare("SELECT name FROM tournaments WHERE type = 'public'").first('name')
    expect(name).toBe('Pub Legends Tournament')
    await runScheduled(env, Date.now())
  })

  it('does nothing while another run holds the lease', async () => {
    await env.DB.prepare('INSERT INTO cron_leases (name, holder, expires_at) VALUES (?, ?, ?)')
      .bind(REFRESH_LEASE, 'other', Date.now() + 60_000)
      .run()
    expect((await runScheduled(env, Date.now())).ran).toBe(false)
    expect(await lastRun()).toBeNull()
  })

  it('takes over an expired lease', async () => {
    await env.DB.prepare('INSERT INTO cron_leases (name, holder, expires_at) VALUES (?, ?, ?)')
      .bind(REFRESH_LEASE, 'crashed', Date.now() - 1)
      .run()
    expect((await runScheduled(env, Date.now())).ran).toBe(true)
  })

  it('lets exactly one of two simultaneous runs work', async () => {
    const runs = await Promise.all([runScheduled(env, Date.now()), runScheduled(env, Date.now())])
    expect(runs.filter((r) => r.ran)).toHaveLength(1)
  })
})
