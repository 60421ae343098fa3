import { hasPageAnswer } from '../../../lib/page-answers'
import { readStoredSession } from '../../auth/auth-storage'
import { DETAIL_LOAD_DELAY_MS, STANDINGS_PAGE_SIZE } from '../constants'
import { leagueApiPath, loadLeagueData } from '../leagues-api'

/**
 * Starts loading page 1 of a tournament's data for an anonymous visitor before React has
 * rendered the page (the usual way in from a shared link); useLeagueData joins or reuses it
 * instead of loading again, and reports its failure. When the page came with the answers
 * (page-answers.ts) nothing goes to the network, so there is no delay: the data is in the cache
 * before the app's first render. A signed-in reader's page loads as usual, with the session's
 * token, which only the running app sends.
 */
export function startEarlyLoad(leagueId: string) {
  if (readStoredSession().token) return
  const load = () => void loadLeagueData(leagueId, 1, STANDINGS_PAGE_SIZE, { viewer: null }).catch(() => {})
  if (hasPageAnswer(leagueApiPath(leagueId))) load()
  else setTimeout(load, DETAIL_LOAD_DELAY_MS)
}
