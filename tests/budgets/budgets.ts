// Size budgets checked on every `npm test` (issue: performance). Gzip sizes in bytes.
export const BUDGETS = {
  // Initial JS of the SPA: the entry script and every chunk it preloads.
  spaInitialJs: 115_000,
  // Any lazily loaded route chunk.
  routeChunk: 40_000,
  // The API worker, as `wrangler deploy` uploads it. The target is 100 KiB; this is a ratchet
  // at today's size until the bundle is trimmed (it must never grow past it meanwhile).
  apiWorker: 116 * 1024,
  // The share-image renderer worker (resvg's wasm alone is ~531 KB gzip).
  ogWorker: 800 * 1024,
} as const
