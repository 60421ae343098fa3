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
export type CreateLeagueAnswer = InferResponseType<typeof api.leagues.$post, 201>
export type ValidateLeagueAnswer = InferResponseType<(typeof api)['validate-league'][':leagueId']['$get'], 200>
/** A team check as the join dialog holds it: `valid` is null while nothing was checked. */
export type TeamCheck = Omit<InferResponseType<(typeof api)['validate-team'][':id'][':code']['$get'], 200>, 'valid'> & { valid: boolean | null }
export type StandingsAnswer = InferResponseType<LeagueRoute['standings']['$get'], 200>
export type StandingRow = StandingsAnswer['standings'][number]
type PaginationMetadata = StandingsAnswer['pagination_metadata']

export type MonthlyWinnersAnswer = InferResponseType<LeagueRoute['monthly-winners']['$get'], 200>
export type MonthlyWinner = MonthlyWinnersAnswer['monthly_winners'][number]
export type BanterStatsAnswer = InferResponseType<LeagueRoute['banter-stats']['$get'], 200>
export type ComprehensiveBanterStats = NonNullable<BanterStatsAnswer['comprehensive_banter_stats']>
export type BanterKey = Exclude<keyof ComprehensiveBanterStats, 'league_context' | 'tournament_stats'>
/** One banter card's data as the API sends it: who, and the value fields of that stat. */
export type BanterStat<K extends BanterKey = BanterKey> = NonNullable<ComprehensiveBanterStats[K]>

/** The banter cards in display order. */
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
] as const satisfies readonly BanterKey[]

/** Why a tournament's private data is not shown: signed out (401) or not a member (403). */
export type LeagueAccess = 'ok' | 'signin' | 'members'

/** The league detail as assembled client-side (decision 181, R10). */
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
  standingsMetadata: Partial<Omit<StandingsAnswer, 'standings' | 'pagination_metadata'>>
  access: LeagueAccess
}
