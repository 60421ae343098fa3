import { useQuery } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { LIVE_REFRESH_MS } from '../../../../contract/live'
import type { MyGameweekAnswer } from '../../../../contract/my-gameweek'
import { api } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'

// The manager's gameweek (GET /api/me/gameweek, contract/my-gameweek.ts), which the dashboard
// leads with. While the gameweek is in play it is read again every LIVE_REFRESH_MS, as the Live
// tab re-reads its table without a socket; otherwise once per visit (and on reconnect).

export function useMyGameweek(userId: number) {
  return useQuery({
    queryKey: queryKeys.myGameweek(userId),
    queryFn: ({ signal }): Promise<MyGameweekAnswer> => parseResponse(api.me.gameweek.$get(undefined, { init: { signal } })),
    refetchInterval: (query) => (query.state.data?.status === 'live' ? LIVE_REFRESH_MS : false),
  })
}
