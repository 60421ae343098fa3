// Answers of the account, dashboard and invite calls (the API's shapes are fixed).

/** The user object of /api/auth/me, and `user` in the login and verify-email answers. */
export interface ApiUser {
  id: number
  user_id?: number
  name: string
  email: string
  fpl_team_id: number | null
  fpl_team_id_locked?: boolean
  fpl_team_verified?: boolean
  created_at: string
  is_verified: boolean
  joined_leagues: number[]
  banter_sharing_enabled?: boolean
}

export interface LoginResponse {
  access_token: string
  token_type?: string
  user_id: number
  name: string
  email: string
  joined_leagues: number[]
  user?: ApiUser | null
}

export interface DiscoveredLeague {
  league_id: number
  league_name: string
  team_name?: string | null
  player_name?: string | null
  fpl_league_id?: number | null
  member_count?: number | null
  /** Pounds. */
  entry_fee?: number | null
  already_member?: boolean
}

export interface RegisterResponse {
  verification_required?: boolean
  email?: string
  discovered_leagues?: DiscoveredLeague[]
  /** FPL was too slow to find them all: the dashboard looks again (see useFirstDiscovery). */
  discovery_pending?: boolean
  user_id?: number
  name?: string
  access_token?: string | null
  message?: string
  user?: ApiUser | null
}

export interface VerifyEmailResponse {
  message?: string
  auto_joined_count?: number
  auto_joined_leagues?: { league_id: number; league_name: string }[]
  access_token?: string | null
  user_id?: number
  name?: string
  email?: string
  user?: ApiUser | null
}

export interface MessageResponse {
  message?: string
}

export interface ChangePasswordResponse {
  message?: string
  access_token?: string
}

export interface UserLeague {
  id: number
  name: string
  description?: string | null
  type?: string
  is_public?: boolean
  fpl_league_id?: number | null
  member_count?: number | null
  entry_fee?: number | null
  created_at?: string | null
  is_commissioner?: boolean
  invite_code?: string | null
}

export interface UserLeaguesResponse {
  leagues: UserLeague[]
}

export interface UpdateDisplayNameResponse {
  name: string
  message?: string
}

export interface UpdateFplTeamResponse {
  message?: string
  fpl_team_id: number
  fpl_team_id_locked?: boolean
  auto_joined_count?: number
  discovered_leagues?: DiscoveredLeague[]
  discovery_pending?: boolean
}

export interface DiscoverLeaguesResponse {
  discovered_leagues: DiscoveredLeague[]
}

export interface AutoJoinResponse {
  message?: string
  joined_count?: number
  joined_leagues?: { league_id: number; league_name: string }[]
}

export interface PrivacyResponse {
  banter_sharing_enabled: boolean
  message?: string
}

export interface SharedStat {
  id: number | string
  league_id?: number
  league_name?: string
  stat_type?: string
  created_at?: string
  view_count?: number
  click_count?: number
  stat_data?: {
    emoji?: string
    achievement_title?: string
    title?: string
    achievement_description?: string
    description?: string
    player_name?: string
    manager?: string
    league_name?: string
  } | null
  share_url?: string
}

export interface MySharesResponse {
  shared_stats: SharedStat[]
}

export interface InviteLeague {
  id: number
  name: string
  description?: string | null
  member_count?: number | null
  fpl_league_id?: number | null
  entry_fee?: number | null
  is_public?: boolean
  created_at?: string
  type?: string
}

export interface JoinByInviteResponse {
  message?: string
  league_id?: number
}
