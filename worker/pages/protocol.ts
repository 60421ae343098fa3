// The contract between the API worker and the page renderer (worker/pages), which it calls
// through the PAGE_RENDERER service binding. Kept free of imports: the API bundles this file.

/** POST this path (any host) with `{ path, leagueId, answers }`; it answers the page's HTML. */
export const RENDER_PATH = '/render'
