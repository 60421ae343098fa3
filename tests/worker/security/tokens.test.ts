import { env } from 'cloudflare:workers'
import { decodeJwt } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { attack } from '../../security/attack'
import { authed, freshIp, PASSWORD, post, tokenFromEmail, verifiedAccount } from '../helpers/accounts'
import { SIM_LEAGUES } from '../helpers/fpl'
import { call, json } from '../helpers/http'
import { addMember, addTournament } from '../helpers/world'

// Attacks on session tokens: forged, altered, expired or retired tokens and malformed
// Authorization headers, each sent to a read, a private league's data and two writes (a wall
// post and logout). Every one must get the same 401 and change nothing in D1.

const NOT_AUTHENTICATED = 'Not authenticated. Please sign in again.'
const encoder = new TextEncoder()

let victim = { token: '', userId: 0 }
let leagueId = 0

beforeAll(async () => {
  victim = await verifiedAccount('victim@example.com')
  leagueId = await addTournament('Private League', SIM_LEAGUES.pub, victim.userId)
  await addMember(leagueId, victim.userId)
})

interface Route {
  method: 'GET' | 'POST'
  path: () => string
  body?: unknown
}

const ROUTES: Route[] = [
  { method: 'GET', path: () => '/api/auth/me' },
  { method: 'GET', path: () => `/api/leagues/${leagueId}/standings` },
  { method: 'POST', path: () => `/api/community-posts/${leagueId}`, body: { content: 'Forged banter' } },
  { method: 'POST', path: () => '/api/auth/logout' },
]

function send(route: Route, authorization: string | undefined) {
  const headers: Record<string, string> = authorization === undefined ? {} : { authorization }
  return call(route.path(), route.body === undefined ? { method: route.method, headers } : json(route.body, { headers }))
}

/** Everything a refused request could have written: posts, sessions, token versions. */
const writes = () =>
  env.DB.prepare(
    'SELECT (SELECT count(*) FROM community_posts) AS posts, (SELECT count(*) FROM sessions) AS sessions, (SELECT sum(token_version) FROM users) AS versions',
  ).first()

/** Sends each header to every route: all 401 with the one message and the Bearer challenge, nothing written. */
async function expectRefused(task: Parameters<typeof attack>[0], authorizations: string[]) {
  attack(task, { category: 'Tokens', inputs: authorizations.length * ROUTES.length })
  const before = await writes()
  for (const authorization of authorizations) {
    for (const route of ROUTES) {
      const res = await send(route, authorization)
      const body = (await res.json()) as { detail?: string }
      const answer = {
        route: `${route.method} ${route.path()}`,
        header: authorization.slice(0, 60),
        status: res.status,
        detail: body.detail,
        challenge: res.headers.get('www-authenticate'),
      }
      expect(answer).toEqual({ ...answer, status: 401, detail: NOT_AUTHENTICATED, challenge: 'Bearer' })
    }
  }
  expect(await writes()).toEqual(before)
}

const bearer = (token: string) => `Bearer ${token}`

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
const encodePart = (value: unknown) => base64url(encoder.encode(JSON.stringify(value)))

/** Claims the server accepts for the victim (with the jti of a live session); each case spoils one thing. */
function claims(changes: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000)
  return {
    iss: 'banter-arena',
    aud: 'banter-arena-api',
    sub: String(victim.userId),
    ver: 0,
    jti: decodeJwt(victim.token).jti,
    iat: now,
    exp: now + 3600,
    ...changes,
  }
}

/** A JWT built by hand, so that the header can name any algorithm whatever signs it. */
async function handBuilt(header: Record<string, unknown>, payload: Record<string, unknown>, { secret = env.JWT_SECRET, hash = 'SHA-256' } = {}) {
  const input = `${encodePart(header)}.${encodePart(payload)}`
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash }, false, ['sign'])
  return `${input}.${base64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(input))))}`
}

const HS256 = { alg: 'HS256', typ: 'JWT' }

