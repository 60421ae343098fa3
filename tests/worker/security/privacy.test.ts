import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { UNNAMED_MANAGER } from '../../../worker/services/shares'
import { attack } from '../../security/attack'
import { freshIp, lastEmailTo, PASSWORD, post } from '../helpers/accounts'
import { routeFplToSimulator, SIM_LEAGUES } from '../helpers/fpl'
import { call } from '../helpers/http'
import { ogRenderer } from '../helpers/renderer'
import { addMember, addTournament, addUser, bearer } from '../helpers/world'

// Privacy: who a share card may name and for how long, what an email to an address nobody has
// proved may say, and what a report tells about posts of other leagues.

const SPA_HTML = '<!doctype html><html><head><title>Banter Arena</title></head><body><div id="root"></div></body></html>'
const withAssets = { ASSETS: { fetch: async () => new Response(SPA_HTML, { headers: { 'content-type': 'text/html; charset=utf-8' } }) } } as never
const renderer = ogRenderer()

let pubId = 0
const ids = { sharer: 0, mate: 0, shy: 0 }
const auth = { sharer: {} as Record<string, string>, mate: {} as Record<string, string>, shy: {} as Record<string, string> }

// The league's table: three of our users and one league-mate who never signed up.
const TABLE = [
  [1000001, 'Sharer FC', 'Sam Sharer'],
  [1000002, 'Mate United', 'Mia Mate'],
  [1000003, 'Shy Rovers', 'Sid Shy'],
  [1000004, 'Nobody Athletic', 'Nora Nobody'],
] as const

