import type { QueryClient } from '@tanstack/react-query'
import { readStoredSession } from '../features/auth/auth-storage'
import { leagueDataQuery, standingsView } from '../features/tournaments/detail/league-data'

const TOURNAMENT_PATH = /^\/tournaments\/(\d+)\/?$/

/** The tournament id when `pathname` is a tournament's page. */
export const tournamentDeepLink = (pathname: string) => TOURNAMENT_PATH.exec(pathname)?.[1]

/**
 * A shared tournament link is the most common way in after the landing page. When the page opens
 * on one, its chunk downloads beside the app's, and a signed-out visitor's page 1 starts loading
 * into the app's query cache without waiting for React; the page then finds it there, or joins
 * the load. (When the page came with its answers they are in the cache already: nothing loads.)
 * A signed-in reader's page loads as usual, with the session's token, which only the running app
 * sends (and names the reader's own page, which the page then opens). Failures are reported when
 * the page asks for the chunk or the data.
 */
export function startTournamentDeepLink(pathname: string, queryClient: QueryClient, search = '') {
  const leagueId = tournamentDeepLink(pathname)
  if (!leagueId) return
  import('../pages/TournamentDetailPage').catch(() => {})
  const view = standingsView(new URLSearchParams(search))
  if (!readStoredSession().token) void queryClient.prefetchQuery(leagueDataQuery(leagueId, view.page ?? 1, null, view.search))
}
