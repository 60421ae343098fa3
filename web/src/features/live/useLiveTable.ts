import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { LIVE_REFRESH_MS } from '../../../../contract/live'
import { useAuth } from '../auth/AuthProvider'
import { DETAIL_LOAD_DELAY_MS } from '../tournaments/constants'
import { leagueDataPrefix } from '../tournaments/detail/league-data'
import { isLiveGameweek, livePrefix, liveQuery } from './live-api'
import { useSwingFeed } from './swing-feed'
import { useLiveSocket } from './useLiveSocket'

interface Options {
  leagueId: string
  page: number
  /** The viewer may read the tournament's table (signed in, a member where it is private) and no search is shown. */
  enabled: boolean
  /** The page's Auto-refresh switch: also re-read a gameweek at rest every 60 s (a new one may start). */
  autoRefresh: boolean
}

/**
 * The Live tab's live table (decision 117): one page of `/live`, re-read when the tournament's
 * socket says the table changed, and every LIVE_REFRESH_MS (the spec's auto-refresh) while no
 * socket is open. The socket is open only while a gameweek is in play on screen. `answer` is
 * null unless the gameweek is one to show live (the tab shows the stored standings then, and
 * meanwhile). The first read starts 150 ms after the tab could make it (the page's own load
 * delay): the page's first paint reads its four answers only, a burst of changes costs one read,
 * and a live answer already in the cache shows at once.
 */
export function useLiveTable({ leagueId, page, enabled, autoRefresh }: Options) {
  const { user, isAuthenticated, getToken } = useAuth()
  const queryClient = useQueryClient()
  const viewer = isAuthenticated && user ? user.id : null
  const started = useStarted(enabled)
  const [socketOpen, setSocketOpen] = useState(false)
  const query = useQuery({
    ...liveQuery(leagueId, page, viewer),
    enabled: enabled && started,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data && isLiveGameweek(q.state.data) ? !socketOpen && LIVE_REFRESH_MS : autoRefresh && LIVE_REFRESH_MS),
  })
  const data = enabled ? query.data : undefined
  const live = data && isLiveGameweek(data) ? data : null

  const reread = useCallback(() => void queryClient.invalidateQueries({ queryKey: livePrefix(leagueId) }), [queryClient, leagueId])
  // Removed from a private tournament: the page reads who may see what again (members only).
  const revoked = useCallback(() => void queryClient.invalidateQueries({ queryKey: leagueDataPrefix(leagueId) }), [queryClient, leagueId])
  useLiveSocket({
    leagueId,
    enabled: live !== null,
    token: isAuthenticated ? getToken() : null,
    onChange: reread,
    onRevoked: revoked,
    onOpenChange: setSocketOpen,
  })
  const swings = useSwingFeed(live, user?.fpl_team_id ?? null)

  return {
    answer: live,
    swings,
    /** The last read failed: the tab says so with a retry (and keeps what it had). */
    failed: enabled && query.isError,
    fetching: query.isFetching,
    retry: reread,
  }
}

/** True from DETAIL_LOAD_DELAY_MS after `wanted` first held (and from then on). */
function useStarted(wanted: boolean): boolean {
  const [started, setStarted] = useState(false)
  useEffect(() => {
    if (!wanted || started) return
    const timer = setTimeout(() => setStarted(true), DETAIL_LOAD_DELAY_MS)
    return () => clearTimeout(timer)
  }, [wanted, started])
  return started
}
