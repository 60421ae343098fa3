import { eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { rateLimits } from '../db/schema'
import { ApiError } from '../lib/errors'

// Fixed-window counters in D1, one row per key ("register:ip:203.0.113.7"). The increment and
// the window reset are one upsert, so concurrent attempts are all counted. Failed sign-ins use
// back-off keys instead (below): they slow a guesser down rather than lock anyone out.

export interface Limit {
  key: string
  max: number
  windowMs: number
}

async function hit(db: Database, limit: Limit, now = Date.now()): Promise<{ count: number; retryAfterSeconds: number }> {
  const cutoff = now - limit.windowMs
  const [row] = await db
    .insert(rateLimits)
    .values({ key: limit.key, windowStart: new Date(now), count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN window_start <= ${cutoff} THEN 1 ELSE count + 1 END`,
        windowStart: sql`CASE WHEN window_start <= ${cutoff} THEN ${now} ELSE window_start END`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart })
  const windowStart = row?.windowStart.getTime() ?? now
  return { count: row?.count ?? 1, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + limit.windowMs - now) / 1000)) }
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`

/** The 429 of every limit: Retry-After in seconds, and the same wait in the sentence. */
function tooManyAttempts(retryAfterSeconds: number): ApiError {
  const wait = retryAfterSeconds < 60 ? plural(retryAfterSeconds, 'second') : plural(Math.ceil(retryAfterSeconds / 60), 'minute')
  return new ApiError(429, `Too many attempts. Please try again in ${wait}.`, { code: 'rate_limited', headers: { 'Retry-After': String(retryAfterSeconds) } })
}

/** Counts one attempt against every limit; the longest wait of those exceeded (0: none). */
async function count(db: Database, limits: Limit[], now: number): Promise<number> {
  let retryAfter = 0
  for (const limit of limits) {
    const { count, retryAfterSeconds } = await hit(db, limit, now)
    if (count > limit.max) retryAfter = Math.max(retryAfter, retryAfterSeconds)
  }
  return retryAfter
}

/** Counts one attempt against every limit; throws 429 with Retry-After when one is exceeded. */
export async function enforce(db: Database, limits: Limit[], now = Date.now()): Promise<void> {
  const retryAfter = await count(db, limits, now)
  if (retryAfter > 0) throw tooManyAttempts(retryAfter)
}

/**
 * Counts one attempt and says whether it is within every limit, for answers that must not
 * change with a throttle (a reset request is answered the same; only the email is not sent).
 */
export async function withinLimits(db: Database, limits: Limit[], now = Date.now()): Promise<boolean> {
  return (await count(db, limits, now)) === 0
}

// Back-off keys: after `after` failures within `windowMs` of the first, each further failure
// makes the key wait `baseMs`, then twice that, and so on up to `maxMs`. A success clears a key.
export interface Backoff {
  key: string
  after: number
  baseMs: number
  maxMs: number
  windowMs: number
}

/** 429 with Retry-After while any of the keys is waiting; nothing is counted. */
export async function checkBackoff(db: Database, backoffs: Backoff[], now = Date.now()): Promise<void> {
  const rows = await db
    .select({ blockedUntil: rateLimits.blockedUntil })
    .from(rateLimits)
    .where(
      inArray(
        rateLimits.key,
        backoffs.map((b) => b.key),
      ),
    )
  const until = Math.max(0, ...rows.map((r) => r.blockedUntil?.getTime() ?? 0))
  if (until > now) throw tooManyAttempts(Math.ceil((until - now) / 1000))
}

/** Counts a failure against every key (one batch), starting or lengthening its wait; answers each key's failures in its window. */
export async function recordFailure(db: Database, backoffs: Backoff[], now = Date.now()): Promise<number[]> {
  const upserts = backoffs.map((b) => {
    const cutoff = now - b.windowMs
    // SET expressions read the row as it was, so the new count is spelled out where it is needed.
    const failures = sql`(CASE WHEN window_start <= ${cutoff} THEN 1 ELSE count + 1 END)`
    return db
      .insert(rateLimits)
      .values({ key: b.key, windowStart: new Date(now), count: 1, blockedUntil: b.after <= 1 ? new Date(now + b.baseMs) : null })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          blockedUntil: sql`CASE WHEN ${failures} >= ${b.after} THEN ${now} + min(${b.maxMs}, ${b.baseMs} * (1 << min(${failures} - ${b.after}, 30))) ELSE NULL END`,
          count: failures,
          windowStart: sql`CASE WHEN window_start <= ${cutoff} THEN ${now} ELSE window_start END`,
        },
      })
      .returning({ count: rateLimits.count })
  })
  if (upserts.length === 0) return []
  const counted = await db.batch(upserts as [(typeof upserts)[number], ...typeof upserts])
  return counted.map((rows) => rows[0]?.count ?? 0)
}

/** Forgets a key's failures (the right password from that address). */
export async function clearBackoff(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key))
}

