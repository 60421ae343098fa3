import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { RESEND_MESSAGE, RESET_REQUEST_MESSAGE } from '../../../worker/services/auth/accounts'
import { LIMITS, LOGIN_BACKOFF } from '../../../worker/services/rate-limit'
import { attack } from '../../security/attack'
import { authed, freshIp, PASSWORD, post, tokenFromEmail, verifiedAccount } from '../helpers/accounts'
import { json } from '../helpers/http'

// Attacks on credentials: finding out which emails have accounts, replaying, racing, guessing
// or misusing emailed links, guessing passwords (with forged client addresses), and passwords
// big enough to make hashing expensive.

const INVALID_LOGIN = 'Invalid email or password'
const VERIFY_INVALID = 'This verification link is invalid or has expired.'
const RESET_INVALID = 'This password reset link is invalid or has expired. Please request a new one.'
const TOO_LONG = 'Password must be at most 128 characters'

const from = (address = freshIp()) => ({ 'cf-connecting-ip': address })
// Headers a client may set to pose as another address; only CF-Connecting-IP (set by Cloudflare) counts.
const spoofed = (i: number) => ({ 'x-forwarded-for': `10.9.${i}.1`, 'x-real-ip': `10.8.${i}.1`, 'true-client-ip': `10.7.${i}.1`, forwarded: `for=10.6.${i}.1` })

const register = (email: string) => post('/api/auth/register', { name: 'Target', email, password: PASSWORD }, from())
const login = (email: string, password: string, headers: Record<string, string> = from()) => post('/api/auth/login', { email, password }, headers)

const accountRow = (email: string) => env.DB.prepare('SELECT is_verified, password_hash, token_version FROM users WHERE email = ?').bind(email).first()

/** What an answer tells the caller: status, body and every header but the request's own id (each answer has its own; `call` checks the body quotes it). */
const visible = (res: Awaited<ReturnType<typeof post>>) => ({
  status: res.status,
  body: res.body,
  headers: Object.fromEntries([...res.headers].filter(([name]) => name !== 'x-request-id')),
})

const UNVERIFIED = 'pending@example.com'

beforeAll(async () => {
  await verifiedAccount('known@example.com')
  await register(UNVERIFIED)
})

describe('account enumeration', () => {
  it('answers a wrong password for a known account (verified or not) exactly as an unknown email', async ({ task }) => {
    attack(task, { category: 'Credentials', inputs: 3 })
    const [known, pending, unknown] = await Promise.all(['known@example.com', UNVERIFIED, 'nobody@example.com'].map((email) => login(email, 'Wrong-Pass1!')))
    expect(visible(unknown!)).toMatchObject({ status: 401, body: { detail: INVALID_LOGIN } })
    expect(visible(known!)).toEqual(visible(unknown!))
    expect(visible(pending!)).toEqual(visible(unknown!))
  })

  it.for([
    ['/api/auth/request-password-reset', RESET_REQUEST_MESSAGE],
    ['/api/auth/resend-verification', RESEND_MESSAGE],
  ] as const)('%s answers the same for known, unverified and unknown addresses', async ([path, message], { task }) => {
    attack(task, { category: 'Credentials', inputs: 3 })
    const [known, pending, unknown] = await Promise.all(['known@example.com', UNVERIFIED, 'ghost@example.com'].map((email) => post(path, { email }, from())))
    expect(visible(unknown!)).toMatchObject({ status: 200, body: { message } })
    expect(visible(known!)).toEqual(visible(unknown!))
    expect(visible(pending!)).toEqual(visible(unknown!))
  })
})

interface Link {
  endpoint: string
  invalid: string
  body: (token: string, attempt: number) => Record<string, unknown>
  /** A fresh link for a new, unverified account. */
  issue: (email: string) => Promise<string>
  /** How far a successful use moves the account's token version. */
  versionBump: number
}

