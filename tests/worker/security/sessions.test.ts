import { env } from 'cloudflare:workers'
import { decodeJwt } from 'jose'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Bindings } from '../../../worker/env'
import { SESSION_IDLE_MS, SESSION_TOUCH_MS } from '../../../worker/services/auth/tokens'
import { attack } from '../../security/attack'
import { authed, freshIp, PASSWORD, post, verifiedAccount } from '../helpers/accounts'
import { call, json } from '../helpers/http'
import { logLines } from '../helpers/logs'

// Attacks on sessions: a deployment without a signing secret, tokens with the wrong issuer,
// audience, type or times, sessions left idle, and signing out of every device.

const NOT_AUTHENTICATED = 'Not authenticated. Please sign in again.'
const UNAVAILABLE = { detail: 'The service is unavailable right now. Please try again later.', code: 'misconfigured' }
const DEV_SECRET = 'banter-arena-development-secret-not-for-production'
const encoder = new TextEncoder()

let owner = { token: '', userId: 0 }

beforeAll(async () => {
  owner = await verifiedAccount('owner@example.com')
})

afterEach(() => {
  vi.restoreAllMocks()
})

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
const encodePart = (value: unknown) => base64url(encoder.encode(JSON.stringify(value)))

/** A token built by hand with the real key: only the header and claims named differ from ours. */
async function handBuilt(
  changes: Record<string, unknown> = {},
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
  secret = env.JWT_SECRET as string,
) {
  const now = Math.floor(Date.now() / 1000)
  const payload = {
    iss: 'banter-arena',
    aud: 'banter-arena-api',
    sub: String(owner.userId),
    ver: 0,
    jti: decodeJwt(owner.token).jti,
    iat: now,
    exp: now + 3600,
    ...changes,
  }
  const input = `${encodePart(header)}.${encodePart(payload)}`
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return `${input}.${base64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(input))))}`
}

const me = async (token: string, overrides: Partial<Bindings> = {}) => {
  const res = await call('/api/auth/me', { headers: { authorization: `Bearer ${token}` } }, overrides)
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

const sessionRow = (jti: unknown) =>
  env.DB.prepare('SELECT last_seen_at, expires_at FROM sessions WHERE jti = ?').bind(jti).first<{ last_seen_at: number; expires_at: number }>()

/** The logged lines that say which secrets are missing. */
const missingSecretLines = (calls: unknown[][]) => logLines(calls).filter((line) => typeof line.missing === 'string')

describe('a deployment without JWT_SECRET', () => {
  // "test" is a deploy like any other (decision 151): only "development" is development.
  const publicEnvironments = ['production', 'staging', 'preview', 'Production', 'dev', 'test', '']

  it.for(publicEnvironments)('ENVIRONMENT=%j refuses to sign or check sessions with a 503, logs why, and hides /api/dev', async (environment, { task }) => {
    attack(task, { category: 'Sessions', inputs: 4 })
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const overrides = { ENVIRONMENT: environment, JWT_SECRET: undefined } as Partial<Bindings>
    // Signing in would have to sign; a token (even one signed with the public development secret) would have to be checked.
    const devSigned = await handBuilt({}, undefined, DEV_SECRET)
    const login = await call(
      '/api/auth/login',
      json({ email: 'owner@example.com', password: PASSWORD }, { headers: { 'cf-connecting-ip': freshIp() } }),
      overrides,
    )
    const answers = [{ status: login.status, body: await login.json() }, await me(owner.token, overrides), await me(devSigned, overrides)]
    for (const answer of answers) expect(answer).toMatchObject({ status: 503, body: UNAVAILABLE })
    expect(missingSecretLines(errors.mock.calls).some((line) => String(line.missing).includes('JWT_SECRET') && line.environment === environment)).toBe(true)
    // Every API route answers the same 503 (decision 151): the dev routes are not there to be seen.
    const outbox = await call('/api/dev/outbox', {}, overrides)
    expect({ status: outbox.status, body: await outbox.json() }).toMatchObject({ status: 503, body: UNAVAILABLE })
    // Pages that need no session still work.
    expect((await call('/api/health', {}, overrides)).status).toBe(200)
  })

  it('refuses a JWT_SECRET shorter than 32 characters in production too', async ({ task }) => {
    attack(task, { category: 'Sessions', inputs: 1 })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await me(owner.token, { ENVIRONMENT: 'production', JWT_SECRET: 'short-secret' })).toMatchObject({ status: 503, body: UNAVAILABLE })
  })

  it('lets development (the tests run as development) use the development secret and the dev routes', async () => {
    const overrides = { ENVIRONMENT: 'development', JWT_SECRET: undefined } as Partial<Bindings>
    const login = await call(
      '/api/auth/login',
      json({ email: 'owner@example.com', password: PASSWORD }, { headers: { 'cf-connecting-ip': freshIp() } }),
      overrides,
    )
    expect(login.status).toBe(200)
    const { access_token } = (await login.json()) as { access_token: string }
    expect((await me(access_token, overrides)).status).toBe(200)
    expect((await call('/api/dev/outbox', {}, overrides)).status).toBe(200)
  })

  it('production with its own secret answers /api/dev with 404 and refuses tokens of the development secret', async ({ task }) => {
    attack(task, { category: 'Sessions', inputs: 2 })
    const overrides = { ENVIRONMENT: 'production', JWT_SECRET: 'a-production-secret-of-at-least-32-characters' } as Partial<Bindings>
    expect((await call('/api/dev/outbox', {}, overrides)).status).toBe(404)
    expect((await me(await handBuilt({}, undefined, DEV_SECRET), overrides)).status).toBe(401)
  })
})

