import { AsyncLocalStorage } from 'node:async_hooks'

// The one way the worker logs: one JSON object per line, which Workers Logs indexes field by field
// (`wrangler tail --format json`, the dashboard's query builder). Every line carries the fields of
// the work it belongs to (the request id, method and path of a request; the queue, message id and
// kind of a queue message; the cron's schedule; the user and tournament once known), taken from the
// scope that work runs in, so a helper deep in a service needs no context passed down to log well.
// Levels go through console.info/warn/error so the dashboard's level filter works too.

export type LogFields = Record<string, string | number | boolean | null | undefined>

const scope = new AsyncLocalStorage<LogFields>()

/** Runs `work` with `fields` on every line it logs (added to those of the enclosing scope). */
export function withLogScope<T>(fields: LogFields, work: () => T): T {
  return scope.run({ ...scope.getStore(), ...fields }, work)
}

/** Adds fields to the current scope from here on (the user once the session is checked). */
export function addLogFields(fields: LogFields): void {
  const store = scope.getStore()
  if (store) Object.assign(store, fields)
}

// Drizzle's failed queries name their bound values ("params: email,name,$argon2id$..."): a log is
// no place for a user's address or a password hash.
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n {4}at |$)/g
const redact = (text: string | undefined) => text?.replace(QUERY_PARAMS, '\nparams: [redacted]')

/** An error as one line of text for storage (a dead letter's reason), with no query's values. */
export const errorSummary = (error: unknown): string => redact(error instanceof Error ? `${error.name}: ${error.message}` : String(error)) ?? ''

/** An error as fields a query can read: its name, message and stack (never the object itself, which JSON drops). */
function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error_name: error.name, error_message: redact(error.message), error_stack: redact(error.stack) }
  return { error_message: redact(String(error)) }
}

type Level = 'info' | 'warn' | 'error'

/** A line's own fields; `error` (an Error or anything thrown) is written as its name, message and stack. */
type LineFields = Record<string, unknown> & { error?: unknown }

function write(level: Level, event: string, fields: LineFields) {
  const { error, ...rest } = fields
  const line = { level, event, ...scope.getStore(), ...rest, ...(error === undefined ? {} : errorFields(error)) }
  let text: string
  try {
    text = JSON.stringify(line)
  } catch {
    // A field that cannot be serialised must not hide the event.
    text = JSON.stringify({ level, event, ...scope.getStore(), unserialisable_fields: true })
  }
  console[level](text)
}

/** `event` is a short sentence that stays the same for every occurrence; what varies goes in fields. */
export const log = {
  info: (event: string, fields: LineFields = {}) => write('info', event, fields),
  warn: (event: string, fields: LineFields = {}) => write('warn', event, fields),
  error: (event: string, fields: LineFields = {}) => write('error', event, fields),
}
