import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { ApiError } from '../lib/errors'

// Fixed-window counters in D1, one row per key ("login:ip:203.0.113.7"). The increment and the
// window reset are one upsert, so concurrent attempts are all counted.

export interface Limit {
  key: string
  max: number
  windowMs: number
}

export async function hit(db: Database, limit: Limit, now = Date.now()): Promise<{ count: number; retryAfterSeconds: number }> {
  const cutoff = now - limit.windowMs
  const row = await db.get<{ count: number; window_start: number }>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${limit.key}, ${now}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN window_start <= ${cutoff} THEN 1 ELSE count + 1 END,
      window_start = CASE WHEN window_start <= ${cutoff} THEN ${now} ELSE window_start END
    RETURNING count, window_start`)
  return { count: row.count, retryAfterSeconds: Math.max(1, Math.ceil((row.window_start + limit.windowMs - now) / 1000)) }
}

/** Counts one attempt against every limit; throws 429 with Retry-After when one is exceeded. */
export async function enforce(db: Database, limits: Limit[], now = Date.now()): Promise<void> {
  let retryAfter = 0
  for (const limit of limits) {
    const { count, retryAfterSeconds } = await hit(db, limit, now)
    if (count > limit.max) retryAfter = Math.max(retryAfter, retryAfterSeconds)
  }
  if (retryAfter > 0) {
    const minutes = Math.ceil(retryAfter / 60)
    throw new ApiError(429, `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
      code: 'rate_limited',
      headers: { 'Retry-After': String(retryAfter) },
    })
  }
}

/** The caller's address as Cloudflare saw it; forwarded headers can be forged and are ignored. */
export const clientAddress = (headers: { get(name: string): string | null }) => headers.get('cf-connecting-ip')?.trim() || 'unknown'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

// Per route: attempts per address, and per account where one is named.
export const LIMITS = {
  login: { ip: { max: 30, windowMs: 15 * MINUTE }, account: { max: 10, windowMs: 15 * MINUTE } },
  register: { ip: { max: 10, windowMs: HOUR }, account: { max: 5, windowMs: HOUR } },
  requestReset: { ip: { max: 20, windowMs: HOUR }, account: { max: 5, windowMs: HOUR } },
  reset: { ip: { max: 20, windowMs: HOUR } },
  resend: { ip: { max: 20, windowMs: HOUR }, account: { max: 5, windowMs: HOUR } },
  verify: { ip: { max: 30, windowMs: HOUR } },
} as const

export function limitsFor(route: keyof typeof LIMITS, address: string, account?: string): Limit[] {
  const rule = LIMITS[route] as { ip: { max: number; windowMs: number }; account?: { max: number; windowMs: number } }
  const limits: Limit[] = [{ key: `${route}:ip:${address}`, ...rule.ip }]
  if (rule.account && account) limits.push({ key: `${route}:account:${account}`, ...rule.account })
  return limits
}
