// B5 (memory): the share-image renderer alone in a workerd of its own (`wrangler dev` of
// worker/og beside a small RPC driver, og-driver.ts), so its memory is not mixed with the API
// worker's and the local D1/KV. workerd itself (V8, the runtime) takes a good part of that
// process, so an empty worker started the same way is the baseline: what the renderer's isolate
// holds is the difference (the driver is an empty worker but for one call).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { rendererDev } from './og-driver.ts'
import { memoryMb, spawnWranglerDev } from './proc.ts'
import { add, fmt, ratio } from './table.ts'

const card = (i: number) =>
  JSON.stringify({
    emoji: '🪑',
    title: `Benched Beast #${i}`,
    manager: `Manager ${i} with a longer name Ünïcødé`,
    description: `${20 + i} points left on the bench 🔥 again and again, week after week`,
    league_name: `League ${i}`,
    league_members: 12 + i,
    product_name: 'Banter Arena',
  })

const devArgs = (config: string, port: number) => ['dev', '-c', config, '--ip', '127.0.0.1', '--port', String(port), '--show-interactive-dev-session=false']

/** Resident memory of workerd running a worker that only answers "ok". */
async function emptyWorkerMb(port: number): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'banter-bench-empty-'))
  writeFileSync(path.join(dir, 'index.js'), "export default { fetch: () => new Response('ok') }\n")
  writeFileSync(path.join(dir, 'wrangler.toml'), 'name = "bench-empty"\nmain = "index.js"\ncompatibility_date = "2026-07-01"\nsend_metrics = false\n')
  const dev = spawnWranglerDev(devArgs(path.join(dir, 'wrangler.toml'), port))
  try {
    await dev.ready(`http://127.0.0.1:${port}/`)
    return memoryMb(dev.workerd()).peak
  } finally {
    await dev.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

export async function rendererMemory(port: number, renders = 20) {
  const empty = await emptyWorkerMb(port)
  const { args, url, cleanup } = rendererDev(port)
  const dev = spawnWranglerDev(args)
  try {
    // The first card loads the fonts and compiles the wasm: "warm" is after it.
    await dev.ready(url, card(0))
    const warm = memoryMb(dev.workerd())
    for (let i = 1; i <= renders; i += 1) {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: card(i) })
      if (!res.ok || res.headers.get('content-type') !== 'image/png') throw new Error(`render ${i}: ${res.status}`)
      await res.arrayBuffer()
    }
    const peak = memoryMb(dev.workerd()).peak
    add(
      `Share-image renderer alone: workerd peak RSS over ${renders} uncached renders (MB)`,
      String(peak),
      `${empty} MB workerd with an empty worker`,
      ratio(peak, empty),
      'for scale',
    )
    add(
      "Share-image renderer: its isolate's peak (renderer peak RSS − empty worker's RSS, MB)",
      fmt(peak - empty, 0),
      `${warm.now - empty} MB warm, before the ${renders} renders`,
      ratio(peak - empty, 128),
      '< 96 MB (128 MB isolate limit)',
    )
  } finally {
    await dev.stop()
    cleanup()
  }
}
