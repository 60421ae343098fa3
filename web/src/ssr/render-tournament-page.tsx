import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { AppProviders } from '../app/AppProviders'
import { AppRoutes, TournamentDetailPage } from '../app/AppRoutes'
import { STANDINGS_PAGE_SIZE } from '../features/tournaments/constants'
import { clearLeagueDataCache, detailDataPaths, loadLeagueData } from '../features/tournaments/leagues-api'
import { type PageAnswer, providePageAnswers } from '../lib/page-answers'

/**
 * The markup a signed-out visitor's app renders first on a tournament's page, from the answers
 * the worker writes into that page (worker/routes/tournament-page.ts). Run by the page renderer
 * (worker/pages) so the page paints before its JavaScript arrives; the app then renders the same
 * markup over it. The same components and the same answers as in the browser: nothing to keep
 * in step by hand.
 */
export function renderTournamentPage(path: string, leagueId: string, answers: Record<string, PageAnswer>): Promise<string> {
  // The page answers and the league data cache are module state, shared by every request this
  // isolate handles: one render at a time, so a concurrent one cannot swap them mid-render.
  const render = queue.then(() => renderFromAnswers(path, leagueId, answers))
  queue = render.catch(() => undefined)
  return render
}

let queue: Promise<unknown> = Promise.resolve()

async function renderFromAnswers(path: string, leagueId: string, answers: Record<string, PageAnswer>): Promise<string> {
  clearLeagueDataCache()
  // The server never asks the network: a path without an answer fails, as the API would have.
  const unanswered = { status: 503, body: { detail: 'Not answered for this page.' } }
  providePageAnswers({ ...Object.fromEntries(Object.values(detailDataPaths(leagueId, 1, STANDINGS_PAGE_SIZE)).map((path) => [path, unanswered])), ...answers })
  await TournamentDetailPage.preload()
  await loadLeagueData(leagueId, 1, STANDINGS_PAGE_SIZE, { viewer: null }).catch(() => null)
  try {
    return renderToString(
      <StaticRouter location={path}>
        <AppProviders>
          <AppRoutes />
        </AppProviders>
      </StaticRouter>,
    )
  } finally {
    clearLeagueDataCache()
    providePageAnswers({})
  }
}
