/**
 * Each feed generation's `/live` pages at the edge (the data centre's Cache API), so one popular
 * tournament's reads do not all queue on its one hub (decision 142). A page is the same for every
 * viewer but for their own row's mark and their place (`is_current_user`, `current_user_position`,
 * `current_user_page`): the page is kept as the hub answers it for nobody, with the table's order
 * (entry and rank) beside it, and the viewer is marked on the way out. The key names the version of
 * everything the table is made of (the feed's generation and time, the stored table's gameweek,
 * status and revision), so nothing is ever purged: a new version is a new key. The route has
 * authorized the viewer before anything is read from here.
 */
import type { LiveAnswer } from '../../../contract/live'
import type { Database } from '../../db/client'
import type { Bindings } from '../../env'
import { log } from '../../lib/log'
import { type FeedGen, readFeedGen } from './feed'
import { hubOf } from './hubs'
import { type SnapshotKey, snapshotKey, viewerPlace } from './table'

/** A kept page lives this long: a table also moves inside a generation while picks arrive (the hub re-reads them every 10 s). */
const PAGE_TTL_SECONDS = 10
/** The keys' origin: never fetched, only a name for caches.default. */
const KEY_ORIGIN = 'https://live-pages.banter-arena.internal'

interface LivePageQuery {
  page: number
  limit: number
  search: string | null
}

/** The table's rows in order (their entries and the positions they show, `positionOf`): all a viewer's place needs. */
export interface LivePlaces {
  entries: number[]
  positions: Array<number | null>
}

/** What the table is made of now, as a key; null before the poller's first feed (then nothing is kept). */
export async function tableVersion(db: Database, tournamentId: number): Promise<string | null> {
  const [gen, snapshot] = await Promise.all([readFeedGen(db), snapshotKey(db, tournamentId)])
  return tableVersionOf(gen, snapshot)
}

/** The same key from a generation and a stored table's key read elsewhere (the gameweek panel reads many in one batch). */
export function tableVersionOf(gen: Pick<FeedGen, 'gen' | 'fetched_at'> | null, snapshot: SnapshotKey | null): string | null {
  if (!gen) return null
  return [gen.gen, gen.fetched_at, snapshot?.gameweek, snapshot?.status, snapshot?.revision].join('/')
}

async function kept<T>(key: string, compute: () => Promise<T>, background: (work: Promise<unknown>) => void): Promise<T> {
  const url = `${KEY_ORIGIN}/${key}`
  const hit = await caches.default.match(url)
  if (hit) return (await hit.json()) as T
  const value = await compute()
  const response = new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json', 'cache-control': `max-age=${PAGE_TTL_SECONDS}` } })
  background(caches.default.put(url, response).catch((error: unknown) => log.warn('A live page was not kept', { error })))
  return value
}

/** The viewer's mark and place on a page kept for nobody: what the hub's answer for them would say. */
function forViewer(page: LiveAnswer, places: LivePlaces | null, viewerTeamId: number | null, limit: number): LiveAnswer {
  if (viewerTeamId === null || !places) return page
  const own = places.entries.indexOf(viewerTeamId)
  return {
    ...page,
    standings: page.standings.map((row) => ({ ...row, is_current_user: row.fpl_team_id === viewerTeamId })),
    ...viewerPlace(own, places.positions[own] ?? null, limit),
  }
}

/**
 * A `/live` page for a viewer the route has let in, from the edge when this version of the table
 * (`tableVersion`, read alongside the route's authorization) has it kept.
 */
export async function livePage(
  deps: { env: Pick<Bindings, 'LIVE_HUB'>; background: (work: Promise<unknown>) => void },
  tournamentId: number,
  version: string | null,
  query: LivePageQuery,
  viewerTeamId: number | null,
): Promise<LiveAnswer> {
  const hub = () => hubOf(deps.env, tournamentId)
  if (version === null) return hub().live({ ...query, viewerTeamId })
  const base = `${tournamentId}/${version}`
  const [page, places] = await Promise.all([
    kept(
      `${base}/page/${query.page}/${query.limit}/${encodeURIComponent(query.search ?? '')}`,
      () => hub().live({ ...query, viewerTeamId: null }),
      deps.background,
    ),
    viewerTeamId === null ? null : kept(`${base}/places`, () => hub().places(), deps.background),
  ])
  return forViewer(page, places, viewerTeamId, query.limit)
}
