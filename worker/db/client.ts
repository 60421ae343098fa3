import { drizzle } from 'drizzle-orm/d1'
import * as schema from './schema'

// Cheap to build per request: it only wraps the binding.
export const getDb = (d1: D1Database) => drizzle(d1, { schema })

export type Database = ReturnType<typeof getDb>
