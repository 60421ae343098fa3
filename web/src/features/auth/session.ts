import type { ApiUser } from '../../lib/api-answers'
import type { AuthAnswer, User } from './types'

/**
 * The session's user, from an answer that signs the user in. The full `user` object wins; the
 * top-level `user_id`, `name`, `email` and `joined_leagues` fill what it lacks. These answers
 * only exist for verified users, hence the `is_verified` default.
 */
export function userFromAuthAnswer(answer: AuthAnswer): User {
  const u: Partial<ApiUser> = answer.user ?? {}
  const id = u.id ?? u.user_id ?? answer.user_id ?? 0
  const user: User = {
    id,
    user_id: id,
    name: u.name ?? answer.name ?? '',
    email: u.email ?? answer.email ?? '',
    fpl_team_id: u.fpl_team_id ?? null,
    fpl_team_id_locked: u.fpl_team_id_locked ?? false,
    created_at: u.created_at ?? '',
    is_verified: u.is_verified ?? true,
    joined_leagues: u.joined_leagues ?? answer.joined_leagues ?? [],
  }
  if (u.banter_sharing_enabled !== undefined) user.banter_sharing_enabled = u.banter_sharing_enabled
  if (u.fpl_team_verified !== undefined) user.fpl_team_verified = u.fpl_team_verified
  if (u.previous_fpl_team_id) {
    user.previous_fpl_team_id = u.previous_fpl_team_id
    user.previous_fpl_team_season = u.previous_fpl_team_season ?? null
  }
  return user
}

/** The user object of GET /api/auth/me as the session keeps it. */
export function userFromApiUser(u: ApiUser): User {
  return userFromAuthAnswer({ user: u })
}
