import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import type { PageAnswers } from '../../../contract/page-answers'
import { AppProviders } from '../app/AppProviders'
import { AppRoutes, TournamentDetailPage } from '../app/AppRoutes'
import { createQueryClient } from '../app/query-client'

/**
 * The markup a signed-out visitor's app renders first on a tournament's page, from the answers
 * the worker writes into that page (worker/routes/tournament-page.ts). Run by the page renderer
 * (worker/pages) so the page paints before its JavaScript arrives; the app then renders the same
 * markup over it. The same components, the same answers and the same query cache seeding as in
 * the browser: nothing to keep in step by hand. Each render has its own query client, so
 * concurrent renders share no state; nothing is asked of the network (a server render runs no
 * effects), and without usable answers the page renders its loading state.
 */
export async function renderTournamentPage(path: string, _leagueId: string, answers: PageAnswers): Promise<string> {
  await TournamentDetailPage.preload()
  return renderToString(
    <StaticRouter location={path}>
      <AppProviders queryClient={createQueryClient(answers)}>
        <AppRoutes />
      </AppProviders>
    </StaticRouter>,
  )
}
