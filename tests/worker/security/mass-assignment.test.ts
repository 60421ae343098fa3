import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { attack } from '../../security/attack'
import { freshIp, PASSWORD, post, tokenFromEmail } from '../helpers/accounts'
import { routeFplToSimulator, SIM_LEAGUES } from '../helpers/fpl'
import { call } from '../helpers/http'
import { addMember, addTournament, addUser, bearer, CURATED_TOURNAMENT_ID, SEASON } from '../helpers/world'

// Every writing endpoint, sent the extra fields that would matter if they were stored: who owns
// the row, who may sign in, who runs the league, what a card claims. The row is read back from D1
// and compared column by column with what the endpoint may change.

type Row = Record<string, unknown>

let pubId = 0
let rivalLeagueId = 0
let commissionerId = 0
let memberId = 0
let kickedId = 0
let bystanderId = 0

async function row(table: string, where: string, ...binds: unknown[]): Promise<Row> {
  const found = await env.DB.prepare(`SELECT * FROM ${table} WHERE ${where}`)
    .bind(...binds)
    .first<Row>()
  if (!found) throw new Error(`No ${table} row where ${where} (${binds.join(', ')})`)
  return found
}

const count = async (table: string, where: string, ...binds: unknown[]) =>
  env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`)
    .bind(...binds)
    .first<number>('n')

/** After a write, only `changed` columns may differ from the row before it. */
function expectOnlyChanged(before: Row, after: Row, changed: string[]) {
  const rest = (r: Row) => Object.fromEntries(Object.entries(r).filter(([column]) => !changed.includes(column)))
  expect(rest(after)).toEqual(rest(before))
}

async function send(method: string, path: string, auth: Record<string, string>, body?: unknown) {
  const res = await call(path, { method, headers: { 'content-type': 'application/json', 'cf-connecting-ip': freshIp(), ...auth }, body: JSON.stringify(body) })
  return { status: res.status, body: (await res.json()) as Record<string, any> }
}

/** Tags the test with the number of extra fields it smuggles in. */
const smuggle = <T extends Record<string, unknown>>(task: Parameters<typeof attack>[0], extras: T) => {
  attack(task, { category: 'Mass assignment', inputs: Object.keys(extras).length })
  return extras
}

async function addPost(userId: number): Promise<number> {
  const id = await env.DB.prepare("INSERT INTO community_posts (tournament_id, user_id, content) VALUES (?, ?, 'On the wall') RETURNING id")
    .bind(pubId, userId)
    .first<number>('id')
  return id!
}

const recent = (ms: unknown) => typeof ms === 'number' && Date.now() - ms < 60_000

beforeAll(async () => {
  routeFplToSimulator()
  commissionerId = await addUser('carl@example.com', 'Commissioner Carl', 1000001)
  memberId = await addUser('mia@example.com', 'Member Mia', 1000002)
  kickedId = await addUser('kim@example.com', 'Kicked Kim', 1000004)
  bystanderId = await addUser('bea@example.com', 'Bystander Bea', 1000101)
  pubId = await addTournament('The Pub League', SIM_LEAGUES.pub, commissionerId)
  await addMember(pubId, commissionerId)
  await addMember(pubId, memberId)
  await addMember(pubId, kickedId, 'inactive')
  rivalLeagueId = await addTournament('Office Banter League', SIM_LEAGUES.office, bystanderId)
  await addMember(rivalLeagueId, bystanderId)
})

describe('accounts', () => {
  const accountExtras = (task: Parameters<typeof attack>[0]) =>
    smuggle(task, {
      is_verified: true,
      verified_at: 0,
      token_version: 7,
      id: commissionerId,
      user_id: commissionerId,
      banter_sharing_enabled: false,
      created_at: '2000-01-01T00:00:00.000Z',
      updated_at: 0,
    })

  it('registers an unverified, fresh account whatever the body claims, with the team it names unproven', async ({ task }) => {
    const extras = { ...accountExtras(task), ...smuggle(task, { fpl_team_id_locked: true, fpl_team_verified: true, fpl_team_verified_at: Date.now() }) }
    const claimed = await row('users', 'id = ?', commissionerId)
    const res = await post(
      '/api/auth/register',
      { name: 'Reg', email: 'reg@example.com', password: PASSWORD, fpl_team_id: 1000010, ...extras },
      { 'cf-connecting-ip': freshIp() },
    )
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ verification_required: true, access_token: null })
    expect(res.body.user_id).not.toBe(extras.id)
    const stored = await row('users', 'id = ?', res.body.user_id)
    expect(stored).toMatchObject({
      email: 'reg@example.com',
      is_verified: 0,
      verified_at: null,
      token_version: 0,
      fpl_team_id: 1000010,
      fpl_team_id_locked: 0,
      fpl_team_verified_at: null,
      banter_sharing_enabled: 1,
    })
    expect(recent(stored.created_at) && recent(stored.updated_at)).toBe(true)
    expect(await row('users', 'id = ?', commissionerId)).toEqual(claimed)

    const signIn = await post('/api/auth/login', { email: 'reg@example.com', password: PASSWORD }, { 'cf-connecting-ip': freshIp() })
    expect(signIn.status).toBe(403)
    expect(signIn.body.detail).toBe('Please verify your email address before signing in.')
  })

  it('leaves the team id unlocked at registration without a team, whatever the body claims', async ({ task }) => {
    const extras = smuggle(task, { fpl_team_id_locked: true, fpl_team_season: '1999/00' })
    const res = await post(
      '/api/auth/register',
      { name: 'No Team', email: 'noteam@example.com', password: PASSWORD, ...extras },
      { 'cf-connecting-ip': freshIp() },
    )
    expect(res.status).toBe(201)
    expect(await row('users', 'id = ?', res.body.user_id)).toMatchObject({ fpl_team_id: null, fpl_team_season: null, fpl_team_id_locked: 0 })
  })

  it('verifies only the account the emailed token belongs to', async ({ task }) => {
    const waiting = await addUser('waiting@example.com', 'Still Waiting', null, false)
    const extras = smuggle(task, { user_id: waiting, email: 'waiting@example.com', id: waiting })
    const ip = freshIp()
    expect((await post('/api/auth/register', { name: 'Verifier', email: 'verifier@example.com', password: PASSWORD }, { 'cf-connecting-ip': ip })).status).toBe(
      201,
    )
    const token = await tokenFromEmail('verifier@example.com', '/verify-email')
    const res = await post('/api/auth/verify-email', { token, ...extras }, { 'cf-connecting-ip': ip })
    expect(res.status).toBe(200)
    expect(res.body.email).toBe('verifier@example.com')
    expect(await row('users', 'id = ?', waiting)).toMatchObject({ is_verified: 0 })
    expect(await row('users', "email = 'verifier@example.com'")).toMatchObject({ is_verified: 1 })
  })

  it('changes the display name and nothing else', async ({ task }) => {
    const extras = smuggle(task, {
      email: 'taken@example.com',
      is_verified: true,
      password_hash: 'x',
      token_version: 9,
      fpl_team_id: 1000012,
      fpl_team_id_locked: true,
      id: bystanderId,
    })
    const userId = await addUser('shy@example.com', 'Shy', null, false)
    const before = await row('users', 'id = ?', userId)
    const res = await send('PUT', '/api/auth/update-display-name', await bearer(userId), { new_name: 'Bold', ...extras })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ name: 'Bold', message: 'Display name updated successfully!' })
    const after = await row('users', 'id = ?', userId)
    expect(after.name).toBe('Bold')
    expectOnlyChanged(before, after, ['name', 'updated_at'])
  })

  it('sets the FPL team, unproven, and nothing else', async ({ task }) => {
    const extras = smuggle(task, {
      email: 'taken@example.com',
      is_verified: true,
      password_hash: 'x',
      fpl_team_id_locked: true,
      fpl_team_verified: true,
      fpl_team_verified_at: Date.now(),
      fpl_team_season: '1999/00',
      token_version: 9,
    })
    const userId = await addUser('teamless@example.com', 'Teamless', null, false)
    const before = await row('users', 'id = ?', userId)
    const res = await send('POST', '/api/auth/update-fpl-team', await bearer(userId), { fpl_team_id: 1000011, ...extras })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ fpl_team_id: 1000011, fpl_team_id_locked: false, fpl_team_verified: false })
    const after = await row('users', 'id = ?', userId)
    expect(after).toMatchObject({ fpl_team_id: 1000011, fpl_team_season: SEASON, fpl_team_id_locked: 0, fpl_team_verified_at: null, is_verified: 0 })
    // fpl_league_ids: the new team's FPL leagues as discovery read them (the Join buttons, decision 076).
    expectOnlyChanged(before, after, ['fpl_team_id', 'fpl_team_season', 'fpl_league_ids', 'updated_at'])
    // Unverified accounts are not auto-joined to the public tournament, whatever the body said.
    expect(await count('memberships', 'user_id = ?', userId)).toBe(0)
  })

  it('changes the password and signs other sessions out, but verifies and renames nothing', async ({ task }) => {
    const extras = smuggle(task, { email: 'bea@example.com', is_verified: true, token_version: 0, user_id: bystanderId })
    const ip = freshIp()
    const reg = await post('/api/auth/register', { name: 'Changer', email: 'changer@example.com', password: PASSWORD }, { 'cf-connecting-ip': ip })
    const before = await row('users', 'id = ?', reg.body.user_id)
    const bystander = await row('users', 'id = ?', bystanderId)
    const res = await send('POST', '/api/auth/change-password', await bearer(reg.body.user_id), {
      current_password: PASSWORD,
      new_password: 'An0ther-Secret!',
      ...extras,
    })
    expect(res.status).toBe(200)
    const after = await row('users', 'id = ?', reg.body.user_id)
    expect(after).toMatchObject({ token_version: 1, is_verified: 0, email: 'changer@example.com' })
    expectOnlyChanged(before, after, ['password_hash', 'token_version', 'updated_at'])
    expect(await row('users', 'id = ?', bystanderId)).toEqual(bystander)
  })

  it("resets only the password of the reset link's account", async ({ task }) => {
    const extras = smuggle(task, { email: 'bea@example.com', user_id: bystanderId, id: bystanderId, token_version: 0 })
    const ip = freshIp()
    await post('/api/auth/register', { name: 'Forgetful', email: 'forgetful@example.com', password: PASSWORD }, { 'cf-connecting-ip': ip })
    await post('/api/auth/request-password-reset', { email: 'forgetful@example.com' }, { 'cf-connecting-ip': ip })
    const token = await tokenFromEmail('forgetful@example.com', '/reset-password')
    const bystander = await row('users', 'id = ?', bystanderId)
    const res = await post('/api/auth/reset-password', { token, new_password: 'An0ther-Secret!', ...extras }, { 'cf-connecting-ip': ip })
    expect(res.status).toBe(200)
    expect(await row('users', 'id = ?', bystanderId)).toEqual(bystander)
    expect(await row('users', "email = 'forgetful@example.com'")).toMatchObject({ token_version: 1 })
  })

  it("changes the caller's own privacy setting only", async ({ task }) => {
    const extras = smuggle(task, { user_id: bystanderId, id: bystanderId, email: 'bea@example.com' })
    const userId = await addUser('private@example.com', 'Private', null)
    const bystander = await row('users', 'id = ?', bystanderId)
    const before = await row('users', 'id = ?', userId)
    const res = await send('PUT', '/api/banter/privacy', await bearer(userId), { banter_sharing_enabled: false, ...extras })
    expect(res.body).toEqual({ banter_sharing_enabled: false, message: 'Sharing disabled' })
    expectOnlyChanged(before, await row('users', 'id = ?', userId), ['banter_sharing_enabled', 'updated_at'])
    expect(await row('users', 'id = ?', bystanderId)).toEqual(bystander)
  })
})

describe('leagues', () => {
  it('creates a private, free tournament run by its creator, whatever else the request names', async ({ task }) => {
    const extras = smuggle(task, {
      commissioner_id: String(bystanderId),
      type: 'public',
      auto_join: 'true',
      is_public: 'true',
      invite_code: 'chosen-code',
      entry_fee_pence: '2500',
      fpl_season: '1999/00',
    })
    const creator = await addUser('sunday@example.com', 'Sunday Organiser', 1000009)
    const fields = { name: 'Sunday Legends', fpl_league_id: String(SIM_LEAGUES.sunday), entry_fee: '25', ...extras }
    const res = await call(`/api/leagues?${new URLSearchParams(fields)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(await bearer(creator)) },
      body: new URLSearchParams(fields).toString(),
    })
    expect(res.status).toBe(201)
    const body = (await res.json()) as { league_id: number; invite_code: string }
    expect(body.invite_code).not.toBe('chosen-code')
    expect(await row('tournaments', 'id = ?', body.league_id)).toMatchObject({
      type: 'private',
      auto_join: 0,
      is_public: 0,
      commissioner_id: creator,
      invite_code: body.invite_code,
      entry_fee_pence: 0,
      fpl_season: SEASON,
      description: '',
    })
    expect(await count('memberships', 'tournament_id = ?', body.league_id)).toBe(1)
    expect(await count('memberships', 'tournament_id = ? AND user_id = ?', body.league_id, bystanderId)).toBe(0)
  })

  it('changes the name, description and visibility in the settings, never the type, owner, invite, FPL league or fee', async ({ task }) => {
    const extras = smuggle(task, {
      type: 'curated_public',
      commissioner_id: bystanderId,
      commissionerId: bystanderId,
      invite_code: 'chosen-code',
      auto_join: true,
      fpl_league_id: SIM_LEAGUES.mega,
      fpl_season: '1999/00',
      entry_fee: 25,
      entry_fee_pence: 2500,
      start_event: 30,
      id: rivalLeagueId,
    })
    const before = await row('tournaments', 'id = ?', pubId)
    const rival = await row('tournaments', 'id = ?', rivalLeagueId)
    const res = await send('PUT', `/api/leagues/${pubId}/settings`, await bearer(commissionerId), {
      name: 'The New Pub',
      description: 'Fridays',
      is_public: true,
      ...extras,
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      message: 'League settings updated successfully!',
      league: { id: pubId, name: 'The New Pub', description: 'Fridays', is_public: true },
    })
    expectOnlyChanged(before, await row('tournaments', 'id = ?', pubId), ['name', 'description', 'is_public', 'updated_at'])
    expect(await row('tournaments', 'id = ?', rivalLeagueId)).toEqual(rival)
  })

  it('regenerates a random invite code, never the one the body asks for', async ({ task }) => {
    const extras = smuggle(task, { invite_code: 'chosen-code', inviteCode: 'chosen-code', code: 'chosen-code' })
    const res = await send('POST', `/api/leagues/${pubId}/regenerate-invite`, await bearer(commissionerId), extras)
    expect(res.status).toBe(200)
    expect(res.body.invite_code).not.toBe('chosen-code')
    expect((await row('tournaments', 'id = ?', pubId)).invite_code).toBe(res.body.invite_code)
  })

  it('joins the caller, never the user or status a join body names', async ({ task }) => {
    const extras = { user_id: kickedId, status: 'active', tournament_id: rivalLeagueId }
    const kicked = await row('memberships', 'tournament_id = ? AND user_id = ?', pubId, kickedId)
    const code = (await row('tournaments', 'id = ?', pubId)).invite_code
    const joins: Array<[string, unknown]> = [
      [`/api/leagues/${pubId}/join`, extras],
      ['/api/leagues/join-by-invite', { invite_code: code, ...extras }],
    ]
    for (const [index, [path, body]] of joins.entries()) {
      const joiner = await addUser(`joiner${index}@example.com`, `Joiner ${index}`, 1000006 + index)
      const res = await send('POST', path, await bearer(joiner), body)
      expect(res.status, path).toBe(200)
      expect(await row('memberships', 'tournament_id = ? AND user_id = ?', pubId, joiner)).toMatchObject({ status: 'active' })
      expect(await count('memberships', 'user_id = ?', joiner)).toBe(1)
    }
    expect(await row('memberships', 'tournament_id = ? AND user_id = ?', pubId, kickedId)).toEqual(kicked)
    attack(task, { category: 'Mass assignment', inputs: Object.keys(extras).length * joins.length })
  })

  it("stores the curated team's FPL names, in the curated league, added by the admin who sent it", async ({ task }) => {
    const extras = smuggle(task, { team_name: 'Fake FC', player_name: 'Nobody', added_by: bystanderId, tournament_id: pubId, created_at: 0 })
    const admin = await addUser('admin@banter-arena.test', 'Curated Admin', null)
    const res = await send('POST', `/api/leagues/${CURATED_TOURNAMENT_ID}/curated-teams`, await bearer(admin), { fpl_team_id: 1000503, ...extras })
    expect(res.status).toBe(201)
    const stored = await row('curated_teams', 'fpl_team_id = 1000503')
    expect(stored).toMatchObject({ tournament_id: CURATED_TOURNAMENT_ID, team_name: res.body.team_name, added_by: admin })
    expect(stored.team_name).not.toBe('Fake FC')
    expect(stored.player_name).not.toBe('Nobody')
    expect(recent(stored.created_at)).toBe(true)
  })
})

