import { useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useAuth } from '../auth/AuthProvider'
import { leaguesQuery } from './leagues-api'
import type { League } from './types'

type LeaguesState =
  | { status: 'loading'; leagues: League[] | null; error: null }
  | { status: 'ready'; leagues: League[]; error: null }
  | { status: 'error'; leagues: League[] | null; error: string }

/** The tournament list for whoever is signed in, from the 5-minute cache when it is fresh. */
export function useLeagues() {
  const { user, isAuthenticated } = useAuth()
  const query = useQuery(leaguesQuery(isAuthenticated && user ? user.id : null))
  const leagues = query.data ?? null
  const { refetch } = query
  /** Reloads from the server (after creating or joining). */
  const refresh = useCallback(() => refetch(), [refetch])
  const state: LeaguesState =
    query.isError && !query.isFetching
      ? { status: 'error', leagues, error: query.error.message }
      : query.isFetching || !leagues
        ? { status: 'loading', leagues, error: null }
        : { status: 'ready', leagues, error: null }
  return { ...state, refresh }
}
