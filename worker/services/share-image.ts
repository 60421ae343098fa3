import type { Database } from '../db/client'
import type { Bindings } from '../env'
import { ApiError } from '../lib/errors'
import { log } from '../lib/log'
import { CARD_VERSION, type CardInput, cardFromStatData } from '../og/protocol'
import { findShare } from './shares'

// The share card image, GET /api/banter/share/{id}/image. Drawn by the renderer worker
// (worker/og, env.OG_RENDERER.render(card) over Workers RPC) once per share and card content,
// then served from KV: the key holds a hash of everything drawn, so an edited share gets a new
// image and the old one expires on its own. The share row is read first on every request, so a deleted (or
// hidden, see services/shares.ts) share is gone at once even while its PNG is still cached.

/** How long a cached card lives in KV; a share's card is fetched again and again by unfurlers. */
const IMAGE_TTL_SECONDS = 30 * 24 * 60 * 60
// Caches may keep the PNG but must ask again before each use (a 304 costs no drawing): a card
// taken down (deleted, or its sharer or subject switched sharing off) must stop showing at once.
export const IMAGE_CACHE_CONTROL = 'public, no-cache'

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('')
const sha256 = async (data: string | ArrayBuffer) =>
  hex(await crypto.subtle.digest('SHA-256', typeof data === 'string' ? new TextEncoder().encode(data) : data))

/** The cache key of a card: its share, the design version and a hash of what it shows. */
export async function imageKey(shareId: string, card: CardInput): Promise<string> {
  return `og:${CARD_VERSION}:${shareId}:${(await sha256(JSON.stringify(card))).slice(0, 32)}`
}

export interface ShareImage {
  png: ArrayBuffer
  /** A strong validator: a hash of the PNG bytes, quoted. */
  etag: string
  cached: boolean
}

/**
 * The PNG of a share's card, from KV or freshly drawn. `defer` keeps the KV write off the
 * response path (ctx.waitUntil in the worker).
 */
export async function shareImage(
  env: Pick<Bindings, 'CACHE' | 'OG_RENDERER' | 'PRODUCT_NAME'>,
  db: Database,
  shareId: string,
  defer: (work: Promise<unknown>) => void,
): Promise<ShareImage> {
  const share = await findShare(db, shareId)
  const card = cardFromStatData(share.statData as Parameters<typeof cardFromStatData>[0], env.PRODUCT_NAME, share.statType)
  const key = await imageKey(shareId, card)

  const hit = await env.CACHE.getWithMetadata<{ etag?: string }>(key, 'arrayBuffer')
  if (hit.value && hit.metadata?.etag) return { png: hit.value, etag: hit.metadata.etag, cached: true }

  let drawn = drawing.get(key)
  if (!drawn) {
    drawn = draw(env, card)
    drawing.set(key, drawn)
    // Until KV holds the PNG, later requests wait for this drawing rather than start their own.
    const stored = drawn.then(({ png, etag }) => env.CACHE.put(key, png, { expirationTtl: IMAGE_TTL_SECONDS, metadata: { etag } }))
    defer(
      stored
        .catch((error: unknown) => {
          if (!(error instanceof ApiError)) log.error('Share image not cached', { error })
        })
        .finally(() => drawing.delete(key)),
    )
  }
  return { ...(await drawn), cached: false }
}

// The drawings under way in this isolate, by cache key: ten unfurlers asking at once for a new
// card cost one render (~60-150 ms of CPU), not ten.
const drawing = new Map<string, Promise<{ png: ArrayBuffer; etag: string }>>()

async function draw(env: Pick<Bindings, 'OG_RENDERER'>, card: CardInput): Promise<{ png: ArrayBuffer; etag: string }> {
  let bytes: Uint8Array
  try {
    bytes = await env.OG_RENDERER.render(card)
  } catch (error) {
    // Unreachable, or the renderer threw: either way there is no image to serve.
    log.error('Share image renderer failed', { error })
    throw unavailable()
  }
  // A copy with a buffer of its own: a view may sit in a larger buffer, and KV stores the buffer.
  const png = bytes.slice().buffer
  return { png, etag: `"${(await sha256(png)).slice(0, 32)}"` }
}

const unavailable = () =>
  new ApiError(503, 'The share image could not be drawn just now. Please try again.', { code: 'share_image_unavailable', headers: { 'Retry-After': '5' } })

/** True when an If-None-Match header lists this (strong) ETag or is `*`. */
export const etagMatches = (ifNoneMatch: string | undefined, etag: string) =>
  !!ifNoneMatch &&
  ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t === etag || t === `W/${etag}`
  })
