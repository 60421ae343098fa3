// Proving an FPL team is yours (issue 13 item 1): look a team up before saving its id, check it
// against a league, and the challenge / verify pair that puts a one-time code in the team's name.

import { ApiError, apiFetch } from '../../lib/api'
import { errorText } from '../../lib/errors'

/** GET /api/fpl-team/{id} (public): who the id belongs to on FPL. */
export interface FplTeam {
  fpl_team_id: number
  team_name: string
  player_name: string
}

/** POST /api/auth/fpl-team/challenge: the code to put in the team name, valid until `expires_at`. */
export interface TeamChallenge {
  code: string
  expires_at: string
  fpl_team_id: number
}

/** POST /api/auth/fpl-team/verify: the team is proven to be the account's. */
export interface TeamVerified {
  fpl_team_id: number
  team_name: string
  verified: true
}

export const lookupTeam = (teamId: number, signal?: AbortSignal) => apiFetch<FplTeam>(`/api/fpl-team/${teamId}`, { auth: false, signal })

/** Is the team in FPL classic league `fplLeagueId`? (GET /api/validate-team; failures throw.) */
export async function isTeamInLeague(fplLeagueId: number, teamId: number, signal?: AbortSignal): Promise<boolean> {
  const answer = await apiFetch<{ valid?: boolean }>(`/api/validate-team/${fplLeagueId}/${teamId}`, { auth: false, signal })
  return answer?.valid === true
}

// Without an id the server uses the account's own team.
const teamBody = (teamId?: number) => (teamId ? { fpl_team_id: teamId } : {})

export const requestTeamChallenge = (teamId?: number) => apiFetch<TeamChallenge>('/api/auth/fpl-team/challenge', { method: 'POST', body: teamBody(teamId) })

export const verifyTeam = (teamId?: number) => apiFetch<TeamVerified>('/api/auth/fpl-team/verify', { method: 'POST', body: teamBody(teamId) })

/** What to say when a team id could not be looked up. */
export function lookupErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) {
    return error.detail ?? 'No FPL team has this ID. Check the number in your FPL Points page address and try again.'
  }
  return errorText(error, "We couldn't look this team up on FPL right now. Please try again in a minute.")
}
