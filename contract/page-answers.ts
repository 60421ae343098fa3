import { STANDINGS_PAGE_SIZE } from './tournaments'

// The first answers a tournament's page carries for a signed-out visitor (#page-answers): the
// worker writes them (worker/routes/tournament-page.ts), the SPA seeds its query cache with them
// (web/src/lib/query.ts) and the page renderer draws the first screen from them.

/** The id of the page's JSON data block. */
export const PAGE_ANSWERS_ELEMENT_ID = 'page-answers'

/** One API answer, keyed by its path in the block. */
export interface PageAnswer {
  status: number
  body: unknown
}

export type PageAnswers = Record<string, PageAnswer>

/** The API paths the detail page asks for first, in this order. */
export const pageAnswerPaths = (leagueId: string | number) => {
  const base = `/api/leagues/${leagueId}`
  return [base, `${base}/standings?page=1&limit=${STANDINGS_PAGE_SIZE}`, `${base}/monthly-winners`, `${base}/banter-stats`] as const
}
