import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect } from 'react'
import { queryKeys } from '../../../lib/query-keys'
import { useAuth } from '../../auth/AuthProvider'
import { useToast } from '../../toast/ToastProvider'
import { AUTO_REFRESH_MS } from '../constants'
import { LeagueOfflineError, leagueDataQuery, TournamentNotFoundError } from './league-data'
import { refreshPollInterval } from './RefreshProgress'

/**
 * The detail page's data (league-data.ts): loads 150 ms after the league, the viewer, the page or
 * the standings search changes (at once from the 2-minute cache when it is fresh, or by joining the early load of a
 * deep link); another page of the same league keeps the old rows while loading. `reload` loads
 * the league again (every page and viewer goes stale); with `autoRefresh` the data reloads every
 * 60 s, and while the tournament waits for its first refresh every few seconds. A failure toasts "Error - Failed to load tournament data";
 * a tournament that is not there is `notFound` instead (no toast, no error: decision 160), and a
 * load that failed because the browser is offline is `offline` (no toast, no error: it loads again
 * by itself when the connection returns, decision 165).
 */
export function useLeagueData(leagueId: string, page: number, search: string, autoRefresh: boolean) {
  const { user, isAuthenticated } = useAuth()
  const { toast } = useToast()
  const queryClient = useQueryClient()
  const viewer = isAuthenticated && user ? user.id : null
  const query = useQuery({
    ...leagueDataQuery(leagueId, page, viewer, search),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === leagueId ? keepPreviousData(previous) : undefined),
    // A tournament waiting for its first refresh asks again until the data lands (RefreshProgress).
    refetchInterval: (q) => refreshPollInterval(q.state.data?.league.refresh) || (autoRefresh ? AUTO_REFRESH_MS : false),
  })

  // Each failure is a new error: one toast per failure. A tournament that is not there is no
  // failure, nor is a load the browser could not make offline.
  const notFound = query.error instanceof TournamentNotFoundError
  const offline = query.error instanceof LeagueOfflineError && !query.isFetching
  const failure = notFound || query.error instanceof LeagueOfflineError ? null : query.error
  useEffect(() => {
    if (!failure) return
    console.error(failure)
    toast({ title: 'Error', description: 'Failed to load tournament data', variant: 'destructive' })
  }, [failure, toast])

  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: queryKeys.leagueDataPrefix(leagueId) }), [queryClient, leagueId])

  return {
    data: query.data ?? null,
    /** Whether `data` is another page's, shown while this one loads. */
    placeholder: query.isPlaceholderData,
    loading: query.isFetching || query.isPending,
    error: failure && !query.isFetching ? 'Failed to load league data' : null,
    /** The API says there is no tournament at this address (404, or 400 for an id that is none). */
    notFound,
    /** The load failed because the browser is offline; it is made again once back online. */
    offline,
    reload,
  }
}
