import * as z from 'zod/mini'
import { log } from '../lib/log'
import { FplCircuitOpenError, FplError, FplHttpError, FplRateLimitedError, FplTimeoutError, FplUpdatingError } from './errors'

// Keeps us off FPL while it cannot or will not answer, across requests and isolates:
//
// - Retry-After: a 429's "not before" time is kept in this isolate and in KV, and every
//   invocation (user requests, the cron, queue messages) checks it before calling FPL, so one
//   isolate's 429 holds them all. No hold lasts longer than MAX_HOLD_MS from when it is set or
//   read (decision 153): one answer asking for a day, or a poisoned KV value, cannot stop the
//   refresh and the live poller; a 429 after the hold simply holds again.
// - The circuit breaker (for sources a user waits on): 5 failures within 30 s in an isolate open
//   it for 30 s, during which those requests fail at once (or serve the cache) instead of each
//   waiting out its time budget. The opening is published in KV, so other isolates skip FPL too.
//   After the 30 s one request at a time is let through (half-open): success closes the
//   breaker, failure opens it again.

export const HOLD_KEY = 'fpl:hold'

export const BREAKER = { failures: 5, windowMs: 30_000, openMs: 30_000 } as const

/** The longest FPL's Retry-After is honoured for: one live poll in five skipped, not a day of them. */
export const MAX_HOLD_MS = 5 * 60_000

/** What KV holds under HOLD_KEY: epoch ms before which FPL must not be called. */
const holdSchema = z.object({ notBefore: z.number(), breakerUntil: z.number() })
export type UpstreamHold = z.infer<typeof holdSchema>

interface IsolateState extends UpstreamHold {
  failures: number[]
  /** A half-open probe is in flight. */
  probing: boolean
  /** The breaker opened in this isolate and has not closed since. */
  tripped: boolean
}

const fresh = (): IsolateState => ({ notBefore: 0, breakerUntil: 0, failures: [], probing: false, tripped: false })
let isolate = fresh()

/** Forgets this isolate's failures and holds, as a new isolate would (tests). */
export function resetIsolateGuard() {
  isolate = fresh()
}

// FPL not answering, or refusing us: not a 404 (an answer) and not a changed shape (a bug to fix, not an outage).
const isOutage = (error: unknown) =>
  error instanceof FplTimeoutError || error instanceof FplUpdatingError || error instanceof FplRateLimitedError || error instanceof FplHttpError

export interface UpstreamGuardOptions {
  /** Use the circuit breaker (requests a user waits on); Retry-After holds always apply. */
  breaker: boolean
  now?: () => number
  /** Told when the breaker opens, with the failure that opened it (the metrics). */
  onBreakerOpen?: (error: FplError) => void
}

/** The guard of one invocation: reads the shared hold from KV once, before its first FPL call. */
export class UpstreamGuard {
  private shared: Promise<UpstreamHold | null> | null = null
  private readonly now: () => number

  constructor(
    private readonly kv: KVNamespace,
    private readonly options: UpstreamGuardOptions,
  ) {
    this.now = options.now ?? Date.now
  }

  /** Throws instead of letting a request through while FPL is to be left alone. */
  async admit(path: string): Promise<void> {
    this.shared ??= this.read()
    const shared = await this.shared
    const now = this.now()
    const notBefore = Math.max(isolate.notBefore, shared?.notBefore ?? 0)
    if (now < notBefore) throw new FplRateLimitedError(path, notBefore - now)
    if (!this.options.breaker) return
    const openUntil = Math.max(isolate.breakerUntil, shared?.breakerUntil ?? 0)
    if (now < openUntil) throw new FplCircuitOpenError(path, openUntil - now)
    if (isolate.tripped) {
      if (isolate.probing) throw new FplCircuitOpenError(path, 1000)
      isolate.probing = true
    }
  }

  /** FPL answered (a 404 included). */
  succeeded(): void {
    if (!this.options.breaker) return
    isolate.failures = []
    isolate.probing = false
    isolate.tripped = false
  }

  /** The request that admit() let through failed. */
  async failed(error: unknown): Promise<void> {
    const now = this.now()
    if (error instanceof FplRateLimitedError && error.retryAfterMs) {
      isolate.notBefore = Math.max(isolate.notBefore, now + error.retryAfterMs)
      await this.publish(now)
    }
    if (!this.options.breaker || !(error instanceof FplError)) return
    if (!isOutage(error)) {
      isolate.probing = false
      return
    }
    isolate.failures = [...isolate.failures.filter((at) => now - at < BREAKER.windowMs), now]
    if (isolate.probing || isolate.failures.length >= BREAKER.failures) {
      isolate.breakerUntil = now + BREAKER.openMs
      isolate.failures = []
      isolate.probing = false
      isolate.tripped = true
      log.warn('FPL circuit breaker open', { open_ms: BREAKER.openMs, error })
      this.options.onBreakerOpen?.(error)
      await this.publish(now)
    }
  }

  /**
   * The shared hold, cut to the caps from now. One beyond them was written before the caps
   * existed or was not written by us; it is written back cut, so that it ends for everyone
   * rather than being cut again, relative to a later now, by each reader.
   */
  private async read(): Promise<UpstreamHold | null> {
    const stored = holdSchema.safeParse(await this.kv.get(HOLD_KEY, 'json').catch(() => null))
    if (!stored.success) return null
    const now = this.now()
    const hold = { notBefore: Math.min(stored.data.notBefore, now + MAX_HOLD_MS), breakerUntil: Math.min(stored.data.breakerUntil, now + BREAKER.openMs) }
    if (hold.notBefore === stored.data.notBefore && hold.breakerUntil === stored.data.breakerUntil) return hold
    log.warn('FPL hold in KV beyond its cap; cut', { stored_not_before: stored.data.notBefore, stored_breaker_until: stored.data.breakerUntil })
    await this.write(hold, now)
    return hold
  }

  private async publish(now: number) {
    const shared = await this.shared
    const hold: UpstreamHold = {
      notBefore: Math.max(isolate.notBefore, shared?.notBefore ?? 0),
      breakerUntil: Math.max(isolate.breakerUntil, shared?.breakerUntil ?? 0),
    }
    this.shared = Promise.resolve(hold)
    await this.write(hold, now)
  }

  private async write(hold: UpstreamHold, now: number) {
    const seconds = Math.ceil((Math.max(hold.notBefore, hold.breakerUntil) - now) / 1000)
    try {
      // KV keeps a key for at least 60 s; an expired hold left in it is simply in the past.
      await this.kv.put(HOLD_KEY, JSON.stringify(hold), { expirationTtl: Math.max(60, seconds + 60) })
    } catch (error) {
      // This isolate still holds; the others find out from their own failures.
      log.warn('KV write of the FPL hold failed', { error })
    }
  }
}