describe('forged and altered tokens', () => {
  it('accepts a hand-built token with the real key and every claim (the control for the cases below)', async () => {
    const token = await handBuilt(HS256, claims())
    expect((await authed('/api/auth/me', token)).status).toBe(200)
  })

  it('answers 401 to unsigned tokens (alg none, in any spelling)', async ({ task }) => {
    const genuineSignature = victim.token.split('.')[2]
    const unsigned = ['none', 'None', 'NONE', 'nOnE'].map((alg) => `${encodePart({ alg, typ: 'JWT' })}.${encodePart(claims())}.`)
    await expectRefused(task, [...unsigned, `${encodePart({ alg: 'none' })}.${encodePart(claims())}.${genuineSignature}`].map(bearer))
  })

  it('answers 401 to tokens naming another algorithm (HS384, HS512, RS256 signed with the secret as its "public key")', async ({ task }) => {
    const tokens = await Promise.all([
      handBuilt({ alg: 'HS384', typ: 'JWT' }, claims(), { hash: 'SHA-384' }),
      handBuilt({ alg: 'HS512', typ: 'JWT' }, claims(), { hash: 'SHA-512' }),
      // Key confusion: a verifier that trusts the header would check an HMAC made with the key it has.
      handBuilt({ alg: 'RS256', typ: 'JWT' }, claims()),
      handBuilt({ alg: 'ES256', typ: 'JWT' }, claims()),
    ])
    await expectRefused(task, tokens.map(bearer))
  })

  it('answers 401 to tokens signed with another key, the development secret included', async ({ task }) => {
    const tokens = await Promise.all(
      ['another-secret-that-is-long-enough-for-hs256', 'banter-arena-development-secret-not-for-production', `${env.JWT_SECRET} `].map((secret) =>
        handBuilt(HS256, claims(), { secret }),
      ),
    )
    await expectRefused(task, tokens.map(bearer))
  })

  it('answers 401 to tokens without an expiry, or with one that is not a number', async ({ task }) => {
    const { exp: _exp, ...noExpiry } = claims()
    const tokens = await Promise.all([noExpiry, claims({ exp: '9999999999' }), claims({ exp: null })].map((payload) => handBuilt(HS256, payload)))
    await expectRefused(task, tokens.map(bearer))
  })

  it('answers 401 to expired tokens, by a second or by a week', async ({ task }) => {
    const now = Math.floor(Date.now() / 1000)
    const tokens = await Promise.all(
      [claims({ exp: now - 1 }), claims({ iat: now - 8 * 24 * 3600, exp: now - 24 * 3600 })].map((payload) => handBuilt(HS256, payload)),
    )
    await expectRefused(task, tokens.map(bearer))
  })

  it('answers 401 to tokens without an id (jti) or with one that is not 128 random bits', async ({ task }) => {
    const { jti: _jti, ...noId } = claims()
    const tokens = await Promise.all([noId, claims({ jti: '' }), claims({ jti: 'short' }), claims({ jti: 42 })].map((payload) => handBuilt(HS256, payload)))
    await expectRefused(task, tokens.map(bearer))
  })

  it('answers 401 to a correctly signed token whose subject is not a user id', async ({ task }) => {
    const id = victim.userId
    const subjects = ['admin', '', `${id}abc`, ` ${id}`, `0x${id.toString(16)}`, `${id}e0`, `-${id}`, '0', '9007199254740993', id]
    const tokens = await Promise.all(subjects.map((sub) => handBuilt(HS256, claims({ sub }))))
    await expectRefused(task, tokens.map(bearer))
  })

  it("answers 401 to the attacker's own token re-pointed at another user's id, its signature kept", async ({ task }) => {
    const attacker = await verifiedAccount('attacker@example.com')
    const [header, , signature] = attacker.token.split('.') as [string, string, string]
    const original = decodeJwt(attacker.token)
    const forged = [
      { ...original, sub: String(victim.userId) },
      { ...original, sub: String(victim.userId), ver: 0, exp: Number(original.exp) + 3600 },
    ].map((changed) => `${header}.${encodePart(changed)}.${signature}`)
    // The same claims serialised differently: the signature covers the bytes, not the meaning.
    const reserialised = `${header}.${base64url(encoder.encode(JSON.stringify(original, null, 1)))}.${signature}`
    await expectRefused(task, [...forged, reserialised].map(bearer))
    expect((await authed('/api/auth/me', attacker.token)).status).toBe(200)
  })
})

