import { type Context, Hono } from 'hono'
import { PAGE_ANSWERS_ELEMENT_ID, type PageAnswers, pageAnswerPaths } from '../../contract/page-answers'
import { PAGE_RENDER_VERSION, type PageRenderInput } from '../../contract/page-render'
import type { AppEnv, Bindings } from '../env'
import { log } from '../lib/log'
import { keepPublic, recallPublic } from '../lib/public-read-cache'
import { spaShell } from '../lib/spa-shell'
import { tournamentPageAnswers } from '../services/tournament-page'

// /tournaments/{id}: the SPA's page with the answers an anonymous visitor's first render needs
// written into the HTML (#page-answers, contract/page-answers.ts), and that first render itself,
// drawn by the page renderer (worker/pages, React on the server, over Workers RPC) from the same
// answers. Someone opening a shared link on a phone sees the tournament as soon as the HTML and
// the stylesheets have arrived; the app then renders the same markup over it. Only what any
// visitor may read: the answers the API would give a request without a session, read in one D1
// round trip by services/tournament-page. A signed-in reader's browser hides the visitor's
// markup (theme-init.js) and the app asks with its token.

/** A page heavier than this waits for the app to ask instead. */
const MAX_ANSWERS_CHARS = 128 * 1024

/** The answers, or none when they cannot be read: the page still works, the app asks for them itself. */
async function anonymousAnswers(c: Context<AppEnv>, leagueId: number): Promise<PageAnswers> {
  try {
    return await tournamentPageAnswers(c.var.db, c.env, leagueId)
  } catch (error) {
    log.error('Page answers for a tournament failed', { tournament_id: leagueId, error })
    return {}
  }
}

/** Which tournament page a request is for. */
interface PageRequest {
  leagueId: number
  path: string
}

/**
 * The answers as a JSON data block. `<` is written as \u003c, so nothing a user wrote (a
 * tournament's name, a manager's) can close the element or open a comment.
 */
function pageAnswersElement(text: string): string | null {
  const escaped = text.replaceAll('<', '\\u003c')
  return escaped.length > MAX_ANSWERS_CHARS ? null : `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">${escaped}</script>`
}

/** A slow renderer must not hold the page back: without its markup the app draws the page. */
const RENDER_TIMEOUT_MS = 1500

/** The visitor's first screen from the page renderer (Workers RPC), or null when it cannot give one in time. */
async function renderedPage(env: Bindings, input: PageRenderInput): Promise<string | null> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${RENDER_TIMEOUT_MS} ms`)), RENDER_TIMEOUT_MS)
  })
  try {
    return await Promise.race([env.PAGE_RENDERER.render(input), late])
  } catch (error) {
    log.error('The page renderer failed', { page: input.path, error })
    return null
  } finally {
    clearTimeout(timer)
  }
}

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('')

/**
 * The same answers draw the same screen: kept with the public reads they come from, under the
 * renderer contract's version and a SHA-256 digest of what it is drawn from (the answers can
 * weigh a hundred kilobytes; the key stays 72 characters).
 */
async function drawnScreen(env: Bindings, page: PageRequest, answers: PageAnswers, answersText: string): Promise<string | null> {
  // Only a tournament that exists (its detail answered) has a screen to draw.
  if (answers[pageAnswerPaths(page.leagueId)[0]]?.status !== 200) return null
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${page.path}\n${answersText}`))
  const key = `page:v${PAGE_RENDER_VERSION}:${hex(digest)}`
  const kept = recallPublic(key)
  if (kept !== null) return kept
  const markup = await renderedPage(env, { path: page.path, leagueId: String(page.leagueId), answers })
  if (markup !== null) keepPublic(key, markup)
  return markup
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
async function buildPage(c: Context<AppEnv>, page: PageRequest): Promise<{ html: string; open: boolean } | null> {
  const [shell, answers] = await Promise.all([spaShell(c), anonymousAnswers(c, page.leagueId)])
  // One text, in the paths' order: the same data always gives the same block and the same key.
  const answersText = JSON.stringify(answers)
  const element = shell.ok && Object.keys(answers).length > 0 ? pageAnswersElement(answersText) : null
  if (!element) return null
  const [html, markup] = await Promise.all([shell.text(), drawnScreen(c.env, page, answers, answersText)])
  const styles = markup ? pageStyles(html, 'tournament').map((href) => `<link rel="stylesheet" crossorigin href="${href}">`) : []
  const rewriter = new HTMLRewriter().on('head', { element: (head) => void head.append([element, ...styles].join(''), { html: true }) })
  // Shown only to a visitor without a session (theme-init.js), in place of the landing's hero.
  if (markup)
    rewriter.on('div#root', { element: (root) => void root.setInnerContent(`<div class="prepaint prepaint--tournament">${markup}</div>`, { html: true }) })
  const open = answers[pageAnswerPaths(page.leagueId)[1]]?.status === 200
  return { html: await rewriter.transform(new Response(html)).text(), open }
}

export const tournamentPageRoutes = new Hono<AppEnv>()
  .get('/:leagueId{[1-9][0-9]{0,8}}', async (c) => {
    const page: PageRequest = { leagueId: Number(c.req.param('leagueId')), path: new URL(c.req.url).pathname }
    const key = `page-html:${page.path}`
    const kept = recallPublic(key)
    if (kept !== null) return new Response(kept, { headers: PAGE_HEADERS })
    const built = await buildPage(c, page)
    if (!built) return spaShell(c)
    // An open tournament's whole page is kept like the public reads it is made of; a private
    // one's is built each time (its drawn screen is still kept).
    if (built.open) keepPublic(key, built.html)
    return new Response(built.html, { headers: PAGE_HEADERS })
  })
  .get('*', (c) => spaShell(c))
