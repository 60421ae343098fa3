import { type PageAnswer, type PageAnswers, pageAnswerPaths } from '../../contract/page-answers'
import { STANDINGS_PAGE_SIZE } from '../../contract/tournaments'
import { batchOf, runBatch } from '../db/batch'
import type { Database } from '../db/client'
import type { Bindings } from '../env'
import { ApiError, errorBody } from '../lib/errors'
import { keepPublic, recallPublic } from '../lib/public-read-cache'
import { assertReadable, tournamentAccessRead } from './access'
import { banterStatsResponse, monthlyWinnersResponse, standingsResponse } from './league-data'
import { latestSnapshotRead, standingsPageRead } from './snapshot-store'
import { leagueNotFound, type Tournament, tournamentDetailRead } from './tournaments'

// What a signed-out visitor's first look at /tournaments/{id} needs: the answers the four API
// routes the page asks first would give them (same bodies, same "sign in" / "members only"
// errors), read in one D1 batch instead of four requests through the app.

/** The standings page the page carries (the second of pageAnswerPaths). */
const FIRST_PAGE = { page: 1, limit: STANDINGS_PAGE_SIZE, search: null }

/** Answers the page understands: data, or "sign in" / "members only" for private tournaments. */
const KEPT_STATUSES = new Set([200, 401, 403])

/** Everything the four answers are made of, in one batch. */
function pageRead(db: Database, env: Pick<Bindings, 'PRIZES_ENABLED'>, id: number) {
  return batchOf({
    access: tournamentAccessRead(db, id, null),
    detail: tournamentDetailRead(db, env, id, null),
    standings: standingsPageRead(db, id, FIRST_PAGE, null),
    winners: latestSnapshotRead(db, id, 'monthlyWinners'),
    banter: latestSnapshotRead(db, id, 'banterStats'),
  })
}

/** An answer's body, and whether it is the same for every visitor (the public read cache may keep it). */
interface Built {
  body: unknown
  open: boolean
}

/** One answer as its route gives it to a visitor, or null when the page leaves it to the app (404). */
function answer(path: string, build: () => Built): PageAnswer | null {
  try {
    const { body, open } = build()
    if (open) keepPublic(path, JSON.stringify(body))
    return { status: 200, body }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return KEPT_STATUSES.has(error.status) ? { status: error.status, body: errorBody(error.message, error.code) } : null
  }
}

/**
 * The page's answers keyed by API path (the #page-answers format, contract/page-answers.ts).
 * They come from the public read cache when it holds all four; otherwise from one D1 round trip,
 * and the public ones are kept there, as their routes would keep them, for the next visitor and
 * the app's own requests.
 */
export async function tournamentPageAnswers(db: Database, env: Pick<Bindings, 'PRIZES_ENABLED'>, id: number): Promise<PageAnswers> {
  const paths = pageAnswerPaths(id)
  const kept = paths.map((path) => recallPublic(path))
  if (kept.every((text) => text !== null)) return Object.fromEntries(paths.map((path, i) => [path, { status: 200, body: JSON.parse(kept[i]!) as unknown }]))

  const { access, detail, standings, winners, banter } = await runBatch(db, pageRead(db, env, id))
  // Standings, winners and banter: for whoever may read the tournament; public once an open one has data.
  const data = (body: (tournament: Tournament) => { refreshed_at: string | null }) => (): Built => {
    const tournament = assertReadable(access, null)
    const built = body(tournament)
    return { body: built, open: tournament.type !== 'private' && built.refreshed_at !== null }
  }
  const [detailPath, standingsPath, winnersPath, banterPath] = paths
  const builders: Array<[string, () => Built]> = [
    [
      detailPath,
      () => {
        if (!detail) throw leagueNotFound()
        return { body: detail, open: true }
      },
    ],
    [standingsPath, data((tournament) => standingsResponse(tournament, { ...FIRST_PAGE, viewerTeamId: null }, standings))],
    [winnersPath, data(() => monthlyWinnersResponse(winners))],
    [banterPath, data(() => banterStatsResponse(banter))],
  ]
  return Object.fromEntries(
    builders.flatMap(([path, build]) => {
      const built = answer(path, build)
      return built ? [[path, built]] : []
    }),
  )
}
