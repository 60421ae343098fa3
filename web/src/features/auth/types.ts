import type { InferResponseType } from 'hono/client'
import type { publicApi } from '../../lib/api'

/** The signed-in user, as kept in localStorage under `userData` (decision 181, R1). */
export interface User {
  id: number
  name: string
  email: string
  fpl_team_id: number | null
  created_at: string
  is_verified: boolean
  /** Ids of the leagues the user belongs to. */
  joined_leagues: number[]
  /** True once the team id is locked: its owner proved it is theirs (decision 061). */
  fpl_team_id_locked?: boolean
  /** The user proved the team is theirs (a code in its FPL team name). */
  fpl_team_verified?: boolean
  /** Some answers (login, verify-email) name the id `user_id`; the dashboard reads either. */
  user_id?: number
  /** Last season's team, after FPL's new season gave every team a new id (decision 185); null otherwise. */
  previous_fpl_team_id?: number | null
  previous_fpl_team_season?: string | null
  /** Whether the user's banter achievements may be shared (the privacy setting). */
  banter_sharing_enabled?: boolean
}

/** POST /api/auth/register's answer: the account made, and the leagues it joined or can join. */
export type RegisterAnswer = InferResponseType<typeof publicApi.auth.register.$post, 201>

/**
 * The parts of a signing-in answer (POST /api/auth/login, and verify-email's, which adds to it)
 * that describe the user. The register answer and the welcome link carry only the top-level ones.
 */
export type AuthAnswer = Partial<Pick<InferResponseType<typeof publicApi.auth.login.$post, 200>, 'user_id' | 'name' | 'email' | 'joined_leagues' | 'user'>>