describe('token claims', () => {
  it('accepts a hand-built token with every claim right, and an iat 30 s ahead (clock skew): the controls', async () => {
    expect((await me(await handBuilt())).status).toBe(200)
    const now = Math.floor(Date.now() / 1000)
    expect((await me(await handBuilt({ iat: now + 30, exp: now + 3600 }))).status).toBe(200)
  })

  it('refuses another issuer, audience or type, missing ones, an iat ahead of now, and lifetimes over 7 days', async ({ task }) => {
    const now = Math.floor(Date.now() / 1000)
    const day = 24 * 3600
    const tokens = await Promise.all([
      handBuilt({ iss: 'https://evil.example' }),
      handBuilt({ iss: undefined }),
      handBuilt({ aud: 'another-api' }),
      handBuilt({ aud: ['another-api'] }),
      handBuilt({ aud: undefined }),
      handBuilt({}, { alg: 'HS256', typ: 'at+jwt' }),
      handBuilt({}, { alg: 'HS256', typ: 'JWS' }),
      handBuilt({}, { alg: 'HS256' }),
      handBuilt({ iat: now + 120, exp: now + 3600 }),
      handBuilt({ iat: now + 365 * day, exp: now + 366 * day }),
      handBuilt({ iat: now, exp: now + 8 * day }),
      handBuilt({ iat: now, exp: now + 10 * 365 * day }),
      handBuilt({ iat: now - 8 * day, exp: now + 3600 }),
      handBuilt({ iat: undefined }),
    ])
    attack(task, { category: 'Sessions', inputs: tokens.length })
    for (const token of tokens) expect(await me(token)).toEqual({ status: 401, body: expect.objectContaining({ detail: NOT_AUTHENTICATED }) })
  })

  it('refuses a correctly signed token whose session does not exist (tokens from before sessions, made-up ids)', async ({ task }) => {
    attack(task, { category: 'Sessions', inputs: 2 })
    const made = await handBuilt({ jti: base64url(crypto.getRandomValues(new Uint8Array(16))) })
    expect((await me(made)).status).toBe(401)
    // Another user's live session id with this user's subject.
    const other = await verifiedAccount('other@example.com')
    expect((await me(await handBuilt({ jti: decodeJwt(other.token).jti }))).status).toBe(401)
  })
})

