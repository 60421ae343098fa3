import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { cardElement, type Node } from '../../worker/og/card'
import type { CardInput } from '../../worker/og/protocol'
import { normaliseStatData } from '../../worker/services/shares'
import { routeFplToSimulator, SIM_LEAGUES } from './helpers/fpl'
import { call } from './helpers/http'
import { ogRenderer } from './helpers/renderer'
import { addMember, addTournament, addUser, bearer } from './helpers/world'

// Shared achievements: creation rules, public reads and counters, and the server-rendered share
// page that link unfurlers read without running JavaScript.

const SPA_HTML = `<!doctype html><html><head><meta charset="UTF-8" /><title>Banter Arena</title>
<meta name="description" content="generic" /><meta property="og:title" content="generic" /><meta property="og:type" content="website" />
<meta name="twitter:card" content="summary" /></head><body><div id="root"></div></body></html>`
const assets = { ASSETS: { fetch: async () => new Response(SPA_HTML, { headers: { 'content-type': 'text/html; charset=utf-8' } }) } } as never

let pubId = 0
let member: Record<string, string> = {}
let memberId = 0

const share = (headers: Record<string, string>, body: unknown) =>
  call('/api/banter/share', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })

/** Reads meta tags the way an unfurler does: attribute values, entities decoded. */
function unfurl(html: string): Record<string, string[]> {
  const decode = (v: string) => v.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&')
  const found: Record<string, string[]> = {}
  for (const m of html.matchAll(/<meta\s+(?:property|name)="([^"]+)"\s+content="([^"]*)"\s*\/?>/g)) found[m[1]!] = [...(found[m[1]!] ?? []), decode(m[2]!)]
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1]
  if (title !== undefined) found.title = [decode(title)]
  return found
}

beforeAll(async () => {
  routeFplToSimulator()
  memberId = await addUser('sharer@example.com', 'Sharer', 1000001)
  pubId = await addTournament('The Pub League', SIM_LEAGUES.pub, memberId)
  await addMember(pubId, memberId)
  member = await bearer(memberId)
})

describe('normaliseStatData', () => {
  it('accepts the alternate input names', () => {
    expect(
      normaliseStatData({ manager: 'Sam', badge: 'Benched Beast', description: '25 on the bench', tournament_name: 'Pub', members: 12, icon: '🪑' }),
    ).toEqual({
      emoji: '🪑',
      achievement_title: 'Benched Beast',
      achievement_description: '25 on the bench',
      player_name: 'Sam',
      league_name: 'Pub',
      league_members: 12,
      fpl_league_size: null,
      entry_fee: 0,
      additional_data: { manager: 'Sam', description: '25 on the bench', achievement_title: 'Benched Beast', emoji: '🪑' },
    })
    expect(normaliseStatData({ player: 'P', title: 'T', league: 'L' })).toMatchObject({ player_name: 'P', achievement_title: 'T', league_name: 'L' })
  })

  it('fills the defaults', () => {
    expect(normaliseStatData({})).toEqual({
      emoji: '🏆',
      achievement_title: 'FPL Achievement!',
      achievement_description: 'No description available',
      player_name: 'Unknown Player',
      league_name: 'Tournament',
      league_members: 1,
      fpl_league_size: null,
      entry_fee: 0,
      additional_data: { manager: 'Unknown Manager', description: 'No description available', achievement_title: 'FPL Achievement!', emoji: '🏆' },
    })
  })
})

describe('POST /api/banter/share', () => {
  it('needs a verified member with sharing switched on', async () => {
    const unverified = await bearer(await addUser('unverified@example.com', 'U', 1000002, false))
    expect((await share(unverified, { league_id: pubId, stat_type: 'benched_beast', stat_data: {} })).status).toBe(403)
    const outsider = await bearer(await addUser('out@example.com', 'Out', 1000003))
    const res = await share(outsider, { league_id: pubId, stat_type: 'benched_beast', stat_data: {} })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ detail: 'You must be a member of this league to share its content.' })
    await env.DB.prepare('UPDATE users SET banter_sharing_enabled = 0 WHERE id = ?').bind(memberId).run()
    expect((await share(member, { league_id: pubId, stat_type: 'benched_beast', stat_data: {} })).status).toBe(403)
    await env.DB.prepare('UPDATE users SET banter_sharing_enabled = 1 WHERE id = ?').bind(memberId).run()
    expect((await share({}, { league_id: pubId, stat_type: 'benched_beast', stat_data: {} })).status).toBe(401)
  })

  it('creates an unguessable link once and reuses it', async () => {
    const first = await share(member, {
      league_id: pubId,
      stat_type: 'captain_catastrophe',
      stat_data: { manager: 'Sharer', title: 'Captain Catastrophe', description: '2 points', emoji: '🫣' },
    })
    expect(first.status).toBe(201)
    const a = (await first.json()) as { share_id: string; share_url: string; stat_data: Record<string, unknown> }
    expect(a.share_url).toBe(`https://banter.test/share/banter/${a.share_id}`)
    expect(a.share_id).toMatch(/^[a-f0-9]{32}$/)
    expect(a.stat_data).toMatchObject({ achievement_title: 'Captain Catastrophe', player_name: 'Sharer', league_name: 'The Pub League', league_members: 1 })
    const b = (await (await share(member, { league_id: pubId, stat_type: 'captain_catastrophe', stat_data: { manager: 'Sharer' } })).json()) as {
      share_id: string
    }
    expect(b.share_id).toBe(a.share_id)
  })
})

