// The SPA's one way to call the worker's API.
//
// `api` is Hono's typed client over the worker's own route table (type Api, worker/app.ts): paths,
// inputs and answers are checked at compile time, and answers are read with parseResponse, typed
// by the route. Its fetch sends the bearer token of the signed-in user and turns the API's error
// envelope `{ "detail": "...", "code": "..." }` into an ApiError; apiFetch does the same for the
// calls still written by path. Who the user is and what happens on a 401 come from handlers that
// the React providers register (lib/api-handlers.ts, see app/ApiBridge.tsx); registerApiHandlers returns an unregister
// function and resetApiHandlers clears them, so tests start clean. With no handlers registered,
// calls go out anonymously.

import { hc } from 'hono/client'
// Precomputed by `tsc -p worker/tsconfig.api.json` (npm run typecheck): the web program reads the
// API's type as declarations instead of compiling the worker, whose runtime globals clash with the DOM's.
import type { Api } from '../../../node_modules/.cache/api-types/worker/app'
import { apiHandlers } from './api-handlers'
import { noteAnswer } from './offline-answers'

export { registerApiHandlers, resetApiHandlers } from './api-handlers'

/** A non-2xx answer. `detail` is the server's readable message (`detail`, else `message`), if any. */
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

type JsonBody = Record<string, unknown> | unknown[] | number | boolean

export interface ApiRequestInit extends Omit<RequestInit, 'body'> {
  /**
   * Plain objects, arrays, numbers and booleans are sent as JSON. FormData, URLSearchParams,
   * Blob, ArrayBuffer and streams are sent as they are; a string is sent as is, as JSON unless
   * a Content-Type says otherwise; null or undefined sends no body.
   */
  body?: BodyInit | JsonBody | null
  /** Send the signed-in user's token (default true). false for calls that must stay anonymous. */
  auth?: boolean
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream)
  )
}

/** Reads a readable message out of an error body: `detail` first, then `message`. */
function readDetail(body: unknown): { detail?: string; code?: string } {
  if (!body || typeof body !== 'object') return {}
  const record = body as Record<string, unknown>
  const code = typeof record.code === 'string' ? record.code : undefined
  return { detail: readableText(record.detail) ?? readableText(record.message), code }
}

function readableText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() ? value : undefined
  // Validation libraries sometimes answer a list of issues: join their messages.
  if (Array.isArray(value)) {
    const parts = value
      .map((item) => {
        if (typeof item === 'string') return item
        const issue = item as { msg?: unknown; message?: unknown } | null
        return issue?.msg ?? issue?.message
      })
      .filter((part): part is string => typeof part === 'string' && part.length > 0)
    return parts.length ? parts.join(' ') : undefined
  }
  return undefined
}

interface ReadBody {
  value: unknown
  /** The answer claimed to be JSON but did not parse. */
  unreadable: boolean
}

async function readBody(response: Response): Promise<ReadBody> {
  if (response.status === 204 || response.status === 205) return { value: undefined, unreadable: false }
  const text = await response.text()
  if (!text) return { value: undefined, unreadable: false }
  const isJson = (response.headers.get('Content-Type') ?? '').includes('json')
  if (isJson || /^\s*[[{]/.test(text)) {
    try {
      return { value: JSON.parse(text) as unknown, unreadable: false }
    } catch {
      return { value: text, unreadable: isJson }
    }
  }
  return { value: text, unreadable: false }
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError'

/** fetch, with a request that got no answer thrown as NetworkError (an abort is rethrown as is). */
async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, init)
  } catch (error) {
    if (isAbort(error)) throw error
    throw new NetworkError(error)
  }
}

/** The ApiError of a non-2xx answer; a 401 to a call that sent a token first runs onUnauthorized. */
function failure(path: string, status: number, body: unknown, token: string | null): ApiError {
  const { detail, code } = readDetail(body)
  const error = new ApiError(status, detail, body, code)
  if (status === 401 && token) apiHandlers()?.onUnauthorized({ path, error })
  return error
}

/** The typed client's fetch: the token (unless anonymous), JSON accepted, errors thrown as apiFetch throws them. */
const transport =
  (auth: boolean): typeof fetch =>
  async (input, init) => {
    const path = input instanceof Request ? input.url : String(input)
    const headers = new Headers(init?.headers)
    if (!headers.has('Accept')) headers.set('Accept', 'application/json')
    const token = auth ? (apiHandlers()?.getToken() ?? null) : null
    if (token) headers.set('Authorization', `Bearer ${token}`)
    const response = await send(path, { ...init, headers })
    if (!response.ok) throw failure(path, response.status, (await readBody(response)).value, token)
    noteAnswer(response)
    return response
  }

/** A value for a path parameter of `api`: hc puts parameters into the path as they are, and ids may come from the address bar. */
export const pathParam = (value: string | number) => encodeURIComponent(String(value))

const API_BASE = '/api'

/** The API as the signed-in user (anonymous when signed out). */
export const api = hc<Api>(API_BASE, { fetch: transport(true) })
/** The API without the session's token, for calls that must stay anonymous. */
export const publicApi = hc<Api>(API_BASE, { fetch: transport(false) })

/**
 * The WebSocket address of an API path (a route's `$path()`), on the page's own host: wss: under
 * https:. hc's own `$url()`/`$ws()` need an absolute base and cannot offer subprotocols (the token).
 */
export function apiSocketUrl(path: string): string {
  const url = new URL(`${API_BASE}${path}`, window.location.href)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return url.toString()
}

/**
 * Calls the API and resolves with the parsed answer (undefined for an empty one).
 * Throws ApiError for non-2xx answers and NetworkError when the request fails; an abort
 * is rethrown as is. A 401 on a call that sent a token also runs the registered onUnauthorized
 * (log out, open the sign-in dialog, toast) before throwing.
 */
export async function apiFetch<T = unknown>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const { body, auth = true, headers: initHeaders, ...rest } = init
  const headers = new Headers(initHeaders)
  let requestBody: BodyInit | undefined
  if (body !== undefined && body !== null) {
    if (isRawBody(body)) {
      requestBody = body
      if (typeof body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
    } else {
      requestBody = JSON.stringify(body)
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
    }
  }

  const response = await transport(auth)(path, { ...rest, headers, body: requestBody })
  const answer = await readBody(response)
  if (answer.unreadable) throw new ApiError(response.status, 'The server sent an unreadable answer.', answer.value)
  return answer.value as T
}
