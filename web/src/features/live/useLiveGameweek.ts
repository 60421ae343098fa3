import { type QueryCache, useQueryClient } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import type { LiveAnswer } from '../../../../contract/live'
import { queryKeys } from '../../lib/query-keys'

/** The newest gameweek among the cached live table pages of the tournament, or null. */
function newestGameweek(cache: QueryCache, leagueId: string): number | null {
  let newest: number | null = null
  for (const query of cache.findAll({ queryKey: queryKeys.liveTablePrefix(leagueId) })) {
    const gameweek = (query.state.data as LiveAnswer | undefined)?.gameweek
    if (gameweek && (newest === null || gameweek > newest)) newest = gameweek
  }
  return newest
}

/**
 * The gameweek the Live tab has read for the tournament (null before any read), kept up to date
 * as its answers arrive: the page header names it once it is past the stored table's (decision
 * 143, one gameweek everywhere), so the header and the live card never name two gameweeks. Read
 * from the query cache, so it costs no request and holds on the other tabs too.
 */
export function useLiveGameweek(leagueId: string): number | null {
  const cache = useQueryClient().getQueryCache()
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache])
  // The page renderer draws a visitor's page, who never has a live read: null there.
  return useSyncExternalStore(
    subscribe,
    () => newestGameweek(cache, leagueId),
    () => null,
  )
}