describe('the wall', () => {
  it("stores a post as the author's, in the path's league, unpinned, with no likes", async ({ task }) => {
    const extras = smuggle(task, {
      user_id: bystanderId,
      is_pinned: true,
      isPinned: true,
      tournament_id: rivalLeagueId,
      created_at: '2000-01-01T00:00:00.000Z',
      likes: 99,
      likes_list: [bystanderId],
      id: 1,
    })
    const res = await send('POST', `/api/community-posts/${pubId}`, await bearer(memberId), { content: 'Top of the table', ...extras })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ user_id: memberId, isPinned: false, likes: 0, likes_list: [] })
    const stored = await row('community_posts', 'id = ?', res.body.id)
    expect(stored).toMatchObject({ tournament_id: pubId, user_id: memberId, is_pinned: 0, content: 'Top of the table', image_url: null })
    expect(recent(stored.created_at)).toBe(true)
    expect(await count('post_likes', 'post_id = ?', res.body.id)).toBe(0)
    expect(await count('community_posts', 'tournament_id = ?', rivalLeagueId)).toBe(0)
  })

  it('records a like as the liker, on the post in the path', async ({ task }) => {
    const extras = smuggle(task, { user_id: bystanderId, post_id: 1, created_at: 0 })
    const postId = await addPost(commissionerId)
    const res = await send('POST', `/api/community-posts/${pubId}/like/${postId}`, await bearer(memberId), extras)
    expect(res.body).toEqual({ liked: true, likes: 1 })
    const likes = await env.DB.prepare('SELECT post_id, user_id, created_at FROM post_likes WHERE user_id IN (?, ?)').bind(memberId, bystanderId).all<Row>()
    expect(likes.results.map(({ post_id, user_id }) => ({ post_id, user_id }))).toEqual([{ post_id: postId, user_id: memberId }])
    expect(recent(likes.results[0]!.created_at)).toBe(true)
  })

  it('refuses an image URL on a post and stores nothing', async ({ task }) => {
    attack(task, { category: 'Mass assignment', inputs: 1 })
    const posts = await count('community_posts', '1 = 1')
    const res = await send('POST', `/api/community-posts/${pubId}`, await bearer(memberId), { content: 'Look', image_url: 'https://attacker.example/x.png' })
    expect(res.status).toBe(400)
    expect(res.body.detail).toBe('Image URL must be null')
    expect(await count('community_posts', '1 = 1')).toBe(posts)
  })

  it('records a report as the reporter, with no reason taken from the body', async ({ task }) => {
    const extras = smuggle(task, { user_id: bystanderId, reason: 'spam', post_id: 1 })
    const postId = await addPost(commissionerId)
    const res = await send('POST', `/api/community-posts/${postId}/report`, await bearer(memberId), extras)
    expect(res.status).toBe(200)
    expect((await env.DB.prepare('SELECT user_id, reason FROM post_reports WHERE post_id = ?').bind(postId).all()).results).toEqual([
      { user_id: memberId, reason: null },
    ])
  })
})

