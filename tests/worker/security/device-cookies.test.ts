import { env } from 'cloudflare:workers'
import { SignJWT } from 'jose'
import { describe, expect, it, vi } from 'vitest'
import { LOGIN_BACKOFF } from '../../../worker/services/rate-limit'
import { attack } from '../../security/attack'
import { deviceCookie, PASSWORD, post, verifiedAccount } from '../helpers/accounts'
import { call } from '../helpers/http'

// Guessing one account's password from many addresses (decision 150). Without a
// per-account limit, 40 wrong passwords from 40 addresses were never slowed. Now devices that never
// signed in to the account share a per-account back-off, while a device that did (its device
// cookie) keeps a budget of its own: the owner is never locked out by strangers.

// Each case signs in dozens of times, a password hash each.
vi.setConfig({ testTimeout: 30_000 })

const INVALID_LOGIN = 'Invalid email or password'
const ATTEMPTS_SUBJECT = 'Someone is trying to sign in to your Banter Arena account'

let addressCounter = 0
/** A new client address for every request: a botnet's. */
const rotating = () => `198.18.${Math.floor(addressCounter / 250) % 250}.${(addressCounter++ % 250) + 1}`

type Answer = Awaited<ReturnType<typeof post>>

const login = (email: string, password: string, cookie?: string, address = rotating()) =>
  post('/api/auth/login', { email, password }, { 'cf-connecting-ip': address, ...(cookie ? { cookie } : {}) })

/** Signs in with the right password and keeps the device cookie the answer set. */
async function ownDevice(email: string): Promise<string> {
  const res = await login(email, PASSWORD)
  expect(res.status).toBe(200)
  const cookie = deviceCookie(res.headers)
  if (!cookie) throw new Error('no device cookie')
  return cookie
}

/** `count` wrong passwords for one account, each from another address and no device cookie. */
async function guess(email: string, count: number): Promise<Answer[]> {
  const answers: Answer[] = []
  for (let i = 0; i < count; i++) answers.push(await login(email, `Guess-Pass${i}!`))
  return answers
}

/** What an answer tells the caller, but the request's own id (each answer has its own). */
const visible = (res: Answer) => {
  const { request_id: _id, ...body } = res.body
  return { status: res.status, body, headers: Object.fromEntries([...res.headers].filter(([name]) => name !== 'x-request-id')) }
}

const warnings = async (email: string) => {
  const res = await call(`/api/dev/outbox?to=${encodeURIComponent(email)}`)
  return ((await res.json()) as Array<{ subject: string; text: string; html: string }>).filter((m) => m.subject === ATTEMPTS_SUBJECT)
}

/** Moves an account's window for new devices back by an hour: its failures are old news. */
const nextWindow = (email: string) =>
  env.DB.prepare('UPDATE rate_limits SET window_start = window_start - ?, blocked_until = 0 WHERE key = ?')
    .bind(LOGIN_BACKOFF.account.windowMs, `login:account:${email}`)
    .run()

describe('guessing one account from many addresses', () => {
  it('slows 40 wrong passwords from 40 addresses: 429 with Retry-After well before the 40th', async ({ task }) => {
    const email = 'botnet-target@example.com'
    await verifiedAccount(email)
    attack(task, { category: 'Lockout and abuse', inputs: 40 })
    const answers = await guess(email, 40)
    const first = answers.findIndex((a) => a.status === 429)
    // The first LOGIN_BACKOFF.account.after guesses are answered; the next one waits.
    expect(first).toBe(LOGIN_BACKOFF.account.after)
    for (const answer of answers.slice(0, first)) expect(answer).toMatchObject({ status: 401, body: { detail: INVALID_LOGIN } })
    const waiting = answers[first] as Answer
    const retryAfter = Number(waiting.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_BACKOFF.account.baseMs / 1000)
    expect(waiting.body).toMatchObject({
      detail: `Too many attempts. Please try again in ${retryAfter < 60 ? `${retryAfter} seconds` : '1 minute'}.`,
      code: 'rate_limited',
    })
    // A waiting account is not guessed at: every later try waits too, the right password included.
    expect(answers.slice(first).every((a) => a.status === 429)).toBe(true)
    expect((await login(email, PASSWORD)).status).toBe(429)
  })

  it('doubles the wait for new devices with each failure past the count, up to 15 minutes, never a fixed lockout', async ({ task }) => {
    const email = 'patient-botnet@example.com'
    await verifiedAccount(email)
    attack(task, { category: 'Lockout and abuse', inputs: 20 })
    const waits: number[] = []
    for (let i = 0; i < 20; i++) {
      const res = await login(email, `Guess-Pass${i}!`)
      if (res.status === 429) {
        waits.push(Number(res.headers.get('retry-after')))
        // The guesser waits it out (moved on in the database) and guesses again.
        await env.DB.prepare('UPDATE rate_limits SET blocked_until = 0 WHERE key = ?').bind(`login:account:${email}`).run()
      }
    }
    expect(waits).toEqual([60, 120, 240, 480, 900])
    // Once the wait is over, the right password from a new device gets in.
    await env.DB.prepare('UPDATE rate_limits SET blocked_until = 0 WHERE key = ?').bind(`login:account:${email}`).run()
    expect((await login(email, PASSWORD)).status).toBe(200)
  })
})

