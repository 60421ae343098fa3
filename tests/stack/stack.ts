// The local stack, shared by `npm run dev`, the end-to-end tests and the benchmarks:
// build the SPA, migrate and seed a local D1, start the FPL simulator and `wrangler dev` (the API
// worker and the share-image renderer worker together).
import { type ChildProcess, spawn } from 'node:child_process'
import { appendFileSync, existsSync } from 'node:fs'
import path from 'node:path'
import { type RunningFakePush, startFakePushService } from '../fake-push/server.ts'
import { startFplSimulator } from '../fpl-simulator/server.ts'
import { BIN, buildWeb, migrate, PATH, ROOT } from './commands.ts'
import { seedDatabase } from './seed.ts'

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early (${child.exitCode})`)
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`wrangler dev did not answer ${url}/api/health within ${timeoutMs} ms`)
}

/**
 * `wrangler dev` for the three workers at once: the API (first config, the one that listens) and
 * the image and page renderers it reaches through its OG_RENDERER and PAGE_RENDERER bindings.
 */
export function wranglerDevArgs({ port, persistDir, assetsDir, vars }: { port: number; persistDir: string; assetsDir: string; vars: Record<string, string> }) {
  const args = ['dev', '-c', 'wrangler.toml', '-c', 'worker/og/wrangler.toml', '-c', 'worker/pages/wrangler.toml']
  args.push('--ip', '127.0.0.1', '--port', String(port), '--persist-to', persistDir, '--assets', assetsDir, '--show-interactive-dev-session=false')
  for (const [name, value] of Object.entries(vars)) args.push('--var', `${name}:${value}`)
  return args
}

export interface StackOptions {
  port?: number
  simPort?: number
  /** The fake push service's port (0: any free one). */
  pushPort?: number
  /** wrangler's --persist-to: where the local D1 and KV live. */
  persistDir?: string
  build?: boolean
  seed?: boolean
  /** Stream wrangler's output instead of keeping it. */
  verbose?: boolean
  /** Where the SPA is built and served from; a stack of its own keeps clear of `npm run dev`. */
  assetsDir?: string
  /** Extra `--var NAME:value` overrides. */
  vars?: Record<string, string>
  simulatorOptions?: Record<string, unknown>
  /** Also appends wrangler's output (the worker's log lines) to this file, for tests in other processes to read. */
  logFile?: string
}

export interface Stack {
  url: string
  simulator: Awaited<ReturnType<typeof startFplSimulator>>
  /** Where the browsers of the dev stack and the end-to-end tests subscribe (tests/fake-push). */
  push: RunningFakePush
  stop: () => Promise<void>
  log: () => string
}

/** Starts the whole stack and resolves once the API answers. `stop()` ends everything. */
export async function startStack({
  port = 8787,
  simPort = 8790,
  pushPort = 0,
  persistDir = path.join(ROOT, '.wrangler/state'),
  build = true,
  seed = true,
  verbose = false,
  vars = {},
  simulatorOptions = {},
  assetsDir = path.join(ROOT, 'dist/client'),
  logFile,
}: StackOptions = {}): Promise<Stack> {
  if (build || !existsSync(path.join(assetsDir, 'index.html'))) await buildWeb(assetsDir)
  await migrate(persistDir)
  if (seed) await seedDatabase(persistDir)

  const simulator = await startFplSimulator({ port: simPort, host: '127.0.0.1', ...simulatorOptions })
  const push = await startFakePushService({ port: pushPort })
  const url = `http://127.0.0.1:${port}`
  const allVars: Record<string, string> = {
    ENVIRONMENT: 'development',
    APP_URL: url,
    FPL_API_BASE: simulator.url,
    ADMIN_EMAILS: 'admin@banter-arena.test',
    ...vars,
  }
  const args = [...wranglerDevArgs({ port, persistDir, assetsDir, vars: allVars }), '--test-scheduled']
  const wrangler = spawn(path.join(BIN, 'wrangler'), args, {
    cwd: ROOT,
    env: { ...process.env, PATH, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
    stdio: ['ignore', verbose ? 'inherit' : 'pipe', verbose ? 'inherit' : 'pipe'],
    detached: true, // its own process group, so stop() also ends workerd
  })
  let log = ''
  const keep = (chunk: Buffer) => {
    log += chunk
    if (logFile) appendFileSync(logFile, chunk)
  }
  wrangler.stdout?.on('data', keep)
  wrangler.stderr?.on('data', keep)

  const pid = wrangler.pid as number
  const stop = async () => {
    if (wrangler.exitCode === null) {
      const exited = new Promise((resolve) => wrangler.once('exit', resolve))
      try {
        process.kill(-pid, 'SIGTERM')
      } catch {
        // already gone
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
      if (wrangler.exitCode === null) process.kill(-pid, 'SIGKILL')
    }
    await simulator.close()
    await push.close()
  }

  try {
    await waitForHealth(url, wrangler, 90_000)
  } catch (error) {
    await stop()
    throw new Error(`${(error as Error).message}\n--- wrangler output ---\n${log.slice(-4000)}`)
  }
  return { url, simulator, push, stop, log: () => log }
}

/** What `stopWhenAsked` needs of the process: its signals and its parent's pid. */
type Signalled = Pick<NodeJS.Process, 'on' | 'ppid'>

/**
 * Runs `stop` once: on Ctrl-C (SIGINT), on SIGTERM or SIGHUP (a process manager, an editor's task
 * runner, a closed terminal), and when this process loses its parent. The last is npm's SIGTERM:
 * npm runs a script through `sh -c` and signals only that shell, which dies without passing it on
 * (Debian's dash does not exec the command), leaving this process, and wrangler in its own process
 * group, serving on.
 */
export function stopWhenAsked(stop: () => unknown, proc: Signalled = process, pollMs = 1000) {
  const parent = proc.ppid
  let asked = false
  const once = () => {
    if (asked) return
    asked = true
    clearInterval(orphaned)
    stop()
  }
  // `on`, not `once`: a second Ctrl-C while stopping must not kill this process before wrangler.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) proc.on(signal, once)
  const orphaned = setInterval(() => proc.ppid !== parent && once(), pollMs)
  orphaned.unref()
}

export interface RefreshSummary {
  gameweek: string
  jobs: number
  done: number
  failed: number
}

/**
 * Runs the cron's refresh through the dev endpoint and waits until the queue has finished
 * every job it planned, so the tournaments show data straight away.
 */
export async function refreshData(url: string, timeoutMs = 60_000): Promise<RefreshSummary> {
  const run = (await (await fetch(`${url}/api/dev/refresh`, { method: 'POST' })).json()) as { gameweek?: string; jobs?: number; error?: string }
  if (run.error) throw new Error(`Refresh failed: ${run.error}`)
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const answer = await fetch(`${url}/api/dev/refresh-jobs`)
    const jobs = (await answer.json()) as Array<{ data_version: string; status: string }>
    if (!Array.isArray(jobs)) throw new Error(`GET /api/dev/refresh-jobs answered ${answer.status}: ${JSON.stringify(jobs)}`)
    const current = jobs.filter((j) => j.data_version === run.gameweek)
    const running = current.filter((j) => j.status === 'running').length
    if (running === 0 || Date.now() > deadline) {
      return {
        gameweek: run.gameweek ?? '',
        jobs: run.jobs ?? 0,
        done: current.filter((j) => j.status === 'done').length,
        failed: current.filter((j) => j.status === 'failed').length,
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}
