import type { PageRenderInput } from '../../../contract/page-render'

// POST /render with a render input (JSON): the renderer's HTML, through env.PAGE_RENDERER.render
// as the API worker calls it. Anything else is a 404, the bench's baseline for the runtime's own share.
export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    if (request.method !== 'POST' || new URL(request.url).pathname !== '/render') return new Response('Not found', { status: 404 })
    return new Response(await env.PAGE_RENDERER.render((await request.json()) as PageRenderInput), { headers: { 'content-type': 'text/html; charset=utf-8' } })
  },
} satisfies ExportedHandler<Env>
