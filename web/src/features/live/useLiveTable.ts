import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { LIVE_REFRESH_MS, type LiveAnswer } from '../../../../contract/live'
import { queryKeys } from '../../lib/query-keys'
import { useAuth } from '../auth/AuthProvider'
import { liveQuery, newerThanStored, type StoredTable, showsLive } from './live-api'
import { type SwingEntry, useSwingFeed } from './swing-feed'
import { useLiveSocket } from './useLiveSocket'

export interface LiveTableOptions {
  leagueId: string
  page: number
  /** The standings search (trimmed), empty for the whole table. */
  search: string
  /** The stored standings on the page: an answer newer than them is shown instead, never the older table. */
  stored: StoredTable
  /** The page's own load delay: the first read waits as long as the page's reads do. */
  startAfterMs: number
}

export interface LiveTable {
  /** The answer to show live, or null (the tab shows the stored standings). */
  answer: LiveAnswer | null
  swings: SwingEntry[]
  /** The last read failed: the tab says so with a retry (and keeps what it had). */
  failed: boolean
  fetching: boolean
  retry: () => void
}

/**
 * The Live tab's live table (decisions 117, 143), for a viewer who may read the tournament's
 * table (signed in, a member where it is private): one page of `/live`, re-read when the
 * tournament's socket says the table changed, and every LIVE_REFRESH_MS (decision 181, R9)
 * while no socket is open. The socket stays open whatever the gameweek's state, so an open tab
 * hears of the deadline, the first kick-off and FPL's check by itself. `answer` is null unless the
 * answer is one to show live (a gameweek in play, or a table newer than the stored standings);
 * the tab shows the stored standings then, and meanwhile. The first read starts `startAfterMs`
 * after the tab could make it (the page's own load delay): the page's first paint reads its four
 * answers only, a burst of changes costs one read, and a live answer already in the cache shows at once.
 */
export function useLiveTable({ leagueId, page, search, stored, startAfterMs }: LiveTableOptions): LiveTable {
  const { user, isAuthenticated, getToken } = useAuth()
  const queryClient = useQueryClient()
  const viewer = isAuthenticated && user ? user.id : null
  const started = useStarted(startAfterMs)
  const [socketOpen, setSocketOpen] = useState(false)
  const query = useQuery({
    ...liveQuery(leagueId, page, viewer, search),
    enabled: started,
    placeholderData: keepPreviousData,
    refetchInterval: socketOpen ? false : LIVE_REFRESH_MS,
  })
  const data = query.data
  const live = data && showsLive(data, stored) ? data : null

  const reread = useCallback(() => void queryClient.invalidateQueries({ queryKey: queryKeys.livePrefix(leagueId) }), [queryClient, leagueId])
  // Removed from a private tournament: the page reads who may see what again (members only).
  const revoked = useCallback(() => void queryClient.invalidateQueries({ queryKey: queryKeys.leagueDataPrefix(leagueId) }), [queryClient, leagueId])
  useLiveSocket({
    leagueId,
    // From the first answer on, whatever its state: at rest the socket hears of the next gameweek.
    enabled: data !== undefined,
    token: isAuthenticated ? getToken() : null,
    onChange: reread,
    onRevoked: revoked,
    onOpenChange: setSocketOpen,
  })
  useStoredTableCatchUp(leagueId, live, stored)
  const swings = useSwingFeed(live, user?.fpl_team_id ?? null)

  return {
    answer: live,
    swings,
    failed: query.isError,
    fetching: query.isFetching,
    retry: reread,
  }
}

/**
 * FPL's checked table is stored (the answer is final) but the page's standings are older: the
 * page's data is read again, once per gameweek; the live answer shows until they have caught up.
 */
function useStoredTableCatchUp(leagueId: string, live: { gameweek: number; provisional: boolean } | null, stored: StoredTable) {
  const queryClient = useQueryClient()
  const asked = useRef<number | null>(null)
  const behind = live !== null && !live.provisional && newerThanStored(live, stored) ? live.gameweek : null
  useEffect(() => {
    if (behind === null || asked.current === behind) return
    asked.current = behind
    void queryClient.invalidateQueries({ queryKey: queryKeys.leagueDataPrefix(leagueId) })
  }, [behind, queryClient, leagueId])
}

/** True from `delayMs` after the first render (and from then on). */
function useStarted(delayMs: number): boolean {
  const [started, setStarted] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), delayMs)
    return () => clearTimeout(timer)
  }, [delayMs])
  return started
}