beforeAll(async () => {
  routeFplToSimulator()
  ids.sharer = await addUser('sam@example.com', 'Sam', 1000001)
  ids.mate = await addUser('mia@example.com', 'Mia', 1000002)
  ids.shy = await addUser('sid@example.com', 'Sid', 1000003)
  pubId = await addTournament('The Pub League', SIM_LEAGUES.pub, ids.sharer)
  for (const id of Object.values(ids)) await addMember(pubId, id)
  for (const key of ['sharer', 'mate', 'shy'] as const) auth[key] = await bearer(ids[key])
  await env.DB.prepare('UPDATE users SET banter_sharing_enabled = 0 WHERE id = ?').bind(ids.shy).run()
  for (const [i, [team, teamName, player]] of TABLE.entries()) {
    await env.DB.prepare(
      'INSERT INTO standings_rows (tournament_id, position, fpl_team_id, team_name, player_name, total_points, gameweek_points, rank, last_rank) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    )
      .bind(pubId, i + 1, team, teamName, player, 100 - i, 50, i + 1, i + 1)
      .run()
  }
})

const send = async (method: string, path: string, body: unknown, headers: Record<string, string>) => {
  const res = await call(path, {
    method,
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': freshIp(), ...headers },
    body: body === null ? null : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, any> }
}

const share = (who: keyof typeof auth, statType: string, statData: Record<string, unknown>) =>
  send('POST', '/api/banter/share', { league_id: pubId, stat_type: statType, stat_data: statData }, auth[who])

const setSharing = (who: keyof typeof auth, on: boolean) => send('PUT', '/api/banter/privacy', { banter_sharing_enabled: on }, auth[who])

/** The card as the public sees it: its JSON, its page and its image (revalidated with its ETag). */
async function publicViews(id: string, etag?: string) {
  const json = await call(`/api/banter/share/${id}`)
  const page = await call(`/share/banter/${id}`, {}, withAssets)
  const image = await call(`/api/banter/share/${id}/image`, { headers: etag ? { 'if-none-match': etag } : {} }, { OG_RENDERER: renderer })
  return { json: json.status, page: page.status, image: image.status, etag: image.headers.get('etag') ?? undefined, pageText: await page.text() }
}

describe('who a share card names', () => {
  it('names the sharer and consenting users, and leaves out anyone else', async ({ task }) => {
    attack(task, { category: 'Privacy', inputs: 4 })
    const own = await share('sharer', 'gameweek_rocket', { manager: 'Sam Sharer', description: 'Top of the league, clear of Sid Shy and Nora Nobody.' })
    expect(own.status).toBe(201)
    expect(own.body.stat_data).toMatchObject({
      player_name: 'Sam Sharer',
      achievement_description: 'Top of the league, clear of a league-mate and a league-mate.',
    })

    const mate = await share('sharer', 'benched_beast', { manager: 'Mia Mate' })
    expect(mate.body.stat_data.player_name).toBe('Mia Mate')

    // Sharing off, and never signed up: the card shows the award and the league only.
    for (const name of ['Sid Shy', 'Nora Nobody']) {
      const res = await share('sharer', name === 'Sid Shy' ? 'captain_catastrophe' : 'freefall_legend', { manager: name, title: `Well done ${name}` })
      expect(res.status).toBe(201)
      expect(res.body.stat_data).toMatchObject({
        player_name: UNNAMED_MANAGER,
        achievement_title: 'Well done a league-mate',
        additional_data: { manager: UNNAMED_MANAGER },
      })
      expect(JSON.stringify(res.body)).not.toContain(name)
      const views = await publicViews(res.body.share_id as string)
      expect(views.pageText).not.toContain(name)
    }
  })

  it('takes down the cards naming a user, and their own, the moment they switch sharing off', async ({ task }) => {
    attack(task, { category: 'Privacy', inputs: 2 })
    const aboutMate = (await share('sharer', 'comeback_king', { manager: 'Mia Mate' })).body.share_id as string
    const byMate = (await share('mate', 'tournament_leader', { manager: 'Mia Mate' })).body.share_id as string
    const before = await publicViews(aboutMate)
    expect([before.json, before.page, before.image]).toEqual([200, 200, 200])
    const mateOwn = await publicViews(byMate)
    expect([mateOwn.json, mateOwn.page, mateOwn.image]).toEqual([200, 200, 200])

    expect((await setSharing('mate', false)).status).toBe(200)
    // The PNG is still in KV and the caller holds its ETag: gone all the same, not a 304.
    for (const [id, etag] of [
      [aboutMate, before.etag],
      [byMate, mateOwn.etag],
    ] as const) {
      const after = await publicViews(id, etag)
      expect([after.json, after.page, after.image]).toEqual([404, 404, 404])
      expect((await call(`/api/banter/share/${id}/click`, { method: 'POST' })).status).toBe(404)
    }
    // Nor can a new card name them now.
    expect((await share('sharer', 'differential_genius', { manager: 'Mia Mate' })).body.stat_data.player_name).toBe(UNNAMED_MANAGER)

    // Switching back on brings the cards back.
    await setSharing('mate', true)
    expect((await publicViews(aboutMate)).json).toBe(200)

    // The sharer's own switch takes down everything they shared.
    await setSharing('sharer', false)
    expect((await publicViews(aboutMate)).json).toBe(404)
    await setSharing('sharer', true)
  })

  it('serves share pages and images for revalidation only, so no cache keeps a card taken down', async ({ task }) => {
    attack(task, { category: 'Privacy', inputs: 1 })
    const id = (await share('sharer', 'most_consistent', { manager: 'Sam Sharer' })).body.share_id as string
    const page = await call(`/share/banter/${id}`, {}, withAssets)
    const image = await call(`/api/banter/share/${id}/image`, {}, { OG_RENDERER: renderer })
    for (const res of [page, image]) expect(res.headers.get('cache-control')).toMatch(/no-cache|no-store/)
  })
})

describe('emails to an address nobody has proved', () => {
  it('carries no display name: a stranger cannot write to someone through it', async ({ task }) => {
    attack(task, { category: 'Privacy', inputs: 2 })
    const email = 'victim@example.com'
    const name = 'Claim your prize at evil.example'
    expect((await post('/api/auth/register', { name, email, password: PASSWORD }, { 'cf-connecting-ip': freshIp() })).status).toBe(201)
    const verification = await lastEmailTo(email)
    expect(verification?.subject).toBe('Verify your email for Banter Arena')
    for (const part of [verification?.subject, verification?.text, verification?.html]) expect(part).not.toMatch(/evil|prize/i)
    expect(verification?.text).toMatch(/^Hello,/)

    // A reset link asked for that still unverified account does not carry it either.
    expect((await post('/api/auth/request-password-reset', { email }, { 'cf-connecting-ip': freshIp() })).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const reset = await lastEmailTo(email)
    expect(reset?.subject).toBe('Reset your Banter Arena password')
    for (const part of [reset?.subject, reset?.text, reset?.html]) expect(part).not.toMatch(/evil|prize/i)
  })
})

describe('reporting a post', () => {
  it('answers a post of another league exactly as a post that does not exist', async ({ task }) => {
    attack(task, { category: 'Privacy', inputs: 2 })
    const otherCommissioner = await addUser('other@example.com', 'Other', 1000005)
    const otherId = await addTournament('The Office League', SIM_LEAGUES.office, otherCommissioner)
    await addMember(otherId, otherCommissioner)
    const hidden = await send('POST', `/api/community-posts/${otherId}`, { content: 'members only' }, await bearer(otherCommissioner))
    expect(hidden.status).toBe(201)
    const missingId = (hidden.body.id as number) + 1000
    const [elsewhere, missing] = [
      await send('POST', `/api/community-posts/${hidden.body.id}/report`, null, auth.sharer),
      await send('POST', `/api/community-posts/${missingId}/report`, null, auth.sharer),
    ]
    expect(elsewhere).toEqual(missing)
    expect(missing.status).toBe(404)
    expect(await env.DB.prepare('SELECT count(*) AS n FROM post_reports').first('n')).toBe(0)
  })
})
