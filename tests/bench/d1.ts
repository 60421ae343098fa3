// `wrangler d1 execute --local --json` against the bench's own persisted database.
import { run } from '../stack/commands.ts'

export interface D1Result<T = Record<string, unknown>> {
  results: T[]
  meta: { rows_read?: number; rows_written?: number; duration?: number; [key: string]: unknown }
}

export async function d1<T = Record<string, unknown>>(persistDir: string, sql: string): Promise<D1Result<T>[]> {
  const out = await run('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', persistDir, '--json', '--command', sql], {
    env: { CI: 'true', WRANGLER_SEND_METRICS: 'false' },
  })
  const start = out.indexOf('[')
  if (start < 0) throw new Error(`d1 execute: no JSON in ${out.slice(0, 300)}`)
  return JSON.parse(out.slice(start)) as D1Result<T>[]
}

/**
 * Runs read queries through the D1 binding itself (wrangler's platform proxy on the same
 * persisted database), which reports meta.rows_read; `wrangler d1 execute --local` does not.
 */
export async function d1Reads(persistDir: string, queries: string[]): Promise<Array<{ rows: number; rowsRead: number }>> {
  const { getPlatformProxy } = await import('wrangler')
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: 'wrangler.toml', persist: { path: `${persistDir}/v3` } })
  try {
    const out = []
    for (const sql of queries) {
      const r = await proxy.env.DB.prepare(sql).all()
      out.push({ rows: r.results.length, rowsRead: Number(r.meta.rows_read) })
    }
    return out
  } finally {
    await proxy.dispose()
  }
}
