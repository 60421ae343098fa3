import { env } from 'cloudflare:workers'
import { SignJWT } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { signSession, verifySession } from '../../worker/services/auth/tokens'
import { routeFplToSimulator, SIM_LEAGUES } from './helpers/fpl'
import { call } from './helpers/http'
import { addMember, addTournament, addUser, bearer } from './helpers/world'

// Session tokens and the bearer check, as the data engine's signed-in routes use them.

let demo = 0
let pubId = 0
const key = new TextEncoder().encode(env.JWT_SECRET)

beforeAll(async () => {
  routeFplToSimulator()
  demo = await addUser('demo@example.com', 'Demo', 1000001)
  pubId = await addTournament('The Pub League', SIM_LEAGUES.pub, demo)
  await addMember(pubId, demo)
})

describe('session tokens', () => {
  it('round-trips the user and token version', async () => {
    const { token } = await signSession(env, { userId: 7, tokenVersion: 3 })
    expect(await verifySession(env, token)).toEqual({
      userId: 7,
      tokenVersion: 3,
      tokenId: expect.stringMatching(/^[\w-]{22}$/),
      expiresAt: expect.any(Number),
    })
  })

  it('rejects other algorithms, wrong keys, missing or past expiry', async () => {
    // Each carries a well-formed jti, issuer and audience, so that only the flaw named is what gets it refused.
    const base = () =>
      new SignJWT({ ver: 0 }).setSubject('7').setJti('0123456789abcdefghijkl').setIssuer('banter-arena').setAudience('banter-arena-api').setIssuedAt()
    const none =
      `${btoa(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${btoa(JSON.stringify({ sub: '7', ver: 0, jti: '0123456789abcdefghijkl', exp: 9e9, iat: 1 }))}.`.replaceAll(
        '=',
        '',
      )
    const candidates = [
      none,
      await base().setProtectedHeader({ alg: 'HS512', typ: 'JWT' }).setExpirationTime('1h').sign(key),
      await base()
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-that-is-32-chars-long!')),
      await base().setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key),
      await base()
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
        .sign(key),
    ]
    for (const token of candidates) expect(await verifySession(env, token)).toBeNull()
  })
})

describe('bearer authentication', () => {
  it('requires a valid bearer on signed-in routes', async () => {
    expect((await call(`/api/discover-leagues/1000001`)).status).toBe(401)
    for (const header of ['Bearer', 'Bearer abc', 'Basic Zm9vOmJhcg==', `Bearer ${'x'.repeat(10)}.y.z`]) {
      const res = await call(`/api/discover-leagues/1000001`, { headers: { authorization: header } })
      expect(res.status).toBe(401)
      expect(await res.json()).toMatchObject({ detail: 'Not authenticated. Please sign in again.' })
    }
  })

  it('stops accepting a token once the token version moves on', async () => {
    const headers = await bearer(demo)
    expect((await call('/api/discover-leagues/1000001', { headers })).status).toBe(200)
    await env.DB.prepare('UPDATE users SET token_version = token_version + 1 WHERE id = ?').bind(demo).run()
    expect((await call('/api/discover-leagues/1000001', { headers })).status).toBe(401)
  })
})

describe('GET /api/discover-leagues/{fpl_team_id}', () => {
  it('finds our tournaments whose FPL league contains the team', async () => {
    const other = await addUser('other@example.com', 'Other', 1000002)
    const res = await call('/api/discover-leagues/1000001', { headers: await bearer(other) })
    expect(res.status).toBe(200)
    const { discovered_leagues } = (await res.json()) as { discovered_leagues: Array<Record<string, unknown>> }
    expect(discovered_leagues).toEqual([
      {
        league_id: pubId,
        league_name: 'The Pub League',
        team_name: expect.any(String),
        player_name: expect.any(String),
        fpl_league_id: SIM_LEAGUES.pub,
        member_count: 1,
        entry_fee: 0,
        already_member: false,
      },
    ])
  })

  it('marks leagues the caller already belongs to, and 404s unknown teams', async () => {
    const res = await call('/api/discover-leagues/1000001', { headers: await bearer(demo) })
    expect(((await res.json()) as { discovered_leagues: Array<{ already_member: boolean }> }).discovered_leagues[0]!.already_member).toBe(true)
    const missing = await call('/api/discover-leagues/9999999', { headers: await bearer(demo) })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({ detail: 'FPL team not found. Please check the team ID.' })
  })

  it('lists the invitational FPL leagues of the team that no tournament here tracks yet, system leagues left out', async () => {
    // Team 1000001 plays in Overall (a system league) and three invitational leagues: the Pub
    // (a private tournament here), the Office (tracked by a tournament of another type) and Sunday
    // League Legends (no tournament here; its FPL admin is 1000301).
    await env.DB.prepare(
      "INSERT INTO tournaments (name, type, fpl_league_id, fpl_season, invite_code) VALUES ('Office Banter League', 'curated_public', ?, '2026/27', 'invite-office')",
    )
      .bind(SIM_LEAGUES.office)
      .run()
    const res = await call('/api/discover-leagues/1000001', { headers: await bearer(demo) })
    expect(res.status).toBe(200)
    const answer = (await res.json()) as { discovered_leagues: Array<{ fpl_league_id: number }>; not_here_yet: unknown[] }
    expect(answer.discovered_leagues.map((l) => l.fpl_league_id)).toEqual([SIM_LEAGUES.pub])
    expect(answer.not_here_yet).toEqual([
      { fpl_league_id: SIM_LEAGUES.sunday, name: 'Sunday League Legends', managers: 25, your_rank: expect.any(Number), you_are_fpl_admin: false },
    ])

    // The league's own admin on FPL: the same league, flagged as theirs.
    const admin = await addUser('sunday-admin@example.com', 'Sunday Admin', 1000301)
    const own = (await (await call('/api/discover-leagues/1000301', { headers: await bearer(admin) })).json()) as Record<string, unknown>
    expect(own).toEqual({
      discovered_leagues: [],
      not_here_yet: [expect.objectContaining({ fpl_league_id: SIM_LEAGUES.sunday, you_are_fpl_admin: true })],
    })
  })

  it("marks the viewer's own standings row when signed in", async () => {
    // No snapshot in this file: the row check runs against an empty table without error.
    const res = await call(`/api/leagues/${pubId}/standings`, { headers: await bearer(demo) })
    expect(res.status).toBe(200)
  })
})
