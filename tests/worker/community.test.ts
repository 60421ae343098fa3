import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { routeFplToSimulator, SIM_LEAGUES } from './helpers/fpl'
import { call } from './helpers/http'
import { addMember, addTournament, addUser, bearer, CURATED_TOURNAMENT_ID } from './helpers/world'

// The community wall and the commissioner's tools, with every authorization rule of the server.

let pubId = 0
let commissioner: Record<string, string> = {}
let alice: Record<string, string> = {}
let bob: Record<string, string> = {}
let outsider: Record<string, string> = {}
let aliceId = 0
let bobId = 0

const send = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  call(path, { method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) })
const bodyOf = async (res: Response) => (await res.json()) as Record<string, any>

beforeAll(async () => {
  routeFplToSimulator()
  const owner = await addUser('owner@example.com', 'Commissioner Carl', 1000001)
  pubId = await addTournament('The Pub League', SIM_LEAGUES.pub, owner)
  await addMember(pubId, owner)
  aliceId = await addUser('alice@example.com', 'Alice', 1000002)
  bobId = await addUser('bob@example.com', 'Bob', 1000003)
  await addMember(pubId, aliceId)
  await addMember(pubId, bobId)
  commissioner = await bearer(owner)
  alice = await bearer(aliceId)
  bob = await bearer(bobId)
  outsider = await bearer(await addUser('outsider@example.com', 'Outsider', 1000101))
  // The table says which teams are in the FPL league (for reactivation).
  await env.DB.prepare(
    "INSERT INTO standings_rows (tournament_id, position, fpl_team_id, team_name, player_name, total_points, gameweek_points, rank) VALUES (?, 1, 1000001, 'Klopp Dogs', 'C', 1, 1, 1), (?, 2, 1000002, 'Alice XI', 'A', 1, 1, 2)",
  )
    .bind(pubId, pubId)
    .run()
})

