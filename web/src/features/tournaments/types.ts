// Shapes of the tournament API's answers (spec tournaments §3, §7; field names as the API sends them).

export type LeagueType = 'private' | 'curated_public' | 'public'

/** One tournament (league) as GET /api/leagues lists it. */
export interface League {
  id: number
  name: string
  description?: string | null
  type?: LeagueType | string | null
  auto_join?: boolean
  is_public?: boolean
  fpl_league_id?: number | null
  /** Pounds. */
  entry_fee?: number | null
  /** Pounds. */
  current_prize_pool?: number | null
  member_count?: number | null
  created_at?: string | null
  is_commissioner?: boolean
  is_member?: boolean
  is_pinned?: boolean
  /** Commissioner only. */
  invite_code?: string | null
}

export interface CuratedTeam {
  fpl_team_id: number
  team_name: string
  player_name: string
  added_at?: string
}

/** GET /api/leagues/{id}: the list's fields plus the commissioner's name and the curated teams. */
export interface LeagueDetail extends League {
  commissioner_name?: string | null
  curated_teams?: CuratedTeam[]
}

export interface CreateLeagueResponse {
  league_id: number
  invite_code: string | null
  is_commissioner?: boolean
  message?: string
}

export interface ValidateLeagueResponse {
  fpl_valid: boolean
  fpl_league_name?: string | null
  system_exists?: boolean
  commissioner_name?: string | null
}

export interface ValidateTeamResponse {
  /** null: not checked (unknown). */
  valid: boolean | null
  team_name: string
}

export interface StandingRow {
  fpl_team_id: number
  team_name: string
  player_name: string
  total_points: number
  gameweek_points: number
  rank: number
  last_rank?: number | null
  is_current_user?: boolean
}

export interface PaginationMetadata {
  current_page: number
  per_page: number
  total_members: number
  total_pages: number
  has_previous: boolean
  has_next: boolean
}

export interface StandingsResponse {
  standings: StandingRow[]
  demo_mode?: boolean
  message?: string | null
  pagination_metadata?: PaginationMetadata
  current_user_position?: number | null
  current_user_in_standings?: boolean
  total_members?: number
  fpl_active_members?: number
  is_public_tournament?: boolean
  data_source?: string
  gameweek?: number | null
  refreshed_at?: string | null
}

export interface RunnerUp {
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
  standingsMetadata: Omit<StandingsResponse, 'standings' | 'pagination_metadata'>
  access: LeagueAccess
}
