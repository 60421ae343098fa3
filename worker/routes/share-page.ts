import { type Context, Hono } from 'hono'
import { type ShareMeta, shareDescription, shareMetaTags } from '../../contract/share-meta'
import type { AppEnv } from '../env'
import { ApiError } from '../lib/errors'
import { escapeHtml } from '../lib/html'
import { shareIdParam } from '../lib/params'
import { spaShell } from '../lib/spa-shell'
import { validateOr } from '../lib/validation'
import { readShare, shareUrl } from '../services/shares'

// /share/banter/{id}: the SPA's page, with the card's title and social metadata written into
// the HTML on the server, because link unfurlers (WhatsApp, X, Facebook) run no JavaScript.

/** The card's tags (contract/share-meta.ts: the SPA sets the same list) as HTML. */
const metaTags = (meta: ShareMeta): string =>
  shareMetaTags(meta)
    .map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`)
    .join('\n')

/** Rewrites the SPA's HTML head: our title and tags replace the generic ones. */
function withMeta(page: Response, meta: ShareMeta | null, status: number): Response {
  const rewriter = new HTMLRewriter()
  if (meta) {
    rewriter
      .on('title', { element: (el) => void el.setInnerContent(meta.title) })
      .on('meta[property^="og:"], meta[name^="twitter:"], meta[name="description"]', { element: (el) => void el.remove() })
      .on('head', { element: (el) => void el.append(metaTags(meta), { html: true }) })
  }
  const headers = new Headers(page.headers)
  // Revalidated on every use: a card taken down must not live on in a browser or a proxy.
  headers.set('Cache-Control', 'public, no-cache')
  return new Response(rewriter.transform(page).body, { status, headers })
}

/** The SPA's page with its generic tags: the SPA shows "Achievement Not Found". */
const notFoundPage = async (c: Context<AppEnv>) => withMeta(await spaShell(c), null, 404)

export const sharePageRoutes = new Hono<AppEnv>()
  .get('/banter/:shareId', validateOr('param', shareIdParam, notFoundPage), async (c) => {
    const id = c.req.valid('param').shareId
    let meta: ShareMeta | null = null
    try {
      // Crawlers fetch this page too: views are counted by the SPA's API call, not here.
      const share = await readShare(c.var.db, id, false)
      const data = share.stat_data
      meta = {
        title: `${data.emoji} ${data.achievement_title}: ${data.player_name}`,
        description: shareDescription(data.achievement_description, data.league_name, data.league_members, data.fpl_league_size),
        image: new URL(`/api/banter/share/${id}/image`, c.env.APP_URL).toString(),
        url: shareUrl(c.env.APP_URL, id),
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
    }
    return meta ? withMeta(await spaShell(c), meta, 200) : notFoundPage(c)
  })
  .get('*', async (c) => spaShell(c))