/**
 * The caller's address as Cloudflare saw it; forwarded headers can be forged and are ignored.
 * An IPv6 client is keyed by its /64: one subscriber usually holds the whole prefix and can
 * rotate through its 2^64 addresses at will. IPv4 (and IPv4-mapped IPv6) addresses count whole.
 */
export function clientAddress(headers: { get(name: string): string | null }): string {
  const address = headers.get('cf-connecting-ip')?.trim().toLowerCase() || 'unknown'
  if (!address.includes(':')) return address
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address)
  if (mapped?.[1]) return mapped[1]
  const prefix = ipv6Prefix64(address)
  return prefix ? `${prefix}::/64` : address
}

/** The first four groups of an IPv6 address, each without leading zeros; null when it is not one. */
function ipv6Prefix64(address: string): string | null {
  const bare = address.split('%')[0] ?? ''
  const halves = bare.split('::')
  if (halves.length > 2) return null
  const groups = (part: string | undefined) => (part ? part.split(':') : [])
  const head = groups(halves[0])
  const tail = groups(halves[1])
  // An embedded IPv4 tail (::1.2.3.4) stands for two groups; it is never in the first four.
  const tailGroups = tail.length + (tail.at(-1)?.includes('.') ? 1 : 0)
  const missing = 8 - head.length - tailGroups
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail]
  const first = all.slice(0, 4)
  if (!first.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null
  return first.map((g) => g.replace(/^0+(?=.)/, '')).join(':')
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE

// Per route: attempts per address, and per account where one is named.
export const LIMITS = {
  register: { ip: { max: 10, windowMs: HOUR }, account: { max: 5, windowMs: HOUR } },
  // Reset and verification emails: requests are always answered the same; past these limits the
  // email is simply not sent (one per account per minute, so a stranger cannot block the owner's).
  requestReset: { ip: { max: 20, windowMs: HOUR }, account: { max: 1, windowMs: MINUTE } },
  reset: { ip: { max: 20, windowMs: HOUR } },
  resend: { ip: { max: 20, windowMs: HOUR }, account: { max: 1, windowMs: MINUTE } },
  verify: { ip: { max: 30, windowMs: HOUR } },
  // Team ownership: each code costs an FPL read, and a manager needs a few tries at most.
  fplTeamChallenge: { ip: { max: 30, windowMs: HOUR }, account: { max: 10, windowMs: HOUR } },
  fplTeamVerify: { ip: { max: 60, windowMs: HOUR }, account: { max: 20, windowMs: HOUR } },
  // A lively wall sees a post every few minutes from one manager; 30 in 10 minutes is a flood.
  // The address limit is wider: a house or an office shares one.
  communityPost: { ip: { max: 120, windowMs: 10 * MINUTE }, account: { max: 30, windowMs: 10 * MINUTE } },
  // Reports reach the commissioner; a member has no reason to file more than a few an hour.
  postReport: { ip: { max: 60, windowMs: HOUR }, account: { max: 20, windowMs: HOUR } },
  // Pin, unpin and dismiss: a commissioner tidies a wall in a few clicks, a script in thousands.
  wallModeration: { ip: { max: 120, windowMs: 10 * MINUTE }, account: { max: 60, windowMs: 10 * MINUTE } },
  // Invite codes are secrets: a person opens a handful of invite links, a guesser thousands.
  inviteLookup: { ip: { max: 30, windowMs: 10 * MINUTE } },
  inviteJoin: { ip: { max: 30, windowMs: HOUR }, account: { max: 10, windowMs: HOUR } },
  // View and click counters: past these the card is still served, the count simply stays put,
  // so one address cannot make a card look popular.
  shareView: { ip: { max: 60, windowMs: HOUR } },
  shareClick: { ip: { max: 30, windowMs: HOUR } },
  // The anonymous validate-team and validate-league forms: each answer may cost FPL reads, and
  // our address, not the caller's, is the one FPL throttles. A form needs a few checks.
  fplValidate: { ip: { max: 30, windowMs: 10 * MINUTE } },
  // Live socket upgrades: a screen opens one per visit and reconnects with backoff (1 s ... 60 s),
  // so a person needs a few a minute; a connect-disconnect loop thousands (decision 142).
  liveSocket: { ip: { max: 300, windowMs: 10 * MINUTE }, account: { max: 60, windowMs: 10 * MINUTE } },
  // Client error reports: a page sends at most 5 (web/src/lib/report-error.ts); a house or an office
  // shares an address, and a flood of them must not fill the logs.
  clientErrors: { ip: { max: 30, windowMs: 10 * MINUTE } },
  // Push devices: the app re-posts its one subscription when it opens; a script tries thousands
  // of endpoints (decision 152).
  pushSubscribe: { ip: { max: 60, windowMs: 10 * MINUTE }, account: { max: 20, windowMs: 10 * MINUTE } },
  // Each like may queue a notice to the post's author: a reader likes a wall's posts in a few
  // dozen clicks, a script in thousands (decision 152).
  communityLike: { ip: { max: 300, windowMs: 10 * MINUTE }, account: { max: 120, windowMs: 10 * MINUTE } },
} as const

export function limitsFor(route: keyof typeof LIMITS, address: string, account?: string): Limit[] {
  const rule = LIMITS[route] as { ip: { max: number; windowMs: number }; account?: { max: number; windowMs: number } }
  const limits: Limit[] = [{ key: `${route}:ip:${address}`, ...rule.ip }]
  if (rule.account && account) limits.push({ key: `${route}:account:${account}`, ...rule.account })
  return limits
}

/**
 * Failed sign-ins (decision 150). From a device without a device cookie for the account, three
 * keys: per account and address pair, a guesser at one address slows down (2 s, 4 s, ... up to
 * 15 min); per address, password spraying across many accounts from one place waits too; per
 * account, guessing from many addresses (a botnet) slows down past a higher count (1 min, 2 min,
 * ... up to 15 min), keyed by the email typed so an unknown email waits exactly as a real one.
 * A device that signed in to the account before (its device cookie) counts only against its own
 * key, so the owner's own devices sign in whatever strangers do. Nothing is a fixed lockout.
 */
export const LOGIN_BACKOFF = {
  pair: { after: 5, baseMs: 2_000, maxMs: 15 * MINUTE, windowMs: HOUR },
  ip: { after: 30, baseMs: MINUTE, maxMs: 15 * MINUTE, windowMs: 15 * MINUTE },
  account: { after: 10, baseMs: MINUTE, maxMs: 15 * MINUTE, windowMs: HOUR },
  device: { after: 5, baseMs: 2_000, maxMs: 15 * MINUTE, windowMs: HOUR },
} as const

/**
 * Wrong current passwords on change-password, per account: the session holder (a borrowed
 * device, a stolen token) slows down after a few misses (2 s, 4 s, ... up to 15 min) instead of
 * guessing the password at full speed.
 */
export const changePasswordBackoff = (userId: number): Backoff => ({
  key: `changePassword:account:${userId}`,
  after: 5,
  baseMs: 2_000,
  maxMs: 15 * MINUTE,
  windowMs: HOUR,
})

/** The keys of a sign-in from a device that holds no device cookie for this account. */
export const loginBackoffs = (address: string, email: string): { pair: Backoff; ip: Backoff; account: Backoff } => ({
  pair: { key: `login:pair:${email}:${address}`, ...LOGIN_BACKOFF.pair },
  ip: { key: `login:ip:${address}`, ...LOGIN_BACKOFF.ip },
  account: { key: `login:account:${email}`, ...LOGIN_BACKOFF.account },
})

/** The key of a sign-in from a device that signed in to this account before (its cookie's nonce). */
export const deviceBackoff = (nonce: string): Backoff => ({ key: `login:device:${nonce}`, ...LOGIN_BACKOFF.device })
