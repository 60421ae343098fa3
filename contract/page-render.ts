// The contract between the API worker and the page renderer (worker/pages), which it calls
// through the PAGE_RENDERER service binding as a Workers RPC method (the binding's type:
// worker/env.ts). In contract/ rather than beside the renderer because the renderer imports the
// SPA: the API importing the renderer's folder would run back up through it (decision 182).
// Free of Workers types: the API bundles this file, and the web program typechecks the
// renderer's side.
import type { PageAnswers } from './page-answers'

/** What a tournament page is drawn from: its path and the anonymous answers, keyed by API path. */
export interface PageRenderInput {
  path: string
  leagueId: string
  answers: PageAnswers
}

/** The renderer's RPC method (worker/pages/index.ts): the first screen's HTML. */
export interface PageRendererRpc {
  render(input: PageRenderInput): Promise<string>
}

/**
 * Names this contract in the API worker's drawn-screen cache key: bump it when the same input
 * draws different markup on purpose, so no screen drawn for the old one is served.
 */
export const PAGE_RENDER_VERSION = 3
