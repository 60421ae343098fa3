import { QueryClient } from '@tanstack/react-query'
import { watchConnection } from '../lib/online'

/**
 * A data cache (TanStack Query) with the app's defaults and nothing in it. Each query names its
 * own freshness (the product's cache times, decision 181 R9: see leagueDataQuery, the tournament
 * list, the public stats); failures are shown, not retried, and nothing reloads on focus unless a
 * screen asks for it. Offline (lib/online.ts, the browser's word) a load waits for the connection instead of
 * failing, and when it returns what is on screen and stale loads again by itself (decision 165).
 * query-client.ts puts a page's answers into one.
 */
export function emptyQueryClient(): QueryClient {
  watchConnection()
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: true } } })
}

let browserClient: QueryClient | null = null

/**
 * The browser's client, shared by the tournament page's early load (deep-link.ts, which also puts
 * the page's answers into it) and the app. Kept apart from query-client.ts, whose seeding needs
 * the tournament page's data layer: a first screen elsewhere does not load it (decision 168).
 */
export const appQueryClient = () => (browserClient ??= emptyQueryClient())
