import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { ApiError, api, pathParam, publicApi } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'
import { readStorage, removeStorage, writeStorage } from '../../lib/storage'
import { HIDDEN_PUBLIC_NAME, LEAGUE_ID_MIN_LENGTH, LEAGUES_CACHE_TTL_MS, PINNED_CURATED_NAME, TEAM_CODE_MIN_LENGTH } from './constants'
import type { CreateLeagueAnswer, League, TeamCheck, ValidateLeagueAnswer } from './types'

// ---------- The tournament list (GET /api/leagues), kept in localStorage for 5 minutes ----------

/** localStorage key of the kept list. The list depends on who asks (is_member, is_commissioner). */
export const LEAGUES_CACHE_KEY = 'tournamentsCache'

interface CachedLeagues {
  at: number
  viewer: number | null
  leagues: League[]
}

export const isPinned = (league: League) => league.is_pinned || (league.type === 'curated_public' && league.name === PINNED_CURATED_NAME)

const isHiddenLeague = (league: League) => league.type === 'public' && league.name === HIDDEN_PUBLIC_NAME

/** The list as shown: the hidden public tournament left out, the pinned curated league first, then by name. */
export function prepareLeagues(leagues: League[]): League[] {
  return leagues
    .filter((l) => !isHiddenLeague(l))
    .sort((a, b) => Number(isPinned(b)) - Number(isPinned(a)) || a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }))
}

/** The kept list for this viewer and when it was read, when it is younger than 5 minutes; else null. */
export function readCachedLeagues(viewer: number | null, now = Date.now()): CachedLeagues | null {
  const raw = readStorage(LEAGUES_CACHE_KEY)
  if (!raw) return null
  try {
    const cached = JSON.parse(raw) as CachedLeagues
    if (!Array.isArray(cached.leagues) || cached.viewer !== viewer) return null
    if (!(now - cached.at < LEAGUES_CACHE_TTL_MS) || cached.at > now) return null
    return cached
  } catch {
    return null
  }
}

/** Reads the list from the API and keeps it. Errors: "Unauthorized" (401) or "Failed to fetch leagues". */
export async function fetchLeagues(viewer: number | null, signal?: AbortSignal): Promise<League[]> {
  let leagues: League[]
  try {
    leagues = await parseResponse(api.leagues.$get(undefined, { init: { signal } }))
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new Error(error instanceof ApiError && error.status === 401 ? 'Unauthorized' : 'Failed to fetch leagues', { cause: error })
  }
  writeStorage(LEAGUES_CACHE_KEY, JSON.stringify({ at: Date.now(), viewer, leagues } satisfies CachedLeagues))
  return leagues
}

/**
 * The list query of one viewer. It is fresh for 5 minutes and its last answer is kept in
 * localStorage, so a reload within them shows it without asking (the query's persisted state:
 * one query, so a few lines here rather than a persister package).
 */
export const leaguesQuery = (viewer: number | null) =>
  queryOptions({
    queryKey: queryKeys.leagues(viewer),
    queryFn: ({ signal }) => fetchLeagues(viewer, signal),
    initialData: () => readCachedLeagues(viewer)?.leagues,
    initialDataUpdatedAt: () => readCachedLeagues(viewer)?.at,
    staleTime: LEAGUES_CACHE_TTL_MS,
    select: prepareLeagues,
  })

/** Forgets the list, kept and cached (after creating, joining or changing a tournament): the next look asks again. */
export function invalidateLeagues(queryClient: QueryClient): void {
  removeStorage(LEAGUES_CACHE_KEY)
  void queryClient.invalidateQueries({ queryKey: queryKeys.leaguesPrefix() })
}

// ---------- Create, join and the validation calls ----------

/**
 * Checks an FPL league ID (the create dialog calls it at exactly 6 characters), as the signed-in
 * user so the answer says whether their team is in it (`team_in_league`). Shorter than 2
 * characters: no check (null). A failed call counts as not valid.
 */
export async function validateLeague(leagueId: string, signal?: AbortSignal): Promise<ValidateLeagueAnswer | null> {
  const id = leagueId.trim()
  if (id.length < LEAGUE_ID_MIN_LENGTH) return null
  try {
    return await parseResponse(api['validate-league'][':leagueId'].$get({ param: { leagueId: pathParam(id) } }, { init: { signal } }))
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    return { fpl_valid: false, fpl_league_name: null, system_exists: false, commissioner_name: null, team_in_league: null }
  }
}

/**
 * Checks that a team (code) is in an FPL league. Without both a league and a code of at least 6
 * characters the result is unknown (valid null, empty name); a failed call is not valid.
 */
export async function validateTeam(
  leagueId: string | number | null | undefined,
  code: string | number | null | undefined,
  signal?: AbortSignal,
): Promise<TeamCheck> {
  const league = String(leagueId ?? '').trim()
  const team = String(code ?? '').trim()
  if (!league || team.length < TEAM_CODE_MIN_LENGTH) return { valid: null, team_name: '' }
  try {
    const answer = await parseResponse(
      publicApi['validate-team'][':id'][':code'].$get({ param: { id: pathParam(league), code: pathParam(team) } }, { init: { signal } }),
    )
    return { valid: answer.valid, team_name: answer.team_name }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    return { valid: false, team_name: '' }
  }
}

/**
 * POST /api/leagues: the fields go as query parameters and, form-encoded, in the body too
 * (decision 181, R7). Entry fee is always 0: prize features are off.
 */
export function createLeague(name: string, fplLeagueId: string): Promise<CreateLeagueAnswer> {
  const form = { name: name.trim(), fpl_league_id: fplLeagueId.trim(), entry_fee: '0' }
  // The route types the form (validateQueryOrForm reads the query first, then the form); the same
  // fields go as the query too, and the body form-encoded, where hc would send multipart.
  const input = { form, query: form }
  return parseResponse(
    api.leagues.$post(input, {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      init: { body: new URLSearchParams(form).toString() },
    }),
  )
}

/** POST /api/leagues/{id}/join with an empty JSON body. Errors: "Unauthorized" (401), else the detail or "Failed to join league". */
export async function joinLeague(leagueId: number) {
  try {
    return await parseResponse(
      api.leagues[':id'].join.$post({ param: { id: pathParam(leagueId) } }, { headers: { 'Content-Type': 'application/json' }, init: { body: '{}' } }),
    )
  } catch (error) {
    if (error instanceof ApiError) {
      throw new JoinError(error.status === 401 ? 'Unauthorized' : (error.detail ?? 'Failed to join league'), error.status)
    }
    throw new JoinError(null, 0)
  }
}

export class JoinError extends Error {
  override readonly name = 'JoinError'
  /** The server's reason, or null when the request failed without an answer. */
  readonly reason: string | null
  readonly status: number
  constructor(reason: string | null, status: number) {
    super(reason ?? 'Failed to join tournament')
    this.reason = reason
    this.status = status
  }
}
