export interface LeagueMember {
  id: number
  name: string
  email: string
  fpl_team_id: number | null
  team_name: string | null
  is_commissioner: boolean
  team_valid: boolean
  can_reactivate: boolean
  /** The member proved the team is theirs. */
  fpl_team_verified?: boolean
}

export interface MembersResponse {
  active_members: LeagueMember[]
  inactive_members: LeagueMember[]
}

export interface InviteLinkResponse {
  invite_url: string
  invite_code?: string
  message?: string
}

/** The league as the commissioner screen gets it (navigation state from the dashboard or the detail page). */
export interface ManagedLeague {
  id: number
  name: string
  description?: string | null
  is_public?: boolean
  fpl_league_id?: number | null
  created_at?: string | null
  is_commissioner?: boolean
  type?: string | null
  member_count?: number | null
}
