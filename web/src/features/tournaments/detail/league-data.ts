import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { type PageAnswers, pageAnswerPaths } from '../../../../../contract/page-answers'
import { ApiError, api, NetworkError, pathParam } from '../../../lib/api'
import { isOnline } from '../../../lib/online'
import { queryKeys } from '../../../lib/query-keys'
import { DETAIL_LOAD_DELAY_MS, LEAGUE_DATA_CACHE_TTL_MS, STANDINGS_MAX_PAGE, STANDINGS_PAGE_SIZE, STANDINGS_SEARCH_MAX_LENGTH } from '../constants'
import type { BanterStatsAnswer, LeagueAccess, LeagueData, LeagueDetail, MonthlyWinnersAnswer, StandingsAnswer } from '../types'

// A tournament's detail data (decision 181, R10): league, standings page, monthly winners and
// banter, read together and kept in the query cache for 2 minutes per league, page and viewer.

/** The four answers, each either read or refused (the banter one may be missing). */
interface Settled {
  league: PromiseSettledResult<LeagueDetail>
  standings: PromiseSettledResult<StandingsAnswer>
  winners: PromiseSettledResult<MonthlyWinnersAnswer>
  banter: PromiseSettledResult<BanterStatsAnswer>
}

/**
 * The tournament is not there: the API answered 404 for it (none with this id), or 400 for its
 * address (`/tournaments/abc` is no id). Its message is the usual "Failed to fetch league data:
 * Failed to fetch league"; the page says "Tournament not found" with a way back instead of
 * offering Try again (decision 160).
 */
export class TournamentNotFoundError extends Error {
  override readonly name = 'TournamentNotFoundError'
}

/**
 * The tournament could not load because the browser is offline: a read got no answer (nor the
 * service worker's offline copy) while the browser says so. The page says it will load once back
 * online, and does (leagueDataQuery reloads on reconnect), instead of "Failed to load league data"
 * and a toast, which stay for a network failure while online (decision 165).
 */
export class LeagueOfflineError extends Error {
  override readonly name = 'LeagueOfflineError'
}

const missing = (reason: unknown) => reason instanceof ApiError && (reason.status === 404 || reason.status === 400)

const accessOf = (reason: unknown): LeagueAccess | null =>
  reason instanceof ApiError ? (reason.status === 401 ? 'signin' : reason.status === 403 ? 'members' : null) : null

/**
 * The page's data from the four answers. The banter call may fail (the page goes on without it);
 * 401 / 403 on the private data mean "sign in" / "members only", not an error. Other failures
 * throw "Failed to fetch league data: {reason}" (a TournamentNotFoundError when the league is not there).
 */
function combine({ league, standings, winners, banter }: Settled): LeagueData {
  let access: LeagueAccess = 'ok'
  let reason: string | null = null
  if (league.status === 'rejected') reason = 'Failed to fetch league'
  if (standings.status === 'rejected') {
    const denied = accessOf(standings.reason)
    if (denied) access = denied
    else reason ??= 'Failed to fetch standings'
  }
  if (winners.status === 'rejected') {
    const denied = accessOf(winners.reason)
    if (denied) access = access === 'ok' ? denied : access
    else reason ??= 'Failed to fetch winners'
  }
  if (league.status === 'rejected' && missing(league.reason)) throw new TournamentNotFoundError('Failed to fetch league data: Failed to fetch league')
  const unanswered = [league, standings, winners].some((read) => read.status === 'rejected' && read.reason instanceof NetworkError)
  if (reason && unanswered && !isOnline()) throw new LeagueOfflineError(`Failed to fetch league data: ${reason}`)
  if (reason || league.status !== 'fulfilled') throw new Error(`Failed to fetch league data: ${reason ?? 'Failed to fetch league'}`)

  const s = standings.status === 'fulfilled' ? standings.value : null
  const { standings: rows = [], pagination_metadata = null, ...standingsMetadata } = s ?? {}
  const b = banter.status === 'fulfilled' ? banter.value : null
  return {
    league: league.value,
    standings: rows,
    monthlyWinners: winners.status === 'fulfilled' ? winners.value.monthly_winners : [],
    banterStats: b?.comprehensive_banter_stats ?? null,
    banterMessage: b?.message ?? null,
    paginationMetadata: pagination_metadata,
    currentUserPosition: s?.current_user_position ?? null,
    currentUserInStandings: s?.current_user_in_standings ?? false,
    standingsMetadata,
    access,
  }
}

