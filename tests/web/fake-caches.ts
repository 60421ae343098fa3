import { vi } from 'vitest'

/**
 * Cache Storage as a window sees it (jsdom has none): the cache names only, which is all the
 * page does with it (web/src/lib/offline-cache.ts). Undo with vi.unstubAllGlobals().
 */
export function fakeCaches(names: readonly string[]) {
  const kept = new Set(names)
  vi.stubGlobal('caches', {
    keys: async () => [...kept],
    has: async (name: string) => kept.has(name),
    delete: async (name: string) => kept.delete(name),
  })
  return { names: () => [...kept].sort() }
}
