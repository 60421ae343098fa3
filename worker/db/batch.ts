import type { BatchItem } from 'drizzle-orm/batch'

/**
 * Reads that can share one D1 batch (one round trip) with others: the statements, and how to
 * turn their results into a value. Request handlers combine them so that a page costs a single
 * trip to the database.
 */
export interface BatchRead<T> {
  statements: Array<BatchItem<'sqlite'>>
  parse(results: unknown[]): T
}
