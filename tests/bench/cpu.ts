// B2: CPU milliseconds per request, from workerd's utime+stime in /proc, minus an idle baseline.
// The routes are measured in interleaved rounds and each figure is the median over the rounds,
// so that a burst of load from elsewhere on the machine moves one sample, not the result.
import { load } from './http.ts'
import { cpuMs, workerdPids, wranglerGroup } from './proc.ts'
import { add, fmt, ratio } from './table.ts'

export interface CpuRoute {
  name: string
  path: string
  headers?: Record<string, string>
  /** Allowed CPU over /api/health, in ms. */
  overHealth: number
}

const ROUNDS = 3
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number

export async function cpuPerRequest(base: string, port: number, routes: CpuRoute[], n: number) {
  const workerd = workerdPids(wranglerGroup(port))
  if (workerd.length === 0) throw new Error('no workerd process found in the wrangler dev group')
  // Idle: the same processes with no requests, for a couple of seconds.
  const idleStart = cpuMs(workerd)
  const idleT = performance.now()
  await new Promise((resolve) => setTimeout(resolve, 3000))
  const idlePerMs = (cpuMs(workerd) - idleStart) / (performance.now() - idleT)

  const measure = async (route: { path: string; headers?: Record<string, string> }) => {
    const t0 = performance.now()
    const c0 = cpuMs(workerd)
    const r = await load(`${base}${route.path}`, { connections: 4, amount: n, headers: route.headers })
    const used = cpuMs(workerd) - c0 - idlePerMs * (performance.now() - t0)
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${route.path}: ${r.non2xx} non-2xx, ${r.errors} errors`)
    return used / r.total
  }

  for (const route of [{ path: '/api/health' } as { path: string; headers?: Record<string, string> }, ...routes])
    await load(`${base}${route.path}`, { connections: 4, amount: 50, headers: route.headers }) // warm-up
  const health: number[] = []
  const per = new Map<string, number[]>(routes.map((r) => [r.name, []]))
  const over = new Map<string, number[]>(routes.map((r) => [r.name, []]))
  for (let round = 0; round < ROUNDS; round++) {
    const h = await measure({ path: '/api/health' })
    health.push(h)
    for (const route of routes) {
      const value = await measure(route)
      per.get(route.name)!.push(value)
      over.get(route.name)!.push(value - h)
    }
  }
  // The whole workerd process: the runtime's HTTP handling and the local D1/KV simulation too,
  // so the figure over /api/health is the closest to the route's own cost.
  const h = median(health)
  add(`CPU ms/request /api/health (workerd process, median of ${ROUNDS} × ${n})`, fmt(h, 2), '10 ms (Free plan limit)', ratio(h, 10, 3), 'baseline')
  for (const route of routes) {
    const extra = median(over.get(route.name)!)
    add(
      `CPU ms/request ${route.name} (median of ${ROUNDS} × ${n})`,
      `${fmt(median(per.get(route.name)!), 2)} (${fmt(extra, 2)} over health)`,
      `${fmt(h, 2)} ms health`,
      ratio(median(per.get(route.name)!), h),
      `≤ ${route.overHealth} ms over health`,
    )
  }
  add('CPU idle baseline (workerd, subtracted)', `${fmt(idlePerMs * 1000, 1)} ms/s`, '', '', '')
}
