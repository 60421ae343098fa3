// What a security test tried, recorded on the test itself (vitest's task meta) so that the
// summary reporter can count hostile inputs, faults and concurrent requests per category, and
// write the README's Security table from the suite's own results.
import type { TaskMeta } from 'vitest'

export const CATEGORIES = [
  'Tokens',
  'Credentials',
  'Authorization',
  'Mass assignment',
  'Input',
  'Headers and browser posture',
  'Upstream and storage faults',
  'Team ownership',
  'Sessions',
  'Lockout and abuse',
  'Privacy',
  'Load',
] as const

type Category = (typeof CATEGORIES)[number]

export interface SecurityRecord {
  category: Category
  /** Hostile or malformed inputs sent. */
  inputs?: number
  /** Faults injected (upstream errors, D1 failures, concurrent runs). */
  faults?: number
  /** Requests sent concurrently. */
  concurrent?: number
  /** Rows missing afterwards that should have been there. */
  rowsLost?: number
}

declare module 'vitest' {
  interface TaskMeta {
    security?: SecurityRecord
  }
}

/** Tags the running test: `it('...', ({ task }) => { attack(task, { category: 'Tokens', inputs: 3 }) ... })`. */
export function attack(task: { meta: TaskMeta }, record: SecurityRecord) {
  const previous = task.meta.security
  task.meta.security = previous
    ? {
        category: record.category,
        inputs: (previous.inputs ?? 0) + (record.inputs ?? 0),
        faults: (previous.faults ?? 0) + (record.faults ?? 0),
        concurrent: Math.max(previous.concurrent ?? 0, record.concurrent ?? 0),
        rowsLost: (previous.rowsLost ?? 0) + (record.rowsLost ?? 0),
      }
    : record
}
