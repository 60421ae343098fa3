// What the service worker does with each request, as pure functions (tests/unit/service-worker.test.ts).
import { OFFLINE_READS_CACHE } from '../lib/offline-cache'

/** The tournament page's reads kept for offline use: its league, its standings, winners and banter. */
const OFFLINE_READS = [/^\/api\/leagues\/\d+$/, /^\/api\/leagues\/\d+\/(standings|monthly-winners|banter-stats)$/]

export type Strategy = 'shell' | 'asset' | 'offline-read' | 'network'

export function strategyFor(request: { method: string; mode: string; url: string }, origin: string): Strategy {
  if (request.method !== 'GET') return 'network'
  const url = new URL(request.url)
  if (url.origin !== origin) return 'network'
  if (request.mode === 'navigate') return url.pathname.startsWith('/api/') || url.pathname.startsWith('/share/') ? 'network' : 'shell'
  // Hashed file names: a file's content never changes under its name.
  if (url.pathname.startsWith('/assets/')) return 'asset'
  if (OFFLINE_READS.some((read) => read.test(url.pathname))) return 'offline-read'
  return 'network'
}

/** The same-origin files the shell's HTML loads (scripts, styles, preloads, the chunk list). */
export function shellAssets(html: string): string[] {
  const found = new Set<string>()
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) if (match[1]) found.add(match[1])
  // index.html lists the app's chunks as JSON (#app-chunks) for the preloader.
  const list = /<script type="application\/json" id="app-chunks">([^<]*)<\/script>/.exec(html)?.[1]
  if (list) for (const file of JSON.parse(list) as string[]) if (file.startsWith('/assets/')) found.add(file)
  return [...found]
}

/** Only this app's own screens are opened from a notification: a path, never another site. */
export function screenUrl(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return '/dashboard'
  const resolved = new URL(url, origin)
  return resolved.origin === origin ? `${resolved.pathname}${resolved.search}` : '/dashboard'
}

/** The caches a build's worker owns, named by its version: a deploy's worker never reads another's. */
export const versionCaches = (version: string) => ({ shell: `shell-${version}`, assets: `assets-${version}` })

/**
 * The caches a worker deletes when it takes over: other builds' shells and hashed files (which
 * would otherwise pile up deploy after deploy) and anything it does not know. The user's offline
 * copies stay: they are not a build's, and the page deletes them when the user signs out.
 */
export function staleCaches(names: readonly string[], version: string): string[] {
  const { shell, assets } = versionCaches(version)
  const keep = new Set([shell, assets, OFFLINE_READS_CACHE])
  return names.filter((name) => !keep.has(name))
}
