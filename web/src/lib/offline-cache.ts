// The signed-in user's offline copies: the service worker keeps the tournament page's reads
// (web/src/service-worker/routes.ts), keyed by URL, to show when the network fails. They are
// the user's private standings, so they go when the user does. The page deletes them itself:
// Cache Storage belongs to the origin and a window reaches it whatever the service worker's
// state, where a message to it needed a controller the page may not have (decision 154).

/** The cache of the per-user answers; the service worker writes it, the page deletes it. */
export const OFFLINE_READS_CACHE = 'offline-reads'

/** Deletes this device's offline copies of the signed-in user's pages; never rejects. */
export async function forgetPrivateCopies(): Promise<void> {
  // Typed as a window has it: the page renderer's Workers types, which compile this file too, have no delete.
  // Missing outside a secure context (and in old browsers): then nothing was ever kept.
  const storage = (globalThis as { caches?: { delete(name: string): Promise<boolean> } }).caches
  await storage?.delete(OFFLINE_READS_CACHE).catch((error: unknown) => console.warn('The offline copies could not be deleted', error))
}
