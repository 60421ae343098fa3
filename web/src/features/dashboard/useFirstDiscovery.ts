import { useEffect } from 'react'
import { apiFetch } from '../../lib/api'
import type { DiscoveredLeague, DiscoverLeaguesResponse } from '../../lib/api-answers'
import { readStorage, writeStorage } from '../../lib/storage'

// When FPL is slow at sign-up, the answer carries `discovery_pending` and the server finishes
// discovery in the background, warming its cache. So the dashboard looks once for a team it has
// not seen discovered on this device, and offers the leagues it finds (the answer is instant
// from that cache). Once an answer came, the team counts as discovered here: "Find Leagues"
// stays for later looks. If FPL is still down, the next visit tries again.

const storageKey = (teamId: number) => `leagueDiscovery:${teamId}`

/** An answer listed the team's leagues (adding the team id, say): no need to look again on load. */
export const markTeamDiscovered = (teamId: number) => writeStorage(storageKey(teamId), 'done')

export function useFirstDiscovery(teamId: number | null | undefined, offer: (leagues: DiscoveredLeague[]) => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: offer is a fresh function every render; the look depends on the team only
  useEffect(() => {
    if (!teamId || readStorage(storageKey(teamId))) return
    const controller = new AbortController()
    apiFetch<DiscoverLeaguesResponse>(`/api/discover-leagues/${teamId}`, { signal: controller.signal })
      .then((answer) => {
        markTeamDiscovered(teamId)
        const found = answer?.discovered_leagues ?? []
        if (found.some((l) => !l.already_member)) offer(found)
      })
      .catch(() => {
        // Not found yet: the next visit looks again, and "Find Leagues" is there meanwhile.
      })
    return () => controller.abort()
  }, [teamId])
}
