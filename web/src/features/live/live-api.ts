import { queryOptions } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import type { LiveAnswer, LiveTeamAnswer } from '../../../../contract/live'
import { api, apiSocketUrl, pathParam } from '../../lib/api'
import { STANDINGS_PAGE_SIZE } from '../tournaments/constants'

// Matchday Live's reads (contract/live.ts): a page of the live table and one manager's team view,
// kept under one prefix per tournament so a socket message re-reads whatever of it is on screen.

/** Every live read of one tournament (table pages and team views), whoever looked. */
export const livePrefix = (leagueId: string) => ['live', leagueId] as const

/** One page of the live table as one viewer sees it (the answer marks the viewer's row). */
export const liveQuery = (leagueId: string, page: number, viewer: number | null) =>
  queryOptions({
    queryKey: [...livePrefix(leagueId), 'table', page, viewer],
    queryFn: ({ signal }): Promise<LiveAnswer> =>
      parseResponse(
        api.leagues[':id'].live.$get(
          { param: { id: pathParam(leagueId) }, query: { page: String(page), limit: String(STANDINGS_PAGE_SIZE) } },
          { init: { signal } },
        ),
      ),
  })

/** One manager's gameweek, pick by pick. */
export const liveTeamQuery = (leagueId: string, fplTeamId: number) =>
  queryOptions({
    queryKey: [...livePrefix(leagueId), 'team', fplTeamId],
    queryFn: ({ signal }): Promise<LiveTeamAnswer> =>
      parseResponse(api.leagues[':id'].live[':fplTeamId'].$get({ param: { id: pathParam(leagueId), fplTeamId: String(fplTeamId) } }, { init: { signal } })),
  })

/** The tournament's live socket address (ws: or wss: as the page). */
export const liveSocketUrl = (leagueId: string) => apiSocketUrl(api.leagues[':id'].live.socket.$path({ param: { id: pathParam(leagueId) } }))

/**
 * Whether the answer is a gameweek in play to show live: live or finished (not yet checked by
 * FPL), or upcoming once its deadline has passed. The poller reads a gameweek only once FPL made
 * it current, at its deadline, so an upcoming answer with a time of data is past the deadline;
 * without one (before the poller's first read) it is the stored gameweek at rest.
 */
export const isLiveGameweek = (answer: Pick<LiveAnswer, 'status' | 'updated_at'>) =>
  answer.status === 'live' || answer.status === 'finished' || (answer.status === 'upcoming' && answer.updated_at !== null)
