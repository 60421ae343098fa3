import { rmSync } from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { ROOT } from '../../stack/commands.ts'
import { refreshData, startStack } from '../../stack/stack.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    simulatorUrl: string
    pushUrl: string
    /** The stack's wrangler output as it is written: the worker's log lines. */
    workerLogFile: string
  }
}

// A fresh database per run, apart from the one `npm run dev` uses.
const persistDir = path.join(ROOT, 'tests/.artifacts/e2e-state')
const workerLogFile = path.join(ROOT, 'tests/.artifacts/e2e-worker.log')

export default async function setup(project: TestProject) {
  rmSync(persistDir, { recursive: true, force: true })
  rmSync(workerLogFile, { force: true })
  const stack = await startStack({
    port: Number(process.env.E2E_PORT ?? 8877),
    simPort: Number(process.env.E2E_SIMULATOR_PORT ?? 8878),
    pushPort: Number(process.env.E2E_PUSH_PORT ?? 8879),
    persistDir,
    // Its own build of the SPA, so a concurrent `npm run dev` or build cannot pull it away.
    assetsDir: path.join(ROOT, 'tests/.artifacts/e2e-client'),
    logFile: workerLogFile,
  })
  try {
    await refreshData(stack.url)
  } catch (error) {
    // Never leave a stack running on the e2e port: the next run would talk to it.
    await stack.stop()
    throw error
  }
  project.provide('baseUrl', stack.url)
  project.provide('simulatorUrl', stack.simulator.url)
  project.provide('pushUrl', stack.push.origin)
  project.provide('workerLogFile', workerLogFile)
  return async () => {
    await stack.stop()
  }
}
