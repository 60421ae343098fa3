import { env } from 'cloudflare:workers'

/** env.DB, counting the round trips the worker makes (each batch or statement execution) and the rows its batches read. */
export function countingD1() {
  const counter = { trips: 0, rowsRead: 0 }
  const wrapStatement = (statement: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, key) {
        const value = Reflect.get(target, key) as unknown
        if (typeof value !== 'function') return value
        if (key === 'bind') return (...args: unknown[]) => wrapStatement((value as (...a: unknown[]) => D1PreparedStatement).apply(target, args))
        if (['all', 'raw', 'first', 'run'].includes(String(key))) counter.trips += 1
        return (value as (...a: unknown[]) => unknown).bind(target)
      },
    })
  const unwrap = new WeakMap<D1PreparedStatement, D1PreparedStatement>()
  const db = new Proxy(env.DB, {
    get(target, key) {
      if (key === 'prepare')
        return (sql: string) => {
          const statement = target.prepare(sql)
          const wrapped = wrapStatement(statement)
          unwrap.set(wrapped, statement)
          return wrapped
        }
      if (key === 'batch')
        return async (statements: D1PreparedStatement[]) => {
          counter.trips += 1
          const results = await target.batch(statements)
          counter.rowsRead += results.reduce((n, r) => n + (r.meta?.rows_read ?? 0), 0)
          return results
        }
      const value = Reflect.get(target, key) as unknown
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value
    },
  })
  return { db, counter }
}