describe('community wall', () => {
  let postId = 0

  it('lets members post; the text is stored as written', async () => {
    const hostile = '<script>alert(1)</script> & "quotes"'
    const res = await send('POST', `/api/community-posts/${pubId}`, alice, { content: `  ${hostile}  `, image_url: null })
    expect(res.status).toBe(201)
    const post = await bodyOf(res)
    expect(post).toMatchObject({ user_id: aliceId, user_name: 'Alice', content: hostile, likes: 0, isPinned: false, message: 'Post added successfully!' })
    postId = post.id
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
  })

  it('validates posts', async () => {
    expect((await bodyOf(await send('POST', `/api/community-posts/${pubId}`, alice, { content: '   ' }))).detail).toBe('Please enter a message')
    expect((await bodyOf(await send('POST', `/api/community-posts/${pubId}`, alice, { content: 'x'.repeat(1001) }))).detail).toBe(
      'Posts are limited to 1000 characters',
    )
    expect((await send('POST', `/api/community-posts/${pubId}`, {}, { content: 'hi' })).status).toBe(401)
  })

  it('keeps the wall to members: non-members and kicked members see and write nothing', async () => {
    expect((await send('GET', `/api/community-posts/${pubId}`, outsider)).status).toBe(403)
    expect((await send('POST', `/api/community-posts/${pubId}`, outsider, { content: 'let me in' })).status).toBe(403)
    expect((await send('POST', `/api/community-posts/${pubId}/like/${postId}`, outsider)).status).toBe(403)
    // Reporting a post of another league is answered as for a post that does not exist.
    expect((await send('POST', `/api/community-posts/${postId}/report`, outsider)).status).toBe(404)
    expect((await send('GET', `/api/community-posts/${CURATED_TOURNAMENT_ID}`, alice)).status).toBe(400)
  })

  it('toggles likes; a double like counts once', async () => {
    const [a, b] = await Promise.all([
      send('POST', `/api/community-posts/${pubId}/like/${postId}`, bob),
      send('POST', `/api/community-posts/${pubId}/like/${postId}`, bob),
    ])
    expect([a.status, b.status]).toEqual([200, 200])
    expect(await env.DB.prepare('SELECT count(*) AS n FROM post_likes WHERE post_id = ?').bind(postId).first('n')).toBeLessThanOrEqual(1)
    // Whatever the race left, toggling converges: like, unlike.
    await env.DB.prepare('DELETE FROM post_likes WHERE post_id = ?').bind(postId).run()
    expect(await bodyOf(await send('POST', `/api/community-posts/${pubId}/like/${postId}`, bob))).toEqual({ liked: true, likes: 1 })
    expect(await bodyOf(await send('POST', `/api/community-posts/${pubId}/like/${postId}`, bob))).toEqual({ liked: false, likes: 0 })
    await send('POST', `/api/community-posts/${pubId}/like/${postId}`, bob)
    // A post id from another league is not found through this league.
    expect((await send('POST', `/api/community-posts/${CURATED_TOURNAMENT_ID}/like/${postId}`, bob)).status).toBe(400)
  })

  it('records one report per member, shown to them and (with the count) to the commissioner', async () => {
    await send('POST', `/api/community-posts/${postId}/report`, bob)
    await send('POST', `/api/community-posts/${postId}/report`, bob)
    expect(await env.DB.prepare('SELECT count(*) AS n FROM post_reports WHERE post_id = ?').bind(postId).first('n')).toBe(1)
    const asBob = (await bodyOf(await send('GET', `/api/community-posts/${pubId}`, bob))) as unknown as Array<Record<string, unknown>>
    expect(asBob[0]).toMatchObject({ id: postId, reported: true, likes: 1, likes_list: [bobId], is_author: false })
    expect(asBob[0]!.report_count).toBeUndefined()
    const asAlice = (await bodyOf(await send('GET', `/api/community-posts/${pubId}`, alice))) as unknown as Array<Record<string, unknown>>
    expect(asAlice[0]).toMatchObject({ reported: false, is_author: true })
    const asCommissioner = (await bodyOf(await send('GET', `/api/community-posts/${pubId}`, commissioner))) as unknown as Array<Record<string, unknown>>
    expect(asCommissioner[0]).toMatchObject({ reported: true, report_count: 1 })
  })

  it('lists pinned posts first', async () => {
    const pinned = await bodyOf(await send('POST', `/api/community-posts/${pubId}`, commissioner, { content: 'House rules' }))
    await env.DB.prepare('UPDATE community_posts SET is_pinned = 1, created_at = 0 WHERE id = ?').bind(pinned.id).run()
    await send('POST', `/api/community-posts/${pubId}`, bob, { content: 'Newest' })
    const list = (await bodyOf(await send('GET', `/api/community-posts/${pubId}`, bob))) as unknown as Array<{ content: string; isPinned: boolean }>
    expect(list.map((p) => p.content)).toEqual(['House rules', 'Newest', '<script>alert(1)</script> & "quotes"'])
  })

  it('lets only the author delete a post (the commissioner may remove any), answering errors in `message` too', async () => {
    const res = await send('DELETE', `/api/community-posts/${pubId}/posts/${postId}`, bob)
    expect(res.status).toBe(403)
    expect(await bodyOf(res)).toMatchObject({ message: 'You can only delete your own posts.', detail: 'You can only delete your own posts.' })
    // Every error of this call, the session's and the input's too.
    const signedOut = await send('DELETE', `/api/community-posts/${pubId}/posts/${postId}`, {})
    expect([signedOut.status, signedOut.headers.get('www-authenticate'), await bodyOf(signedOut)]).toEqual([
      401,
      'Bearer',
      { detail: 'Not authenticated. Please sign in again.', code: 'not_authenticated', message: 'Not authenticated. Please sign in again.' },
    ])
    expect(await bodyOf(await send('DELETE', `/api/community-posts/${pubId}/posts/0`, alice))).toMatchObject({
      code: 'validation_error',
      message: expect.any(String),
    })
    expect((await send('DELETE', `/api/community-posts/${pubId}/posts/${postId}`, alice)).status).toBe(200)
    expect((await send('DELETE', `/api/community-posts/${pubId}/posts/${postId}`, alice)).status).toBe(404)
    const bobs = await bodyOf(await send('POST', `/api/community-posts/${pubId}`, bob, { content: 'Moderate me' }))
    expect((await send('DELETE', `/api/community-posts/${pubId}/posts/${bobs.id}`, commissioner)).status).toBe(200)
  })
})

