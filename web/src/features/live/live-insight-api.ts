import { queryOptions } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import type { LiveBattleAnswer, LiveGlanceAnswer, LiveOwnershipAnswer } from '../../../../contract/live-insight'
import { api, pathParam } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'

// The league's matchday insight (contract/live-insight.ts). Its keys sit under the tournament's
// live prefix, so the socket's news of a new generation re-reads the open view with the table
// (useLiveTable invalidates that prefix; decision 102).

const autoSubsQuery = (autoSubs: boolean) => ({ auto_subs: autoSubs ? ('true' as const) : ('false' as const) })

/** Every player owned in the league; `mine` is the viewer's 15 against it, so the cache keeps one per viewer. */
export const ownershipQuery = (leagueId: string, viewer: number | null, autoSubs: boolean) =>
  queryOptions({
    queryKey: queryKeys.liveInsight(leagueId, 'ownership', viewer, autoSubs),
    queryFn: ({ signal }): Promise<LiveOwnershipAnswer> =>
      parseResponse(api.leagues[':id'].live.ownership.$get({ param: { id: pathParam(leagueId) }, query: autoSubsQuery(autoSubs) }, { init: { signal } })),
  })

/** The viewer's team against `rival` (null: the server's choice, the manager just above him, or below when he leads). */
export const battleQuery = (leagueId: string, viewer: number | null, autoSubs: boolean, rival: number | null) =>
  queryOptions({
    queryKey: queryKeys.liveInsight(leagueId, 'battle', viewer, autoSubs, rival),
    queryFn: ({ signal }): Promise<LiveBattleAnswer> =>
      parseResponse(
        api.leagues[':id'].live.battle.$get(
          { param: { id: pathParam(leagueId) }, query: { ...autoSubsQuery(autoSubs), ...(rival === null ? {} : { with: String(rival) }) } },
          { init: { signal } },
        ),
      ),
  })

/** The league's gameweek at a glance: the same for every reader. */
export const glanceQuery = (leagueId: string, autoSubs: boolean) =>
  queryOptions({
    queryKey: queryKeys.liveInsight(leagueId, 'glance', autoSubs),
    queryFn: ({ signal }): Promise<LiveGlanceAnswer> =>
      parseResponse(api.leagues[':id'].live.glance.$get({ param: { id: pathParam(leagueId) }, query: autoSubsQuery(autoSubs) }, { init: { signal } })),
  })
