/// <reference path="./runtime.d.ts" />
// banter-arena-pages: renders the first screen of a tournament's page for signed-out visitors
// (web/src/ssr/render-tournament-page.tsx) from the answers the API worker has already read.
// Reached only through the API worker's PAGE_RENDERER service binding, as a Workers RPC call
// (env.PAGE_RENDERER.render(input)): the input arrives as a structured clone, not as JSON to parse.
import { WorkerEntrypoint } from 'cloudflare:workers'
import type { PageRendererRpc, PageRenderInput } from '../../contract/page-render'
import { renderTournamentPage } from '../../web/src/ssr/render-tournament-page'

export class PageRenderer extends WorkerEntrypoint implements PageRendererRpc {
  render({ path, leagueId, answers }: PageRenderInput): Promise<string> {
    return renderTournamentPage(path, leagueId, answers)
  }
}
