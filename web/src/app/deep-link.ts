import { startEarlyLoad } from '../features/tournaments/detail/early-load'

const TOURNAMENT_PATH = /^\/tournaments\/(\d+)\/?$/

/** The tournament id when `pathname` is a tournament's page. */
export const tournamentDeepLink = (pathname: string) => TOURNAMENT_PATH.exec(pathname)?.[1]

/**
 * A shared tournament link is the most common way in after the landing page. When the page opens
 * on one, its chunk downloads beside the app's, and an anonymous visitor's data starts loading
 * without waiting for React (early-load.ts). Failures are reported when the page asks for the
 * chunk or the data.
 */
export function startTournamentDeepLink(pathname: string) {
  const leagueId = tournamentDeepLink(pathname)
  if (!leagueId) return
  import('../pages/TournamentDetailPage').catch(() => {})
  startEarlyLoad(leagueId)
}
