import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { BUDGETS, initialScripts } from './budgets'

// Builds the SPA and bundles both workers exactly as a deploy would, then weighs them.
const ROOT = path.resolve(import.meta.dirname, '../..')
const BIN = path.join(ROOT, 'node_modules/.bin')
const work = mkdtempSync(path.join(tmpdir(), 'banter-budgets-'))
// NODE_ENV=production: under vitest it is 'test', which would build React's development bundle.
const env = { ...process.env, NODE_ENV: 'production', PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}`, WRANGLER_SEND_METRICS: 'false' }
const gzip = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`

afterAll(() => rmSync(work, { recursive: true, force: true }))

function workerGzip(config: string, name: string): number {
  const out = path.join(work, name)
  execFileSync(path.join(BIN, 'wrangler'), ['deploy', '--dry-run', '-c', config, '--outdir', out], { cwd: ROOT, env, stdio: 'pipe' })
  return readdirSync(out)
    .filter((f) => !f.endsWith('.map') && !f.endsWith('.md') && statSync(path.join(out, f)).isFile())
    .reduce((sum, f) => sum + gzip(path.join(out, f)), 0)
}

/** The non-idle CPU time (ms) in a V8 CPU profile: what the global scope cost to run. */
function busyMs(profile: { nodes: Array<{ id: number; callFrame: { functionName: string } }>; samples: number[]; timeDeltas: number[] }): number {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id))
  return profile.samples.reduce((sum, id, i) => (idle.has(id) ? sum : sum + (profile.timeDeltas[i] ?? 0)), 0) / 1000
}

/** The worker's start-up CPU time in workerd (`wrangler check startup`), the median of three profiles. */
function startupMs(config: string, name: string): number {
  const bundle = path.join(work, `${name}.bundle`)
  execFileSync(path.join(BIN, 'wrangler'), ['deploy', '--dry-run', '-c', config, '--outfile', bundle], { cwd: ROOT, env, stdio: 'pipe' })
  const runs = [0, 1, 2].map((i) => {
    const out = path.join(work, `${name}-${i}.cpuprofile`)
    execFileSync(path.join(BIN, 'wrangler'), ['check', 'startup', '-c', config, '--worker', bundle, '--outfile', out], { cwd: ROOT, env, stdio: 'pipe' })
    return busyMs(JSON.parse(readFileSync(out, 'utf8')))
  })
  return runs.sort((a, b) => a - b)[1]!
}

