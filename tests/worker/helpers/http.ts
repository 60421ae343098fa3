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

/** Calls the worker's fetch handler in-process, optionally with overridden vars or secrets. */
export async function call(path: string, init: RequestInit = {}, overrides: Partial<Bindings> = {}): Promise<Response> {
  const ctx = createExecutionContext()
  const response = await worker.fetch(
    new Request(`${BASE}${path}`, init),
    { ...env, REFRESH_QUEUE: noQueue, NOTIFY_QUEUE: noQueue, ...overrides } as Bindings,
    ctx,
  )
  await waitOnExecutionContext(ctx)
  return response
}

export const json = (body: unknown, init: RequestInit = {}): RequestInit => ({
  method: 'POST',
  ...init,
  headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  body: JSON.stringify(body),
})
