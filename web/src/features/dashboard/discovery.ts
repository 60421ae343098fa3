import { queryOptions, useQuery } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { api, pathParam } from '../../lib/api'
import type { DiscoveredLeague } from '../../lib/api-answers'
import { queryKeys } from '../../lib/query-keys'
import { readStorage, writeStorage } from '../../lib/storage'

// Discovery asks FPL which classic leagues a team plays in. Every look is a fresh question
// (the user may have joined leagues since), so nothing is kept once no screen shows it.

const storageKey = (teamId: number) => `leagueDiscovery:${teamId}`

/** An answer listed the team's leagues (adding the team id, say): no need to look again on load. */
export const markTeamDiscovered = (teamId: number) => writeStorage(storageKey(teamId), 'done')

/**
 * The look: `discovered_leagues`, the tournaments here the team can join, and `not_here_yet`, the
 * team's invitational FPL leagues with no tournament here (none from a server that predates it).
 */
export const discoveryQuery = (teamId: number) =>
  queryOptions({
    queryKey: queryKeys.discoverLeagues(teamId),
    queryFn: async ({ signal }) => {
      const answer = await parseResponse(api['discover-leagues'][':fpl_team_id'].$get({ param: { fpl_team_id: pathParam(teamId) } }, { init: { signal } }))
      markTeamDiscovered(teamId)
      return { discovered_leagues: answer.discovered_leagues, not_here_yet: answer.not_here_yet ?? [] }
    },
    gcTime: 0,
    staleTime: 0,
  })

// When FPL is slow at sign-up, the answer carries `discovery_pending` and the server finishes
// discovery in the background, warming its cache. So the dashboard looks once for a team it has
// not seen discovered on this device, and offers the leagues it finds (the answer is instant
// from that cache): tournaments to join, or FPL leagues to start here. Once an answer came, the
// team counts as discovered here: "Find Leagues" stays for later looks. If FPL is still down,
// the next visit tries again.

/** The leagues to offer on load for a team not discovered on this device yet; null when there is nothing to offer. */
export function useFirstDiscovery(teamId: number | null | undefined): DiscoveredLeague[] | null {
  // Read on every render: the answer marks the team, so the look stops there while its answer stays on screen.
  const look = Boolean(teamId) && !readStorage(storageKey(teamId ?? 0))
  const query = useQuery({ ...discoveryQuery(teamId ?? 0), enabled: look })
  const found = query.data
  if (!found) return null
  return found.discovered_leagues.some((league) => !league.already_member) || found.not_here_yet.length > 0 ? found.discovered_leagues : null
}
