import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping'

// Stacks from the SPA name its minified bundles (/assets/index-3f9a.js:1:48213). The build keeps
// each bundle's source map beside it (web/vite.config.ts: sourcemap 'hidden', so no bundle links
// it, and wrangler.toml answers a public request for one 404); the worker reads them through ASSETS
// to turn each frame into the source line a developer can open (decision 156).

/** Reads a source map's text by its asset path (/assets/x.js.map); null when there is none. */
export type MapReader = (path: string) => Promise<string | null>

// A frame's location, in Chrome's `at f (https://host/assets/x.js:1:2)` and Firefox's and Safari's
// `f@https://host/assets/x.js:1:2`: only our own bundles, whatever the host the page was served on.
const FRAME_LOCATION = /(?:https?:\/\/[^\s/()@]+)?(\/assets\/[\w.-]+\.js):(\d+):(\d+)/g
// Bounds on the work one report can ask for: the frames read and the maps parsed.
const MAX_LINES = 60
const MAX_MAPS_PER_STACK = 4
// Parsed maps kept per isolate: a bundle's name carries its content hash, so a path always means
// the same map, and an isolate lives within one deploy. The oldest is dropped past this many.
const CACHED_MAPS = 16
const cache = new Map<string, Promise<TraceMap | null>>()

function parsedMap(path: string, read: MapReader): Promise<TraceMap | null> {
  const cached = cache.get(path)
  if (cached) return cached
  const parsed = read(path)
    .then((text) => (text ? new TraceMap(text) : null))
    .catch(() => null)
  if (cache.size >= CACHED_MAPS) cache.delete(cache.keys().next().value as string)
  cache.set(path, parsed)
  return parsed
}

/** The map's name for a source, relative to the repository: vite writes them relative to the map's folder. */
const sourcePath = (source: string) => source.replace(/^(\.\.\/)+/, '')

/** The stack with each frame in our bundles replaced by its source file, line and column (frames it cannot map stay as they were). */
export async function readableStack(stack: string, read: MapReader): Promise<string> {
  const lines = stack.split('\n').slice(0, MAX_LINES)
  const bundles = [...new Set(lines.flatMap((line) => [...line.matchAll(FRAME_LOCATION)].map((m) => m[1] as string)))].slice(0, MAX_MAPS_PER_STACK)
  const maps = new Map(await Promise.all(bundles.map(async (bundle) => [bundle, await parsedMap(`${bundle}.map`, read)] as const)))
  return lines
    .map((line) =>
      line.replace(FRAME_LOCATION, (whole, bundle: string, row: string, column: string) => {
        const map = maps.get(bundle)
        if (!map) return whole
        const original = originalPositionFor(map, { line: Number(row), column: Number(column) - 1 })
        return original.source === null ? whole : `${sourcePath(original.source)}:${original.line}:${original.column + 1}`
      }),
    )
    .join('\n')
}