describe('size and start-up budgets', () => {
  it('keeps the SPA initial JavaScript and every route chunk within budget', () => {
    const out = path.join(work, 'client')
    execFileSync(path.join(BIN, 'vite'), ['build', '--config', 'web/vite.config.ts', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: ROOT,
      env,
      stdio: 'pipe',
    })
    const html = readFileSync(path.join(out, 'index.html'), 'utf8')
    const initial = initialScripts(html)
    expect(initial.length).toBeGreaterThan(0)
    const initialBytes = initial.reduce((sum, f) => sum + gzip(path.join(out, f)), 0)
    const lazy = readdirSync(path.join(out, 'assets'))
      .filter((f) => f.endsWith('.js') && !initial.includes(`assets/${f}`))
      .map((f) => ({ f, bytes: gzip(path.join(out, 'assets', f)) }))
      .sort((a, b) => b.bytes - a.bytes)
    console.info(
      `SPA initial JS ${kb(initialBytes)} gzip (budget ${kb(BUDGETS.spaInitialJs)}); largest route chunk ${lazy[0]?.f} ${kb(lazy[0]?.bytes ?? 0)} (budget ${kb(BUDGETS.routeChunk)})`,
    )
    expect(initialBytes).toBeLessThanOrEqual(BUDGETS.spaInitialJs)
    for (const chunk of lazy) expect(chunk.bytes, chunk.f).toBeLessThanOrEqual(BUDGETS.routeChunk)
  }, 180_000)

  it('keeps the packages out of the entry and what a first visit does not need out of the first chunks (decision 168)', () => {
    const out = path.join(work, 'client')
    const html = readFileSync(path.join(out, 'index.html'), 'utf8')
    // Each chunk's modules, from its source map (rolldown's own runtime helper has none).
    const sources = (file: string) => {
      const map = path.join(out, `${file}.map`)
      if (file.includes('rolldown-runtime')) return []
      return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources
    }
    // The entry and what index.html preloads with it run before the first paint: none of React, the
    // router, the query layer or the API client, which load after it on the pages that paint first.
    const beforePaint = [...html.matchAll(/<(?:script[^>]+src|link rel="modulepreload"[^>]+href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!)
    expect(beforePaint.length).toBeGreaterThan(0)
    const packages = (file: string) => sources(file).filter((source) => source.includes('node_modules'))
    for (const file of beforePaint) expect(packages(file), file).toEqual([])
    // The app's first chunks: nothing a signed-out visitor's first screen does without.
    const first = initialScripts(html).flatMap(sources)
    const later = [
      'web/src/lib/analytics.ts',
      'web/src/lib/api.ts',
      'node_modules/hono/',
      'web/src/features/pwa/push-device.ts',
      'web/src/features/auth/AuthDialog.tsx',
      'web/src/features/pwa/InstallPrompt.tsx',
      'web/src/features/tournaments/detail/league-data.ts',
      'web/src/pages/LandingPage.tsx',
    ]
    for (const module of later) expect(first.filter((source) => source.includes(module))).toEqual([])
  })

  it('builds a small service worker and an installable manifest whose icons are the sizes it says', () => {
    const out = path.join(work, 'client')
    const sw = gzip(path.join(out, 'sw.js'))
    console.info(`Service worker ${kb(sw)} gzip (budget ${kb(BUDGETS.serviceWorker)})`)
    expect(sw).toBeLessThanOrEqual(BUDGETS.serviceWorker)
    // One classic script: a service worker that imported the app's chunks would break on a deploy.
    expect(readFileSync(path.join(out, 'sw.js'), 'utf8')).not.toMatch(/\bimport\s*[({"']/)
    const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.webmanifest'), 'utf8')) as {
      display: string
      icons: Array<{ src: string; sizes: string; purpose: string }>
    }
    expect(manifest.display).toBe('standalone')
    for (const size of [192, 512]) {
      for (const purpose of ['any', 'maskable']) expect(manifest.icons.some((i) => i.sizes === `${size}x${size}` && i.purpose === purpose)).toBe(true)
    }
    for (const icon of manifest.icons) {
      // A PNG's IHDR: width and height as big-endian 32-bit integers at bytes 16 and 20.
      const png = readFileSync(path.join(out, icon.src))
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes)
    }
  })

  it('keeps the three workers within budget', () => {
    const api = workerGzip('wrangler.toml', 'api')
    const og = workerGzip('worker/og/wrangler.toml', 'og')
    const pages = workerGzip('worker/pages/wrangler.toml', 'pages')
    const kib = (bytes: number, budget: number) => `${(bytes / 1024).toFixed(1)} KiB gzip (budget ${(budget / 1024).toFixed(0)})`
    console.info(`API worker ${kib(api, BUDGETS.apiWorker)}; image worker ${kib(og, BUDGETS.ogWorker)}; page renderer ${kib(pages, BUDGETS.pagesWorker)}`)
    expect(api).toBeLessThanOrEqual(BUDGETS.apiWorker)
    expect(og).toBeLessThanOrEqual(BUDGETS.ogWorker)
    expect(pages).toBeLessThanOrEqual(BUDGETS.pagesWorker)
  }, 240_000)

  it('starts the API worker within its start-up budget', () => {
    const ms = startupMs('wrangler.toml', 'api-startup')
    console.info(`API worker start-up ${ms.toFixed(1)} ms CPU (budget ${BUDGETS.apiWorkerStartupMs} ms)`)
    expect(ms).toBeLessThanOrEqual(BUDGETS.apiWorkerStartupMs)
  }, 240_000)
})
