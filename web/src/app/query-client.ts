import { QueryClient } from '@tanstack/react-query'
import type { PageAnswers } from '../../../contract/page-answers'
import { seedLeagueData } from '../features/tournaments/detail/league-data'
import { watchConnection } from '../lib/online'
import { readPageAnswers } from '../lib/page-answers'

/**
 * The app's one data cache (TanStack Query). Each query names its own freshness (the spec's
 * cache times: see leagueDataQuery, the tournament list, the public stats); failures are shown,
 * not retried, and nothing reloads on focus unless a screen asks for it. Offline (lib/online.ts,
 * the browser's word) a load waits for the connection instead of failing, and when it returns
 * what is on screen and stale loads again by itself (issue 28 item 7, decision 165).
 * A page's own answers (#page-answers) are in it from the start.
 */
export function createQueryClient(answers: PageAnswers = {}): QueryClient {
  watchConnection()
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: true } } })
  seedLeagueData(client, answers)
  return client
}

let browserClient: QueryClient | null = null

/** The browser's client, shared by the deep link's early load (deep-link.ts) and the app. */
export const appQueryClient = () => (browserClient ??= createQueryClient(readPageAnswers()))
