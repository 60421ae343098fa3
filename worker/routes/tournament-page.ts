import { type Context, Hono } from 'hono'
import type { AppEnv, Bindings } from '../env'
import { keepPublic, recallPublic } from '../lib/public-read-cache'
import { spaShell } from '../lib/spa-shell'
import { RENDER_PATH as PAGE_RENDER_PATH } from '../pages/protocol'

// /tournaments/{id}: the SPA's page with the answers an anonymous visitor's first render needs
// written into the HTML (#page-answers, read by web/src/lib/page-answers.ts), and that first
// render itself, drawn by the page renderer (worker/pages, React on the server) from the same
// answers. Someone opening a shared link on a phone sees the tournament as soon as the HTML and
// the stylesheets have arrived; the app then renders the same markup over it. Only what any
// visitor may read: the same four API routes, asked through the whole app (access checks, public
// read cache) without a session. A signed-in reader's browser hides the visitor's markup
// (theme-init.js) and the app asks with its token.

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

/** Which tournament page a request is for. */
interface PageRequest {
  leagueId: string
  path: string
  url: string
}

/** The answers in the paths' order, so the same data always gives the same text. */
async function anonymousAnswers(dispatch: AppDispatch, page: PageRequest, env: Bindings, ctx: RequestContext) {
  const paths = pageAnswerPaths(page.leagueId)
  const answers = await Promise.all(
    paths.map(async (path): Promise<PageAnswer | null> => {
      try {
        const response = await dispatch(new Request(new URL(path, page.url)), env, ctx)
        return KEPT_STATUSES.has(response.status) ? { status: response.status, body: await response.json() } : null
      } catch (error) {
        // The page still works without it: the app asks for this path itself.
        console.error(`Page answer for ${path} failed`, error)
        return null
      }
    }),
  )
  return Object.fromEntries(paths.flatMap((path, i) => (answers[i] ? [[path, answers[i]]] : []))) as Record<string, PageAnswer>
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

/** A slow renderer must not hold the page back: without its markup the app draws the page. */
const RENDER_TIMEOUT_MS = 1500

/** The visitor's first screen from the page renderer, or null when it cannot give one. */
async function renderedPage(env: Bindings, page: PageRequest, answers: Record<string, PageAnswer>): Promise<string | null> {
  if (answers[pageAnswerPaths(page.leagueId)[0]!]?.status !== 200) return null
  try {
    const response = await env.PAGE_RENDERER.fetch(
      new Request(new URL(PAGE_RENDER_PATH, page.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path: page.path, leagueId: page.leagueId, answers }),
        signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      }),
    )
    if (response.ok) return await response.text()
    console.error(`The page renderer answered ${response.status} for ${page.path}`)
  } catch (error) {
    console.error(`The page renderer failed for ${page.path}`, error)
  }
  return null
}

/** The route's own stylesheets, which the build lists in index.html (#page-styles, web/vite.config.ts). */
function pageStyles(html: string, page: string): string[] {
  const listed = /<script type="application\/json" id="page-styles">([^<]*)<\/script>/.exec(html)?.[1]
  if (!listed) return []
  const styles = (JSON.parse(listed) as Record<string, unknown>)[page]
  return Array.isArray(styles) ? styles.filter((href): href is string => typeof href === 'string' && /^\/assets\/[\w.-]+\.css$/.test(href)) : []
}

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  // As fresh as its answers: no validator of the static file applies.
  'cache-control': 'public, max-age=0, must-revalidate',
}

/**
 * The page's HTML, and whether it holds only public reads (an open tournament: its standings
 * answered 200 to a visitor), or null when there is nothing to add to the SPA's page.
 */
async function buildPage(c: Context<AppEnv>, dispatch: AppDispatch, page: PageRequest): Promise<{ html: string; open: boolean } | null> {
  const [shell, answers] = await Promise.all([spaShell(c), anonymousAnswers(dispatch, page, c.env, c.executionCtx)])
  const element = shell.ok ? pageAnswersElement(answers) : null
  if (!element) return null
  const [html, markup] = await Promise.all([shell.text(), drawnScreen(c.env, page, answers, element)])
  const styles = markup ? pageStyles(html, 'tournament').map((href) => `<link rel="stylesheet" crossorigin href="${href}">`) : []
  const rewriter = new HTMLRewriter().on('head', { element: (head) => void head.append([element, ...styles].join(''), { html: true }) })
  // Shown only to a visitor without a session (theme-init.js), in place of the landing's hero.
  if (markup) rewriter.on('div#root', { element: (root) => void root.setInnerContent(`<div class="prepaint prepaint--tournament">${markup}</div>`, { html: true }) })
  const open = answers[pageAnswerPaths(page.leagueId)[1]!]?.status === 200
  return { html: await rewriter.transform(new Response(html)).text(), open }
}

/** The same answers draw the same screen: kept with the public reads they come from. */
async function drawnScreen(env: Bindings, page: PageRequest, answers: Record<string, PageAnswer>, answersElement: string) {
  const key = `page:${page.path}:${answersElement}`
  const kept = recallPublic(key)
  if (kept !== null) return kept
  const markup = await renderedPage(env, page, answers)
  if (markup !== null) keepPublic(key, markup)
  return markup
}

export function tournamentPageRoutes(dispatch: AppDispatch) {
  return new Hono<AppEnv>()
    .get('/:leagueId{[1-9][0-9]{0,8}}', async (c) => {
      const page: PageRequest = { leagueId: c.req.param('leagueId'), path: new URL(c.req.url).pathname, url: c.req.url }
      const key = `page-html:${page.path}`
      const kept = recallPublic(key)
      if (kept !== null) return new Response(kept, { headers: PAGE_HEADERS })
      const built = await buildPage(c, dispatch, page)
      if (!built) return spaShell(c)
      // An open tournament's whole page is kept like the public reads it is made of; a private
      // one's is built each time (its drawn screen is still kept).
      if (built.open) keepPublic(key, built.html)
      return new Response(built.html, { headers: PAGE_HEADERS })
    })
    .get('*', (c) => spaShell(c))
}