describe("the owner's own devices", () => {
  it('sign in at once while the account is under attack, from any address, however many strangers guessed', async ({ task }) => {
    const email = 'besieged@example.com'
    await verifiedAccount(email)
    const phone = await ownDevice(email)
    attack(task, { category: 'Lockout and abuse', inputs: 40 })
    const answers = await guess(email, 40)
    expect(answers.some((a) => a.status === 429)).toBe(true)
    // A new device waits like the strangers (the price of the per-account limit)...
    expect((await login(email, PASSWORD)).status).toBe(429)
    // ...the phone does not, at a new address each time.
    for (let i = 0; i < 3; i++) expect((await login(email, PASSWORD, phone)).status).toBe(200)
  })

  it('are not slowed by a sprayer at their own address (a shared mobile network), which slows everyone else there', async ({ task }) => {
    const email = 'commuter@example.com'
    await verifiedAccount(email)
    const phone = await ownDevice(email)
    const shared = '100.64.0.9'
    const max = LOGIN_BACKOFF.ip.after
    attack(task, { category: 'Lockout and abuse', inputs: max })
    for (let i = 0; i < max; i++) expect((await login(`sprayed-${i}@example.com`, 'Guess-Pass1!', undefined, shared)).status).toBe(401)
    expect((await login(email, PASSWORD, undefined, shared)).status).toBe(429)
    expect((await login(email, PASSWORD, phone, shared)).status).toBe(200)
  })

  it('keep a budget of their own: wrong passwords on one device slow that device only', async ({ task }) => {
    const email = 'fumbler@example.com'
    await verifiedAccount(email)
    const phone = await ownDevice(email)
    const laptop = await ownDevice(email)
    const after = LOGIN_BACKOFF.device.after
    attack(task, { category: 'Lockout and abuse', inputs: after + 1 })
    for (let i = 0; i < after; i++) expect((await login(email, `Typo-Pass${i}!`, phone)).status).toBe(401)
    const waiting = await login(email, PASSWORD, phone)
    expect(waiting.status).toBe(429)
    expect(Number(waiting.headers.get('retry-after'))).toBe(LOGIN_BACKOFF.device.baseMs / 1000)
    // The laptop, and new devices, are not slowed by the phone's typos: they are not the account's count.
    expect((await login(email, PASSWORD, laptop)).status).toBe(200)
    expect((await login(email, PASSWORD)).status).toBe(200)
    const counted = await env.DB.prepare('SELECT count FROM rate_limits WHERE key = ?').bind(`login:account:${email}`).first('count')
    expect(counted).toBeNull()
  })

  it('get a cookie only from a successful sign-in: __Host-, HttpOnly, Secure, SameSite=Strict, Path=/, 400 days', async ({ task }) => {
    const email = 'cookie-jar@example.com'
    await verifiedAccount(email)
    attack(task, { category: 'Credentials', inputs: 3 })
    const ok = await login(email, PASSWORD)
    const setCookie = ok.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(/^__Host-ba_device=[\w-]+\.[\w-]+\.[\w-]+; /)
    expect(setCookie.split('; ').slice(1).sort()).toEqual(['HttpOnly', `Max-Age=${400 * 24 * 3600}`, 'Path=/', 'SameSite=Strict', 'Secure'])
    // The cookie does not carry the address.
    expect(atob((deviceCookie(ok.headers) ?? '').split('.')[1]?.replaceAll('-', '+').replaceAll('_', '/') ?? '')).not.toContain(email)
    for (const refused of [await login(email, 'Wrong-Pass1!'), await login('nobody-here@example.com', 'Wrong-Pass1!')]) {
      expect(refused.status).toBe(401)
      expect(refused.headers.get('set-cookie')).toBeNull()
    }
  })
})

