// banter-arena-og: the share-image renderer, a worker of its own so the API worker stays small
// and starts fast (@vercel/og's satori, resvg and harfbuzz WebAssembly, fonts and emoji: ~1 MiB
// gzip). It has no route and no workers.dev URL: only the API worker reaches it, through its
// OG_RENDERER service binding, as a Workers RPC entrypoint (env.OG_RENDERER.render(card)), and
// the API caches what it draws.
import { WorkerEntrypoint } from 'cloudflare:workers'
import { FONTS } from './assets.ts'
import type { CardInput, CardRenderer } from './protocol.ts'
import { renderCard } from './render.ts'

const MAX_FIELD = 8 * 1024

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0

/** The card, or null when the value is not one. Text is cleaned when drawn. */
export function parseCard(value: unknown): CardInput | null {
  if (typeof value !== 'object' || value === null) return null
  const v = value as Record<string, unknown>
  const fields = ['emoji', 'title', 'manager', 'description', 'league_name', 'product_name'] as const
  if (!fields.every((f) => typeof v[f] === 'string' && (v[f] as string).length <= MAX_FIELD)) return null
  const members = v.league_members
  if (!isCount(members)) return null
  const size = v.fpl_league_size ?? null
  if (size !== null && !isCount(size)) return null
  const kind = v.kind === 'champion' ? [['kind', v.kind]] : []
  return Object.fromEntries([...kind, ...fields.map((f) => [f, v[f]]), ['league_members', members], ['fpl_league_size', size]]) as CardInput
}

export default class OgRenderer extends WorkerEntrypoint implements CardRenderer {
  /** The card as a PNG; rejects (the caller answers 503) when `card` is not one. */
  async render(card: CardInput): Promise<Uint8Array> {
    // The caller is typed, but an RPC argument is whatever was structured-cloned: check it.
    const checked = parseCard(card)
    if (!checked) throw new TypeError('Not a card.')
    return renderCard(checked, FONTS)
  }
}
