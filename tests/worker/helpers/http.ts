import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import type { Bindings } from '../../../worker/env'
import worker from '../../../worker/index'

export const BASE = 'https://banter.test'

// In-process calls never reach the real queues: their consumers would refresh from the network
// and push to real push services. A test that runs the refresh passes a queue of its own
// (world.ts: FakeQueue, drainQueue); one that follows notifications passes NOTIFY_QUEUE
// (notify.ts: NotifyQueue).
const noQueue = { send: async () => {}, sendBatch: async () => {} } as unknown as Queue

/**
 * Calls the worker's fetch handler in-process, optionally with overridden vars or secrets.
 * Every JSON error answer must quote its request's id (the X-Request-Id header) as `request_id`:
 * checked here on every call of every test, then taken out of the body, so the tests compare what
 * an answer says (and known and unknown accounts' answers byte for byte) without a random id in
 * the way. `callRaw` keeps the body whole.
 */
export async function call(path: string, init: RequestInit = {}, overrides: Partial<Bindings> = {}): Promise<Response> {
  return withoutRequestId(await callRaw(path, init, overrides))
}

export async function callRaw(path: string, init: RequestInit = {}, overrides: Partial<Bindings> = {}): Promise<Response> {
  const ctx = createExecutionContext()
  const response = await worker.fetch(
    new Request(`${BASE}${path}`, init),
    { ...env, REFRESH_QUEUE: noQueue, NOTIFY_QUEUE: noQueue, ...overrides } as Bindings,
    ctx,
  )
  await waitOnExecutionContext(ctx)
  return response
}

/** The answer with its error body's `request_id` checked against X-Request-Id and removed. */
export async function withoutRequestId(response: Response): Promise<Response> {
  const isJson = response.headers.get('content-type')?.startsWith('application/json')
  if (response.status < 400 || !isJson || response.status === 101) return response
  const { request_id: quoted, ...body } = (await response.json()) as Record<string, unknown>
  const id = response.headers.get('x-request-id')
  if (!id || quoted !== id)
    throw new Error(`Error answer to ${response.url || 'a request'} quotes request_id ${JSON.stringify(quoted)}, not its X-Request-Id ${JSON.stringify(id)}`)
  return new Response(JSON.stringify(body), { status: response.status, statusText: response.statusText, headers: response.headers })
}

export const json = (body: unknown, init: RequestInit = {}): RequestInit => ({
  method: 'POST',
  ...init,
  headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  body: JSON.stringify(body),
})
