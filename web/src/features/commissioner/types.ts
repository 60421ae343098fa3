import type { InferResponseType } from 'hono/client'
import type { api } from '../../lib/api'

/** GET /api/leagues/{id}/members, as the route types it. */
export type MembersAnswer = InferResponseType<(typeof api.leagues)[':id']['members']['$get'], 200>
/** One member in it. */
export type LeagueMember = MembersAnswer['active_members'][number]

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
