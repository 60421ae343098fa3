/**
 * Serves the FPL simulator over HTTP on loopback, for local development, end-to-end tests and
 * benchmarks. The worker reaches it through FPL_API_BASE (the printed URL, ending in /api).
 *
 *   node tests/fpl-simulator/server.ts --port 8790 --host 127.0.0.1 [--gameweek 12] [--phase checked]
 *                                      [--latency-ms 0] [--seed 20262027]
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import type { FplSimulator, FplSimulatorOptions, Phase } from './handler.ts'
import { createFplSimulator, PHASES } from './handler.ts'

export interface StartFplSimulatorOptions extends FplSimulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number
  /** Loopback only: 127.0.0.1 (default), ::1 or localhost. */
  host?: string
  /** Serve an existing simulator instead of creating one. */
  simulator?: FplSimulator
}

export interface RunningFplSimulator {
  /** Base URL for FPL_API_BASE, e.g. http://127.0.0.1:8790/api */
  url: string
  /** Where the control API lives: `${origin}/__sim/state`. */
  origin: string
  port: number
  simulator: FplSimulator
  close(): Promise<void>
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost'])

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

function toHeaders(req: http.IncomingMessage): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else if (value !== undefined) headers.set(name, value)
  }
  return headers
}

async function handle(simulator: FplSimulator, origin: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  // A client that gives up (timeout, abort) closes the socket: abort the request so that hangs end.
  const controller = new AbortController()
  res.on('close', () => {
    if (!res.writableFinished) controller.abort()
  })
  const method = req.method ?? 'GET'
  const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req)
  const request = new Request(new URL(req.url ?? '/', origin), { method, headers: toHeaders(req), body, signal: controller.signal })
  let response: Response
  try {
    response = await simulator.fetch(request)
  } catch (error) {
    if (controller.signal.aborted) return
    res.writeHead(500, { 'content-type': 'text/plain' }).end(`FPL simulator error: ${error instanceof Error ? error.message : String(error)}`)
    return
  }
  const payload = Buffer.from(await response.arrayBuffer())
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    headers[name] = value
  })
  res.writeHead(response.status, headers)
  res.end(method === 'HEAD' ? undefined : payload)
}

export async function startFplSimulator(options: StartFplSimulatorOptions = {}): Promise<RunningFplSimulator> {
  const host = options.host ?? '127.0.0.1'
  if (!LOOPBACK_HOSTS.has(host)) throw new Error(`The FPL simulator only binds loopback addresses, not ${host}`)
  const simulator = options.simulator ?? createFplSimulator(options)
  let origin = ''
  const server = http.createServer((req, res) => {
    handle(simulator, origin, req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
      res.end(String(error))
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  let closed: Promise<void> | null = null
  const close = (): Promise<void> => {
    closed ??= new Promise<void>((resolve) => {
      // A match day running at a speed holds a timer: stop it so the process can exit.
      simulator.setSpeed(0)
      server.close(() => resolve())
      // Ends keep-alive sockets and hung requests (their abort signal fires).
      server.closeAllConnections()
    })
    return closed
  }
  return { url: `${origin}/api`, origin, port, simulator, close }
}

function parseCli(argv: readonly string[]): StartFplSimulatorOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string', default: '8790' },
      host: { type: 'string', default: '127.0.0.1' },
      gameweek: { type: 'string' },
      phase: { type: 'string' },
      'latency-ms': { type: 'string', default: '0' },
      seed: { type: 'string' },
    },
  })
  const phase = values.phase
  if (phase !== undefined && !(PHASES as readonly string[]).includes(phase)) throw new Error(`--phase must be one of ${PHASES.join(', ')}`)
  return {
    port: Number(values.port),
    host: values.host,
    gameweek: values.gameweek !== undefined ? Number(values.gameweek) : undefined,
    phase: phase as Phase | undefined,
    latencyMs: Number(values['latency-ms']),
    seed: values.seed !== undefined ? Number(values.seed) : undefined,
  }
}

async function main(): Promise<void> {
  const running = await startFplSimulator(parseCli(process.argv.slice(2)))
  console.log(`FPL simulator listening on ${running.url}`)
  const stop = (): void => {
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
