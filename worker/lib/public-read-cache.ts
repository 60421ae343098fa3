import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'

// Anonymous reads of public data (open tournaments' standings, winners and banter stats, the
// tournament list, the landing page's stats) are the same for every visitor: a shared league
// link on a Saturday evening brings hundreds of them. This isolate keeps such answers in memory
// for a short while, so a hit costs no D1 read and no JSON work.
//
// Only answers a route marks as public are kept (never a private tournament's, never one with
// an Authorization header: signed-in answers mark the viewer's own row). A signed-in write
// handled by this isolate, or a refresh that it finalized, empties the cache; other isolates see new data
// within PUBLIC_READ_TTL_MS. The Cache API is not used: it is per data centre and cannot be
// purged by prefix when the refresh (a queue consumer) writes new standings.

export const PUBLIC_READ_TTL_MS = 30_000
const MAX_ENTRIES = 500

interface Entry {
  body: string
  expires: number
}

const entries = new Map<string, Entry>()

/** Lets the public read cache keep this answer (call it once the data is known to be public). */
export const markPublicRead = (c: { set(key: 'publicRead', value: true): void }) => c.set('publicRead', true)

/** Called after anything that changes what public reads return. */
export const forgetPublicReads = () => entries.clear()

/** What is kept under `key` while it is fresh, else null. */
export function recallPublic(key: string, now = Date.now()): string | null {
  const hit = entries.get(key)
  return hit && hit.expires > now ? hit.body : null
}

/**
 * Keeps a text made only from public reads (an answer, a tournament page), forgotten with them.
 * `key` must name everything the text depends on.
 */
export function keepPublic(key: string, body: string, now = Date.now()) {
  entries.delete(key)
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
  entries.set(key, { body, expires: now + PUBLIC_READ_TTL_MS })
}

export const publicReadCache = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method !== 'GET') {
    await next()
    // Only a signed-in write can change what public reads show (posts, settings, joins...);
    // anonymous ones (a share's click, a sign-in) must not empty the cache on every call.
    if (c.res.status < 400 && c.req.header('authorization') !== undefined) forgetPublicReads()
    return
  }
  if (c.req.header('authorization') !== undefined) return next()

  const url = new URL(c.req.url)
  const key = url.pathname + url.search
  const now = Date.now()
  const hit = recallPublic(key, now)
  if (hit !== null) {
    c.header('Content-Type', 'application/json')
    return c.body(hit, 200)
  }
  await next()
  if (c.var.publicRead && c.res.status === 200) keepPublic(key, await c.res.clone().text(), now)
})
