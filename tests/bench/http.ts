// Load on loopback with autocannon: fixed connections and duration (or amount), then it stops.
import autocannon from 'autocannon'
import { add, fmt, ratio } from './table.ts'

export interface LoadResult {
  rps: number
  p50: number
  p99: number
  errors: number
  non2xx: number
  total: number
}

export async function load(
  url: string,
  { connections = 10, duration = 8, amount, headers = {} }: { connections?: number; duration?: number; amount?: number; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  const result = await autocannon({ url, connections, ...(amount ? { amount } : { duration }), headers, timeout: 20 })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  }
}

const check = (name: string, r: LoadResult) => {
  if (r.total === 0) throw new Error(`${name}: no answers`)
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors of ${r.total}`)
}

/** B1: the API hot path, each route against /api/health in the same run. */
export async function hotPath(base: string, duration: number, token: string) {
  const health = await load(`${base}/api/health`, { duration })
  check('/api/health', health)
  add('API /api/health rps (c=10)', fmt(health.rps, 0), '', '1.00×', 'baseline')
  add('API /api/health p99 ms', fmt(health.p99, 0), '', '', '< 50 ms')
  const signedIn = { authorization: `Bearer ${token}` }
  const routes: Array<[string, string, string, Record<string, string> | undefined]> = [
    ['cached standings GET /api/leagues/1/standings (anonymous)', '/api/leagues/1/standings', '≥ 0.7× health', undefined],
    ['D1-read standings GET /api/leagues/3/standings (signed in)', '/api/leagues/3/standings', '≥ 0.4× health', signedIn],
    ['D1-read list GET /api/leagues (signed in)', '/api/leagues', '≥ 0.4× health', signedIn],
    ['banter stats GET /api/leagues/2/banter-stats (anonymous)', '/api/leagues/2/banter-stats', '≥ 0.4× health', undefined],
  ]
  for (const [name, path, target, headers] of routes) {
    const r = await load(`${base}${path}`, { duration, headers })
    check(path, r)
    add(`API ${name} rps`, fmt(r.rps, 0), `${fmt(health.rps, 0)} rps health`, ratio(r.rps, health.rps), target)
    add(`API ${name} p99 ms`, fmt(r.p99, 0), `${fmt(health.p99, 0)} ms health`, ratio(r.p99, health.p99), '< 50 ms')
  }
}

/** B4 (latency half): a deep standings page against page 1 of the same league. */
export async function deepPageLatency(base: string, tournament: number, deepPage: number, token: string, duration: number) {
  const headers = { authorization: `Bearer ${token}` }
  const first = await load(`${base}/api/leagues/${tournament}/standings?page=1`, { duration, headers })
  check('page 1', first)
  const deep = await load(`${base}/api/leagues/${tournament}/standings?page=${deepPage}`, { duration, headers })
  check(`page ${deepPage}`, deep)
  add(
    `Deep page ${deepPage} latency p50 ms (5,000-entry league)`,
    fmt(deep.p50, 0),
    `${fmt(first.p50, 0)} ms page 1`,
    ratio(deep.p50, first.p50),
    '≤ 1.2× page 1',
  )
  add(`Deep page ${deepPage} latency p99 ms`, fmt(deep.p99, 0), `${fmt(first.p99, 0)} ms page 1`, ratio(deep.p99, first.p99), '≤ 1.2× page 1')
  add(`Deep page ${deepPage} rps`, fmt(deep.rps, 0), `${fmt(first.rps, 0)} rps page 1`, ratio(deep.rps, first.rps), '≥ 0.8× page 1')
}

export async function json<T = any>(url: string, init: RequestInit & { body?: any } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(url, {
    ...init,
    headers: { ...(init.body && typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}), ...(init.headers ?? {}) },
  })
  const text = await res.text()
  let body: any = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON
  }
  return { status: res.status, body }
}

export async function login(base: string, email: string, password: string): Promise<string> {
  const res = await json(`${base}/api/auth/login`, { method: 'POST', body: JSON.stringify({ email, password }) })
  const token = res.body?.access_token
  if (res.status !== 200 || !token) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`)
  return token
}
