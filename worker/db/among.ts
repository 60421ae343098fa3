import { type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'

/**
 * `column IN (values)` as one bound parameter (a JSON array read with json_each): D1 binds at most
 * 100 parameters per statement, and a page of users or leagues can hold more.
 */
export const among = (column: SQLiteColumn, values: readonly (number | string)[]): SQL =>
  sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`