describe('commissioner tools', () => {
  const asMember = () => alice

  it('are refused to members who are not the commissioner', async () => {
    for (const [method, path, body] of [
      ['GET', `/api/leagues/${pubId}/invite-link`],
      ['POST', `/api/leagues/${pubId}/regenerate-invite`],
      ['GET', `/api/leagues/${pubId}/members`],
      ['PUT', `/api/leagues/${pubId}/settings`, { name: 'Hijacked', description: '', is_public: true }],
      ['POST', `/api/leagues/${pubId}/kick-user?user_id=${bobId}`],
      ['POST', `/api/leagues/${pubId}/reactivate-user?user_id=${bobId}`],
    ] as Array<[string, string, unknown?]>) {
      const res = await send(method, path, asMember(), body)
      expect(res.status, `${method} ${path}`).toBe(403)
      expect(await bodyOf(res)).toMatchObject({ detail: 'Only the commissioner of this league can do that.' })
    }
    expect(await env.DB.prepare('SELECT name FROM tournaments WHERE id = ?').bind(pubId).first('name')).toBe('The Pub League')
  })

  it('shows the invite link and regenerates it, invalidating the old one at once', async () => {
    const link = await bodyOf(await send('GET', `/api/leagues/${pubId}/invite-link`, commissioner))
    expect(link).toEqual({ invite_url: 'https://banter.test/join/invite-123456', invite_code: 'invite-123456' })
    const fresh = await bodyOf(await send('POST', `/api/leagues/${pubId}/regenerate-invite`, commissioner))
    expect(fresh.message).toBe('New invite link generated!')
    expect(fresh.invite_url).toBe(`https://banter.test/join/${fresh.invite_code}`)
    expect((await call('/api/leagues/invite/invite-123456')).status).toBe(404)
    expect((await call(`/api/leagues/invite/${fresh.invite_code}`)).status).toBe(200)
  })

  it('edits the settings', async () => {
    const res = await bodyOf(
      await send('PUT', `/api/leagues/${pubId}/settings`, commissioner, { name: ' The New Pub ', description: 'Friday nights', is_public: true }),
    )
    expect(res).toEqual({
      message: 'League settings updated successfully!',
      league: { id: pubId, name: 'The New Pub', description: 'Friday nights', is_public: true },
    })
    expect((await bodyOf(await send('PUT', `/api/leagues/${pubId}/settings`, commissioner, { name: '' }))).detail).toBe('League name is required')
  })

  it('lists members, kicks and reactivates them under the rules', async () => {
    const members = await bodyOf(await send('GET', `/api/leagues/${pubId}/members`, commissioner))
    expect(members.active_members.map((m: { name: string }) => m.name)).toEqual(['Alice', 'Bob', 'Commissioner Carl'])
    expect(members.active_members.find((m: { name: string }) => m.name === 'Alice')).toMatchObject({
      fpl_team_id: 1000002,
      team_name: 'Alice XI',
      team_valid: true,
      is_commissioner: false,
    })

    expect(
      (
        await bodyOf(
          await send(
            'POST',
            `/api/leagues/${pubId}/kick-user?user_id=${await env.DB.prepare("SELECT id FROM users WHERE email = 'owner@example.com'").first('id')}`,
            commissioner,
          ),
        )
      ).detail,
    ).toBe('The commissioner cannot be removed from the league.')
    expect(await bodyOf(await send('POST', `/api/leagues/${pubId}/kick-user?user_id=${aliceId}`, commissioner))).toEqual({
      message: 'Alice has been removed from the league.',
    })
    expect(await bodyOf(await send('POST', `/api/leagues/${pubId}/kick-user?user_id=${bobId}`, commissioner))).toEqual({
      message: 'Bob has been removed from the league.',
    })
    // A kicked member's token still works elsewhere, but not in this league.
    expect((await send('GET', `/api/community-posts/${pubId}`, alice)).status).toBe(403)

    const after = await bodyOf(await send('GET', `/api/leagues/${pubId}/members`, commissioner))
    expect(after.inactive_members.map((m: { name: string; can_reactivate: boolean }) => [m.name, m.can_reactivate])).toEqual([
      ['Alice', true],
      ['Bob', false], // Bob's team is not in the table any more
    ])
    expect((await bodyOf(await send('POST', `/api/leagues/${pubId}/reactivate-user?user_id=${bobId}`, commissioner))).detail).toBe(
      'User must rejoin FPL league first',
    )
    expect(await bodyOf(await send('POST', `/api/leagues/${pubId}/reactivate-user?user_id=${aliceId}`, commissioner))).toEqual({
      message: 'Alice has been reactivated.',
    })
    expect((await send('GET', `/api/community-posts/${pubId}`, alice)).status).toBe(200)
    expect((await send('POST', `/api/leagues/${pubId}/kick-user?user_id=999999`, commissioner)).status).toBe(404)
    expect((await send('POST', `/api/leagues/${pubId}/kick-user?user_id=abc`, commissioner)).status).toBe(400)
  })
})
