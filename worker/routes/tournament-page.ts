import { type Context, Hono } from 'hono'
import type { AppEnv, Bindings } from '../env'
import { spaShell } from '../lib/spa-shell'

// /tournaments/{id}: the SPA's page with the answers an anonymous visitor's first render needs
// written into the HTML (#page-answers, read by web/src/lib/page-answers.ts). Someone opening a
// shared link on a phone sees the standings one round trip sooner: the app does not have to start
// and then ask for them. Only what any visitor may read: the same four API routes, asked through
// the whole app (access checks, public read cache) without a session. A signed-in reader's app
// ignores them and asks with its token.

/** Runs a request through the whole app (its middleware included) within this invocation. */
export type AppDispatch = (request: Request, env: Bindings, ctx: RequestContext) => Response | Promise<Response>
type RequestContext = Context<AppEnv>['executionCtx']

/** The paths the detail page asks for first (web/src/features/tournaments/leagues-api.ts). */
export const pageAnswerPaths = (leagueId: string) => [
  `/api/leagues/${leagueId}`,
  `/api/leagues/${leagueId}/standings?page=1&limit=50`,
  `/api/leagues/${leagueId}/monthly-winners`,
  `/api/leagues/${leagueId}/banter-stats`,
]

/** Answers the page understands: data, or "sign in" / "members only" for private tournaments. */
const KEPT_STATUSES = new Set([200, 401, 403])
/** A page heavier than this waits for the app to ask instead. */
const MAX_ANSWERS_CHARS = 128 * 1024

export interface PageAnswer {
  status: number
  body: unknown
}

async function anonymousAnswers(dispatch: AppDispatch, pageUrl: string, env: Bindings, ctx: RequestContext) {
  const answers: Record<string, PageAnswer> = {}
  await Promise.all(
    pageAnswerPaths(new URL(pageUrl).pathname.split('/')[2]!).map(async (path) => {
      try {
        const response = await dispatch(new Request(new URL(path, pageUrl)), env, ctx)
        if (KEPT_STATUSES.has(response.status)) answers[path] = { status: response.status, body: await response.json() }
      } catch (error) {
        // The page still works without it: the app asks for this path itself.
        console.error(`Page answer for ${path} failed`, error)
      }
    }),
  )
  return answers
}

/**
 * The answers as a JSON data block. `<` is written as \u003c, so nothing a user wrote (a
 * tournament's name, a manager's) can close the element or open a comment.
 */
export function pageAnswersElement(answers: Record<string, PageAnswer>): string | null {
  if (Object.keys(answers).length === 0) return null
  const text = JSON.stringify(answers).replaceAll('<', '\\u003c')
  return text.length > MAX_ANSWERS_CHARS ? null : `<script type="application/json" id="page-answers">${text}</script>`
}

export function tournamentPageRoutes(dispatch: AppDispatch) {
  return new Hono<AppEnv>()
    .get('/:leagueId{[1-9][0-9]{0,8}}', async (c) => {
      const [shell, answers] = await Promise.all([spaShell(c), anonymousAnswers(dispatch, c.req.url, c.env, c.executionCtx)])
      const element = shell.ok ? pageAnswersElement(answers) : null
      if (!element) return shell
      const headers = new Headers(shell.headers)
      // The answers are as fresh as this response: no validator of the static file applies.
      headers.delete('ETag')
      headers.set('Cache-Control', 'public, max-age=0, must-revalidate')
      const page = new HTMLRewriter().on('head', { element: (head) => void head.append(element, { html: true }) }).transform(shell)
      return new Response(page.body, { status: shell.status, headers })
    })
    .get('*', (c) => spaShell(c))
}
