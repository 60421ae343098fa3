// Size budgets checked on every `npm test` (issue: performance). Gzip sizes in bytes.
export const BUDGETS = {
  // Initial JS of the SPA: the entry script and the app's chunks it loads (initialScripts).
  spaInitialJs: 115_000,
  // Any lazily loaded route chunk.
  routeChunk: 40_000,
  // The API worker, as `wrangler deploy` uploads it (script and argon2's wasm). zod/mini rather
  // than classic zod is most of the margin: classic adds ~20 KiB.
  // The common-password list (worker/lib/common-passwords, 10,000 breached-password bases) adds
  // ~30 KiB gzip (list.ts alone: 30.2 kB): refusing them server-side is worth more than the margin.
  // Measured 134.2 KiB after the trust work (23 November 2026).
  apiWorker: 140 * 1024,
  // The share-image renderer worker (resvg's wasm alone is ~531 KB gzip).
  ogWorker: 800 * 1024,
  // The page renderer worker: React DOM's server renderer, React Router and the app's components.
  pagesWorker: 200 * 1024,
} as const

/**
 * The JavaScript every page needs before React's first render, as files under the build's
 * folder: the entry script, and the app's chunks index.html lists in #app-chunks (the entry
 * imports them; theme-init.js preloads them; see web/vite.config.ts).
 */
export function initialScripts(html: string): string[] {
  const entry = [...html.matchAll(/<script[^>]+src="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!)
  const listed = /<script type="application\/json" id="app-chunks">([^<]*)<\/script>/.exec(html)?.[1]
  const chunks = listed ? (JSON.parse(listed) as string[]).map((file) => file.replace(/^\//, '')) : []
  return [...new Set([...entry, ...chunks])]
}
