import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { routeFplToSimulator, SIM_LEAGUES } from './helpers/fpl'
import { call } from './helpers/http'
import { addCuratedTeam, addMember, addTournament, addUser, bearer, CURATED_TOURNAMENT_ID } from './helpers/world'

// Tournament list, detail, create and join (decision 181, R7 and R10), with the
// authorization the server enforces.

let owner = 0
let ownerAuth: Record<string, string> = {}
let pubId = 0

const create = (headers: Record<string, string>, name: string, fplLeagueId: number | string) =>
  call(`/api/leagues?name=${encodeURIComponent(name)}&fpl_league_id=${fplLeagueId}&entry_fee=0`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ name, fpl_league_id: String(fplLeagueId), entry_fee: '0' }).toString(),
  })
const join = (headers: Record<string, string>, id: number) =>
  call(`/api/leagues/${id}/join`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' })

beforeAll(async () => {
  routeFplToSimulator()
  owner = await addUser('owner@example.com', 'Pub Owner', 1000001)
  ownerAuth = await bearer(owner)
  pubId = await addTournament('The Pub League', SIM_LEAGUES.pub, owner)
  await addMember(pubId, owner)
  await addMember(1, owner)
  await addCuratedTeam(1000501)
  await addCuratedTeam(1000502)
})

describe('GET /api/leagues', () => {
  it('lists the pinned curated league first, then by name, without the hidden public tournament', async () => {
    await addTournament('alpha league', SIM_LEAGUES.fridays, null)
    const list = (await (await call('/api/leagues')).json()) as Array<Record<string, unknown>>
    expect(list.map((l) => l.name)).toEqual(['Real Footballers FPL League', 'alpha league', 'The Pub League'])
    expect(list[0]).toMatchObject({ type: 'curated_public', is_pinned: true, member_count: 2, is_member: false })
    expect(list.find((l) => l.name === 'The Pub League')).toMatchObject({
      type: 'private',
      member_count: 1,
      entry_fee: 0,
      current_prize_pool: 0,
      is_commissioner: false,
    })
    expect(list.some((l) => l.type === 'public')).toBe(false)
    expect(list.every((l) => !('invite_code' in l))).toBe(true)
  })

  it("marks the signed-in user's memberships and shows their own invite code", async () => {
    const list = (await (await call('/api/leagues', { headers: ownerAuth })).json()) as Array<Record<string, unknown>>
    expect(list.find((l) => l.id === pubId)).toMatchObject({ is_member: true, is_commissioner: true, invite_code: 'invite-123456' })
  })

  it('answers one tournament with its commissioner and curated teams', async () => {
    const detail = (await (await call(`/api/leagues/${CURATED_TOURNAMENT_ID}`)).json()) as Record<string, unknown>
    expect(detail).toMatchObject({ name: 'Real Footballers FPL League', type: 'curated_public', member_count: 2 })
    expect((detail.curated_teams as unknown[]).length).toBe(2)
    expect((await call('/api/leagues/987654')).status).toBe(404)
  })

  it("counts the public tournament's members as our verified managers with a team, and a private one's by membership", async () => {
    await addUser('unverified@example.com', 'Unverified', 1000021, false)
    await addUser('no-team@example.com', 'No Team', null)
    const expected = await env.DB.prepare('SELECT count(*) AS n FROM users WHERE is_verified = 1 AND fpl_team_id IS NOT NULL').first<number>('n')
    const pub = (await (await call('/api/leagues/1', { headers: ownerAuth })).json()) as Record<string, unknown>
    expect(pub).toMatchObject({ type: 'public', member_count: expected, is_member: true })
    const pubLeague = (await (await call(`/api/leagues/${pubId}`, { headers: ownerAuth })).json()) as Record<string, unknown>
    expect(pubLeague).toMatchObject({ type: 'private', member_count: 1, commissioner_name: 'Pub Owner', is_commissioner: true, curated_teams: [] })
  })
})

describe('POST /api/leagues', () => {
  it('creates a tournament from an FPL league with the creator as commissioner and member', async () => {
    const sunday = await addUser('sunday@example.com', 'Sunday Organiser', 1000009)
    const res = await create(await bearer(sunday), 'Sunday Legends', SIM_LEAGUES.sunday)
    expect(res.status).toBe(201)
    const body = (await res.json()) as { league_id: number; invite_code: string; invite_url: string; is_commissioner: boolean; message: string }
    expect(body).toMatchObject({ is_commissioner: true, message: "Sunday Legends is live, and you're the Commissioner." })
    expect(body.invite_code).toMatch(/^[A-Za-z0-9_-]{16}$/)
    // The created dialog's link, on the app's origin like the invite tab's.
    expect(body.invite_url).toBe(new URL(`/join/${body.invite_code}`, env.APP_URL).toString())
    const row = await env.DB.prepare('SELECT commissioner_id, fpl_season, entry_fee_pence FROM tournaments WHERE id = ?').bind(body.league_id).first()
    expect(row).toEqual({ commissioner_id: sunday, fpl_season: '2026/27', entry_fee_pence: 0 })
    expect(await env.DB.prepare('SELECT status FROM memberships WHERE tournament_id = ? AND user_id = ?').bind(body.league_id, sunday).first('status')).toBe(
      'active',
    )
  })

  it('adds the creator as a member, not commissioner, when the league already exists', async () => {
    const mate = await addUser('mate@example.com', 'Mate', 1000003)
    const res = await create(await bearer(mate), 'Whatever', SIM_LEAGUES.pub)
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({ league_id: pubId, invite_code: null, is_commissioner: false })
    expect(await env.DB.prepare('SELECT count(*) AS n FROM tournaments WHERE fpl_league_id = ?').bind(SIM_LEAGUES.pub).first('n')).toBe(1)
  })

  it("refuses unknown leagues, leagues without the creator's team, and bad input", async () => {
    const outsider = await bearer(await addUser('outsider@example.com', 'Outsider', 1000101))
    expect(await (await create(outsider, 'Nope', 999999)).json()).toEqual({
      detail: 'FPL league not found. Please check the League ID.',
      code: 'fpl_league_not_found',
    })
    expect(((await (await create(outsider, 'Not mine', SIM_LEAGUES.fridays)).json()) as { detail: string }).detail).toBe(
      'Your FPL team is not in this FPL league. Join it on the FPL site first.',
    )
    expect(((await (await create(outsider, '', SIM_LEAGUES.fridays)).json()) as { detail: string }).detail).toBe('Tournament name is required')
    expect(((await (await create(outsider, 'X', 'abc')).json()) as { detail: string }).detail).toBe('FPL league ID must be a number')
    expect((await create({}, 'Anon', SIM_LEAGUES.fridays)).status).toBe(401)

    // The fields may come in the form body alone; a query parameter wins over the same field there.
    const post = (query: string, form: Record<string, string>) =>
      call(`/api/leagues${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...outsider },
        body: new URLSearchParams(form).toString(),
      })
    expect(await (await post('', { name: '', fpl_league_id: String(SIM_LEAGUES.fridays) })).json()).toEqual({
      detail: 'Tournament name is required',
      code: 'validation_error',
    })
    expect(await (await post('?fpl_league_id=abc', { name: 'Mine', fpl_league_id: String(SIM_LEAGUES.fridays) })).json()).toEqual({
      detail: 'FPL league ID must be a number',
      code: 'validation_error',
    })
  })
})

describe('POST /api/leagues/{id}/join', () => {
  it('joins a private tournament when the team is in its FPL league; a double join makes one membership', async () => {
    const joiner = await addUser('joiner@example.com', 'Joiner', 1000004)
    const auth = await bearer(joiner)
    const [a, b] = await Promise.all([join(auth, pubId), join(auth, pubId)])
    expect([a.status, b.status]).toEqual([200, 200])
    expect(await env.DB.prepare('SELECT count(*) AS n FROM memberships WHERE tournament_id = ? AND user_id = ?').bind(pubId, joiner).first('n')).toBe(1)
  })

  it('refuses teams outside the FPL league, the curated league and signed-out callers', async () => {
    const outsider = await bearer(await addUser('stranger@example.com', 'Stranger', 1000102))
    const res = await join(outsider, pubId)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { detail: string }).detail).toMatch(/isn't in this league's FPL league/)
    expect(((await (await join(outsider, CURATED_TOURNAMENT_ID)).json()) as { detail: string }).detail).toBe(
      'Curated tournaments cannot be joined: an admin selects the teams.',
    )
    expect((await join({}, pubId)).status).toBe(401)
  })
})

describe('who may read a tournament', () => {
  it("keeps a private tournament's data to its members", async () => {
    for (const path of ['standings', 'monthly-winners', 'banter-stats']) {
      expect((await call(`/api/leagues/${pubId}/${path}`)).status).toBe(401)
      const nonMember = await bearer(await addUser(`peek-${path}@example.com`, 'Peeker', null))
      const res = await call(`/api/leagues/${pubId}/${path}`, { headers: nonMember })
      expect(res.status).toBe(403)
      expect(await res.json()).toMatchObject({ detail: 'Only members of this league can see this.' })
      expect((await call(`/api/leagues/${pubId}/${path}`, { headers: ownerAuth })).status).toBe(200)
    }
    // The public and curated tournaments are open to everyone.
    expect((await call(`/api/leagues/${CURATED_TOURNAMENT_ID}/standings`)).status).toBe(200)
    expect((await call('/api/leagues/1/standings')).status).toBe(200)
  })

  it('locks a kicked member out even with a valid token', async () => {
    const kicked = await addUser('kicked@example.com', 'Kicked', 1000005)
    await addMember(pubId, kicked, 'inactive')
    expect((await call(`/api/leagues/${pubId}/standings`, { headers: await bearer(kicked) })).status).toBe(403)
  })
})

describe('GET /api/leagues/{id}/admin-check and curated teams', () => {
  it('grants admin access on the curated league to ADMIN_EMAILS only', async () => {
    const admin = await bearer(await addUser('admin@banter-arena.test', 'Admin', null))
    expect(await (await call(`/api/leagues/${CURATED_TOURNAMENT_ID}/admin-check`, { headers: admin })).json()).toEqual({ has_admin_access: true })
    expect(await (await call(`/api/leagues/${CURATED_TOURNAMENT_ID}/admin-check`, { headers: ownerAuth })).json()).toEqual({ has_admin_access: false })
    expect(await (await call(`/api/leagues/${pubId}/admin-check`, { headers: admin })).json()).toEqual({ has_admin_access: false })

    const add = (headers: Record<string, string>, team: number) =>
      call(`/api/leagues/${CURATED_TOURNAMENT_ID}/curated-teams`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ fpl_team_id: team }),
      })
    expect((await add(ownerAuth, 1000503)).status).toBe(403)
    const added = await add(admin, 1000503)
    expect(added.status).toBe(201)
    expect((await add(admin, 1000503)).status).toBe(409)
    expect((await add(admin, 9_999_999)).status).toBe(400)
    const removed = await call(`/api/leagues/${CURATED_TOURNAMENT_ID}/curated-teams/1000503`, { method: 'DELETE', headers: admin })
    expect(removed.status).toBe(200)
    expect((await call(`/api/leagues/${CURATED_TOURNAMENT_ID}/curated-teams/1000501`, { method: 'DELETE', headers: ownerAuth })).status).toBe(403)
  })
})
