import { env } from 'cloudflare:workers'
import { vi } from 'vitest'
import { HOLD_KEY, resetIsolateGuard } from '../../../worker/fpl/guard'
import { createFplSimulator, type FplSimulator } from '../../fpl-simulator/handler.ts'

// The FPL simulator answers the worker's requests in-process: every fetch to FPL_API_BASE is
// handed to it, anything else fails the test (no network in tests).

export const SIM_LEAGUES = { pub: 123456, office: 234567, mega: 345678, giant: 456789, sunday: 567890, fridays: 678901 } as const

let shared: FplSimulator | null = null

/** One simulator per test file (building the season world takes a moment). */
export function simulator(): FplSimulator {
  shared ??= createFplSimulator()
  return shared
}

export function routeFplToSimulator(sim: FplSimulator = simulator()) {
  const base = env.FPL_API_BASE.replace(/\/+$/, '')
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init)
    if (!request.url.startsWith(base)) throw new Error(`Unexpected network request in a test: ${request.url}`)
    return sim.fetch(new Request(request.url.replace(base, 'http://fpl.simulator/api'), request))
  })
}

/** Renames an FPL entry in the simulator (its owner editing the team on the FPL site). */
export async function renameEntry(
  entryId: number,
  rename: { name?: string; player_first_name?: string; player_last_name?: string },
  sim: FplSimulator = simulator(),
) {
  const res = await sim.fetch(new Request(`http://fpl.simulator/__sim/entries/${entryId}`, { method: 'POST', body: JSON.stringify(rename) }))
  if (!res.ok) throw new Error(`The simulator refused to rename entry ${entryId}: ${res.status} ${await res.text()}`)
}

/** A fetch that serves fixed answers by path suffix, recording what was asked. */
export function scriptedFetch(routes: Record<string, () => Response | Promise<Response>>) {
  const calls: string[] = []
  const fetch = (async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input)
    calls.push(url)
    const match = Object.entries(routes).find(([suffix]) => url.split('?')[0]!.endsWith(suffix))
    if (!match) return new Response('{"detail":"Not found."}', { status: 404, headers: { 'content-type': 'application/json' } })
    return match[1]()
  }) as typeof globalThis.fetch
  return { fetch, calls }
}

export const jsonResponse = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { status: 200, ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } })

/**
 * Time has passed: FPL's Retry-After is over and the circuit breaker has closed, in this isolate
 * and in KV. For tests whose FPL faults must not hold back the ones after them.
 */
export async function fplHoldsOver() {
  resetIsolateGuard()
  await env.CACHE.delete(HOLD_KEY)
}
