import { queryOptions } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import type { RecordsResponse, SeasonsResponse } from '../../../../contract/hall-of-fame'
import { api, pathParam } from '../../lib/api'

// The Hall of Fame's reads (contract/hall-of-fame.ts): the refresh computes it on each checked
// gameweek, so it changes at most a few times a week.

const STALE_MS = 5 * 60_000

export const recordsQuery = (leagueId: string) =>
  queryOptions({
    queryKey: ['hall-of-fame', leagueId, 'records'],
    queryFn: ({ signal }): Promise<RecordsResponse> =>
      parseResponse(api.leagues[':id'].records.$get({ param: { id: pathParam(leagueId) } }, { init: { signal } })),
    staleTime: STALE_MS,
  })

export const seasonsQuery = (leagueId: string) =>
  queryOptions({
    queryKey: ['hall-of-fame', leagueId, 'seasons'],
    queryFn: ({ signal }): Promise<SeasonsResponse> =>
      parseResponse(api.leagues[':id'].seasons.$get({ param: { id: pathParam(leagueId) } }, { init: { signal } })),
    staleTime: STALE_MS,
  })
