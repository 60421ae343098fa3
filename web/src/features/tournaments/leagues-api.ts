import { ApiError, apiFetch } from '../../lib/api'
import { readStorage, removeStorage, writeStorage } from '../../lib/storage'
import {
  DEFAULT_PAGE,
  HIDDEN_PUBLIC_NAME,
  LEAGUE_DATA_CACHE_TTL_MS,
  LEAGUE_ID_MIN_LENGTH,
  LEAGUES_CACHE_TTL_MS,
  PINNED_CURATED_NAME,
  STANDINGS_PAGE_SIZE,
  TEAM_CODE_MIN_LENGTH,
} from './constants'
import type {
  BanterStatsResponse,
  CreateLeagueResponse,
  League,
  LeagueAccess,
  LeagueData,
  LeagueDetail,
  MonthlyWinnersResponse,
  StandingsResponse,
  ValidateLeagueResponse,
  ValidateTeamResponse,
} from './types'

// ---------- The tournament list (GET /api/leagues), cached in localStorage for 5 minutes ----------

/** localStorage key of the cached list. The list depends on who asks (is_member, is_commissioner). */
export const LEAGUES_CACHE_KEY = 'tournamentsCache'

interface CachedLeagues {
  at: number
  viewer: number | null
  leagues: League[]
}

export const isPinned = (league: League) =>
  Boolean(league.is_pinned) || (league.type === 'curated_public' && league.name === PINNED_CURATED_NAME)

export const isHiddenLeague = (league: League) => league.type === 'public' && league.name === HIDDEN_PUBLIC_NAME

/** The list as shown: the hidden public tournament left out, the pinned curated league first, then by name. */
export function prepareLeagues(leagues: League[]): League[] {
  return leagues
    .filter((l) => !isHiddenLeague(l))
    .sort((a, b) => Number(isPinned(b)) - Number(isPinned(a)) || a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }))
}

/** The cached list for this viewer when it is younger than 5 minutes, else null. */
export function readCachedLeagues(viewer: number | null, now = Date.now()): League[] | null {
  const raw = readStorage(LEAGUES_CACHE_KEY)
  if (!raw) return null
  try {
    const cached = JSON.parse(raw) as CachedLeagues
    if (!Array.isArray(cached.leagues) || cached.viewer !== viewer) return null
    if (!(now - cached.at < LEAGUES_CACHE_TTL_MS) || cached.at > now) return null
    return cached.leagues
  } catch {
    return null
  }
}

/** Forgets the cached list (after creating or joining a tournament). */
export function invalidateLeaguesCache(): void {
  removeStorage(LEAGUES_CACHE_KEY)
}

/** The list (from the cache unless `force`). Errors: "Unauthorized" (401) or "Failed to fetch leagues". */
export async function fetchLeagues(options: { viewer: number | null; force?: boolean; signal?: AbortSignal }): Promise<League[]> {
  if (!options.force) {
    const cached = readCachedLeagues(options.viewer)
    if (cached) return prepareLeagues(cached)
  }
  let leagues: League[]
  try {
    const answer = await apiFetch<League[]>('/api/leagues', { signal: options.signal })
    leagues = Array.isArray(answer) ? answer : []
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new Error(error instanceof ApiError && error.status === 401 ? 'Unauthorized' : 'Failed to fetch leagues', { cause: error })
  }
  const record: CachedLeagues = { at: Date.now(), viewer: options.viewer, leagues }
  writeStorage(LEAGUES_CACHE_KEY, JSON.stringify(record))
  return prepareLeagues(leagues)
}

// ---------- Create, join and the validation calls ----------

/**
 * Checks an FPL league ID (the create dialog calls it at exactly 6 characters). Shorter than 2
 * characters: no check (null). A failed call counts as not valid.
 */
export async function validateLeague(leagueId: string, signal?: AbortSignal): Promise<ValidateLeagueResponse | null> {
  const id = leagueId.trim()
  if (id.length < LEAGUE_ID_MIN_LENGTH) return null
  try {
    const answer = await apiFetch<ValidateLeagueResponse>(`/api/validate-league/${encodeURIComponent(id)}`, { auth: false, signal })
    return { ...answer, fpl_valid: Boolean(answer?.fpl_valid) }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    return { fpl_valid: false, fpl_league_name: null, system_exists: false, commissioner_name: null }
  }
}

/**
 * Checks that a team (code) is in an FPL league. Without both a league and a code of at least 6
 * characters the result is unknown (valid null, empty name); a failed call is not valid.
 */
export async function validateTeam(leagueId: string | number | null | undefined, code: string | number | null | undefined, signal?: AbortSignal): Promise<ValidateTeamResponse> {
  const league = String(leagueId ?? '').trim()
  const team = String(code ?? '').trim()
  if (!league || team.length < TEAM_CODE_MIN_LENGTH) return { valid: null, team_name: '' }
  try {
    const answer = await apiFetch<ValidateTeamResponse>(`/api/validate-team/${encodeURIComponent(league)}/${encodeURIComponent(team)}`, {
      auth: false,
      signal,
    })
    return { valid: answer?.valid ?? null, team_name: answer?.team_name ?? '' }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    return { valid: false, team_name: '' }
  }
}

/**
 * POST /api/leagues: the fields go as query parameters and, form-encoded, in the body too
 * (spec §7). Entry fee is always 0: prize features are off.
 */
