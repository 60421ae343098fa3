import { queryOptions } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { api } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'

/** The league's invite link: one cache entry for the invite tab and the members tab, so a new link replaces it in both. */
export const inviteLinkQuery = (leagueId: number) =>
  queryOptions({
    queryKey: queryKeys.inviteLink(leagueId),
    queryFn: ({ signal }) => parseResponse(api.leagues[':id']['invite-link'].$get({ param: { id: String(leagueId) } }, { init: { signal } })),
  })
