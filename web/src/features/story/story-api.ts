import { queryOptions } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import type { RecordsAnswer, SeasonsAnswer } from '../../../../contract/hall-of-fame'
import type { RaceAnswer } from '../../../../contract/race'
import { api, pathParam } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'

// The league's story reads (contract/race.ts, contract/hall-of-fame.ts). The refresh computes
// them: the Hall of Fame on each checked gameweek (a few times a week at most), the race with
// every snapshot (about every half hour while a gameweek is finishing).

const STALE_MS = 5 * 60_000

export const raceQuery = (leagueId: string) =>
  queryOptions({
    queryKey: queryKeys.race(leagueId),
    queryFn: ({ signal }): Promise<RaceAnswer> => parseResponse(api.leagues[':id'].race.$get({ param: { id: pathParam(leagueId) } }, { init: { signal } })),
    staleTime: STALE_MS,
  })

export const recordsQuery = (leagueId: string) =>
  queryOptions({
    queryKey: queryKeys.hallOfFameRecords(leagueId),
    queryFn: ({ signal }): Promise<RecordsAnswer> =>
      parseResponse(api.leagues[':id'].records.$get({ param: { id: pathParam(leagueId) } }, { init: { signal } })),
    staleTime: STALE_MS,
  })

export const seasonsQuery = (leagueId: string) =>
  queryOptions({
    queryKey: queryKeys.hallOfFameSeasons(leagueId),
    queryFn: ({ signal }): Promise<SeasonsAnswer> =>
      parseResponse(api.leagues[':id'].seasons.$get({ param: { id: pathParam(leagueId) } }, { init: { signal } })),
    staleTime: STALE_MS,
  })