export function createLeague(name: string, fplLeagueId: string): Promise<CreateLeagueResponse> {
  const fields = new URLSearchParams({ name: name.trim(), fpl_league_id: fplLeagueId.trim(), entry_fee: '0' })
  return apiFetch<CreateLeagueResponse>(`/api/leagues?${fields.toString()}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
  })
}

/** POST /api/leagues/{id}/join with an empty JSON body. Errors: "Unauthorized" (401), else the detail or "Failed to join league". */
export async function joinLeague(leagueId: number): Promise<{ message?: string }> {
  try {
    return (await apiFetch<{ message?: string }>(`/api/leagues/${leagueId}/join`, { method: 'POST', body: {} })) ?? {}
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

// ---------- Tournament detail data: league, standings, winners, banter (cached 2 minutes) ----------

interface CacheEntry {
  at: number
  data: LeagueData
}

const dataCache = new Map<string, CacheEntry>()

/**
 * The cache key: league, page and limit (spec), plus who is looking, because the answers mark
 * the viewer's own row and hide private data from non-members.
 */
const dataKey = (leagueId: string | number, page: number, limit: number, viewer: number | null) =>
  `${leagueId}:${page}:${limit}:${viewer ?? 'anon'}`

export function cachedLeagueData(leagueId: string | number, page: number, limit: number, viewer: number | null, now = Date.now()): LeagueData | null {
  const entry = dataCache.get(dataKey(leagueId, page, limit, viewer))
  return entry && now - entry.at < LEAGUE_DATA_CACHE_TTL_MS ? entry.data : null
}

/** Forgets cached detail data (of one league, or all). */
export function clearLeagueDataCache(leagueId?: string | number): void {
  if (leagueId === undefined) dataCache.clear()
  else for (const key of dataCache.keys()) if (key.startsWith(`${leagueId}:`)) dataCache.delete(key)
}

const accessOf = (reason: unknown): LeagueAccess | null =>
  reason instanceof ApiError ? (reason.status === 401 ? 'signin' : reason.status === 403 ? 'members' : null) : null

/** The tournament's own API path, the first of the detail page's four. */
export const leagueApiPath = (leagueId: string | number) => `/api/leagues/${encodeURIComponent(String(leagueId))}`

/** The four API paths the detail page loads (worker/routes/tournament-page.ts writes the same). */
export function detailDataPaths(leagueId: string | number, page: number, limit: number) {
  const base = leagueApiPath(leagueId)
  return { league: base, standings: `${base}/standings?page=${page}&limit=${limit}`, winners: `${base}/monthly-winners`, banter: `${base}/banter-stats` }
}

/** Loads started without an abort signal (the early load, detail/early-load.ts), which later callers join. */
const inFlight = new Map<string, Promise<LeagueData>>()

/** Whether a load of this league, page and viewer is under way that a caller would join. */
export const leagueDataInFlight = (leagueId: string | number, page: number, limit: number, viewer: number | null) =>
  inFlight.has(dataKey(leagueId, page, limit, viewer))

/**
 * Loads everything the detail page shows, in parallel. The banter call may fail (the page goes on
 * without it); 401 / 403 on the private data mean "sign in" / "members only", not an error.
 * Other failures throw "Failed to fetch league data: {reason}". Unless `force`, a fresh cached
 * answer or a matching load already under way is used.
 */
export function loadLeagueData(
  leagueId: string | number,
  page = DEFAULT_PAGE,
  limit = STANDINGS_PAGE_SIZE,
  options: { viewer?: number | null; force?: boolean; signal?: AbortSignal } = {},
): Promise<LeagueData> {
  const viewer = options.viewer ?? null
  const key = dataKey(leagueId, page, limit, viewer)
  if (!options.force) {
    const cached = cachedLeagueData(leagueId, page, limit, viewer)
    if (cached) return Promise.resolve(cached)
    const pending = inFlight.get(key)
    if (pending) return pending
  }
  const request = fetchLeagueData(leagueId, page, limit, key, options.signal)
  if (!options.signal) {
    inFlight.set(key, request)
    const settle = () => inFlight.delete(key)
    request.then(settle, settle)
  }
  return request
}

async function fetchLeagueData(leagueId: string | number, page: number, limit: number, key: string, signal?: AbortSignal): Promise<LeagueData> {
  const init = { signal }
  const paths = detailDataPaths(leagueId, page, limit)
  const [league, standings, winners, banter] = await Promise.allSettled([
    apiFetch<LeagueDetail>(paths.league, init),
    apiFetch<StandingsResponse>(paths.standings, init),
    apiFetch<MonthlyWinnersResponse>(paths.winners, init),
    apiFetch<BanterStatsResponse>(paths.banter, init),
  ])
  for (const result of [league, standings, winners, banter]) {
    if (result.status === 'rejected' && result.reason instanceof DOMException && result.reason.name === 'AbortError') throw result.reason
  }

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
  if (reason || league.status !== 'fulfilled') throw new Error(`Failed to fetch league data: ${reason ?? 'Failed to fetch league'}`)

  const s = standings.status === 'fulfilled' ? standings.value : null
  const { standings: rows, pagination_metadata, ...standingsMetadata } = s ?? { standings: [] }
  const b = banter.status === 'fulfilled' ? banter.value : null
  const data: LeagueData = {
    league: league.value,
    standings: Array.isArray(rows) ? rows : [],
    monthlyWinners: winners.status === 'fulfilled' && Array.isArray(winners.value?.monthly_winners) ? winners.value.monthly_winners : [],
    banterStats: b?.comprehensive_banter_stats ?? null,
    banterMessage: b?.message ?? null,
    paginationMetadata: pagination_metadata ?? null,
    currentUserPosition: s?.current_user_position ?? null,
    currentUserInStandings: Boolean(s?.current_user_in_standings),
    standingsMetadata,
    access,
  }
  dataCache.set(key, { at: Date.now(), data })
  return data
}
