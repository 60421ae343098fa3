import { queryOptions } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { publicApi } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'

// Where FPL's year stands (GET /api/season, decision 183). It changes a few times a year: a page
// asks once and keeps the answer for the visit.

export const seasonQuery = () =>
  queryOptions({
    queryKey: queryKeys.season(),
    queryFn: ({ signal }) => parseResponse(publicApi.season.$get(undefined, { init: { signal } })),
    staleTime: 30 * 60_000,
  })
