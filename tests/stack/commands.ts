// The commands the local stack is made of, run with the project's own tools: the seed and the
// stack both use them, so neither imports the other.
import { spawn } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const BIN = path.join(ROOT, 'node_modules/.bin')
// The project's Node 24 (node_modules/.bin/node) first, also when this runs outside npm scripts.
export const PATH = `${BIN}${path.delimiter}${process.env.PATH ?? ''}`

/** Runs a command to completion; rejects with its output when it fails. */
export function run(command: string, args: string[], { quiet = true, env = {} as Record<string, string> } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(BIN, command), args, {
      cwd: ROOT,
      env: { ...process.env, PATH, ...env },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    })
    let output = ''
    child.stdout?.on('data', (d) => (output += d))
    child.stderr?.on('data', (d) => (output += d))
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`))))
  })
}

export const buildWeb = (outDir = path.join(ROOT, 'dist/client')) =>
  // NODE_ENV=production even when started from vitest (which sets 'test'): React's production build.
  run('vite', ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], { env: { NODE_ENV: 'production' } })

export async function migrate(persistDir: string) {
  mkdirSync(persistDir, { recursive: true })
  await run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistDir], { env: { CI: 'true' } })
}
