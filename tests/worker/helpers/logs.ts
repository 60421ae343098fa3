import { vi } from 'vitest'

// What the worker logged: worker/lib/log.ts writes one JSON object a line through console.info,
// warn and error.

/** The worker's JSON lines among console calls (anything else printed is skipped). */
export function logLines(calls: unknown[][]): Record<string, unknown>[] {
  return calls.flatMap(([line]) => {
    try {
      const parsed: unknown = JSON.parse(String(line))
      return typeof parsed === 'object' && parsed !== null ? [parsed as Record<string, unknown>] : []
    } catch {
      return []
    }
  })
}

/** Records (and silences) what the worker logs at `level` from now on; the function returned reads the lines so far. */
export function recordLogs(level: 'info' | 'warn' | 'error'): () => Record<string, unknown>[] {
  const spy = vi.spyOn(console, level).mockImplementation(() => undefined)
  return () => logLines(spy.mock.calls)
}

/** What `work` answered, and the lines the worker logged at `level` while it ran. */
export async function loggedDuring<T>(level: 'info' | 'warn' | 'error', work: () => Promise<T>): Promise<{ result: T; lines: Record<string, unknown>[] }> {
  const spy = vi.spyOn(console, level).mockImplementation(() => undefined)
  try {
    const result = await work()
    return { result, lines: logLines(spy.mock.calls) }
  } finally {
    spy.mockRestore()
  }
}
