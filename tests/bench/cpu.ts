// B2: CPU milliseconds per request, from workerd's utime+stime in /proc, minus an idle baseline.
import { load } from './http.ts'
import { cpuMs, wranglerGroup, workerdPids } from './proc.ts'
import { add, fmt, ratio } from './table.ts'

export async function cpuPerRequest(base: string, port: number, routes: Array<{ name: string; path: string; headers?: Record<string, string>; target: string }>, n: number) {
  const workerd = workerdPids(wranglerGroup(port))
  if (workerd.length === 0) throw new Error('no workerd process found in the wrangler dev group')
  // Idle: the same processes with no requests, for a couple of seconds.
  const idleStart = cpuMs(workerd)
  const idleT = performance.now()
  await new Promise((resolve) => setTimeout(resolve, 3000))
  const idlePerMs = (cpuMs(workerd) - idleStart) / (performance.now() - idleT)
  let health = Number.NaN
  for (const route of routes) {
    await load(`${base}${route.path}`, { connections: 4, amount: 50, headers: route.headers }) // warm-up
    const t0 = performance.now()
    const c0 = cpuMs(workerd)
    const r = await load(`${base}${route.path}`, { connections: 4, amount: n, headers: route.headers })
    const used = cpuMs(workerd) - c0 - idlePerMs * (performance.now() - t0)
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${route.path}: ${r.non2xx} non-2xx, ${r.errors} errors`)
    const per = used / r.total
    if (route.path === '/api/health') health = per
    // The whole workerd process: the runtime's HTTP handling and local D1/KV too, so the
    // figure over /api/health is the closest to the route's own cost.
    const over = route.path === '/api/health' ? '' : ` (${fmt(per - health, 2)} over health)`
    add(`CPU ms/request ${route.name} (workerd process, N=${r.total})`, `${fmt(per, 2)}${over}`, '10 ms (Free plan limit)', ratio(per, 10, 3), route.target)
  }
  add('CPU idle baseline (workerd, subtracted)', `${fmt(idlePerMs * 1000, 1)} ms/s`, '', '', '')
}
