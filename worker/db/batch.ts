import type { BatchItem } from 'drizzle-orm/batch'
import type { Database } from './client'

/**
 * Reads that can share one D1 batch (one round trip) with others: the statements, and how to
 * turn their results into a value. A request combines the session check and its route's reads
 * into a single trip to the database (see readWithSession).
 */
export interface BatchRead<T> {
  statements: Array<BatchItem<'sqlite'>>
  parse(results: unknown[]): T
}

/** One query's rows. */
export const rowsOf = <Q extends BatchItem<'sqlite'> & PromiseLike<unknown>>(query: Q): BatchRead<Awaited<Q>> => ({
  statements: [query],
  parse: ([rows]) => rows as Awaited<Q>,
})

/** A read that needs no statement (for example, a viewer's memberships when nobody is signed in). */
export const constant = <T>(value: T): BatchRead<T> => ({ statements: [], parse: () => value })

/** Two reads in one batch. */
export function both<A, B>(a: BatchRead<A>, b: BatchRead<B>): BatchRead<[A, B]> {
  const split = a.statements.length
  return {
    statements: [...a.statements, ...b.statements],
    parse: (results) => [a.parse(results.slice(0, split)), b.parse(results.slice(split))],
  }
}

export const mapRead = <A, B>(read: BatchRead<A>, f: (value: A) => B): BatchRead<B> => ({
  statements: read.statements,
  parse: (results) => f(read.parse(results)),
})

export async function runBatch<T>(db: Database, read: BatchRead<T>): Promise<T> {
  if (read.statements.length === 0) return read.parse([])
  return read.parse(await db.batch(read.statements as [BatchItem<'sqlite'>, ...Array<BatchItem<'sqlite'>>]))
}
