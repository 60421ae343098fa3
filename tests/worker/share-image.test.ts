import { env } from 'cloudflare:workers'
import { decode } from 'fast-png'
import { beforeAll, describe, expect, it } from 'vitest'
import { cardFromStatData } from '../../worker/og/protocol'
import { imageKey } from '../../worker/services/share-image'
import { routeFplToSimulator, SIM_LEAGUES } from './helpers/fpl'
import { call } from './helpers/http'
import { ogRenderer } from './helpers/renderer'
import { addMember, addTournament, addUser, bearer } from './helpers/world'

// GET /api/banter/share/{id}/image: the API asks the renderer worker (its OG_RENDERER service
// binding) for a card once, keeps the PNG in KV, and checks the share row on every request.
// The binding is the real renderer entrypoint here, wrapped to count calls.

let renders = 0
let failNext = false
const renderer = ogRenderer(() => {
  renders += 1
  if (failNext) {
    failNext = false
    throw new Error('boom')
  }
})
const withRenderer = { OG_RENDERER: renderer }

const image = (id: string, headers: Record<string, string> = {}) => call(`/api/banter/share/${id}/image`, { headers }, withRenderer)

let member: Record<string, string> = {}
let pubId = 0

async function share(statType: string, statData: Record<string, unknown>): Promise<string> {
  const res = await call('/api/banter/share', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...member },
    body: JSON.stringify({ league_id: pubId, stat_type: statType, stat_data: statData }),
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { share_id: string }).share_id
}

beforeAll(async () => {
  routeFplToSimulator()
  const userId = await addUser('imager@example.com', 'Imager', 1000001)
  pubId = await addTournament('The Pub League', SIM_LEAGUES.pub, userId)
  await addMember(pubId, userId)
  member = await bearer(userId)
})

describe('GET /api/banter/share/{id}/image', () => {
  let id = ''
  let etag = ''
  let firstBytes: Uint8Array

  beforeAll(async () => {
    id = await share('benched_beast', {
      manager: '"><script>alert(1)</script>',
      title: 'Benched Beast',
      description: `25 on the bench 🔥 ${'x'.repeat(300)}`,
      emoji: '🪑',
    })
  })

  it('draws the card once: a 1200x630 PNG, revalidated on every use, with a strong ETag', async () => {
    const res = await image(id)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('cache-control')).toBe('public, no-cache')
    etag = res.headers.get('etag') ?? ''
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
    expect(res.headers.get('x-cache')).toBe('MISS')
    firstBytes = new Uint8Array(await res.arrayBuffer())
    const png = decode(firstBytes)
    expect({ width: png.width, height: png.height }).toEqual({ width: 1200, height: 630 })
    expect(renders).toBe(1)
  })

  it('serves later requests from the cache without asking the renderer', async () => {
    for (let i = 0; i < 3; i += 1) {
      const res = await image(id)
      expect(res.status).toBe(200)
      expect(res.headers.get('x-cache')).toBe('HIT')
      expect(res.headers.get('etag')).toBe(etag)
      expect(res.headers.get('cache-control')).toBe('public, no-cache')
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(firstBytes)
    }
    expect(renders).toBe(1)
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const res = await image(id, { 'if-none-match': `"other", ${etag}` })
    expect(res.status).toBe(304)
    expect(res.headers.get('etag')).toBe(etag)
    expect(await res.text()).toBe('')
    expect((await image(id, { 'if-none-match': '"other"' })).status).toBe(200)
    expect(renders).toBe(1)
  })

  it('draws a new card when the share changes', async () => {
    expect(await share('benched_beast', { manager: 'Sam', title: 'Benched Beast II', emoji: '🪑' })).toBe(id)
    const res = await image(id)
    expect(res.headers.get('x-cache')).toBe('MISS')
    expect(res.headers.get('etag')).not.toBe(etag)
    expect(renders).toBe(2)
  })

  it('is not found for unknown and malformed ids', async () => {
    for (const missing of ['0'.repeat(32), 'not-an-id', `${id}x`]) {
      const res = await image(missing)
      expect(res.status).toBe(404)
      expect(await res.json()).toMatchObject({ detail: 'Shared achievement not found' })
    }
    expect(renders).toBe(2)
  })

  it('is gone at once when the share is deleted, though its PNG is still cached', async () => {
    const row = await env.DB.prepare('SELECT stat_data FROM shared_achievements WHERE id = ?').bind(id).first<{ stat_data: string }>()
    const key = await imageKey(id, cardFromStatData(JSON.parse(row!.stat_data), env.PRODUCT_NAME))
    expect(await env.CACHE.get(key, 'arrayBuffer')).not.toBeNull()
    expect((await call(`/api/banter/share/${id}`, { method: 'DELETE', headers: member })).status).toBe(200)
    const res = await image(id)
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ detail: 'Shared achievement not found' })
    expect(renders).toBe(2)
  })

  it('answers 503 and caches nothing when the renderer fails', async () => {
    const other = await share('captain_catastrophe', { manager: 'Chris', title: 'Captain Catastrophe', emoji: '🤦' })
    failNext = true
    const failed = await image(other)
    expect(failed.status).toBe(503)
    expect(failed.headers.get('cache-control')).toBe('no-store')
    expect(await failed.json()).toMatchObject({ code: 'share_image_unavailable' })
    const retried = await image(other)
    expect(retried.status).toBe(200)
    expect(retried.headers.get('x-cache')).toBe('MISS')
    expect(renders).toBe(4)
  })
})
