import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Bindings } from '../../../worker/env'
import worker from '../../../worker/index'
import { attack } from '../../security/attack'
import { freshIp, PASSWORD, verifiedAccount } from '../helpers/accounts'
import { call, json } from '../helpers/http'
import { recordLogs } from '../helpers/logs'

// Development only where ENVIRONMENT is exactly "development", and a deployment that lacks its
// secrets says so (decision 151). The tests themselves run as development.

const UNAVAILABLE = { detail: 'The service is unavailable right now. Please try again later.', code: 'misconfigured' }
const SECRET = 'a-production-secret-of-at-least-32-characters'
/** A deployment with every secret it needs. */
const DEPLOYED = {
  ENVIRONMENT: 'production',
  JWT_SECRET: SECRET,
  RESEND_API_KEY: 're_test_key',
  EMAIL_FROM: 'Banter Arena <hello@banter.test>',
  VAPID_PRIVATE_JWK: '{"kty":"EC"}',
} satisfies Partial<Bindings>

beforeAll(async () => {
  await verifiedAccount('deployed@example.com')
})

afterEach(() => {
  vi.restoreAllMocks()
})

/** The "secrets are missing" lines logged meanwhile. */
function missingSecretLogs() {
  const lines = recordLogs('error')
  return () => lines().filter((line) => typeof line.missing === 'string')
}

const answer = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> })
const post = (path: string, body: unknown, overrides: Partial<Bindings>) =>
  call(path, json(body, { headers: { 'cf-connecting-ip': freshIp() } }), overrides).then(answer)

describe('ENVIRONMENT=test is a deployment', () => {
  it('has no /api/dev routes and no development fallbacks, even with its secrets set', async ({ task }) => {
    attack(task, { category: 'Sessions', inputs: 2 })
    expect((await call('/api/dev/outbox', {}, { ...DEPLOYED, ENVIRONMENT: 'test' })).status).toBe(404)
    // Without its session secret it does not fall back to the public development one.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await post('/api/auth/login', { email: 'deployed@example.com', password: PASSWORD }, { ENVIRONMENT: 'test', JWT_SECRET: undefined })).toMatchObject({
      status: 503,
      body: UNAVAILABLE,
    })
  })
})

describe('a deployment that lacks secrets', () => {
  it('without RESEND_API_KEY answers the routes that promise an email 503, naming nothing, and logs the name with its command', async ({ task }) => {
    attack(task, { category: 'Upstream and storage faults', faults: 1, inputs: 3 })
    const logs = missingSecretLogs()
    const overrides = { ...DEPLOYED, RESEND_API_KEY: undefined }
    const answers = [
      await post('/api/auth/register', { name: 'New', email: 'new@example.com', password: PASSWORD }, overrides),
      await post('/api/auth/request-password-reset', { email: 'deployed@example.com' }, overrides),
      await post('/api/auth/resend-verification', { email: 'nobody@example.com' }, overrides),
    ]
    for (const res of answers) {
      expect(res).toMatchObject({ status: 503, body: UNAVAILABLE })
      expect(JSON.stringify(res.body)).not.toMatch(/RESEND|secret|wrangler/i)
    }
    // Nothing was written for the sign-up.
    expect(await env.DB.prepare('SELECT count(*) AS n FROM users WHERE email = ?').bind('new@example.com').first('n')).toBe(0)
    // One error line, however many requests: the name and the command that fixes it.
    expect(logs()).toEqual([
      expect.objectContaining({ level: 'error', environment: 'production', missing: 'RESEND_API_KEY', commands: 'wrangler secret put RESEND_API_KEY' }),
    ])
    // What needs no email still works: signing in, and the health check.
    expect((await post('/api/auth/login', { email: 'deployed@example.com', password: PASSWORD }, overrides)).status).toBe(200)
    expect((await call('/api/health', {}, overrides)).status).toBe(200)
  })

  it('without any secret answers every API route but /api/health 503, and logs all four names once', async ({ task }) => {
    attack(task, { category: 'Upstream and storage faults', faults: 4, inputs: 3 })
    const logs = missingSecretLogs()
    const bare = { ENVIRONMENT: 'staging', JWT_SECRET: undefined } as Partial<Bindings>
    for (const path of ['/api/leagues', '/api/auth/me', '/api/fpl/bootstrap-static']) {
      expect({ path, ...(await answer(await call(path, {}, bare))) }).toMatchObject({ path, status: 503, body: UNAVAILABLE })
    }
    expect((await call('/api/health', {}, bare)).status).toBe(200)
    const names = ['JWT_SECRET', 'RESEND_API_KEY', 'EMAIL_FROM', 'VAPID_PRIVATE_JWK']
    expect(logs()).toEqual([
      expect.objectContaining({
        environment: 'staging',
        missing: names.join(', '),
        commands: names.map((name) => `wrangler secret put ${name}`).join(' && '),
      }),
    ])
  })

  it('logs them on the first queue batch too, where no request is there to answer', async ({ task }) => {
    attack(task, { category: 'Upstream and storage faults', faults: 1 })
    const logs = missingSecretLogs()
    const batch = { queue: 'banter-arena-refresh', messages: [] } as unknown as MessageBatch<never>
    await worker.queue(batch, { ...env, ...DEPLOYED, ENVIRONMENT: 'preview', VAPID_PRIVATE_JWK: undefined } as Bindings)
    expect(logs()).toEqual([
      expect.objectContaining({ environment: 'preview', missing: 'VAPID_PRIVATE_JWK', commands: 'wrangler secret put VAPID_PRIVATE_JWK' }),
    ])
  })

  it('logs nothing in development, which needs none of them', async () => {
    const logs = missingSecretLogs()
    const development = { ENVIRONMENT: 'development', JWT_SECRET: undefined } as Partial<Bindings>
    expect((await call('/api/auth/me', {}, development)).status).toBe(401)
    expect(logs()).toEqual([])
  })
})
