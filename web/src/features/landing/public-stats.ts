import { queryOptions, useQuery } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { useEffect } from 'react'
import { formatNumber } from '../../../../contract/numbers'
import { publicApi } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'
import { readStorage, writeStorage } from '../../lib/storage'

// The landing carousel's site-wide banter stats (GET /api/public-banter-stats), cached for
// 2 minutes in the query cache and in localStorage.

export const PUBLIC_STATS_CACHE_KEY = 'publicBanterStatsCache'
const PUBLIC_STATS_TTL_MS = 120000

interface PublicStat {
  manager?: string
  player?: string
  team_name?: string
  description?: string
  source_tournament_name?: string
  league?: string
  points?: number
  improvement?: number
  rank?: number
  transfers?: number
  streak?: number
  [key: string]: unknown
}

export interface PublicStatsAnswer {
  stats: Record<string, PublicStat | null | undefined>
  total_players: number
  total_leagues: number
  data_source: string
  message?: string
}

/** What the carousel shows when the call fails (decision 181, R8). */
const PUBLIC_STATS_ERROR: PublicStatsAnswer = {
  stats: {},
  total_players: 0,
  total_leagues: 0,
  data_source: 'error',
  message: 'Unable to load public banter stats at this time.',
}

/** Names that mean "no real stat here" (placeholder content from the server or older clients). */
export const PLACEHOLDER_NAMES = [
  'No data',
  'Coming soon',
  'Create FPL leagues',
  'Join the fun',
  'Real stats incoming',
  'Unable to load',
  'Unable to calculate',
  'Not available in legacy mode',
]

const placeholderSet = new Set(PLACEHOLDER_NAMES.map((n) => n.toLowerCase()))

const statName = (stat: PublicStat) => (stat.manager ?? stat.player ?? '').trim()

function isRealName(name: string | null | undefined): boolean {
  const value = (name ?? '').trim()
  return value !== '' && !placeholderSet.has(value.toLowerCase())
}

/** Real stats are shown only if at least one stat has a real name and the data is not the error fallback. */
export function hasRealStats(data: PublicStatsAnswer | null | undefined): boolean {
  if (!data || data.data_source === 'error_fallback') return false
  return Object.values(data.stats ?? {}).some((stat) => stat && isRealName(statName(stat)))
}

interface CachedStats {
  at: number
  data: PublicStatsAnswer
}

/** The kept stats when younger than 2 minutes, else null. */
export function readCachedPublicStats(now = Date.now()): CachedStats | null {
  const raw = readStorage(PUBLIC_STATS_CACHE_KEY)
  if (!raw) return null
  try {
    const cached = JSON.parse(raw) as CachedStats
    if (!cached?.data || !(now - cached.at < PUBLIC_STATS_TTL_MS) || cached.at > now) return null
    return cached
  } catch {
    return null
  }
}

/** Reads the stats from the API and keeps them (a failure throws and keeps nothing). */
async function fetchPublicStats(signal?: AbortSignal): Promise<PublicStatsAnswer> {
  const data: PublicStatsAnswer = await parseResponse(publicApi['public-banter-stats'].$get(undefined, { init: { signal } }))
  writeStorage(PUBLIC_STATS_CACHE_KEY, JSON.stringify({ at: Date.now(), data } satisfies CachedStats))
  return data
}

/** Fresh for 2 minutes, in memory and (for the next page load) in localStorage. */
export const publicStatsQuery = () =>
  queryOptions({
    queryKey: queryKeys.publicBanterStats(),
    queryFn: ({ signal }) => fetchPublicStats(signal),
    initialData: () => readCachedPublicStats()?.data,
    initialDataUpdatedAt: () => readCachedPublicStats()?.at,
    staleTime: PUBLIC_STATS_TTL_MS,
  })

/** The stats, null while loading; a failure gives the error shape (decision 181, R8). */
export function usePublicStats(): PublicStatsAnswer | null {
  const query = useQuery(publicStatsQuery())
  const failure = query.isError ? query.error : null
  useEffect(() => {
    if (failure) console.warn('Public banter stats unavailable', failure)
  }, [failure])
  return query.data ?? (failure ? PUBLIC_STATS_ERROR : null)
}

