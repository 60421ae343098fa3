// Size and start-up budgets checked on every `npm test` (issue: performance). Gzip sizes in bytes.
export const BUDGETS = {
  // Initial JS of the SPA: the entry script and the app's chunks it loads (initialScripts).
  // Measured 114.7 kB before decision 168 moved what a first visit does not need out of it, 104.3 kB after.
  spaInitialJs: 105_000,
  // Any lazily loaded route chunk.
  routeChunk: 40_000,
  // The service worker (/sw.js, its own script): measured 1.5 kB (24 November 2026).
  serviceWorker: 8_000,
  // The API worker is held to what its users feel, its start-up (docs/decisions/022): the CPU
  // time of its global scope in workerd (`wrangler check startup`, median of three). Measured
  // 39-59 ms medians (26-119 ms over 24 runs on a busy 2-core machine) with the resend SDK; the
  // platform allows 1 s. Its size only has to fit the platform: 3 MiB gzip on the free plan
  // (measured 169.3 KiB with resend, 134.6 KiB without).
  apiWorkerStartupMs: 200,
  apiWorker: 3 * 1024 * 1024,
  // The share-image renderer worker: @vercel/og's resvg (~516 KiB gzip), harfbuzz (~151 KiB) and
  // yoga wasm, fonts and emoji. Measured 961.5 KiB (23 November 2026).
  ogWorker: 1000 * 1024,
  // The page renderer worker: React DOM's server renderer, React Router, TanStack Query (each render
  // has its own QueryClient) and the app's components. Measured 187 KiB before the query layer,
  // 209.7 KiB with it (23 November 2026); the platform allows 3 MiB.
  pagesWorker: 220 * 1024,
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