const LINKS = {
  verification: {
    endpoint: '/api/auth/verify-email',
    invalid: VERIFY_INVALID,
    body: (token) => ({ token }),
    issue: async (email) => {
      await register(email)
      return tokenFromEmail(email, '/verify-email')
    },
    versionBump: 0,
  },
  reset: {
    endpoint: '/api/auth/reset-password',
    invalid: RESET_INVALID,
    body: (token, attempt) => ({ token, new_password: `Reset-Pass${attempt}!` }),
    issue: async (email) => {
      await register(email)
      await post('/api/auth/request-password-reset', { email }, from())
      return tokenFromEmail(email, '/reset-password')
    },
    versionBump: 1,
  },
} satisfies Record<string, Link>

const redeem = (link: Link, token: string, attempt = 1) => post(link.endpoint, link.body(token, attempt), from())

const randomToken = () =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')

describe.each([
  ['verification', LINKS.verification, LINKS.reset],
  ['reset', LINKS.reset, LINKS.verification],
] as const)('%s links', (kind, link, other) => {
  let accounts = 0
  const newEmail = () => `${kind}-${accounts++}@example.com`

  /** Expects the link's refusal and an account row exactly as it was. */
  async function expectRefused(res: Awaited<ReturnType<typeof post>>, email: string, before: unknown, message = link.invalid) {
    expect({ status: res.status, detail: res.body.detail }).toEqual({ status: 400, detail: message })
    expect(await accountRow(email)).toEqual(before)
  }

  it('work once: using one again is refused and changes nothing', async ({ task }) => {
    attack(task, { category: 'Credentials', inputs: 1 })
    const email = newEmail()
    const token = await link.issue(email)
    expect((await redeem(link, token)).status).toBe(200)
    const after = await accountRow(email)
    await expectRefused(await redeem(link, token, 2), email, after)
  })

  it('are refused once expired', async ({ task }) => {
    attack(task, { category: 'Credentials', inputs: 1 })
    const email = newEmail()
    const token = await link.issue(email)
    const before = await accountRow(email)
    await env.DB.prepare('UPDATE email_tokens SET expires_at = ? WHERE used_at IS NULL AND user_id = (SELECT id FROM users WHERE email = ?)')
      .bind(Date.now() - 1000, email)
      .run()
    await expectRefused(await redeem(link, token), email, before)
  })

  it('work exactly once when redeemed twice at the same moment', async ({ task }) => {
    attack(task, { category: 'Credentials', inputs: 2, concurrent: 2 })
    const email = newEmail()
    const token = await link.issue(email)
    const before = (await accountRow(email)) as { token_version: number }
    const answers = await Promise.all([redeem(link, token, 1), redeem(link, token, 2)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400])
    expect(answers.find((a) => a.status === 400)?.body.detail).toBe(link.invalid)
    expect(await accountRow(email)).toMatchObject({ is_verified: 1, token_version: before.token_version + link.versionBump })
  })

  it("are refused on the other link's endpoint, and still work for their own", async ({ task }) => {
    attack(task, { category: 'Credentials', inputs: 1 })
    const email = newEmail()
    const token = await link.issue(email)
    const before = await accountRow(email)
    await expectRefused(await redeem(other, token), email, before, other.invalid)
    expect((await redeem(link, token)).status).toBe(200)
  })

  it('cannot be made up: random tokens, the hash the database keeps, a real token one character off', async ({ task }) => {
    const email = newEmail()
    const token = await link.issue(email)
    const before = await accountRow(email)
    const stored = await env.DB.prepare('SELECT token_hash FROM email_tokens WHERE used_at IS NULL AND user_id = (SELECT id FROM users WHERE email = ?)')
      .bind(email)
      .first<string>('token_hash')
    const oneOff = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    const guesses = [randomToken(), randomToken(), 'A'.repeat(43), stored!, oneOff]
    attack(task, { category: 'Credentials', inputs: guesses.length })
    for (const guess of guesses) await expectRefused(await redeem(link, guess), email, before)
    expect((await redeem(link, token)).status).toBe(200)
  })
})