export interface CarouselCard {
  key: string
  emoji: string
  title: string
  name: string
  value: string
  description: string
  source: string
  placeholder: boolean
}

const CARDS: { key: string; emoji: string; title: string; value: (s: PublicStat) => string; blurb: string }[] = [
  {
    key: 'top_scorer',
    emoji: '⚽',
    title: 'Top Scorer',
    value: (s) => (typeof s.points === 'number' ? `${formatNumber(s.points)} pts` : ''),
    blurb: 'The biggest gameweek haul across every league.',
  },
  {
    key: 'gameweek_rocket',
    emoji: '🚀',
    title: 'Gameweek Rocket',
    value: (s) => (typeof s.points === 'number' ? `${formatNumber(s.points)} pts` : ''),
    blurb: 'Who went stratospheric this week?',
  },
  {
    key: 'benched_beast',
    emoji: '🪑',
    title: 'Benched Beast',
    value: (s) => (typeof s.points === 'number' ? `${formatNumber(s.points)} pts` : ''),
    blurb: 'The most points left to rot on the bench.',
  },
  {
    key: 'captain_catastrophe',
    emoji: '🤦',
    title: 'Captain Catastrophe',
    value: (s) => (typeof s.points === 'number' ? `${formatNumber(s.points)} pts` : ''),
    blurb: 'The armband choice nobody will forget.',
  },
  {
    key: 'comeback_king',
    emoji: '📈',
    title: 'Comeback King',
    value: (s) => (typeof s.improvement === 'number' ? `+${formatNumber(s.improvement)} places` : ''),
    blurb: 'The biggest climb up a league table.',
  },
  {
    key: 'overall_rank_king',
    emoji: '🌍',
    title: 'Overall Rank King',
    value: (s) => (typeof s.rank === 'number' ? `#${formatNumber(s.rank)}` : ''),
    blurb: 'The best overall rank among our managers.',
  },
  {
    key: 'transfer_tornado',
    emoji: '🌪️',
    title: 'Transfer Tornado',
    value: (s) => (typeof s.transfers === 'number' ? `${formatNumber(s.transfers)} transfers` : ''),
    blurb: 'Wildcard? Who needs one.',
  },
  {
    key: 'hot_streak',
    emoji: '🔥',
    title: 'Hot Streak',
    value: (s) => (typeof s.streak === 'number' ? `${formatNumber(s.streak)} GWs` : ''),
    blurb: 'Green arrows, week after week.',
  },
  {
    key: 'cold_streak',
    emoji: '🥶',
    title: 'Cold Streak',
    value: (s) => (typeof s.streak === 'number' ? `${formatNumber(s.streak)} GWs` : ''),
    blurb: 'Red arrows as far as the eye can see.',
  },
  {
    key: 'fighting_back',
    emoji: '🥊',
    title: 'Fighting Back',
    value: (s) => (typeof s.improvement === 'number' ? `+${formatNumber(s.improvement)} places` : ''),
    blurb: 'Down but very much not out.',
  },
  {
    key: 'lowest_scorer',
    emoji: '🥄',
    title: 'Wooden Spoon',
    value: (s) => (typeof s.points === 'number' ? `${formatNumber(s.points)} pts` : ''),
    blurb: 'Somebody had to finish last.',
  },
]

/** The carousel's cards: the real stats when there are any, else "Coming Soon" placeholders for every stat. */
export function carouselCards(data: PublicStatsAnswer | null): CarouselCard[] {
  if (data && hasRealStats(data)) {
    return CARDS.flatMap((spec) => {
      const stat = data.stats[spec.key]
      if (!stat || !isRealName(statName(stat))) return []
      return [
        {
          key: spec.key,
          emoji: spec.emoji,
          title: spec.title,
          name: statName(stat),
          value: spec.value(stat),
          description: stat.description ?? spec.blurb,
          source: stat.source_tournament_name ?? stat.league ?? '',
          placeholder: false,
        },
      ]
    })
  }
  return CARDS.map((spec) => ({
    key: spec.key,
    emoji: spec.emoji,
    title: spec.title,
    name: 'Coming Soon',
    value: '',
    description: spec.blurb,
    source: '',
    placeholder: true,
  }))
}
