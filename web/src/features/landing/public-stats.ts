import { apiFetch } from '../../lib/api'
import { readStorage, writeStorage } from '../../lib/storage'

// The landing carousel's site-wide banter stats (GET /api/public-banter-stats), cached for
// 2 minutes in memory and in localStorage.

export const PUBLIC_STATS_CACHE_KEY = 'publicBanterStatsCache'
export const PUBLIC_STATS_TTL_MS = 120000

export interface PublicStat {
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

export interface PublicStatsResponse {
  stats: Record<string, PublicStat | null | undefined>
  total_players: number
  total_leagues: number
  data_source: string
  message?: string
}

/** What the carousel shows when the call fails (spec §8). */
export const PUBLIC_STATS_ERROR: PublicStatsResponse = {
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

export const statName = (stat: PublicStat) => (stat.manager ?? stat.player ?? '').trim()

export function isRealName(name: string | null | undefined): boolean {
  const value = (name ?? '').trim()
  return value !== '' && !placeholderSet.has(value.toLowerCase())
}

/** Real stats are shown only if at least one stat has a real name and the data is not the error fallback. */
export function hasRealStats(data: PublicStatsResponse | null | undefined): boolean {
  if (!data || data.data_source === 'error_fallback') return false
  return Object.values(data.stats ?? {}).some((stat) => stat && isRealName(statName(stat)))
}

let memory: { at: number; data: PublicStatsResponse } | null = null

function readCache(now: number): PublicStatsResponse | null {
  if (memory && now - memory.at < PUBLIC_STATS_TTL_MS) return memory.data
  const raw = readStorage(PUBLIC_STATS_CACHE_KEY)
  if (!raw) return null
  try {
    const cached = JSON.parse(raw) as { at: number; data: PublicStatsResponse }
    if (!cached?.data || !(now - cached.at < PUBLIC_STATS_TTL_MS) || cached.at > now) return null
    memory = cached
    return cached.data
  } catch {
    return null
  }
}

/** Forgets the in-memory copy (tests). */
export function resetPublicStatsCache(): void {
  memory = null
}

/** The stats, from the cache when younger than 2 minutes; a failure gives the error shape (not cached). */
export async function fetchPublicStats(signal?: AbortSignal, now = Date.now()): Promise<PublicStatsResponse> {
  const cached = readCache(now)
  if (cached) return cached
  try {
    const answer = await apiFetch<PublicStatsResponse>('/api/public-banter-stats', { auth: false, signal })
    const data: PublicStatsResponse = {
      stats: answer?.stats && typeof answer.stats === 'object' ? answer.stats : {},
      total_players: answer?.total_players ?? 0,
      total_leagues: answer?.total_leagues ?? 0,
      data_source: answer?.data_source ?? 'live',
      message: answer?.message,
    }
    memory = { at: Date.now(), data }
    writeStorage(PUBLIC_STATS_CACHE_KEY, JSON.stringify(memory))
    return data
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    console.warn('Public banter stats unavailable', error)
    return PUBLIC_STATS_ERROR
  }
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

const n = (v: number) => v.toLocaleString('en-GB')

const CARDS: { key: string; emoji: string; title: string; value: (s: PublicStat) => string; blurb: string }[] = [
  { key: 'top_scorer', emoji: '⚽', title: 'Top Scorer', value: (s) => (typeof s.points === 'number' ? `${n(s.points)} pts` : ''), blurb: 'The biggest gameweek haul across every league.' },
  { key: 'gameweek_rocket', emoji: '🚀', title: 'Gameweek Rocket', value: (s) => (typeof s.points === 'number' ? `${n(s.points)} pts` : ''), blurb: 'Who went stratospheric this week?' },
  { key: 'benched_beast', emoji: '🪑', title: 'Benched Beast', value: (s) => (typeof s.points === 'number' ? `${n(s.points)} pts` : ''), blurb: 'The most points left to rot on the bench.' },
  { key: 'captain_catastrophe', emoji: '🤦', title: 'Captain Catastrophe', value: (s) => (typeof s.points === 'number' ? `${n(s.points)} pts` : ''), blurb: 'The armband choice nobody will forget.' },
  { key: 'comeback_king', emoji: '📈', title: 'Comeback King', value: (s) => (typeof s.improvement === 'number' ? `+${n(s.improvement)} places` : ''), blurb: 'The biggest climb up a league table.' },
  { key: 'overall_rank_king', emoji: '🌍', title: 'Overall Rank King', value: (s) => (typeof s.rank === 'number' ? `#${n(s.rank)}` : ''), blurb: 'The best overall rank among our managers.' },
  { key: 'transfer_tornado', emoji: '🌪️', title: 'Transfer Tornado', value: (s) => (typeof s.transfers === 'number' ? `${n(s.transfers)} transfers` : ''), blurb: 'Wildcard? Who needs one.' },
  { key: 'hot_streak', emoji: '🔥', title: 'Hot Streak', value: (s) => (typeof s.streak === 'number' ? `${n(s.streak)} GWs` : ''), blurb: 'Green arrows, week after week.' },
  { key: 'cold_streak', emoji: '🥶', title: 'Cold Streak', value: (s) => (typeof s.streak === 'number' ? `${n(s.streak)} GWs` : ''), blurb: 'Red arrows as far as the eye can see.' },
  { key: 'fighting_back', emoji: '🥊', title: 'Fighting Back', value: (s) => (typeof s.improvement === 'number' ? `+${n(s.improvement)} places` : ''), blurb: 'Down but very much not out.' },
  { key: 'lowest_scorer', emoji: '🥄', title: 'Wooden Spoon', value: (s) => (typeof s.points === 'number' ? `${n(s.points)} pts` : ''), blurb: 'Somebody had to finish last.' },
]

/** The carousel's cards: the real stats when there are any, else "Coming Soon" placeholders for every stat. */
export function carouselCards(data: PublicStatsResponse | null): CarouselCard[] {
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
