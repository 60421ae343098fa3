import { queryOptions } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import type { LiveAnswer, LiveState, LiveTeamAnswer } from '../../../../contract/live'
import { STANDINGS_PAGE_SIZE } from '../../../../contract/tournaments'
import { api, apiSocketUrl, pathParam } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'

// Matchday Live's reads (contract/live.ts): a page of the live table and one manager's team view,
// kept under one prefix per tournament so a socket message re-reads whatever of it is on screen.

/**
 * One page of the live table as one viewer sees it (the answer marks the viewer's row); with a
 * search (trimmed, as the standings'), a page of the rows whose team or manager name matches.
 */
export const liveQuery = (leagueId: string, page: number, viewer: number | null, search = '') =>
  queryOptions({
    queryKey: queryKeys.liveTable(leagueId, page, viewer, search),
    queryFn: ({ signal }): Promise<LiveAnswer> =>
      parseResponse(
        api.leagues[':id'].live.$get(
          {
            param: { id: pathParam(leagueId) },
            query: { page: String(page), limit: String(STANDINGS_PAGE_SIZE), ...(search ? { search } : {}) },
          },
          { init: { signal } },
        ),
      ),
  })

/** One manager's gameweek, pick by pick. */
export const liveTeamQuery = (leagueId: string, fplTeamId: number) =>
  queryOptions({
    queryKey: queryKeys.liveTeam(leagueId, fplTeamId),
    queryFn: ({ signal }): Promise<LiveTeamAnswer> =>
      parseResponse(api.leagues[':id'].live[':fplTeamId'].$get({ param: { id: pathParam(leagueId), fplTeamId: String(fplTeamId) } }, { init: { signal } })),
  })

/** The tournament's live socket address (ws: or wss: as the page). */
export const liveSocketUrl = (leagueId: string) => apiSocketUrl(api.leagues[':id'].live.socket.$path({ param: { id: pathParam(leagueId) } }))

/**
 * Whether the answer is a gameweek in play to show live: live or finished, checked by FPL but
 * with its checked points not stored yet (still provisional), or upcoming once its deadline has
 * passed. The poller reads a gameweek only once FPL made it current, at its deadline, so an
 * upcoming answer with a time of data is past the deadline; without one (before the poller's
 * first read) it is the stored gameweek at rest.
 */
export const isLiveGameweek = (answer: Pick<LiveState, 'status' | 'updated_at' | 'provisional'>) =>
  answer.status === 'live' ||
  answer.status === 'finished' ||
  (answer.status === 'checked' && answer.provisional) ||
  (answer.status === 'upcoming' && answer.updated_at !== null)

/** The stored standings the page has: their gameweek (null before the first refresh) and whether FPL had checked it. */
export interface StoredTable {
  gameweek: number | null
  provisional: boolean
}

/**
 * The live answer is a newer table than the stored standings: a gameweek past the stored one, or
 * the stored one now final while the stored table is provisional. FPL checked it and the refresh
 * stored it, but the page still holds the older table (decision 143). Before a tournament's first
 * table is stored there is nothing to be newer than: the page shows its first refresh's progress.
 */
export const newerThanStored = (answer: Pick<LiveState, 'gameweek' | 'provisional'>, stored: StoredTable) =>
  answer.gameweek > 0 &&
  stored.gameweek !== null &&
  (answer.gameweek > stored.gameweek || (answer.gameweek === stored.gameweek && stored.provisional && !answer.provisional))

/** The Live tab shows the answer (not the stored standings): a gameweek in play, or a table newer than the stored one. */
export const showsLive = (answer: Pick<LiveState, 'gameweek' | 'status' | 'updated_at' | 'provisional'>, stored: StoredTable) =>
  isLiveGameweek(answer) || newerThanStored(answer, stored)
