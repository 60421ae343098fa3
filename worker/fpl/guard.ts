import { FplCircuitOpenError, FplError, FplHttpError, FplRateLimitedError, FplTimeoutError, FplUpdatingError } from './errors'

// Keeps us off FPL while it cannot or will not answer, across requests and isolates:
//
// - Retry-After: a 429's "not before" time is kept in this isolate and in KV, and every
//   invocation (user requests, the cron, queue messages) checks it before calling FPL, so one
//   isolate's 429 holds them all.
// - The circuit breaker (for sources a user waits on): 5 failures within 30 s in an isolate open
//   it for 30 s, during which those requests fail at once (or serve the cache) instead of each
//   waiting out its time budget. The opening is published in KV, so other isolates skip FPL too.
//   After the 30 s one request at a time is let through (half-open): success closes the
//   breaker, failure opens it again.

export const HOLD_KEY = 'fpl:hold'

export const BREAKER = { failures: 5, windowMs: 30_000, openMs: 30_000 } as const

/** What KV holds under HOLD_KEY: epoch ms before which FPL must not be called. */
export interface UpstreamHold {
  notBefore: number
  breakerUntil: number
}

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
    this.shared ??= this.kv.get<UpstreamHold>(HOLD_KEY, 'json').catch(() => null)
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
      console.warn('FPL circuit breaker open for', BREAKER.openMs, 'ms after', error.message)
      await this.publish(now)
    }
  }

  private async publish(now: number) {
    const shared = await this.shared
    const hold: UpstreamHold = {
      notBefore: Math.max(isolate.notBefore, shared?.notBefore ?? 0),
      breakerUntil: Math.max(isolate.breakerUntil, shared?.breakerUntil ?? 0),
    }
    this.shared = Promise.resolve(hold)
    const seconds = Math.ceil((Math.max(hold.notBefore, hold.breakerUntil) - now) / 1000)
    try {
      // KV keeps a key for at least 60 s; an expired hold left in it is simply in the past.
      await this.kv.put(HOLD_KEY, JSON.stringify(hold), { expirationTtl: Math.max(60, seconds + 60) })
    } catch (error) {
      // This isolate still holds; the others find out from their own failures.
      console.warn('KV write of the FPL hold failed', (error as Error).message)
    }
  }
}
