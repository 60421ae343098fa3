import { useQuery } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { useEffect } from 'react'
import { publicApi } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'

/** Managers-ready count when the user-stats call fails. */
const DEFAULT_TOTAL_USERS = 100

/** total_users from GET /api/user-stats (asked once `enabled`); 100 until it answers, and if it fails (logged). */
export function useUserStats(enabled = true): number {
  const query = useQuery({
    queryKey: queryKeys.userStats(),
    queryFn: ({ signal }) => parseResponse(publicApi['user-stats'].$get(undefined, { init: { signal } })),
    enabled,
  })
  const failure = query.error
  useEffect(() => {
    if (failure) console.warn('User stats unavailable', failure)
  }, [failure])
  return query.data?.total_users ?? DEFAULT_TOTAL_USERS
}
