// Proving an FPL team is yours (issue 13 item 1): look a team up before saving its id, check it
// against a league, and the challenge / verify pair that puts a one-time code in the team's name.

import { type InferResponseType, parseResponse } from 'hono/client'
import { ApiError, api, pathParam, publicApi } from '../../lib/api'
import { errorText } from '../../lib/errors'

const teamProof = api.auth['fpl-team']

/** GET /api/fpl-team/{id} (public): who the id belongs to on FPL. */
export type FplTeam = InferResponseType<(typeof publicApi)['fpl-team'][':id']['$get'], 200>
/** POST /api/auth/fpl-team/challenge: the code to put in the team name, valid until `expires_at`. */
export type TeamChallenge = InferResponseType<typeof teamProof.challenge.$post, 200>
/** POST /api/auth/fpl-team/verify: the team is proven to be the account's. */
export type TeamVerified = InferResponseType<typeof teamProof.verify.$post, 200>

export const lookupTeam = (teamId: number, signal?: AbortSignal) =>
  parseResponse(publicApi['fpl-team'][':id'].$get({ param: { id: pathParam(teamId) } }, { init: { signal } }))

/** Is the team in FPL classic league `fplLeagueId`? (GET /api/validate-team; failures throw.) */
export async function isTeamInLeague(fplLeagueId: number, teamId: number, signal?: AbortSignal): Promise<boolean> {
  const answer = await parseResponse(
    publicApi['validate-team'][':id'][':code'].$get({ param: { id: pathParam(fplLeagueId), code: pathParam(teamId) } }, { init: { signal } }),
  )
  return answer.valid === true
}

// Without an id the server uses the account's own team.
const teamBody = (teamId?: number) => (teamId ? { fpl_team_id: teamId } : {})

export const requestTeamChallenge = (teamId?: number) => parseResponse(teamProof.challenge.$post({ json: teamBody(teamId) }))

export const verifyTeam = (teamId?: number) => parseResponse(teamProof.verify.$post({ json: teamBody(teamId) }))

/** What to say when a team id could not be looked up. */
export function lookupErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) {
    return error.detail ?? 'No FPL team has this ID. Check the number in your FPL Points page address and try again.'
  }
  return errorText(error, "We couldn't look this team up on FPL right now. Please try again in a minute.")
}
