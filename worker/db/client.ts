import { drizzle } from 'drizzle-orm/d1'
import * as schema from './schema'

// Cheap to build per request: it only wraps the binding.
export const getDb = (d1: D1Database) => drizzle(d1, { schema })

export type Database = ReturnType<typeof getDb>

/**
 * The `table.column` of the UNIQUE constraint a failed write hit, or null for any other error.
 * Uniqueness is the database's to enforce (two requests can both pass a check): callers turn this
 * into a 409 instead of a 500. D1's message sits on the error or on the cause drizzle wraps.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const match = /UNIQUE constraint failed: ([\w.]+)/.exec(e.message)
    if (match?.[1]) return match[1]
  }
  return null
}
