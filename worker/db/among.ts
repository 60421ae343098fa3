import { type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'

/**
 * `column IN (values)` as one bound parameter (a JSON array read with json_each): D1 binds at most
 * 100 parameters per statement, and a page of users or leagues can hold more.
 */
export const among = (column: SQLiteColumn, values: readonly (number | string)[]): SQL =>
  sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`

/** In an upsert's DO UPDATE, the value the refused insert proposed for a column (SQLite's `excluded` row). */
export const excluded = (column: SQLiteColumn): SQL => sql.raw(`excluded."${column.name}"`)

/**
 * Element `i` of the JSON array rows of `FROM json_each(...)`, as a column named `name`: how a
 * statement takes many rows through one bound parameter (INSERT ... SELECT).
 */
export const jsonEachElement = <T>(i: number, name: string) => sql<T>`${sql.raw(`value ->> ${i}`)}`.as(name)
