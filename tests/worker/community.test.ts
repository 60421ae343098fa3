import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { MAX_PINNED_POSTS } from '../../contract/community'
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

describe('wall moderation (pin, unpin, dismiss reports)', () => {
  let ownerId = 0
  let olga: Record<string, string> = {}
  let officeId = 0
  let officePost = 0
  const ids: number[] = []
  const pin = (headers: Record<string, string>, postId: number, league = pubId) => send('POST', `/api/community-posts/${league}/posts/${postId}/pin`, headers)
  const unpin = (headers: Record<string, string>, postId: number) => send('DELETE', `/api/community-posts/${pubId}/posts/${postId}/pin`, headers)
  const dismiss = (headers: Record<string, string>, postId: number, league = pubId) =>
    send('POST', `/api/community-posts/${league}/posts/${postId}/reports/dismiss`, headers)
  const wallOf = async (headers: Record<string, string>) =>
    (await bodyOf(await send('GET', `/api/community-posts/${pubId}`, headers))) as unknown as Array<Record<string, unknown>>

  beforeAll(async () => {
    ownerId = Number(await env.DB.prepare("SELECT id FROM users WHERE email = 'owner@example.com'").first('id'))
    await env.DB.prepare('UPDATE community_posts SET is_pinned = 0 WHERE tournament_id = ?').bind(pubId).run()
    for (const [who, content] of [
      [alice, 'One'],
      [bob, 'Two'],
      [alice, 'Three'],
      [bob, 'Four'],
      [bob, 'Five'],
    ] as const) {
      ids.push((await bodyOf(await send('POST', `/api/community-posts/${pubId}`, who, { content }))).id)
    }
    // Another league, with its own commissioner and a post.
    const olgaId = await addUser('olga@example.com', 'Olga', 1000102)
    officeId = await addTournament('The Office', SIM_LEAGUES.office, olgaId)
    await addMember(officeId, olgaId)
    olga = await bearer(olgaId)
    officePost = (await bodyOf(await send('POST', `/api/community-posts/${officeId}`, olga, { content: 'Office banter' }))).id
  })

  it('lets the commissioner pin a post, recording who and when; it comes first with isPinned', async () => {
    const [one] = ids
    const res = await pin(commissioner, one!)
    expect([res.status, await bodyOf(res)]).toEqual([200, { message: 'Post pinned.', isPinned: true }])
    const row = await env.DB.prepare('SELECT is_pinned, pinned_by, pinned_at FROM community_posts WHERE id = ?').bind(one).first<Record<string, number>>()
    expect(row).toMatchObject({ is_pinned: 1, pinned_by: ownerId })
    expect(Date.now() - row!.pinned_at!).toBeLessThan(60_000)
    const wall = await wallOf(bob)
    expect(wall[0]).toMatchObject({ id: one, content: 'One', isPinned: true })
    expect(wall.slice(1).every((p) => p.isPinned === false)).toBe(true)
    // Pinning a pinned post again changes nothing.
    expect((await pin(commissioner, one!)).status).toBe(200)
  })

  it('refuses members with the one error body, and other leagues see no such post', async () => {
    for (const res of [await pin(alice, ids[1]!), await unpin(bob, ids[0]!), await dismiss(alice, ids[1]!)]) {
      expect(res.status).toBe(403)
      expect(await bodyOf(res)).toEqual({ detail: 'Only the commissioner of this league can do that.', code: 'not_commissioner' })
    }
    // Another league's commissioner: not a member of this wall, and this post is not on theirs.
    expect((await pin(olga, ids[1]!)).status).toBe(403)
    expect((await pin(olga, ids[1]!, officeId)).status).toBe(404)
    expect((await dismiss(olga, ids[1]!, officeId)).status).toBe(404)
    expect((await pin(commissioner, officePost)).status).toBe(404)
    expect((await pin({}, ids[1]!)).status).toBe(401)
    expect((await pin(commissioner, 0)).status).toBe(400)
    expect(await env.DB.prepare('SELECT count(*) AS n FROM community_posts WHERE is_pinned = 1').first('n')).toBe(1)
  })

  it('keeps pinned posts first (newest first among them), then the rest newest first', async () => {
    expect((await pin(commissioner, ids[2]!)).status).toBe(200)
    const wall = await wallOf(alice)
    expect(wall.map((p) => p.content).slice(0, 5)).toEqual(['Three', 'One', 'Five', 'Four', 'Two'])
  })

  it(`pins at most ${MAX_PINNED_POSTS} posts, even when two pins race`, async () => {
    expect((await pin(commissioner, ids[3]!)).status).toBe(200)
    const over = await pin(commissioner, ids[4]!)
    expect([over.status, await bodyOf(over)]).toEqual([409, { detail: 'Up to 3 posts can be pinned. Unpin one first.', code: 'pin_limit' }])
    expect(await bodyOf(await unpin(commissioner, ids[3]!))).toEqual({ message: 'Post unpinned.', isPinned: false })
    const race = await Promise.all([pin(commissioner, ids[3]!), pin(commissioner, ids[4]!)])
    expect(race.map((r) => r.status).sort()).toEqual([200, 409])
    expect(await env.DB.prepare('SELECT count(*) AS n FROM community_posts WHERE tournament_id = ? AND is_pinned = 1').bind(pubId).first('n')).toBe(3)
  })

  it('unpins, clearing who pinned it', async () => {
    expect((await unpin(commissioner, ids[0]!)).status).toBe(200)
    expect(await env.DB.prepare('SELECT is_pinned, pinned_by, pinned_at FROM community_posts WHERE id = ?').bind(ids[0]).first()).toEqual({
      is_pinned: 0,
      pinned_by: null,
      pinned_at: null,
    })
  })

  it('lets the commissioner dismiss a post’s reports: out of the queue, the post stays', async () => {
    const target = ids[4]!
    await send('POST', `/api/community-posts/${target}/report`, alice)
    await send('POST', `/api/community-posts/${target}/report`, commissioner)
    expect((await wallOf(commissioner)).find((p) => p.id === target)).toMatchObject({ reported: true, report_count: 2 })
    const res = await dismiss(commissioner, target)
    expect([res.status, await bodyOf(res)]).toEqual([200, { message: 'Report dismissed.', dismissed: 2, reported: false }])
    expect((await wallOf(commissioner)).find((p) => p.id === target)).toMatchObject({ content: 'Five', reported: false, report_count: 0 })
    // The member who reported it still sees their report (one per member and post).
    expect((await wallOf(alice)).find((p) => p.id === target)).toMatchObject({ reported: true })
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM post_reports WHERE post_id = ? AND dismissed_by = ? AND dismissed_at IS NOT NULL')
        .bind(target, ownerId)
        .first('n'),
    ).toBe(2)
    // A new report from another member enters the queue again.
    await send('POST', `/api/community-posts/${target}/report`, bob)
    expect((await wallOf(commissioner)).find((p) => p.id === target)).toMatchObject({ reported: true, report_count: 1 })
  })

  it('tells a non-member how they stand: not a member (join), or removed (no way in)', async () => {
    const outsiderAnswer = await send('GET', `/api/community-posts/${pubId}`, outsider)
    expect([outsiderAnswer.status, await bodyOf(outsiderAnswer)]).toEqual([403, { detail: 'Only members of this league can see this.', code: 'not_a_member' }])
    const removedId = await addUser('rita@example.com', 'Rita', 1000103)
    await addMember(officeId, removedId, 'inactive')
    const removed = await send('GET', `/api/community-posts/${officeId}`, await bearer(removedId))
    expect([removed.status, await bodyOf(removed)]).toEqual([
      403,
      { detail: "The league's commissioner removed you from this league.", code: 'membership_inactive' },
    ])
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