describe('guessing passwords', () => {
  /** The 429 of the sign-in back-off: Retry-After within its longest wait, and the same wait in the sentence. */
  function expectThrottled(res: Awaited<ReturnType<typeof post>>) {
    const retryAfter = Number(res.headers.get('retry-after'))
    const wait =
      retryAfter < 60
        ? `${retryAfter} second${retryAfter === 1 ? '' : 's'}`
        : `${Math.ceil(retryAfter / 60)} minute${Math.ceil(retryAfter / 60) === 1 ? '' : 's'}`
    expect({ status: res.status, retryAfter: retryAfter > 0 && retryAfter <= LOGIN_BACKOFF.ip.maxMs / 1000, detail: res.body.detail }).toEqual({
      status: 429,
      retryAfter: true,
      detail: `Too many attempts. Please try again in ${wait}.`,
    })
    return retryAfter
  }

  /** Moves a back-off key's wait back as if `seconds` had passed. */
  const wait = (key: string, seconds: number) =>
    env.DB.prepare('UPDATE rate_limits SET blocked_until = blocked_until - ? WHERE key = ?')
      .bind(seconds * 1000, key)
      .run()

  it('slows one account from one address, forged forwarding headers or not, and lets the right password in once Retry-After has passed', async ({ task }) => {
    const email = 'brute@example.com'
    const address = '203.0.113.60'
    await verifiedAccount(email)
    const after = LOGIN_BACKOFF.pair.after
    attack(task, { category: 'Credentials', inputs: after + (after + 1) })
    for (let i = 0; i < after; i++) expect((await login(email, `Guess-Pass${i}!`, { ...from(address), ...spoofed(i) })).status).toBe(401)
    // Waiting, even the right password waits, so a guess that happens to be right tells nothing.
    const retryAfter = expectThrottled(await login(email, PASSWORD, { ...from(address), ...spoofed(99) }))
    // The same answer for an address without an account: the limit does not reveal which exist.
    for (let i = 0; i < after; i++) await login('no-account@example.com', `Guess-Pass${i}!`, from(address))
    expectThrottled(await login('no-account@example.com', PASSWORD, from(address)))
    await wait(`login:pair:${email}:${address}`, retryAfter)
    expect((await login(email, PASSWORD, from(address))).status).toBe(200)
  })

  it('throttles one address across accounts whatever X-Forwarded-For, X-Real-IP, True-Client-IP or Forwarded say', async ({ task }) => {
    const address = '203.0.113.77'
    const max = LOGIN_BACKOFF.ip.after
    attack(task, { category: 'Credentials', inputs: max + 1 })
    for (let i = 0; i < max; i++) expect((await login(`spray${i}@example.com`, 'Guess-Pass1!', { ...from(address), ...spoofed(i) })).status).toBe(401)
    expectThrottled(await login('known@example.com', PASSWORD, { ...from(address), ...spoofed(max) }))
    const { results } = await env.DB.prepare("SELECT key FROM rate_limits WHERE key LIKE 'login:ip:%'").all<{ key: string }>()
    expect(results.filter((r) => r.key.includes('10.'))).toEqual([])
    // Other addresses are not locked out by it.
    expect((await login('known@example.com', PASSWORD, from('203.0.113.78'))).status).toBe(200)
    // 32 password hashes: room for a busy machine.
  }, 30_000)

  it('throttles guessing reset links from one address, forged forwarding headers or not', async ({ task }) => {
    const address = '203.0.113.90'
    const max = LIMITS.reset.ip.max
    attack(task, { category: 'Credentials', inputs: max + 1 })
    for (let i = 0; i < max; i++)
      expect((await post('/api/auth/reset-password', { token: randomToken(), new_password: 'Reset-Pass1!' }, { ...from(address), ...spoofed(i) })).status).toBe(
        400,
      )
    const res = await post('/api/auth/reset-password', { token: randomToken(), new_password: 'Reset-Pass1!' }, { ...from(address), ...spoofed(max) })
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('oversized passwords', () => {
  let session = ''
  let resetToken = ''

  beforeAll(async () => {
    session = (await verifiedAccount('big@example.com')).token
    await post('/api/auth/request-password-reset', { email: 'big@example.com' }, from())
    resetToken = await tokenFromEmail('big@example.com', '/reset-password')
  })

  /** Everything a password that got as far as hashing would leave behind. */
  const traces = async () => ({
    account: await accountRow('big@example.com'),
    state: await env.DB.prepare(
      "SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM rate_limits WHERE key LIKE '%big@example.com' OR key LIKE '%huge@example.com') AS counted, (SELECT count(*) FROM email_tokens WHERE used_at IS NULL) AS live_links",
    ).first(),
  })

  const change = (body: Record<string, string>) => authed('/api/auth/change-password', session, json(body))

  it.for([
    ['129 characters', `Aa1!${'x'.repeat(125)}`],
    ['60 KB, under the 64 KiB body limit', `Aa1!${'x'.repeat(60_000)}`],
  ] as const)('refuses %s with a 400 before hashing it, on sign-in, registration, reset and change', async ([, password], { task }) => {
    attack(task, { category: 'Credentials', inputs: 5 })
    const before = await traces()
    const answers = [
      await login('big@example.com', password),
      await post('/api/auth/register', { name: 'Huge', email: 'huge@example.com', password }, from()),
      await post('/api/auth/reset-password', { token: resetToken, new_password: password }, from()),
      await change({ current_password: PASSWORD, new_password: password }),
      await change({ current_password: password, new_password: 'Brand-New1!' }),
    ]
    expect(answers.map((a) => ({ status: a.status, detail: a.body.detail }))).toEqual(Array(5).fill({ status: 400, detail: TOO_LONG }))
    // Nothing counted, created or used: the requests stopped at validation, before any hashing.
    expect(await traces()).toEqual(before)
  })

  it('refuses a 1 MB password as a body too large, before reading it as JSON', async ({ task }) => {
    attack(task, { category: 'Credentials', inputs: 2 })
    const password = `Aa1!${'x'.repeat(1024 * 1024)}`
    const before = await traces()
    const answers = [await login('big@example.com', password), await post('/api/auth/register', { name: 'Huge', email: 'huge@example.com', password }, from())]
    expect(answers.map((a) => ({ status: a.status, detail: a.body.detail }))).toEqual(Array(2).fill({ status: 413, detail: 'The request body is too large.' }))
    expect(await traces()).toEqual(before)
  })
})

describe('password reset with a failure in between', () => {
  it('keeps the link usable when writing the new password fails, and it works once the fault is gone', async ({ task }) => {
    attack(task, { category: 'Credentials', faults: 1, inputs: 1 })
    const email = 'faulty-reset@example.com'
    await verifiedAccount(email)
    await post('/api/auth/request-password-reset', { email }, from())
    const token = await tokenFromEmail(email, '/reset-password')
    const before = await accountRow(email)
    // The database refuses the password write (a failure between redeeming the link and saving).
    await env.DB.prepare("CREATE TRIGGER refuse_password_write BEFORE UPDATE OF password_hash ON users BEGIN SELECT RAISE(ABORT, 'injected fault'); END").run()
    try {
      const failed = await post('/api/auth/reset-password', { token, new_password: 'Reset-Pass7!' }, from())
      expect(failed.status).toBe(500)
    } finally {
      await env.DB.prepare('DROP TRIGGER refuse_password_write').run()
    }
    expect(await accountRow(email)).toEqual(before)
    expect(
      await env.DB.prepare(
        "SELECT count(*) AS n FROM email_tokens WHERE purpose = 'reset_password' AND used_at IS NULL AND user_id = (SELECT id FROM users WHERE email = ?)",
      )
        .bind(email)
        .first('n'),
    ).toBe(1)
    expect((await post('/api/auth/reset-password', { token, new_password: 'Reset-Pass7!' }, from())).status).toBe(200)
    expect((await login(email, 'Reset-Pass7!')).status).toBe(200)
  })
})

describe('passwords in any script', () => {
  // Length is counted in code points everywhere: an emoji or an astral letter is one character.
  const emoji = '😀'
  const ACCEPTED: Array<[string, string]> = [
    ['emoji', `Aa1!${emoji}${emoji}${emoji}${emoji}`],
    ['astral letters', 'Aa1!𝔸𝔹ℂ𝔻'],
    ['combining marks', 'Aa1!e\u0301e\u0301e\u0301e\u0301'],
    ['flags and joined emoji', 'Aa1!🇬🇧👨‍👩‍👧‍👦'],
    ['128 characters, 124 of them emoji', `Aa1!${emoji.repeat(124)}`],
  ]
  const REFUSED: Array<[string, string, string]> = [
    ['129 characters, 125 of them emoji', `Aa1!${emoji.repeat(125)}`, TOO_LONG],
    ['a lone high surrogate', 'Aa1!abcd\uD83D', 'Password contains a character that cannot be used. Please type it again without it.'],
    ['a lone low surrogate', 'Aa1!\uDE00abcd', 'Password contains a character that cannot be used. Please type it again without it.'],
    ['seven characters, fourteen UTF-16 units', `A1!${emoji.repeat(4)}`, 'Password must contain: at least 8 characters, a lowercase letter'],
  ]

  it.for(ACCEPTED)('accepts %s on registration, reset, change and sign-in', async ([label, password], { task }) => {
    attack(task, { category: 'Credentials', inputs: 4 })
    const email = `script-${ACCEPTED.findIndex(([l]) => l === label)}@example.com`
    const registered = await post('/api/auth/register', { name: 'Script', email, password }, from())
    expect(registered.status).toBe(201)
    await post('/api/auth/verify-email', { token: await tokenFromEmail(email, '/verify-email') }, from())
    const signedIn = await login(email, password)
    expect(signedIn.status).toBe(200)
    const changed = await authed(
      '/api/auth/change-password',
      signedIn.body.access_token,
      json({ current_password: password, new_password: `Bb2@${password.slice(4)}` }),
    )
    expect(changed.status).toBe(200)
    await post('/api/auth/request-password-reset', { email }, from())
    const reset = await post('/api/auth/reset-password', { token: await tokenFromEmail(email, '/reset-password'), new_password: password }, from())
    expect(reset.status).toBe(200)
    expect((await login(email, password)).status).toBe(200)
  })

  it.for(REFUSED)('refuses %s with a readable 400 on registration, reset, change and sign-in, never a 500', async ([, password, detail], { task }) => {
    attack(task, { category: 'Credentials', inputs: 4 })
    const { token } = await verifiedAccount(`refused-${REFUSED.findIndex(([, p]) => p === password)}@example.com`)
    await post('/api/auth/request-password-reset', { email: 'known@example.com' }, from())
    const answers = [
      await post('/api/auth/register', { name: 'Script', email: 'never@example.com', password }, from()),
      await post('/api/auth/reset-password', { token: randomToken(), new_password: password }, from()),
      await authed('/api/auth/change-password', token, json({ current_password: PASSWORD, new_password: password })),
    ]
    for (const answer of answers) expect(answer.status).toBe(400)
    // Register and change name what is wrong; reset keeps its one sentence (decision 181, R8).
    expect(answers[0]?.body.detail).toBe(detail)
    expect(answers[2]?.body.detail).toBe(detail.startsWith('Password must contain') ? 'New password does not meet security requirements' : detail)
    const signIn = await login('known@example.com', password)
    expect(signIn.status === 400 || signIn.status === 401).toBe(true)
  })
})
