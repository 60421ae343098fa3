// The team view's address (decision 118): `?team=<fpl_team_id>` on the tournament's URL, beside
// its `?page=`, so a team view can be linked, reloaded and closed with Back.

const TEAM_PARAM = 'team'

/** The search of `params` with the team view of `fplTeamId` open (null: closed). */
export function teamSearch(params: URLSearchParams, fplTeamId: number | null): string {
  const next = new URLSearchParams(params)
  if (fplTeamId === null) next.delete(TEAM_PARAM)
  else next.set(TEAM_PARAM, String(fplTeamId))
  const search = next.toString()
  return search ? `?${search}` : ''
}

/** The team view the URL asks for, or null. */
export function openTeam(params: URLSearchParams): number | null {
  const id = Number(params.get(TEAM_PARAM))
  return Number.isSafeInteger(id) && id > 0 ? id : null
}
