import { ApiError, NetworkError } from '../../lib/api'

/**
 * The commissioner screen's error text: the server's detail (a string, or its JSON text when it
 * is not one), "Network error occurred" without an answer, else `fallback`.
 */
export function commissionerError(error: unknown, fallback: string): string {
  if (error instanceof NetworkError) return 'Network error occurred'
  if (error instanceof ApiError) {
    if (error.detail) return error.detail
    const detail = (error.body as { detail?: unknown } | null | undefined)?.detail
    if (detail !== undefined && detail !== null && typeof detail !== 'string') return JSON.stringify(detail)
  }
  return fallback
}
