import { useCallback, useEffect, useRef, useState } from 'react'
import { useAuth } from '../../auth/AuthProvider'
import { useToast } from '../../toast/ToastProvider'
import { AUTO_REFRESH_MS, DETAIL_LOAD_DELAY_MS, STANDINGS_PAGE_SIZE } from '../constants'
import { cachedLeagueData, leagueDataInFlight, loadLeagueData } from '../leagues-api'
import type { LeagueData } from '../types'

interface DataState {
  /** Which league and page `data` belongs to. */
  key: string
  data: LeagueData | null
  loading: boolean
  error: string | null
}

/**
 * The detail page's data. Loads 150 ms after the league id, the token or the page changes (at
 * once from the 2-minute cache when it is fresh, or by joining the early load of a deep link);
 * `reload` skips the cache; with `autoRefresh` the data reloads every 60 s. A failure toasts
 * "Error - Failed to load tournament data".
 */
export function useLeagueData(leagueId: string, page: number, autoRefresh: boolean) {
  const { token, user, isAuthenticated } = useAuth()
  const { toast } = useToast()
  const viewer = isAuthenticated && user ? user.id : null
  const key = `${leagueId}:${page}:${viewer ?? 'anon'}`
  const [state, setState] = useState<DataState>(() => {
    const cached = cachedLeagueData(leagueId, page, STANDINGS_PAGE_SIZE, viewer)
    return { key, data: cached, loading: !cached, error: null }
  })
  const [reloadCount, setReloadCount] = useState(0)
  const forceNext = useRef(false)

  useEffect(() => {
    const controller = new AbortController()
    const force = forceNext.current
    forceNext.current = false
    // A different league starts from nothing; another page keeps the old rows while loading.
    setState((s) => ({
      key,
      data: s.data && s.data.league && String(s.data.league.id) === leagueId ? s.data : null,
      loading: true,
      error: null,
    }))
    // The delay spaces out network loads. An answer already at hand (fresh in the cache) or on
    // its way (the early load of a deep link, deep-link.ts, which started DETAIL_LOAD_DELAY_MS
    // after the page opened) is taken without waiting again.
    const atHand =
      !force && (leagueDataInFlight(leagueId, page, STANDINGS_PAGE_SIZE, viewer) || cachedLeagueData(leagueId, page, STANDINGS_PAGE_SIZE, viewer) !== null)
    const timer = setTimeout(() => {
      loadLeagueData(leagueId, page, STANDINGS_PAGE_SIZE, { viewer, force, signal: controller.signal })
        .then((data) => {
          if (!controller.signal.aborted) setState({ key, data, loading: false, error: null })
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return
          console.error(error)
          setState((s) => ({ ...s, loading: false, error: 'Failed to load league data' }))
          toast({ title: 'Error', description: 'Failed to load tournament data', variant: 'destructive' })
        })
    }, atHand ? 0 : DETAIL_LOAD_DELAY_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
    // token: a new session (sign in, sign out, refreshed token) loads again.
  }, [leagueId, page, token, viewer, key, reloadCount, toast])

  const reload = useCallback(() => {
    forceNext.current = true
    setReloadCount((n) => n + 1)
  }, [])

  useEffect(() => {
    if (!autoRefresh) return
    const timer = setInterval(reload, AUTO_REFRESH_MS)
    return () => clearInterval(timer)
  }, [autoRefresh, reload, leagueId])

  return { data: state.data, loading: state.loading, error: state.error, reload }
}
