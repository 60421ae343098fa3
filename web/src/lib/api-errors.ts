// How a call to the API fails, for lib/api.ts (which throws these) and lib/api-handlers.ts (whose
// 401 handler receives one): a module of their own, so neither of the two imports the other.

/** A non-2xx answer. `detail` is the readable message of the worker's error envelope (worker/lib/errors.ts), if any. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  readonly detail: string | undefined
  /** Machine-readable `code` from the envelope, when present. */
  readonly code: string | undefined
  /** The parsed answer body (JSON value, text, or undefined). */
  readonly body: unknown
  /** The worker's id for the request (`request_id` of the envelope), for a user to quote to support. */
  readonly requestId: string | undefined

  constructor(status: number, detail: string | undefined, body?: unknown, code?: string) {
    super(detail ?? `Request failed with status ${status}`)
    this.status = status
    this.detail = detail
    this.body = body
    this.code = code
    const id = body && typeof body === 'object' ? (body as Record<string, unknown>).request_id : undefined
    this.requestId = typeof id === 'string' ? id : undefined
  }
}

/** The request never got an answer (offline, DNS, CORS, connection reset). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError'
  constructor(cause?: unknown) {
    super('Network error. Please check your connection and try again.', { cause })
  }
}
