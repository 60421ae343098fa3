// The SPA's one way to call the worker's API.
//
// `api` is Hono's typed client over the worker's own route table (type Api, worker/app.ts): paths,
// inputs and answers are checked at compile time, and answers are read with parseResponse, typed
// by the route. Its fetch sends the bearer token of the signed-in user and turns the API's error
// envelope `{ "detail": "...", "code": "..." }` into an ApiError (lib/api-errors.ts). Who the user
// is and what happens on a 401 come from handlers that the React providers register
// (lib/api-handlers.ts, see app/ApiBridge.tsx); registerApiHandlers returns an unregister function
// and resetApiHandlers clears them, so tests start clean. With no handlers registered, calls go
// out anonymously.

import { hc } from 'hono/client'
// Precomputed by `tsc -p worker/tsconfig.api.json` (npm run typecheck): the web program reads the
// API's type as declarations instead of compiling the worker, whose runtime globals clash with the DOM's.
import type { Api } from '../../../node_modules/.cache/api-types/worker/app'
import { ApiError, NetworkError } from './api-errors'
import { apiHandlers } from './api-handlers'
import { noteAnswer } from './offline-answers'

export { ApiError, NetworkError } from './api-errors'
export { registerApiHandlers, resetApiHandlers } from './api-handlers'

/** The readable message and code of an error body: `detail` first, then `message`. */
function readDetail(body: unknown): { detail?: string; code?: string } {
  if (!body || typeof body !== 'object') return {}
  const record = body as Record<string, unknown>
  const code = typeof record.code === 'string' ? record.code : undefined
  return { detail: readableText(record.detail) ?? readableText(record.message), code }
}

const readableText = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined)

/** An error answer's body: parsed when it is (or claims to be) JSON, else its text; undefined when empty. */
async function errorBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return undefined
  if (!(response.headers.get('Content-Type') ?? '').includes('json') && !/^\s*[[{]/.test(text)) return text
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
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

/** The typed client's fetch: the token (unless anonymous), JSON accepted, a failure thrown as ApiError or NetworkError. */
const transport =
  (auth: boolean): typeof fetch =>
  async (input, init) => {
    const path = input instanceof Request ? input.url : String(input)
    const headers = new Headers(init?.headers)
    if (!headers.has('Accept')) headers.set('Accept', 'application/json')
    const token = auth ? (apiHandlers()?.getToken() ?? null) : null
    if (token) headers.set('Authorization', `Bearer ${token}`)
    const response = await send(path, { ...init, headers })
    if (!response.ok) throw failure(path, response.status, await errorBody(response), token)
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
