import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

// Decision 171: biome.json holds decision 051 (routes never touch D1) with a noRestrictedImports
// override and the GritQL plugin scripts/check-layers.grit. This lints files in a throwaway
// project with the repository's own configuration, so the rule is tested as `npm run lint` runs it.

const root = resolve(import.meta.dirname, '../..')
const biome = join(root, 'node_modules/@biomejs/biome/bin/biome')
const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** The layer findings (`file:line`) biome reports for these files, and its exit code. */
function lint(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'check-layers-'))
  dirs.push(dir)
  const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'))
  config.$schema = undefined
  config.vcs = { enabled: false }
  config.plugins = config.plugins.map((plugin: { path: string }) => ({ ...plugin, path: join(root, plugin.path) }))
  writeFileSync(join(dir, 'biome.json'), JSON.stringify(config))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  const run = spawnSync(process.execPath, [biome, 'lint', '--reporter=github', '.'], { cwd: dir, encoding: 'utf8' })
  const findings = [...run.stdout.matchAll(/^::error title=([^,]+),file=([^,]+),line=(\d+),.*::Routes never touch D1/gm)].map(
    ([, rule, file = '', line]) => `${rule} ${file.slice(dir.length + 1)}:${line}`,
  )
  return { status: run.status, findings: [...new Set(findings)] }
}

const touchesD1 = `import { eq } from 'drizzle-orm'
import { users } from '../db/schema'

interface Context {
  env: { DB: { prepare(sql: string): unknown } }
  var: { db: { query: unknown } }
}

export const byBinding = (c: Context) => c.env.DB.prepare('SELECT 1')
export const byDrizzle = (c: Context) => [c.var.db.query, eq, users]
`

const callsAService = `import { readThing } from '../services/thing'

export const answer = (c: { var: { db: unknown } }) => readThing(c.var.db)
`

describe('the layer rule (decision 051)', () => {
  it('reports each import of db/schema or drizzle-orm, D1 statement, binding and query in a route, by line', () => {
    const { status, findings } = lint({ 'worker/routes/bad.ts': touchesD1 })
    expect(status).toBe(1)
    expect(findings).toEqual([
      'lint/style/noRestrictedImports worker/routes/bad.ts:1',
      'lint/style/noRestrictedImports worker/routes/bad.ts:2',
      'plugin worker/routes/bad.ts:9',
      'plugin worker/routes/bad.ts:10',
    ])
  })

  it('passes a route that hands the database to a service, and leaves services and the rest alone', () => {
    const { status, findings } = lint({
      'worker/routes/good.ts': callsAService,
      'worker/services/thing.ts': touchesD1,
      'worker/lib/thing.ts': touchesD1,
    })
    expect(findings).toEqual([])
    expect(status).toBe(0)
  })
})
