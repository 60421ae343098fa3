import type { QueryClient } from '@tanstack/react-query'
import { readStoredSession } from '../features/auth/auth-storage'
import { leagueDataQuery, seedLeagueData, standingsView } from '../features/tournaments/detail/league-data'
import { readPageAnswers } from '../lib/page-answers'

const TOURNAMENT_PATH = /^\/tournaments\/(\d+)\/?$/

/** The tournament id when `pathname` is a tournament's page. */
const tournamentDeepLink = (pathname: string) => TOURNAMENT_PATH.exec(pathname)?.[1]

/**
 * The app opens on a tournament's page (mount.tsx loads this module only there, with the page's
 * data layer): the answers the worker wrote into the page go into the app's cache before the
 * first render, and the page's data starts loading when they are not there.
 */
export function openTournamentDeepLink(pathname: string, queryClient: QueryClient, search: string) {
  seedLeagueData(queryClient, readPageAnswers())
  startTournamentDeepLink(pathname, queryClient, search)
}

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