describe('idle timeout', () => {
  const age = (jti: unknown, ms: number) =>
    env.DB.prepare('UPDATE sessions SET last_seen_at = ? WHERE jti = ?')
      .bind(Date.now() - ms, jti)
      .run()

  it(`ends a session unused for ${SESSION_IDLE_MS / 3600_000} hours`, async ({ task }) => {
    attack(task, { category: 'Sessions', inputs: 1 })
    const { token } = await verifiedAccount('idle@example.com')
    await age(decodeJwt(token).jti, SESSION_IDLE_MS + 60_000)
    expect(await me(token)).toEqual({ status: 401, body: expect.objectContaining({ detail: NOT_AUTHENTICATED }) })
  })

  it('keeps a session used within the timeout and marks it seen, writing only when the mark is older than 15 minutes', async () => {
    const { token } = await verifiedAccount('active@example.com')
    const { jti } = decodeJwt(token)
    await age(jti, SESSION_IDLE_MS - 3600_000)
    const before = Date.now()
    expect((await me(token)).status).toBe(200)
    expect((await sessionRow(jti))?.last_seen_at).toBeGreaterThanOrEqual(before)
    // Seen a minute ago: nothing is written.
    await age(jti, 60_000)
    const recent = (await sessionRow(jti))?.last_seen_at
    expect((await me(token)).status).toBe(200)
    expect((await sessionRow(jti))?.last_seen_at).toBe(recent)
    expect(SESSION_TOUCH_MS).toBe(15 * 60_000)
  })
})

describe('POST /api/auth/logout-all', () => {
  it('signs out every device, this one included, and a new sign-in works', async ({ task }) => {
    attack(task, { category: 'Sessions', inputs: 3 })
    const { token, userId } = await verifiedAccount('everywhere@example.com')
    const phone = (await post('/api/auth/login', { email: 'everywhere@example.com', password: PASSWORD }, { 'cf-connecting-ip': freshIp() })).body
      .access_token as string
    const out = await authed('/api/auth/logout-all', token, { method: 'POST' })
    expect(out).toEqual({ status: 200, body: { message: 'Signed out on every device.' } })
    for (const old of [token, phone]) expect((await me(old)).status).toBe(401)
    expect(await env.DB.prepare('SELECT count(*) AS n FROM sessions WHERE user_id = ?').bind(userId).first('n')).toBe(0)
    // A replay of the call itself is refused.
    expect((await authed('/api/auth/logout-all', token, { method: 'POST' })).status).toBe(401)
    const again = await post('/api/auth/login', { email: 'everywhere@example.com', password: PASSWORD }, { 'cf-connecting-ip': freshIp() })
    expect((await me(again.body.access_token as string)).status).toBe(200)
  })

  it('answers 401 without a token and changes nothing', async ({ task }) => {
    attack(task, { category: 'Sessions', inputs: 1 })
    const before = await env.DB.prepare('SELECT (SELECT count(*) FROM sessions) AS sessions, (SELECT sum(token_version) FROM users) AS versions').first()
    const res = await call('/api/auth/logout-all', { method: 'POST' })
    expect(res.status).toBe(401)
    expect(await env.DB.prepare('SELECT (SELECT count(*) FROM sessions) AS sessions, (SELECT sum(token_version) FROM users) AS versions').first()).toEqual(
      before,
    )
  })
})

describe('session clean-up', () => {
  it('deletes the signing-in user’s ended sessions at sign-in', async () => {
    const { token, userId } = await verifiedAccount('tidy@example.com')
    await env.DB.prepare('UPDATE sessions SET last_seen_at = ? WHERE jti = ?')
      .bind(Date.now() - SESSION_IDLE_MS - 1, decodeJwt(token).jti)
      .run()
    await post('/api/auth/login', { email: 'tidy@example.com', password: PASSWORD }, { 'cf-connecting-ip': freshIp() })
    expect(await env.DB.prepare('SELECT count(*) AS n FROM sessions WHERE user_id = ?').bind(userId).first('n')).toBe(1)
  })
})
