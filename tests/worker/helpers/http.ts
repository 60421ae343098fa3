import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import type { Bindings } from '../../../worker/env'
import worker from '../../../worker/index'

export const BASE = 'https://banter.test'

/** Calls the worker's fetch handler in-process, optionally with overridden vars or secrets. */
export async function call(path: string, init: RequestInit = {}, overrides: Partial<Bindings> = {}): Promise<Response> {
  const ctx = createExecutionContext()
  const response = await worker.fetch(new Request(`${BASE}${path}`, init), { ...env, ...overrides } as Bindings, ctx)
  await waitOnExecutionContext(ctx)
  return response
}

export const json = (body: unknown, init: RequestInit = {}): RequestInit => ({
  method: 'POST',
  ...init,
  headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  body: JSON.stringify(body),
})
