// What can go wrong talking to the FPL API, as distinct types so callers can decide: serve
// stale data, retry later, or tell the user the id does not exist.

export class FplError extends Error {
  readonly path: string
  constructor(message: string, path: string) {
    super(`${message} (${path})`)
    this.path = path
  }
}

/** "The game is being updated.": FPL is processing a gameweek; data comes back later. */
export class FplUpdatingError extends FplError {}

/** 404: the team or league id does not exist (this season). */
export class FplNotFoundError extends FplError {}

/** 429 that outlasted our retries, or asked us to wait longer than we are willing to. */
export class FplRateLimitedError extends FplError {
  /** How long FPL asked us to stay away (at most the guard's MAX_HOLD_MS); null when it did not say. */
  readonly retryAfterMs: number | null
  constructor(path: string, retryAfterMs: number | null) {
    super('FPL rate limit', path)
    this.retryAfterMs = retryAfterMs
  }
}

/** Any other non-2xx answer after retries (403 from a bot wall, 5xx...). */
export class FplHttpError extends FplError {
  readonly status: number
  constructor(path: string, status: number) {
    super(`FPL answered ${status}`, path)
    this.status = status
  }
}

/** No answer within the timeout. */
export class FplTimeoutError extends FplError {}

/** The body was not the JSON we expect: truncated, HTML, or a changed shape. */
export class FplShapeError extends FplError {}

/** This run has used its share of subrequests; the rest waits for the next run. */
export class FplBudgetExceededError extends FplError {}

/** Not asked at all: FPL failed repeatedly a moment ago, so the circuit breaker is open. */
export class FplCircuitOpenError extends FplError {
  readonly retryAfterMs: number
  constructor(path: string, retryAfterMs: number) {
    super('FPL circuit breaker open', path)
    this.retryAfterMs = retryAfterMs
  }
}
