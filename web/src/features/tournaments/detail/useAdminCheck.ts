import { useEffect, useState } from 'react'
import { apiFetch } from '../../../lib/api'

export type AdminState = 'idle' | 'checking' | 'admin' | 'none'

/**
 * Whether the signed-in user administers this (curated) tournament: GET admin-check, only when
 * `enabled`. A failure counts as no admin access.
 */
export function useAdminCheck(leagueId: string, enabled: boolean): AdminState {
  const [state, setState] = useState<{ key: string; value: AdminState }>({ key: '', value: 'idle' })
  const key = `${leagueId}:${enabled}`

  useEffect(() => {
    if (!enabled) return
    const controller = new AbortController()
    setState({ key, value: 'checking' })
    apiFetch<{ has_admin_access?: boolean }>(`/api/leagues/${leagueId}/admin-check`, { signal: controller.signal })
      .then((answer) => setState({ key, value: answer?.has_admin_access ? 'admin' : 'none' }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ key, value: 'none' })
      })
    return () => controller.abort()
  }, [leagueId, enabled, key])

  if (!enabled) return 'idle'
  return state.key === key ? state.value : 'checking'
}
