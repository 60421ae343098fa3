import { useCallback, useEffect, useRef, useState } from 'react'
import { useAuth } from '../auth/AuthProvider'
import { fetchLeagues, readCachedLeagues, prepareLeagues } from './leagues-api'
import type { League } from './types'

export type LeaguesState =
  | { status: 'loading'; leagues: League[] | null; error: null }
  | { status: 'ready'; leagues: League[]; error: null }
  | { status: 'error'; leagues: League[] | null; error: string }

/** The tournament list for whoever is signed in, from the 5-minute cache when it is fresh. */
export function useLeagues() {
  const { user, isAuthenticated } = useAuth()
  const viewer = isAuthenticated && user ? user.id : null
  const [state, setState] = useState<LeaguesState>(() => {
    const cached = readCachedLeagues(viewer)
    return cached ? { status: 'ready', leagues: prepareLeagues(cached), error: null } : { status: 'loading', leagues: null, error: null }
  })
  const controllerRef = useRef<AbortController | null>(null)

  const load = useCallback(
    async (force: boolean) => {
      controllerRef.current?.abort()
      const controller = new AbortController()
      controllerRef.current = controller
      setState((s) => (s.status === 'ready' && !force ? s : { status: 'loading', leagues: s.leagues, error: null }))
      try {
        const leagues = await fetchLeagues({ viewer, force, signal: controller.signal })
        if (!controller.signal.aborted) setState({ status: 'ready', leagues, error: null })
      } catch (error) {
        if (controller.signal.aborted) return
        setState((s) => ({ status: 'error', leagues: s.leagues, error: error instanceof Error ? error.message : 'Failed to fetch leagues' }))
      }
    },
    [viewer],
  )

  useEffect(() => {
    void load(false)
    return () => controllerRef.current?.abort()
  }, [load])

  /** Reloads from the server (after creating or joining). */
  const refresh = useCallback(() => load(true), [load])
  return { ...state, refresh }
}