describe('malformed Authorization headers', () => {
  it('answers 401 to a genuine token sent in the wrong shape', async ({ task }) => {
    const t = victim.token
    await expectRefused(task, [
      t,
      `bearer ${t}`,
      `BEARER ${t}`,
      `Bearer  ${t}`,
      `Bearer\t${t}`,
      `Bearer ${t} ${t}`,
      `Bearer ${t},Bearer ${t}`,
      `Token ${t}`,
      `Basic ${btoa(`victim@example.com:${PASSWORD}`)}`,
      `Bearer ${t}.`,
    ])
  })

  it('answers 401 to garbage and oversized headers (10 kB) without trying to use them', async ({ task }) => {
    await expectRefused(task, [
      '',
      'Bearer',
      'Bearer ',
      'Bearer null',
      'Bearer undefined',
      'Bearer a.b.c',
      'Bearer ...',
      'Bearer eyJhbGciOiJIUzI1NiJ9',
      `Bearer ${encodePart({ alg: 'HS256' })}.${encodePart(claims())}`,
      'Bearer %7B%22alg%22%3A%22none%22%7D',
      `Bearer ${'A'.repeat(10 * 1024)}`,
      `Bearer ${'a'.repeat(5 * 1024)}.${'b'.repeat(5 * 1024)}.c`,
    ])
  })
})

describe('retired tokens', () => {
  it('answers 401 to every token issued before a password change (the new one works)', async ({ task }) => {
    const account = await verifiedAccount('changer@example.com')
    const otherDevice = (await post('/api/auth/login', { email: 'changer@example.com', password: PASSWORD }, { 'cf-connecting-ip': freshIp() })).body
      .access_token as string
    const change = await authed('/api/auth/change-password', account.token, json({ current_password: PASSWORD, new_password: 'Brand-New1!' }))
    expect(change.status).toBe(200)
    await expectRefused(task, [account.token, otherDevice].map(bearer))
    expect((await authed('/api/auth/me', change.body.access_token)).status).toBe(200)
  })

  it('answers 401 to a token issued before a password reset', async ({ task }) => {
    const account = await verifiedAccount('forgetful@example.com')
    await post('/api/auth/request-password-reset', { email: 'forgetful@example.com' }, { 'cf-connecting-ip': freshIp() })
    const reset = await post(
      '/api/auth/reset-password',
      { token: await tokenFromEmail('forgetful@example.com', '/reset-password'), new_password: 'Reset-Pass9!' },
      { 'cf-connecting-ip': freshIp() },
    )
    expect(reset.status).toBe(200)
    await expectRefused(task, [bearer(account.token)])
  })

  it('answers 401 to a token after its session logged out, while the same user on another device stays signed in', async ({ task }) => {
    const account = await verifiedAccount('leaver@example.com')
    const otherDevice = (await post('/api/auth/login', { email: 'leaver@example.com', password: PASSWORD }, { 'cf-connecting-ip': freshIp() })).body
      .access_token as string
    const out = await authed('/api/auth/logout', account.token, { method: 'POST' })
    expect(out).toEqual({ status: 200, body: { message: 'Logged out' } })
    // A stolen copy of the token, replayed after the owner logged out.
    await expectRefused(task, [bearer(account.token)])
    expect((await authed('/api/auth/me', otherDevice)).status).toBe(200)
  })
})

describe('POST /api/auth/logout', () => {
  it('answers 401 without a token and writes nothing', async ({ task }) => {
    attack(task, { category: 'Tokens', inputs: 1 })
    const before = await writes()
    const res = await call('/api/auth/logout', { method: 'POST' })
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toBe('Bearer')
    expect(await res.json()).toMatchObject({ detail: NOT_AUTHENTICATED })
    expect(await writes()).toEqual(before)
  })

  it("deletes the token's session row, and only that one", async () => {
    const { token, userId } = await verifiedAccount('tidy@example.com')
    const other = (await post('/api/auth/login', { email: 'tidy@example.com', password: PASSWORD }, { 'cf-connecting-ip': freshIp() })).body
      .access_token as string
    expect((await authed('/api/auth/logout', token, { method: 'POST' })).status).toBe(200)
    const { results } = await env.DB.prepare('SELECT jti FROM sessions WHERE user_id = ?').bind(userId).all()
    expect(results).toEqual([{ jti: decodeJwt(other).jti }])
  })
})
