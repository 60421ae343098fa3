import { queryOptions } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import type { GazetteAnswer } from '../../../../contract/gazette'
import { api, pathParam } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'

// The Gameweek Gazette's calls (contract/gazette.ts): read by the wall, moderated by the commissioner.

const leagues = api.leagues[':id']

export const gazetteQuery = (leagueId: number | string) =>
  queryOptions({
    queryKey: queryKeys.gazette(leagueId),
    queryFn: ({ signal }): Promise<GazetteAnswer> => parseResponse(leagues.gazette.$get({ param: { id: pathParam(leagueId) } }, { init: { signal } })),
    staleTime: 5 * 60_000,
  })

/** "2026/27" as the address writes it. */
const seasonParam = (season: string) => season.replace('/', '-')

export const deleteEdition = (leagueId: number | string, season: string, gameweek: number) =>
  parseResponse(
    leagues.gazette[':season'][':gameweek'].$delete({ param: { id: pathParam(leagueId), season: seasonParam(season), gameweek: String(gameweek) } }),
  )

export const setGazetteEnabled = (leagueId: number | string, enabled: boolean) =>
  parseResponse(leagues.gazette.settings.$put({ param: { id: pathParam(leagueId) }, json: { enabled } }))
