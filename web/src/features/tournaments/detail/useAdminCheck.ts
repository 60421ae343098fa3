import { useQuery } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { api, pathParam } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import { useAuth } from '../../auth/AuthProvider'

export type AdminState = 'idle' | 'checking' | 'admin' | 'none'

/**
 * Whether the signed-in user administers this (curated) tournament: GET admin-check, only when
 * `enabled`. A failure counts as no admin access.
 */
export function useAdminCheck(leagueId: string, enabled: boolean): AdminState {
  const { user } = useAuth()
  const query = useQuery({
    queryKey: queryKeys.adminCheck(leagueId, user?.id ?? null),
    queryFn: ({ signal }) => parseResponse(api.leagues[':id']['admin-check'].$get({ param: { id: pathParam(leagueId) } }, { init: { signal } })),
    enabled,
  })
  if (!enabled) return 'idle'
  if (query.isPending) return 'checking'
  return query.data?.has_admin_access ? 'admin' : 'none'
}
