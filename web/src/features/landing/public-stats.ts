import { queryOptions, useQuery } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { useEffect } from 'react'
import { formatNumber } from '../../../../contract/numbers'
import { publicApi } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'
import { readStorage, writeStorage } from '../../lib/storage'
import type { PublicStat, PublicStatKey, PublicStats, PublicStatsAnswer } from './types'

// The landing carousel's site-wide banter stats (GET /api/public-banter-stats), cached for
// 2 minutes in the query cache and in localStorage.

export const PUBLIC_STATS_CACHE_KEY = 'publicBanterStatsCache'
const PUBLIC_STATS_TTL_MS = 120000

/** What the carousel shows when the call fails: the worker's own error answer (decision 181, R8). */
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

const statName = (stat: PublicStat) => stat.manager.trim()

function hasRealName(stat: PublicStat): boolean {
  const name = statName(stat)
  return name !== '' && !placeholderSet.has(name.toLowerCase())
}

/** Real stats are shown only if at least one stat has a real name and the data is not the error answer. */
export function hasRealStats(data: PublicStatsAnswer | null | undefined): boolean {
  if (!data || data.data_source === 'error') return false
  const stats: Partial<PublicStats> = data.stats
  return Object.values(stats).some((stat) => stat && hasRealName(stat))
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

interface CardSpec<K extends PublicStatKey> {
  key: K
  emoji: string
  title: string
  /**
   * The stat's figure as the card shows it ("104 pts"). A method, so the list of every stat's
   * spec passes as one `CardSpec`: `realCard` only ever hands it the stat of its own key.
   */
  value(stat: PublicStat<K>): string
  blurb: string
}

const points = (s: { points: number }) => `${formatNumber(s.points)} pts`
const places = (s: { improvement: number }) => `+${formatNumber(s.improvement)} places`
const gameweeks = (s: { streak: number }) => `${formatNumber(s.streak)} GWs`

const CARDS: { [K in PublicStatKey]: CardSpec<K> }[PublicStatKey][] = [
  {
    key: 'top_scorer',
    emoji: '⚽',
    title: 'Top Scorer',
    value: points,
    blurb: 'The biggest gameweek haul across every league.',
  },
  {
    key: 'gameweek_rocket',
    emoji: '🚀',
    title: 'Gameweek Rocket',
    value: points,
    blurb: 'Who went stratospheric this week?',
  },
  {
    key: 'benched_beast',
    emoji: '🪑',
    title: 'Benched Beast',
    value: points,
    blurb: 'The most points left to rot on the bench.',
  },
  {
    key: 'captain_catastrophe',
    emoji: '🤦',
    title: 'Captain Catastrophe',
    value: points,
    blurb: 'The armband choice nobody will forget.',
  },
  {
    key: 'comeback_king',
    emoji: '📈',
    title: 'Comeback King',
    value: places,
    blurb: 'The biggest climb up a league table.',
  },
  {
    key: 'overall_rank_king',
    emoji: '🌍',
    title: 'Overall Rank King',
    value: (s) => `#${formatNumber(s.rank)}`,
    blurb: 'The best overall rank among our managers.',
  },
  {
    key: 'transfer_tornado',
    emoji: '🌪️',
    title: 'Transfer Tornado',
    value: (s) => `${formatNumber(s.transfers)} transfers`,
    blurb: 'Wildcard? Who needs one.',
  },
  {
    key: 'hot_streak',
    emoji: '🔥',
    title: 'Hot Streak',
    value: gameweeks,
    blurb: 'Green arrows, week after week.',
  },
  {
    key: 'cold_streak',
    emoji: '🥶',
    title: 'Cold Streak',
    value: gameweeks,
    blurb: 'Red arrows as far as the eye can see.',
  },
  {
    key: 'fighting_back',
    emoji: '🥊',
    title: 'Fighting Back',
    value: places,
    blurb: 'Down but very much not out.',
  },
  {
    key: 'lowest_scorer',
    emoji: '🥄',
    title: 'Wooden Spoon',
    value: points,
    blurb: 'Somebody had to finish last.',
  },
]

function realCard<K extends PublicStatKey>(spec: CardSpec<K>, stats: Partial<PublicStats>): CarouselCard[] {
  const stat = stats[spec.key]
  if (!stat || !hasRealName(stat)) return []
  return [
    {
      key: spec.key,
      emoji: spec.emoji,
      title: spec.title,
      name: statName(stat),
      value: spec.value(stat),
      description: stat.description,
      source: stat.source_tournament_name,
      placeholder: false,
    },
  ]
}

/** The carousel's cards: the real stats when there are any, else "Coming Soon" placeholders for every stat. */
export function carouselCards(data: PublicStatsAnswer | null): CarouselCard[] {
  if (data && hasRealStats(data)) {
    const stats: Partial<PublicStats> = data.stats
    return CARDS.flatMap((spec) => realCard(spec, stats))
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
