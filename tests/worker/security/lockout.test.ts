import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { RESEND_MESSAGE, RESET_REQUEST_MESSAGE } from '../../../worker/services/auth/accounts'
import { MAX_PASSWORD_WORK } from '../../../worker/services/auth/password'
import { clientAddress, LIMITS, LOGIN_BACKOFF } from '../../../worker/services/rate-limit'
import { attack } from '../../security/attack'
import { deviceCookie, PASSWORD, post, tokenFromEmail, verifiedAccount } from '../helpers/accounts'
import { call } from '../helpers/http'

// Malicious lockout: strangers failing to sign in, or asking for reset and verification emails,
// must not keep the owner out (decision 072); sign-ins beyond what an isolate can hash are
// shed at once instead of queued (decision 067). The owner signs in from a device that signed in
// before (its device cookie, decision 150): strangers' guesses from many addresses slow down new
// devices for the whole account (tests/worker/security/device-cookies.test.ts), never that one.

const OWNER = 'owner@example.com'
let addressCounter = 0
/** A new client address each call (a botnet's, say). */
const rotating = () => `203.0.113.${(addressCounter++ % 250) + 1}`
const from = (address: string) => ({ 'cf-connecting-ip': address })
const login = (email: string, password: string, address = rotating()) => post('/api/auth/login', { email, password }, from(address))
let ownerDevice = ''
/** The owner, with the right password, from their own device (at an address of its own each time). */
const ownerLogin = (address = rotating()) => post('/api/auth/login', { email: OWNER, password: PASSWORD }, { ...from(address), cookie: ownerDevice })

const outboxTo = async (email: string) => {
  const res = await call(`/api/dev/outbox?to=${encodeURIComponent(email)}`)
  return (await res.json()) as Array<{ subject: string; text: string }>
}

/** Moves a fixed-window key back as if `ms` had passed. */
const later = (key: string, ms: number) => env.DB.prepare('UPDATE rate_limits SET window_start = window_start - ? WHERE key = ?').bind(ms, key).run()

beforeAll(async () => {
  await verifiedAccount(OWNER)
  await verifiedAccount('guessed@example.com')
  ownerDevice = deviceCookie((await login(OWNER, PASSWORD)).headers) ?? ''
})

describe('failed sign-ins from other addresses', () => {
  it('lets the owner in with the right password from their own device at a fresh address after 15 failures from rotating addresses', async ({ task }) => {
    attack(task, { category: 'Lockout and abuse', inputs: 15 })
    // Past LOGIN_BACKOFF.account.after failures, new devices wait (429) for this account.
    for (let i = 0; i < 15; i++) expect([401, 429]).toContain((await login(OWNER, `Guess-Pass${i}!`)).status)
    expect((await ownerLogin()).status).toBe(200)
  })

  it('slows the guessing address for this account only (growing Retry-After), never the owner elsewhere', async ({ task }) => {
    const attacker = '198.18.0.7'
    // An account of its own: OWNER's guesses above already slow new devices for the whole account.
    const target = 'guessed@example.com'
    attack(task, { category: 'Lockout and abuse', inputs: 12 })
    const waits: number[] = []
    for (let i = 0; i < 12; i++) {
      // The guesser waits out each Retry-After (moved on in the database) and guesses again.
      const res = await login(target, `Guess-Pass${i}!`, attacker)
      if (res.status === 429) {
        waits.push(Number(res.headers.get('retry-after')))
        await env.DB.prepare('UPDATE rate_limits SET blocked_until = 0 WHERE key = ?').bind(`login:pair:${target}:${attacker}`).run()
      } else expect(res.status).toBe(401)
      expect((await login(target, PASSWORD)).status).toBe(200)
    }
    // Every wait longer than the one before.
    expect(waits.length).toBeGreaterThanOrEqual(3)
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThan(waits[i - 1] as number)
    // The attacker's address is not slowed for another account.
    await verifiedAccount('neighbour@example.com')
    expect((await login('neighbour@example.com', PASSWORD, attacker)).status).toBe(200)
  })

  it('keeps a per-address limit against password spraying, an IPv6 client counted by its /64', async ({ task }) => {
    const max = LOGIN_BACKOFF.ip.after
    const sprayed = 'guessed@example.com'
    attack(task, { category: 'Lockout and abuse', inputs: max + 1 })
    // A different address of one /64 for every guess, each at another account.
    for (let i = 0; i < max; i++) expect((await login(`spray${i}@example.com`, 'Guess-Pass1!', `2001:db8:aa:bb::${(i + 1).toString(16)}`)).status).toBe(401)
    const refused = await login(sprayed, PASSWORD, '2001:db8:aa:bb:ffff:ffff:ffff:fffe')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // The next /64 is someone else.
    expect((await login(sprayed, PASSWORD, '2001:db8:aa:bc::1')).status).toBe(200)
    // 31 password hashes: room for a busy machine.
  }, 30_000)

  it('keys addresses: IPv6 by /64 in any spelling, IPv4 and IPv4-mapped IPv6 whole', ({ task }) => {
    const cases: Array<[string, string]> = [
      ['2001:db8:aa:bb::1', '2001:db8:aa:bb::/64'],
      ['2001:0DB8:00AA:00BB:1:2:3:4', '2001:db8:aa:bb::/64'],
      ['2001:db8::1', '2001:db8:0:0::/64'],
      ['::1', '0:0:0:0::/64'],
      ['fe80::1%eth0', 'fe80:0:0:0::/64'],
      ['::ffff:192.0.2.7', '192.0.2.7'],
      ['192.0.2.7', '192.0.2.7'],
      ['not:an:address:::', 'not:an:address:::'],
    ]
    attack(task, { category: 'Lockout and abuse', inputs: cases.length })
    for (const [address, key] of cases) expect(clientAddress(new Headers({ 'cf-connecting-ip': address }))).toBe(key)
    expect(clientAddress(new Headers())).toBe('unknown')
  })
})

