import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

// Decisions 171 and 182: biome.json holds decision 051 (routes, the cron and the Durable Objects
// never query D1) with noRestrictedImports overrides and the GritQL plugin
// scripts/check-layers.grit, and decision 053's direction (services, fpl, lib, db never import an
// entry point). This lints files in a throwaway project with the repository's own configuration,
// so the rules are tested as `npm run lint` runs them.

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
  const findings = [
    ...run.stdout.matchAll(/^::error title=([^,]+),file=([^,]+),line=(\d+),.*::(?:Routes.* never (?:touch|query) D1|Imports run one way)/gm),
  ].map(([, rule, file = '', line]) => `${rule} ${file.slice(dir.length + 1)}:${line}`)
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

const importsTheSchema = `import { users } from '../db/schema'

export const table = users
`

const importsEntryPoints = `import { LiveHub } from '../durable-objects/hub'
import { LAST_RUN } from '../cron/scheduled'
import { leagues } from '../routes/leagues'
import { session } from '../../middleware/session'

export const all = [LiveHub, LAST_RUN, leagues, session]
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

  it('reports an import of db/schema in the cron and the Durable Objects', () => {
    const { status, findings } = lint({ 'worker/cron/bad.ts': importsTheSchema, 'worker/durable-objects/bad.ts': importsTheSchema })
    expect(status).toBe(1)
    expect(findings).toEqual(['lint/style/noRestrictedImports worker/cron/bad.ts:1', 'lint/style/noRestrictedImports worker/durable-objects/bad.ts:1'])
  })

  it('reports a service, or the FPL and lib layers, importing an entry point (decision 053)', () => {
    const deeper = importsEntryPoints.replaceAll("'../", "'../../")
    const files = {
      'worker/services/bad.ts': importsEntryPoints,
      'worker/services/live/bad.ts': deeper,
      'worker/fpl/live/bad.ts': deeper,
      'worker/lib/bad.ts': importsEntryPoints,
    }
    const { status, findings } = lint(files)
    expect(status).toBe(1)
    expect(findings.sort()).toEqual(
      Object.keys(files)
        .flatMap((file) => [1, 2, 3, 4].map((line) => `lint/style/noRestrictedImports ${file}:${line}`))
        .sort(),
    )
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
