// Size budgets checked on every `npm test` (issue: performance). Gzip sizes in bytes.
export const BUDGETS = {
  // Initial JS of the SPA: the entry script and every chunk it preloads.
  spaInitialJs: 115_000,
  // Any lazily loaded route chunk.
  routeChunk: 40_000,
  // The API worker, as `wrangler deploy` uploads it (script and argon2's wasm). zod/mini rather
  // than classic zod is most of the margin: classic adds ~20 KiB.
  apiWorker: 100 * 1024,
  // The share-image renderer worker (resvg's wasm alone is ~531 KB gzip).
  ogWorker: 800 * 1024,
} as const