describe('reset and verification emails on request', () => {
  it('answers six reset requests the same 200, sends at most one email a minute, and the owner’s next request after a minute is sent', async ({ task }) => {
    attack(task, { category: 'Lockout and abuse', inputs: 6 })
    const OWNER = 'forgetful@example.com'
    await verifiedAccount(OWNER)
    const answers = []
    for (let i = 0; i < 6; i++) answers.push(await post('/api/auth/request-password-reset', { email: OWNER }, from(rotating())))
    for (const answer of answers) expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: { message: RESET_REQUEST_MESSAGE } })
    // Every header the same but the request's own id.
    expect(new Set(answers.map((a) => JSON.stringify([...a.headers].filter(([name]) => name !== 'date' && name !== 'x-request-id')))).size).toBe(1)
    expect((await outboxTo(OWNER)).filter((m) => m.text.includes('/reset-password?token='))).toHaveLength(1)
    const first = await tokenFromEmail(OWNER, '/reset-password')

    await later(`requestReset:account:${OWNER}`, LIMITS.requestReset.account.windowMs)
    expect((await post('/api/auth/request-password-reset', { email: OWNER }, from(rotating()))).body).toEqual({ message: RESET_REQUEST_MESSAGE })
    expect((await outboxTo(OWNER)).filter((m) => m.text.includes('/reset-password?token='))).toHaveLength(2)
    const second = await tokenFromEmail(OWNER, '/reset-password')
    // A stranger's request does not spoil the link the owner already has...
    const reset = await post('/api/auth/reset-password', { token: first, new_password: 'Owner-Reset1!' }, from(rotating()))
    expect(reset.status).toBe(200)
    // ...and using one retires the others.
    expect((await post('/api/auth/reset-password', { token: second, new_password: 'Owner-Reset2!' }, from(rotating()))).status).toBe(400)
  })

  it('answers an address flooding reset requests the same, with nothing sent', async ({ task }) => {
    const flooder = '198.18.1.1'
    const max = LIMITS.requestReset.ip.max
    await verifiedAccount('flooded@example.com')
    attack(task, { category: 'Lockout and abuse', inputs: max + 1 })
    for (let i = 0; i < max; i++) await post('/api/auth/request-password-reset', { email: `ghost${i}@example.com` }, from(flooder))
    const res = await post('/api/auth/request-password-reset', { email: 'flooded@example.com' }, from(flooder))
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { message: RESET_REQUEST_MESSAGE } })
    expect((await outboxTo('flooded@example.com')).filter((m) => m.text.includes('/reset-password?token='))).toHaveLength(0)
  })

  it('answers repeated verification resends the same, with at most one email a minute', async ({ task }) => {
    attack(task, { category: 'Lockout and abuse', inputs: 4 })
    const email = 'unverified@example.com'
    await post('/api/auth/register', { name: 'Pending', email, password: PASSWORD }, from(rotating()))
    const sent = async () => (await outboxTo(email)).filter((m) => m.text.includes('/verify-email?token=')).length
    const atSignUp = await sent()
    for (let i = 0; i < 4; i++) expect((await post('/api/auth/resend-verification', { email }, from(rotating()))).body).toEqual({ message: RESEND_MESSAGE })
    expect(await sent()).toBe(atSignUp + 1)
    await later(`resend:account:${email}`, LIMITS.resend.account.windowMs)
    await post('/api/auth/resend-verification', { email }, from(rotating()))
    expect(await sent()).toBe(atSignUp + 2)
  })
})

describe('sign-ins beyond what an isolate can hash', () => {
  it(`sheds concurrent password work beyond ${MAX_PASSWORD_WORK} at once with 503 and Retry-After, and answers the rest`, async ({ task }) => {
    const concurrent = 16
    attack(task, { category: 'Lockout and abuse', concurrent })
    const timed = async () => {
      const started = performance.now()
      const res = await ownerLogin()
      return { res, ms: performance.now() - started }
    }
    const answers = await Promise.all(Array.from({ length: concurrent }, timed))
    const shed = answers.filter((a) => a.res.status === 503)
    const served = answers.filter((a) => a.res.status === 200)
    expect(shed.length + served.length).toBe(concurrent)
    expect(served.length).toBeGreaterThan(0)
    expect(served.length).toBeLessThanOrEqual(MAX_PASSWORD_WORK)
    expect(shed.length).toBeGreaterThan(0)
    for (const { res } of shed) {
      expect(res.body).toMatchObject({ detail: 'The server is busy. Please try again in a few seconds.', code: 'busy' })
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    // Bounded: no answer waits behind more than the cap's worth of hashing.
    for (const { ms } of answers) expect(ms).toBeLessThan(10_000)
    console.info(
      `item 11: ${concurrent} concurrent sign-ins -> ${served.length} served, ${shed.length} shed; slowest served ${Math.round(Math.max(...served.map((a) => a.ms)))} ms, slowest shed ${Math.round(Math.max(...shed.map((a) => a.ms)))} ms`,
    )
  })

  it('never refuses sequential sign-ins', async () => {
    for (let i = 0; i < 12; i++) expect((await ownerLogin()).status).toBe(200)
  })
})
