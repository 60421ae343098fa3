import type * as z from 'zod/mini'
import {
  FplBudgetExceededError,
  FplCircuitOpenError,
  FplError,
  FplHttpError,
  FplNotFoundError,
  FplRateLimitedError,
  FplShapeError,
  FplTimeoutError,
  FplUpdatingError,
} from './errors'
import { MAX_HOLD_MS, type UpstreamGuard } from './guard'
import {
  bootstrapSchema,
  entrySchema,
  eventStatusSchema,
  fixturesSchema,
  historySchema,
  liveSchema,
  picksSchema,
  standingsPageSchema,
  transfersSchema,
} from './schemas'

// A browser-like User-Agent: FPL has refused requests with library-looking agents.
export const FPL_USER_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

const UPDATING_TEXT = 'The game is being updated'

/** Counts outgoing requests of one invocation against its share of the subrequest limit. */
export class RequestBudget {
  used = 0
  constructor(readonly limit: number) {}
  get remaining() {
    return Math.max(0, this.limit - this.used)
  }
  take(path: string) {
    if (this.used >= this.limit) throw new FplBudgetExceededError('Request budget used up', path)
    this.used += 1
  }
}

export interface FplClientOptions {
  baseUrl: string
  budget?: RequestBudget
  timeoutMs?: number
  /**
   * All the time this client may spend on FPL, retries and their waits included, from its
   * creation: a request's source gets one deadline for every FPL call the request makes.
   */
  deadlineMs?: number
  /** Retry-After holds and the circuit breaker, shared with other invocations. */
  guard?: UpstreamGuard
  /** Attempts after the first one, for 5xx, 429, timeouts and "being updated". */
  retries?: number
  baseDelayMs?: number
  maxDelayMs?: number
  /** A Retry-After longer than this is not waited for: the error goes up instead. */
  maxRetryAfterMs?: number
  /** Told of each call FPL failed, retries included, for the metrics (not of calls the guard or the budget held back, nor of a 404: an answer). */
  onFailure?: (error: FplError) => void
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
  random?: () => number
  now?: () => number
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export type FplClient = ReturnType<typeof createFplClient>

export function createFplClient(options: FplClientOptions) {
  const {
    baseUrl,
    budget = new RequestBudget(Number.POSITIVE_INFINITY),
    timeoutMs = 8_000,
    retries = 2,
    baseDelayMs = 400,
    maxDelayMs = 5_000,
    maxRetryAfterMs = 10_000,
    sleep = defaultSleep,
    random = Math.random,
    now = Date.now,
    guard,
  } = options
  const deadline = options.deadlineMs === undefined ? Number.POSITIVE_INFINITY : now() + options.deadlineMs
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init))
  const root = baseUrl.replace(/\/+$/, '')

  // Capped exponential backoff with full jitter.
  const backoff = (attempt: number) => random() * Math.min(maxDelayMs, baseDelayMs * 2 ** attempt)

  async function attempt(path: string): Promise<unknown> {
    const left = deadline - now()
    if (left <= 0) throw new FplTimeoutError('No time left for FPL in this request', path)
    budget.take(path)
    await guard?.admit(path)
    try {
      const data = await send(path, Math.min(timeoutMs, left))
      guard?.succeeded()
      return data
    } catch (error) {
      if (error instanceof FplNotFoundError) guard?.succeeded()
      else await guard?.failed(error)
      if (error instanceof FplError && !(error instanceof FplNotFoundError)) options.onFailure?.(error)
      throw error
    }
  }

  async function send(path: string, waitMs: number): Promise<unknown> {
    let response: Response
    try {
      response = await doFetch(`${root}/${path}`, {
        headers: { 'User-Agent': FPL_USER_AGENT, Accept: 'application/json' },
        signal: AbortSignal.timeout(waitMs),
      })
    } catch (error) {
      const name = (error as Error)?.name
      if (name === 'TimeoutError' || name === 'AbortError') throw new FplTimeoutError(`No answer within ${waitMs} ms`, path)
      throw new FplHttpError(path, 0)
    }
    const body = await response.text()
    if (response.status === 404) throw new FplNotFoundError('Not found', path)
    if (body.includes(UPDATING_TEXT) || (response.status === 503 && !isJson(response))) {
      throw new FplUpdatingError('The game is being updated', path)
    }
    if (response.status === 429) throw new FplRateLimitedError(path, parseRetryAfter(response.headers.get('retry-after'), now()))
    if (!response.ok) throw new FplHttpError(path, response.status)
    // FPL answers an HTML page while it processes a gameweek; any non-JSON 200 means the same.
    if (!isJson(response) && !looksLikeJson(body)) throw new FplUpdatingError('Non-JSON answer', path)
    try {
      return JSON.parse(body)
    } catch {
      throw new FplShapeError('Malformed JSON', path)
    }
  }

  /** An answer whose shape is not the schema's is a failure too (the metrics' `schema`). */
  const failed = (error: FplShapeError) => {
    options.onFailure?.(error)
    return error
  }

  async function request<S extends z.ZodMiniType>(path: string, schema: S): Promise<z.infer<S>> {
    for (let tries = 0; ; tries += 1) {
      try {
        const raw = await attempt(path)
        const parsed = schema.safeParse(raw)
        if (!parsed.success) throw failed(new FplShapeError(`Unexpected shape: ${parsed.error.issues[0]?.message ?? ''}`, path))
        return parsed.data
      } catch (error) {
        const wait = retryDelay(error, tries)
        if (wait === null) throw error
        await sleep(wait)
      }
    }
  }

  function retryDelay(error: unknown, tries: number): number | null {
    const wait = retryWait(error, tries)
    // A retry that could not even start before the deadline is not worth its wait.
    return wait !== null && now() + wait < deadline ? wait : null
  }

  function retryWait(error: unknown, tries: number): number | null {
    if (!(error instanceof FplError) || error instanceof FplCircuitOpenError || tries >= retries || budget.remaining === 0) return null
    if (error instanceof FplRateLimitedError) {
      if (error.retryAfterMs !== null) return error.retryAfterMs <= maxRetryAfterMs ? error.retryAfterMs : null
      return backoff(tries)
    }
    const transient =
      error instanceof FplUpdatingError ||
      error instanceof FplTimeoutError ||
      error instanceof FplShapeError ||
      (error instanceof FplHttpError && (error.status === 0 || error.status >= 500))
    return transient ? backoff(tries) : null
  }

  return {
    budget,
    bootstrap: () => request('bootstrap-static/', bootstrapSchema),
    standingsPage: (leagueId: number, page: number, phase = 1) =>
      request(`leagues-classic/${leagueId}/standings/?page_standings=${page}&page_new_entries=1&phase=${phase}`, standingsPageSchema),
    entry: (entryId: number) => request(`entry/${entryId}/`, entrySchema),
    history: (entryId: number) => request(`entry/${entryId}/history/`, historySchema),
    picks: (entryId: number, gameweek: number) => request(`entry/${entryId}/event/${gameweek}/picks/`, picksSchema),
    transfers: (entryId: number) => request(`entry/${entryId}/transfers/`, transfersSchema),
    live: (gameweek: number) => request(`event/${gameweek}/live/`, liveSchema),
    eventStatus: () => request('event-status/', eventStatusSchema),
    fixtures: (gameweek: number) => request(`fixtures/?event=${gameweek}`, fixturesSchema),
  }
}

const isJson = (response: Response) => /json/i.test(response.headers.get('content-type') ?? '')
const looksLikeJson = (body: string) => /^\s*[[{]/.test(body)

/**
 * Retry-After is either seconds or an HTTP date; null when it is neither. What FPL asks is
 * honoured up to MAX_HOLD_MS: a day, 1e9 seconds or a date years ahead would otherwise stop
 * every call to FPL for as long (decision 153).
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value?.trim()) return null
  const seconds = Number(value)
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now
  return Number.isNaN(ms) ? null : Math.min(MAX_HOLD_MS, Math.max(0, ms))
}
