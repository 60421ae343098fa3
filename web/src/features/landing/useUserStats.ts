import { useEffect, useState } from 'react'
import { apiFetch } from '../../lib/api'

/** Managers-ready count when the user-stats call fails. */
export const DEFAULT_TOTAL_USERS = 100

/** total_users from GET /api/user-stats (asked once `enabled`); 100 until it answers, and if it fails (logged). */
export function useUserStats(enabled = true): number {
  const [total, setTotal] = useState(DEFAULT_TOTAL_USERS)
  useEffect(() => {
    if (!enabled) return
    const controller = new AbortController()
    apiFetch<{ total_users?: number }>('/api/user-stats', { auth: false, signal: controller.signal })
      .then((answer) => {
        if (typeof answer?.total_users === 'number' && Number.isFinite(answer.total_users)) setTotal(answer.total_users)
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn('User stats unavailable', error)
      })
    return () => controller.abort()
  }, [enabled])
  return total
}
