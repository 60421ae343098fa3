// The tournament API's answers as the worker's routes type them (hono/client), and the detail
// page's view of them.

import type { InferResponseType } from 'hono/client'
import type { api } from '../../lib/api'

type LeagueRoute = (typeof api.leagues)[':id']

/** One tournament (league) as GET /api/leagues lists it. */
export type League = InferResponseType<typeof api.leagues.$get, 200>[number]
/** GET /api/leagues/{id}: the list's fields plus the commissioner's name and the curated teams. */
export type LeagueDetail = InferResponseType<LeagueRoute['$get'], 200>
export type CuratedTeam = LeagueDetail['curated_teams'][number]
export type CreateLeagueResponse = InferResponseType<typeof api.leagues.$post, 201>
export type ValidateLeagueResponse = InferResponseType<(typeof api)['validate-league'][':leagueId']['$get'], 200>
/** A team check as the join dialog holds it: `valid` is null while nothing was checked. */
export type ValidateTeamResponse = Omit<InferResponseType<(typeof api)['validate-team'][':id'][':code']['$get'], 200>, 'valid'> & { valid: boolean | null }
export type StandingsResponse = InferResponseType<LeagueRoute['standings']['$get'], 200>
export type StandingRow = StandingsResponse['standings'][number]
type PaginationMetadata = StandingsResponse['pagination_metadata']

// The monthly winners and banter answers are snapshot JSON the worker types only as JSON: their
// shapes are still written here until the snapshot store types them.

interface RunnerUp {
  position: number
  player_name: string
  team_name?: string
  total_points: number
}

export interface MonthlyWinner {
  month: string
  year?: number | null
  status: 'ongoing' | 'finished' | string
  prize?: number | null
  gameweeks_played?: number | null
  leading_player?: string | null
  leading_points?: number | null
  winner?: string | null
  /** Everyone level on the winning total, `winner` first (decision 044); absent in older snapshots. */
  joint_winners?: string[]
  monthly_points?: number | null
  average_per_gw?: number | null
  runners_up?: RunnerUp[]
}

export interface MonthlyWinnersResponse {
  monthly_winners: MonthlyWinner[]
  gameweek?: number | null
  data_source?: string
}

/** One banter card's data: who, and the value fields of that stat. */
export interface BanterStat {
  manager?: string
  player?: string
  team_name?: string
  description?: string
  emoji?: string
  points?: number
  points_gained?: number
  transfers?: number
  hits?: number
  points_spent?: number
  captain?: string
  improvement?: number
  drop?: number
  differential_points?: number
  metric?: number
  rank?: number
  [key: string]: unknown
}

export const BANTER_KEYS = [
  'gameweek_rocket',
  'auto_sub_saviour',
  'tournament_leader',
  'transfer_tornado',
  'captain_catastrophe',
  'wooden_spoon_warrior',
  'comeback_king',
  'freefall_legend',
  'differential_genius',
  'most_consistent',
  'benched_beast',
  'overall_rank_king',
] as const

export type BanterKey = (typeof BANTER_KEYS)[number]

export type ComprehensiveBanterStats = {
  tournament_stats?: { tournament_type?: string; league_name?: string; total_members?: number } | null
  league_context?: { name?: string; total_members?: number; tournament_type?: string; gameweek?: number } | null
} & Partial<Record<BanterKey, BanterStat | null>>

export interface BanterStatsResponse {
  comprehensive_banter_stats: ComprehensiveBanterStats | null
  message?: string | null
  gameweek?: number | null
}

export interface BanterStatsResponse {
  comprehensive_banter_stats: ComprehensiveBanterStats | null
  message?: string | null
  gameweek?: number | null
}

/** Why a tournament's private data is not shown: signed out (401) or not a member (403). */
export type LeagueAccess = 'ok' | 'signin' | 'members'

/** The league detail as assembled client-side (spec §3). */
export interface LeagueData {
  league: LeagueDetail
  standings: StandingRow[]
  monthlyWinners: MonthlyWinner[]
  banterStats: ComprehensiveBanterStats | null
  banterMessage: string | null
  paginationMetadata: PaginationMetadata | null
  currentUserPosition: number | null
  currentUserInStandings: boolean
  /** The standings answer's other fields (none when the standings are not shown). */
  standingsMetadata: Partial<Omit<StandingsResponse, 'standings' | 'pagination_metadata'>>
  access: LeagueAccess
}
