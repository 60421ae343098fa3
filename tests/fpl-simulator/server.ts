/**
 * Serves the FPL simulator over HTTP on loopback, for local development, end-to-end tests and
 * benchmarks. The worker reaches it through FPL_API_BASE (the printed URL, ending in /api).
 *
 *   node tests/fpl-simulator/server.ts --port 8790 --host 127.0.0.1 [--gameweek 12] [--phase checked]
 *                                      [--latency-ms 0] [--seed 20262027]
 */
import { parseArgs } from 'node:util'
import { runAsScript, serveFetch } from '../stack/serve-fetch.ts'
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

export async function startFplSimulator(options: StartFplSimulatorOptions = {}): Promise<RunningFplSimulator> {
  const simulator = options.simulator ?? createFplSimulator(options)
  // A match day running at a speed holds a timer: closing stops it so the process can exit.
  const served = await serveFetch((request) => simulator.fetch(request), {
    name: 'FPL simulator',
    port: options.port,
    host: options.host,
    onClose: () => simulator.setSpeed(0),
  })
  return { url: `${served.origin}/api`, origin: served.origin, port: served.port, simulator, close: served.close }
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

runAsScript(import.meta.url, async () => {
  const running = await startFplSimulator(parseCli(process.argv.slice(2)))
  return { close: running.close, banner: `FPL simulator listening on ${running.url}` }
})