describe('reading a share', () => {
  let id = ''
  beforeAll(async () => {
    const hostile = {
      manager: '"><script>alert(1)</script>',
      title: 'Benched </title><script>x()</script> Beast',
      description: `Ben & Jerry's "bench" <b>25</b>`,
    }
    id = ((await (await share(member, { league_id: pubId, stat_type: 'benched_beast', stat_data: hostile })).json()) as { share_id: string }).share_id
  })

  it('answers the public data and counts views and clicks', async () => {
    const res = await call(`/api/banter/share/${id}`)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ id, league_id: pubId, stat_type: 'benched_beast', view_count: 1, click_count: 0 })
    expect(await (await call(`/api/banter/share/${id}/click`, { method: 'POST' })).json()).toEqual({ click_count: 1 })
    expect((await call('/api/banter/share/00000000000000000000000000000000')).status).toBe(404)
    expect((await call('/api/banter/share/not-an-id')).status).toBe(400)
  })

  it("reads a card stored before today's fields in today's shape", async () => {
    const old = 'ab'.repeat(16)
    const stored = { emoji: '🪑', achievement_title: 'Benched Beast', player_name: 'Sharer', league_name: 'The Pub League', league_members: 6 }
    await env.DB.prepare('INSERT INTO shared_achievements (id, user_id, tournament_id, stat_type, stat_data, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .bind(old, memberId, pubId, 'wooden_spoon_warrior', JSON.stringify(stored), Date.now())
      .run()
    const body = (await (await call(`/api/banter/share/${old}`)).json()) as { stat_data: Record<string, unknown> }
    expect(body.stat_data).toEqual({
      ...stored,
      achievement_description: 'No description available',
      fpl_league_size: null,
      entry_fee: 0,
      additional_data: { manager: 'Sharer', description: 'No description available', achievement_title: 'Benched Beast', emoji: '🪑' },
    })
    const mine = (await (await call('/api/banter/my-shares', { headers: member })).json()) as { shared_stats: Array<{ id: string; stat_data: unknown }> }
    expect(mine.shared_stats.find((s) => s.id === old)?.stat_data).toEqual(body.stat_data)
  })

  it('serves the share page with exactly the expected meta values, hostile text escaped', async () => {
    const res = await call(`/share/banter/${id}`, {}, assets)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).not.toContain('<script>x()</script>')
    const meta = unfurl(html)
    // The manager named is no one who agreed to be on a card (see privacy.test.ts): unnamed.
    const title = '🏆 Benched </title><script>x()</script> Beast: A league manager'
    expect(meta.title).toEqual([title])
    expect(meta['og:title']).toEqual([title])
    expect(meta['og:description']).toEqual([`Ben & Jerry's "bench" <b>25</b> (The Pub League, 1 member)`])
    expect(meta['og:image']).toEqual([`https://banter.test/api/banter/share/${id}/image`])
    expect(meta['og:url']).toEqual([`https://banter.test/share/banter/${id}`])
    expect(meta['og:type']).toEqual(['article'])
    expect(meta['twitter:card']).toEqual(['summary_large_image'])
    expect(meta.description).toHaveLength(1)
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
  })

  it('says the counts in the words its card draws, for the same numbers (decision 160)', async () => {
    const counted = 'cd'.repeat(16)
    const stored = {
      emoji: '🪑',
      achievement_title: 'Benched Beast',
      achievement_description: '25 on the bench',
      player_name: 'Sharer',
      league_name: 'The Pub League',
      league_members: 7,
      fpl_league_size: 12,
    }
    await env.DB.prepare('INSERT INTO shared_achievements (id, user_id, tournament_id, stat_type, stat_data, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .bind(counted, memberId, pubId, 'transfer_tornado', JSON.stringify(stored), Date.now())
      .run()
    // The card as the API hands it to the renderer for the image, and the text the image draws.
    const cards: CardInput[] = []
    expect((await call(`/api/banter/share/${counted}/image`, {}, { OG_RENDERER: ogRenderer((card) => void cards.push(card)) })).status).toBe(200)
    const texts = (node: Node | string): string[] =>
      typeof node === 'string' ? [node] : [node.props.children ?? []].flat().flatMap((child) => texts(child as Node | string))
    const drawn = texts(cardElement(cards[0]!)).find((t) => t.includes('member'))
    expect(drawn).toBe('7 members · 12 managers in the FPL league')
    const meta = unfurl(await (await call(`/share/banter/${counted}`, {}, assets)).text())
    expect(meta['og:description']).toEqual([`25 on the bench (The Pub League, ${drawn})`])
    expect(meta.description).toEqual(meta['og:description'])
  })

  it('is gone everywhere at once when the owner deletes it', async () => {
    expect((await call(`/api/banter/share/${id}`, { method: 'DELETE', headers: member })).status).toBe(200)
    expect((await call(`/api/banter/share/${id}`)).status).toBe(404)
    expect((await call(`/api/banter/share/${id}/click`, { method: 'POST' })).status).toBe(404)
    const page = await call(`/share/banter/${id}`, {}, assets)
    expect(page.status).toBe(404)
    expect(unfurl(await page.text())['og:title']).toEqual(['generic'])
  })

  it('answers the page with its generic tags, not found, for an id of the wrong form', async () => {
    for (const malformed of ['not-an-id', `${id}x`, id.toUpperCase()]) {
      const page = await call(`/share/banter/${malformed}`, {}, assets)
      expect(page.status).toBe(404)
      expect(page.headers.get('content-type')).toContain('text/html')
      expect(page.headers.get('cache-control')).toBe('public, no-cache')
      expect(unfurl(await page.text())['og:title']).toEqual(['generic'])
    }
  })
})
