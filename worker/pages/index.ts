// banter-arena-pages: renders the first screen of a tournament's page for signed-out visitors
// (web/src/ssr/render-tournament-page.tsx) from the answers the API worker has already read.
// Reached only through the API worker's PAGE_RENDERER service binding.
import { renderTournamentPage } from '../../web/src/ssr/render-tournament-page'
import type { PageAnswer } from '../../web/src/lib/page-answers'
import { RENDER_PATH } from './protocol'

interface RenderRequest {
  path: string
  leagueId: string
  answers: Record<string, PageAnswer>
}

const isRenderRequest = (body: unknown): body is RenderRequest => {
  const b = body as RenderRequest | null
  return !!b && typeof b.path === 'string' && /^\d{1,9}$/.test(String(b.leagueId)) && !!b.answers && typeof b.answers === 'object'
}

export default {
  async fetch(request: Request): Promise<Response> {
    if (request.method !== 'POST' || new URL(request.url).pathname !== RENDER_PATH) return new Response('Not found', { status: 404 })
    const body: unknown = await request.json().catch(() => null)
    if (!isRenderRequest(body)) return new Response('Bad request', { status: 400 })
    const html = await renderTournamentPage(body.path, body.leagueId, body.answers)
    return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } })
  },
}