describe('device cookies that are not the account’s own', () => {
  it('count as unknown devices: forged, tampered, signed with the session key, unprefixed, or another account’s', async ({ task }) => {
    const email = 'forgery-target@example.com'
    await verifiedAccount(email)
    await verifiedAccount('someone-else@example.com')
    const own = await ownDevice(email)
    const others = await ownDevice('someone-else@example.com')
    await guess(email, LOGIN_BACKOFF.account.after)

    const value = own.slice(own.indexOf('=') + 1)
    const [header, payload, signature] = value.split('.') as [string, string, string]
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`
    const claims = JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/'))) as Record<string, unknown>
    // The same claims signed with the session secret itself: a device cookie has a key of its own.
    const sessionSigned = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(env.JWT_SECRET))
    const forgeries = [
      '__Host-ba_device=not-a-token',
      `__Host-ba_device=${header}.${payload}.${flipped}`,
      `__Host-ba_device=${header}.${payload}.`,
      `__Host-ba_device=${sessionSigned}`,
      // Without the prefix a subdomain could have set it: not read at all.
      `ba_device=${value}`,
      others,
      `__Host-ba_device=${'A'.repeat(5000)}`,
    ]
    attack(task, { category: 'Lockout and abuse', inputs: forgeries.length })
    for (const cookie of forgeries) expect({ cookie, status: (await login(email, PASSWORD, cookie)).status }).toEqual({ cookie, status: 429 })
    // The control: the real cookie gets in.
    expect((await login(email, PASSWORD, own)).status).toBe(200)
  })
})

describe('telling the owner', () => {
  it('sends exactly one warning per window when new devices are slowed, with a reset link, and none for an unknown email', async ({ task }) => {
    const email = 'warned@example.com'
    await verifiedAccount(email, { name: 'Ann <b>&' })
    attack(task, { category: 'Lockout and abuse', inputs: 40 + 12 + 2 * LOGIN_BACKOFF.account.after })
    await guess(email, 40)
    const [warning, ...more] = await warnings(email)
    expect(more).toHaveLength(0)
    expect(warning?.text).toContain('we have slowed down sign-ins from new devices')
    expect(warning?.text).toContain('The devices you have signed in on before still work as usual.')
    expect(warning?.text).toContain('Reset my password: https://banter.test/?forgot=true')
    // The greeting names the account escaped, as every account email does.
    expect(warning?.html).toContain('Hi Ann &lt;b&gt;&amp;,')
    // Waited out and guessed again within the hour: still one warning.
    for (let i = 0; i < 3; i++) {
      await env.DB.prepare('UPDATE rate_limits SET blocked_until = 0 WHERE key = ?').bind(`login:account:${email}`).run()
      await guess(email, 4)
    }
    expect(await warnings(email)).toHaveLength(1)
    // An hour later, a new attack is a new warning.
    await nextWindow(email)
    await guess(email, LOGIN_BACKOFF.account.after)
    expect(await warnings(email)).toHaveLength(2)

    // An email without an account is slowed the same, and nobody is written to.
    await guess('no-such-owner@example.com', LOGIN_BACKOFF.account.after + 1)
    expect(await warnings('no-such-owner@example.com')).toHaveLength(0)
  })

  it('answers a known and an unknown email alike under the attack, guess for guess', async ({ task }) => {
    const known = 'known-under-attack@example.com'
    const unknown = 'unknown-under-attack@example.com'
    await verifiedAccount(known)
    const count = LOGIN_BACKOFF.account.after + 3
    attack(task, { category: 'Credentials', inputs: 2 * count })
    const knownAnswers = await guess(known, count)
    const unknownAnswers = await guess(unknown, count)
    expect(knownAnswers.map((a) => a.status)).toEqual(unknownAnswers.map((a) => a.status))
    expect(visible(knownAnswers[0] as Answer)).toEqual(visible(unknownAnswers[0] as Answer))
    const firstWait = LOGIN_BACKOFF.account.after
    expect(visible(knownAnswers[firstWait] as Answer)).toEqual(visible(unknownAnswers[firstWait] as Answer))
    expect(knownAnswers[firstWait]?.status).toBe(429)
  })
})
