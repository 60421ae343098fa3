// B6/B7: sizes as a deploy ships them (the budgets' method) and `wrangler dev` start-up time.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { BUDGETS, initialScripts } from '../budgets/budgets.ts'
import { ROOT } from '../stack/commands.ts'
import { wranglerDevArgs } from '../stack/stack.ts'
import { spawnWranglerDev } from './proc.ts'
import { add, fmt, ratio } from './table.ts'

const BIN = path.join(ROOT, 'node_modules/.bin')
const gzip = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length
const kB = (b: number) => `${(b / 1000).toFixed(1)} kB`

/** SPA sizes from an existing build (the one the stack serves). */
export function spaSizes(clientDir: string) {
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8')
  const initial = initialScripts(html)
  if (initial.length === 0) throw new Error('no entry script in index.html')
  const js = initial.reduce((s, f) => s + gzip(path.join(clientDir, f)), 0)
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/(assets\/[^"]+\.css)"/g)].reduce((s, m) => s + gzip(path.join(clientDir, m[1]!)), 0)
  const lazy = readdirSync(path.join(clientDir, 'assets'))
    .filter((f) => f.endsWith('.js') && !initial.includes(`assets/${f}`))
    .map((f) => ({ f, bytes: gzip(path.join(clientDir, 'assets', f)) }))
    .sort((a, b) => b.bytes - a.bytes)
  add('SPA initial JS (gzip)', kB(js), '98.9 kB (React 19 + router baseline)', ratio(js, 98_900), `≤ ${kB(BUDGETS.spaInitialJs)}`)
  add('SPA initial CSS (gzip)', kB(css), '15 kB target', ratio(css, 15_000), '≤ 15 kB')
  add(
    `SPA largest route chunk (gzip, ${lazy[0]?.f ?? 'none'})`,
    kB(lazy[0]?.bytes ?? 0),
    `${kB(BUDGETS.routeChunk)} budget`,
    ratio(lazy[0]?.bytes ?? 0, BUDGETS.routeChunk),
    `≤ ${kB(BUDGETS.routeChunk)}`,
  )
}

export function workerSizes() {
  const work = mkdtempSync(path.join(tmpdir(), 'banter-bench-sizes-'))
  const env = { ...process.env, NODE_ENV: 'production', PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}`, WRANGLER_SEND_METRICS: 'false', CI: 'true' }
  try {
    const size = (config: string, name: string) => {
      const out = path.join(work, name)
      execFileSync(path.join(BIN, 'wrangler'), ['deploy', '--dry-run', '-c', config, '--outdir', out], { cwd: ROOT, env, stdio: 'pipe', timeout: 180_000 })
      const files = readdirSync(out).filter((f) => !f.endsWith('.map') && !f.endsWith('.md') && statSync(path.join(out, f)).isFile())
      return { gz: files.reduce((s, f) => s + gzip(path.join(out, f)), 0), raw: files.reduce((s, f) => s + statSync(path.join(out, f)).size, 0) }
    }
    const api = size('wrangler.toml', 'api')
    add('API worker bundle (gzip)', `${fmt(api.gz / 1024)} KiB`, '3 MiB (Free limit)', ratio(api.gz, 3 * 1024 * 1024, 3), '≤ 100 KiB')
    const og = size('worker/og/wrangler.toml', 'og')
    add('Share-image worker bundle (gzip)', `${fmt(og.gz / 1024)} KiB`, '3 MiB (Free limit)', ratio(og.gz, 3 * 1024 * 1024, 3), '≤ 800 KiB')
    const pages = size('worker/pages/wrangler.toml', 'pages')
    add(
      'Page renderer worker bundle (gzip)',
      `${fmt(pages.gz / 1024)} KiB`,
      '3 MiB (Free limit)',
      ratio(pages.gz, 3 * 1024 * 1024, 3),
      `≤ ${fmt(BUDGETS.pagesWorker / 1024, 0)} KiB`,
    )
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

/** Time from spawning `wrangler dev` (both workers, existing database) to the first 200 of /api/health. */
export async function startupTime(port: number, persistDir: string, assetsDir: string) {
  const args = wranglerDevArgs({ port, persistDir, assetsDir, vars: { ENVIRONMENT: 'development', APP_URL: `http://127.0.0.1:${port}` } })
  const started = performance.now()
  const dev = spawnWranglerDev(args)
  try {
    await dev.ready(`http://127.0.0.1:${port}/api/health`)
    const ms = performance.now() - started
    add('wrangler dev start-up to first 200 /api/health (s)', fmt(ms / 1000, 1), '', '', 'for scale (includes wrangler bundling)')
  } finally {
    await dev.stop()
  }
}
