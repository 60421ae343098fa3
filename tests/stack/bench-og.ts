// Share-image timings in workerd, as a client sees them (wall time, one request at a time):
//   node tests/stack/bench-og.ts
// 1. The renderer worker alone (`wrangler dev` of worker/og beside an RPC driver, tests/bench/og-driver.ts).
// 2. The real local stack (the API worker, the renderer behind its service binding, local D1 and
//    KV). Uncached: the share's text changes before each request, so every image is a new card
//    (API + service binding + satori + resvg + KV write). Cached: the same card again (D1 share
//    check + KV read). Medians of 20 after 3 warm-ups. Also the workerd processes' memory.
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { GOLDEN_CARD } from '../../worker/og/samples.ts'
import { rendererDev } from '../bench/og-driver.ts'
import { ROOT } from './commands.ts'
import { DEMO_EMAIL, DEMO_PASSWORD } from './seed.ts'
import { startStack } from './stack.ts'

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

async function benchRendererAlone() {
  const { args, url, cleanup } = rendererDev(8979)
  const child = spawn(path.join(ROOT, 'node_modules/.bin/wrangler'), args, {
    cwd: ROOT,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
    stdio: 'ignore',
    detached: true,
  })
  try {
    const render = async (title: string) => {
      const started = performance.now()
      const res = await fetch(url, { method: 'POST', body: JSON.stringify({ ...GOLDEN_CARD, title }) })
      const png = await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`render: ${res.status}`)
      return { ms: performance.now() - started, bytes: png.byteLength }
    }
    for (let deadline = Date.now() + 60_000; ; ) {
      try {
        // Any answer will do (a GET is no card: the driver answers 500); no card drawn yet.
        await fetch(url)
        break
      } catch {
        if (Date.now() > deadline) throw new Error('the renderer did not start')
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    }
    const before = workerdMemory(child.pid!)
    const cold = await render('cold')
    const times: number[] = []
    for (let i = 0; i < 23; i += 1) {
      const { ms } = await render(GOLDEN_CARD.title)
      if (i >= 3) times.push(ms)
    }
    const after = workerdMemory(child.pid!)
    console.log(`renderer alone: workerd RSS ${before.now} MB idle, ${after.now} MB after 25 renders, peak ${after.peak} MB`)
    console.log(
      `renderer alone: first render ${cold.ms.toFixed(0)} ms; median ${median(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms; golden card PNG ${(await render(GOLDEN_CARD.title)).bytes} bytes`,
    )
  } finally {
    process.kill(-child.pid!, 'SIGTERM')
    cleanup()
  }
}

await benchRendererAlone()

const persistDir = mkdtempSync(path.join(tmpdir(), 'banter-og-bench-'))
const stack = await startStack({ port: 8977, simPort: 8978, persistDir, build: false })

/** Peak and current resident memory (MB) of the workerd processes in one process group. */
function workerdMemory(group: number): { peak: number; now: number } {
  let peak = 0
  let now = 0
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2])
      if (pgrp !== group || !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('workerd')) continue
      const status = readFileSync(`/proc/${pid}/status`, 'utf8')
      peak += Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
      now += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
    } catch {
      // gone
    }
  }
  return { peak: Math.round(peak), now: Math.round(now) }
}

/** The process group of the stack's wrangler dev (spawned detached: its own group). */
function stackGroup(port: number): number {
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
      if (cmd.some((a) => a.endsWith('wrangler')) && cmd.includes(String(port))) return Number(pid)
    } catch {
      // gone
    }
  }
  throw new Error('wrangler dev not found')
}

try {
  const post = async (p: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${stack.url}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
    return { status: res.status, body: (await res.json()) as Record<string, any> }
  }
  const login = await post('/api/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD })
  const auth = { authorization: `Bearer ${login.body.access_token}` }
  const leagues = (await (await fetch(`${stack.url}/api/auth/user-leagues`, { headers: auth })).json()) as { leagues: Array<{ id: number }> }
  const leagueId = leagues.leagues[0]!.id
  const shareOnce = async (title: string) => {
    const res = await post(
      '/api/banter/share',
      { league_id: leagueId, stat_type: 'benched_beast', stat_data: { title, description: '25 points left on the bench 🔥', emoji: '🪑' } },
      auth,
    )
    if (res.status !== 201) throw new Error(`share failed: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body.share_id as string
  }
  const timeImage = async (id: string, expect: 'HIT' | 'MISS') => {
    const started = performance.now()
    const res = await fetch(`${stack.url}/api/banter/share/${id}/image`)
    const png = await res.arrayBuffer()
    const ms = performance.now() - started
    if (res.status !== 200 || res.headers.get('x-cache') !== expect) throw new Error(`image: ${res.status} ${res.headers.get('x-cache')}`)
    return { ms, bytes: png.byteLength }
  }

  const group = stackGroup(8977)
  const memoryBefore = workerdMemory(group)
  const firstId = await shareOnce('Benched Beast #cold')
  const cold = await timeImage(firstId, 'MISS')

  const uncached: number[] = []
  let size = 0
  for (let i = 0; i < 23; i += 1) {
    const id = await shareOnce(`Benched Beast #${i}`)
    const { ms, bytes } = await timeImage(id, 'MISS')
    if (i >= 3) uncached.push(ms)
    size = bytes
    await new Promise((resolve) => setTimeout(resolve, 50)) // let the KV write land
  }
  const cached: number[] = []
  for (let i = 0; i < 23; i += 1) {
    const { ms } = await timeImage(firstId, 'HIT')
    if (i >= 3) cached.push(ms)
  }
  // For scale: the cheapest API answer and the share's JSON (one D1 read and a view-count write).
  const timeGet = async (p: string) => {
    const started = performance.now()
    await (await fetch(`${stack.url}${p}`)).arrayBuffer()
    return performance.now() - started
  }
  const health: number[] = []
  const shareJson: number[] = []
  for (let i = 0; i < 23; i += 1) {
    const h = await timeGet('/api/health')
    const j = await timeGet(`/api/banter/share/${firstId}`)
    if (i < 3) continue // the first answers warm the isolate
    health.push(h)
    shareJson.push(j)
  }
  const memoryAfter = workerdMemory(group)
  console.log(`first render in a fresh isolate: ${cold.ms.toFixed(0)} ms`)
  console.log(`uncached (render + cache write): median ${median(uncached).toFixed(1)} ms, max ${Math.max(...uncached).toFixed(1)} ms`)
  console.log(`cached (share check + KV read):  median ${median(cached).toFixed(1)} ms, max ${Math.max(...cached).toFixed(1)} ms`)
  console.log(`for scale: /api/health median ${median(health).toFixed(1)} ms, share JSON median ${median(shareJson).toFixed(1)} ms`)
  console.log(`PNG ${size} bytes`)
  console.log(
    `stack's workerd RSS: ${memoryBefore.now} MB before, ${memoryAfter.now} MB after, peak ${memoryAfter.peak} MB (both workers, local D1/KV and the runtime)`,
  )
} finally {
  await stack.stop()
  rmSync(persistDir, { recursive: true, force: true })
}
