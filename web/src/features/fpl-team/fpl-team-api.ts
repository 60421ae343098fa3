// Proving an FPL team is yours (decision 061): look a team up before saving its id, check it
// against a league, and the challenge / verify pair that puts a one-time code in the team's name.

import { parseResponse } from 'hono/client'
import { ApiError, api, pathParam, publicApi } from '../../lib/api'
import { errorText } from '../../lib/errors'
import type { TeamVerified } from './types'

const teamProof = api.auth['fpl-team']

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

/** What the session's user becomes once the team is verified: it is theirs, and its id is locked. */
export const verifiedTeamFields = (team: TeamVerified) => ({ fpl_team_id: team.fpl_team_id, fpl_team_verified: true, fpl_team_id_locked: true })

/** What to say when a team id could not be looked up. */
export function lookupErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) {
    return error.detail ?? 'No FPL team has this ID. Check the number in your FPL Points page address and try again.'
  }
  return errorText(error, "We couldn't look this team up on FPL right now. Please try again in a minute.")
}