describe('sharing', () => {
  it("stores a share as the sharer's, for the league named by league_id, with zero counts and the league's own facts", async ({ task }) => {
    const extras = smuggle(task, {
      id: '0123456789abcdef0123456789abcdef',
      user_id: bystanderId,
      tournament_id: rivalLeagueId,
      view_count: 1000,
      click_count: 1000,
      views: 1000,
      clicks: 1000,
      created_at: '2000-01-01T00:00:00.000Z',
    })
    const statExtras = smuggle(task, { league_name: 'Fake League', league_members: 9999, entry_fee: 500, members: 9999, user_id: bystanderId })
    const res = await send('POST', '/api/banter/share', await bearer(memberId), {
      league_id: pubId,
      stat_type: 'benched_beast',
      stat_data: { manager: 'Mia', title: 'Benched Beast', ...statExtras },
      ...extras,
    })
    expect(res.status).toBe(201)
    expect(res.body.share_id).not.toBe(extras.id)
    const stored = await row('shared_achievements', 'id = ?', res.body.share_id)
    expect(stored).toMatchObject({ user_id: memberId, tournament_id: pubId, view_count: 0, click_count: 0 })
    expect(recent(stored.created_at)).toBe(true)
    const statData = JSON.parse(String(stored.stat_data)) as Record<string, unknown>
    const league = await row('tournaments', 'id = ?', pubId)
    const members = await count('memberships', "tournament_id = ? AND status = 'active'", pubId)
    expect(statData).toMatchObject({ league_name: league.name, league_members: members, entry_fee: Number(league.entry_fee_pence) / 100 })
    expect(statData).not.toHaveProperty('user_id')
    expect(await count('shared_achievements', 'user_id = ? OR tournament_id = ?', bystanderId, rivalLeagueId)).toBe(0)
  })
})
