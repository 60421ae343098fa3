// banter-arena-og: the share-image renderer, a worker of its own so the API worker stays small
// and starts fast (satori, resvg's WebAssembly, fonts and emoji: ~800 KiB gzip). It has no
// route and no workers.dev URL: only the API worker reaches it, through its OG_RENDERER
// service binding, and the API caches what it draws. The engines start on the first render,
// not at start-up, so the isolate's global scope stays cheap.
import { ASSETS } from './assets.ts'
import { type CardInput, RENDER_PATH } from './protocol.ts'
import { initRenderer, renderCard } from './render.ts'

const MAX_BODY = 32 * 1024
const MAX_FIELD = 8 * 1024

const problem = (status: number, detail: string) => Response.json({ detail }, { status, headers: { 'cache-control': 'no-store' } })

/** The card from a request body, or null when it is not one. Text is cleaned when drawn. */
export function parseCard(body: unknown): CardInput | null {
  if (typeof body !== 'object' || body === null) return null
  const b = body as Record<string, unknown>
  const fields = ['emoji', 'title', 'manager', 'description', 'league_name', 'product_name'] as const
  if (!fields.every((f) => typeof b[f] === 'string' && (b[f] as string).length <= MAX_FIELD)) return null
  const members = b.league_members
  if (typeof members !== 'number' || !Number.isSafeInteger(members) || members < 0) return null
  return Object.fromEntries([...fields.map((f) => [f, b[f]]), ['league_members', members]]) as CardInput
}

export default {
  async fetch(request: Request): Promise<Response> {
    if (new URL(request.url).pathname !== RENDER_PATH) return problem(404, 'Not found.')
    if (request.method !== 'POST') return problem(405, 'Use POST.')
    const text = await request.text()
    if (text.length > MAX_BODY) return problem(413, 'The card is too large.')
    let card: CardInput | null = null
    try {
      card = parseCard(JSON.parse(text))
    } catch {
      // not JSON
    }
    if (!card) return problem(400, 'The request body is not a card.')
    await initRenderer(ASSETS)
    const { png } = await renderCard(card)
    return new Response(png, { headers: { 'content-type': 'image/png', 'cache-control': 'no-store' } })
  },
} satisfies ExportedHandler
