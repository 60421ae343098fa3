import type { Bindings } from '../env'

/**
 * The SPA's index.html from the asset store, as a fresh Response: the store's headers are
 * immutable, and the app's security headers get added to it. For pages the worker answers
 * itself (share pages, tournament pages) before handing over to the SPA.
 */
export async function spaShell(c: { env: Bindings; req: { url: string } }): Promise<Response> {
  const page = await c.env.ASSETS.fetch(new Request(new URL('/index.html', c.req.url)))
  return new Response(page.body, page)
}
