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

/** What each read of a record gives. */
type ReadsOf<R extends Record<string, BatchRead<unknown>>> = { [K in keyof R]: R[K] extends BatchRead<infer T> ? T : never }

/**
 * Several reads in one batch, named: `batchOf({ tournament, counts })` reads as
 * `{ tournament: ..., counts: ... }`. The statements run in the record's key order.
 */
export function batchOf<R extends Record<string, BatchRead<unknown>>>(reads: R): BatchRead<ReadsOf<R>> {
  const parts = Object.entries(reads)
  return {
    statements: parts.flatMap(([, read]) => read.statements),
    parse: (results) => {
      let at = 0
      const values: Record<string, unknown> = {}
      for (const [key, read] of parts) {
        values[key] = read.parse(results.slice(at, at + read.statements.length))
        at += read.statements.length
      }
      return values as ReadsOf<R>
    },
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

/** Writes that commit together, in one batch (one transaction, one round trip); none: no trip. */
export async function runWrites(db: Database, statements: ReadonlyArray<BatchItem<'sqlite'>>): Promise<void> {
  const [first, ...rest] = statements
  if (first) await db.batch([first, ...rest])
}