/**
 * Which standings the Live tab shows, as its URL says: `?page=` (null when absent: the tab opens
 * on the viewer's own page) and `?search=` (trimmed; empty for the whole table). A reload or a
 * shared link shows the same rows.
 */
export interface StandingsView {
  page: number | null
  search: string
}

export function standingsView(params: URLSearchParams): StandingsView {
  const page = Number(params.get('page'))
  return {
    page: Number.isInteger(page) && page >= 1 && page <= STANDINGS_MAX_PAGE ? page : null,
    search: (params.get('search') ?? '').trim().slice(0, STANDINGS_SEARCH_MAX_LENGTH),
  }
}

/** Reads the four answers in parallel (no cache, no delay); an abort is rethrown as is. */
export async function fetchLeagueData(leagueId: string | number, page: number, signal?: AbortSignal, search = ''): Promise<LeagueData> {
  const options = { init: { signal } }
  const param = { id: pathParam(leagueId) }
  const route = api.leagues[':id']
  // Without a search the path is the one the tournament page's own answers are kept under.
  const query = { page: String(page), limit: String(STANDINGS_PAGE_SIZE), ...(search ? { search } : {}) }
  const [league, standings, winners, banter] = await Promise.allSettled([
    parseResponse(route.$get({ param }, options)),
    parseResponse(route.standings.$get({ param, query }, options)),
    // Snapshot answers: the worker types them only as JSON (see types.ts).
    parseResponse(route['monthly-winners'].$get({ param }, options)),
    parseResponse(route['banter-stats'].$get({ param }, options)),
  ])
  for (const result of [league, standings, winners, banter]) {
    if (result.status === 'rejected' && result.reason instanceof DOMException && result.reason.name === 'AbortError') throw result.reason
  }
  return combine({ league, standings, winners, banter })
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    const stop = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    signal.addEventListener('abort', stop, { once: true })
  })

/**
 * The query of one page (of the table, or of a search's matches) as one viewer sees it (the
 * answers mark the viewer's own row, name its page, and hide private data from non-members).
 * Each network load waits 150 ms first, so a burst of changes (league, page, search, session)
 * costs one load; an answer fresh in the cache is shown at once. Offline it still asks (the service
 * worker may answer with its offline copy: networkMode offlineFirst), and back online it loads
 * again, fresh or not, so a failed load or an offline copy gives way to the network's answer.
 */
export const leagueDataQuery = (leagueId: string, page: number, viewer: number | null, search = '') =>
  queryOptions({
    queryKey: queryKeys.leagueData(leagueId, page, viewer, search),
    queryFn: async ({ signal }) => {
      await pause(DETAIL_LOAD_DELAY_MS, signal)
      return fetchLeagueData(leagueId, page, signal, search)
    },
    staleTime: LEAGUE_DATA_CACHE_TTL_MS,
    networkMode: 'offlineFirst',
    refetchOnReconnect: 'always',
  })

/** The answers' value as the API would have given it: the body, or the ApiError of its status. */
function settle<T>(answers: PageAnswers, path: string): PromiseSettledResult<T> {
  const answer = answers[path]
  if (answer?.status === 200) return { status: 'fulfilled', value: answer.body as T }
  const body = answer?.body as { detail?: string } | undefined
  return { status: 'rejected', reason: new ApiError(answer?.status ?? 503, body?.detail, body) }
}

/**
 * Puts a tournament page's own answers (#page-answers, as the worker wrote them for a visitor)
 * into the cache as page 1 for a signed-out viewer, so the first render needs no request.
 * Answers that do not make a page (the league itself refused or missing) are left out.
 */
export function seedLeagueData(client: QueryClient, answers: PageAnswers) {
  const leagueId = Object.keys(answers)
    .map((path) => /^\/api\/leagues\/(\d+)$/.exec(path)?.[1])
    .find(Boolean)
  if (!leagueId) return
  const [league, standings, winners, banter] = pageAnswerPaths(leagueId)
  try {
    const data = combine({
      league: settle(answers, league),
      standings: settle(answers, standings),
      winners: settle(answers, winners),
      banter: settle(answers, banter),
    })
    client.setQueryData(leagueDataQuery(leagueId, 1, null).queryKey, data)
  } catch {
    // Not a page the app can show from the answers alone: it asks the network as usual.
  }
}
