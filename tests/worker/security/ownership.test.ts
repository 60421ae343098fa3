import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { attack } from '../../security/attack'
import { authed, freshIp, lastEmailTo, PASSWORD, post, verifiedAccount } from '../helpers/accounts'
import { renameEntry, routeFplToSimulator, SIM_LEAGUES } from '../helpers/fpl'
import { call } from '../helpers/http'
import { addMember, addTournament, addUser, bearer, PUBLIC_TOURNAMENT_ID } from '../helpers/world'

// Team ownership (decision 061): a typed FPL team id proves nothing, so a manager proves
// a team is theirs with a one-time code in its FPL name; one team is held by one account,
// enforced by the database; an invite sign-up checks the team against that league first.

const CATEGORY = 'Team ownership'
const CODE = /^BA-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}$/

let pubTournament = 0

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
const challenge = (token: string, body: unknown = {}) => authed('/api/auth/fpl-team/challenge', token, json(body))
const verify = (token: string, body: unknown = {}) => authed('/api/auth/fpl-team/verify', token, json(body))
const updateTeam = (token: string, fpl_team_id: number) => authed('/api/auth/update-fpl-team', token, json({ fpl_team_id }))
const me = (token: string) => authed('/api/auth/me', token)
const tokenOf = async (userId: number) => (await bearer(userId)).authorization!.slice('Bearer '.length)

const createLeague = (headers: Record<string, string>, fplLeagueId: number, name = 'A league') =>
  call(`/api/leagues?name=${encodeURIComponent(name)}&fpl_league_id=${fplLeagueId}`, { method: 'POST', headers }).then(async (res) => ({
    status: res.status,
    body: (await res.json()) as Record<string, any>,
  }))

const userRow = (id: number) =>
  env.DB.prepare('SELECT fpl_team_id, fpl_team_id_locked, fpl_team_verified_at FROM users WHERE id = ?')
    .bind(id)
    .first<{ fpl_team_id: number | null; fpl_team_id_locked: number; fpl_team_verified_at: number | null }>()
const activeTournaments = async (userId: number) =>
  (
    await env.DB.prepare("SELECT tournament_id FROM memberships WHERE user_id = ? AND status = 'active' ORDER BY tournament_id")
      .bind(userId)
      .all<{ tournament_id: number }>()
  ).results.map((r) => r.tournament_id)

/** Puts the live code in the team's FPL name, as its owner would on the FPL site. */
async function proveOnFpl(token: string, teamId: number, body: unknown = {}) {
  const issued = await challenge(token, body)
  expect(issued.status).toBe(200)
  await renameEntry(teamId, { name: `Klopp ${issued.body.code}` })
  return issued.body.code as string
}

beforeAll(async () => {
  routeFplToSimulator()
  const owner = await addUser('pub-owner@example.com', 'Pub Owner', 1000001)
  pubTournament = await addTournament('The Pub League', SIM_LEAGUES.pub, owner)
  await addMember(pubTournament, owner)
})

describe('proving a team with a code in its FPL name', () => {
  it('issues a short code for 30 minutes, refuses a name without it, and verifies and locks the team once the name has it', async ({ task }) => {
    attack(task, { category: CATEGORY, inputs: 2 })
    const { token } = await verifiedAccount('prover@example.com', { fpl_team_id: 1000010 })
    expect((await me(token)).body).toMatchObject({ fpl_team_id: 1000010, fpl_team_verified: false, fpl_team_id_locked: false })

    const before = Date.now()
    const issued = await challenge(token)
    expect(issued.status).toBe(200)
    expect(issued.body).toMatchObject({ fpl_team_id: 1000010 })
    expect(issued.body.code).toMatch(CODE)
    const expires = Date.parse(issued.body.expires_at)
    expect(expires - before).toBeGreaterThanOrEqual(30 * 60_000 - 1000)
    expect(expires - before).toBeLessThanOrEqual(30 * 60_000 + 5000)
    // Asking again gives the same code: a rename in progress stays valid.
    expect((await challenge(token, { fpl_team_id: 1000010 })).body.code).toBe(issued.body.code)

    const notYet = await verify(token)
    expect(notYet.status).toBe(400)
    expect(notYet.body.code).toBe('code_not_in_team_name')
    expect(notYet.body.detail).toContain(`We couldn't find ${issued.body.code} in your team name "`)
    expect(notYet.body.detail).toContain('Check again')
    expect((await userRow((await me(token)).body.id))!.fpl_team_verified_at).toBeNull()

    // Lower case and spaces inside still count: people type the code by hand.
    await renameEntry(1000010, { name: `fc ${issued.body.code.toLowerCase().replace('-', ' - ')}` })
    const done = await verify(token, { fpl_team_id: 1000010 })
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({ fpl_team_id: 1000010, verified: true, team_name: `fc ${issued.body.code.toLowerCase().replace('-', ' - ')}` })
    expect((await me(token)).body).toMatchObject({ fpl_team_verified: true, fpl_team_id_locked: true })

    // Verified means locked: the team id cannot be swapped any more, and there is nothing to prove.
    const swap = await updateTeam(token, 1000011)
    expect(swap).toMatchObject({ status: 400, body: { detail: 'Your FPL Team ID is verified and locked.' } })
    expect((await challenge(token)).body.code).toBe('fpl_team_already_verified')
    expect((await challenge(token, { fpl_team_id: 1000011 })).body.detail).toBe('Your FPL Team ID is verified and locked.')
  })

  it('reads the team name from FPL itself, past the cache: a name cached before the rename still verifies', async ({ task }) => {
    attack(task, { category: CATEGORY, inputs: 1 })
    const { token } = await verifiedAccount('cached@example.com', { fpl_team_id: 1000011 })
    // The confirmation step reads the entry through the KV cache, storing its old name.
    const shown = await call('/api/fpl-team/1000011')
    const cachedName = ((await shown.json()) as { team_name: string }).team_name
    const code = await proveOnFpl(token, 1000011)
    expect((await (await call('/api/fpl-team/1000011')).json()) as Record<string, unknown>).toMatchObject({ team_name: cachedName })
    const done = await verify(token)
    expect(done).toMatchObject({ status: 200, body: { verified: true, team_name: `Klopp ${code}` } })
  })

  it('refuses a wrong code, an expired code and a missing one, with what to do next', async ({ task }) => {
    attack(task, { category: CATEGORY, inputs: 4 })
    const { token, userId } = await verifiedAccount('wrong-code@example.com', { fpl_team_id: 1000012 })
    expect(await verify(token)).toMatchObject({
      status: 400,
      body: { code: 'no_challenge', detail: 'Get a verification code first, then add it to your FPL team name.' },
    })
    const issued = await challenge(token)
    const wrong = issued.body.code === 'BA-2222' ? 'BA-3333' : 'BA-2222'
    await renameEntry(1000012, { name: `Team ${wrong}` })
    expect((await verify(token)).body.code).toBe('code_not_in_team_name')

    // The right code after it expired counts for nothing.
    await renameEntry(1000012, { name: `Team ${issued.body.code}` })
    await env.DB.prepare('UPDATE fpl_team_challenges SET expires_at = ? WHERE user_id = ?')
      .bind(Date.now() - 1, userId)
      .run()
    expect((await verify(token)).body.code).toBe('no_challenge')
    // A code for another team does not prove this one.
    expect((await verify(token, { fpl_team_id: 1000007 })).body.code).toBe('no_challenge')
    expect((await userRow(userId))!.fpl_team_verified_at).toBeNull()

    // A fresh code works again.
    const fresh = await challenge(token)
    expect(fresh.body.code).not.toBe(issued.body.code)
    await renameEntry(1000012, { name: `Team ${fresh.body.code}` })
    expect((await verify(token)).status).toBe(200)
  })

  it('answers 503 with a readable detail when FPL cannot be reached, and verifies nothing', async ({ task }) => {
    attack(task, { category: CATEGORY, faults: 1 })
    const { simulator } = await import('../helpers/fpl')
    const { token, userId } = await verifiedAccount('fpl-down@example.com', { fpl_team_id: 1000008 })
    await proveOnFpl(token, 1000008)
    simulator().injectFault({ kind: 'server_error', match: '/entry/1000008/' })
    try {
      const res = await verify(token)
      expect(res).toMatchObject({
        status: 503,
        body: { detail: 'The FPL API is not answering right now (it may be updating). Please try again in a few minutes.' },
      })
    } finally {
      simulator().clearFaults()
    }
    expect((await userRow(userId))!.fpl_team_verified_at).toBeNull()
  })
})

describe('a verified claim replaces an unverified one', () => {
  it('takes the team, its leagues and its commissioner roles from the squatter, and tells them by email', async ({ task }) => {
    attack(task, { category: CATEGORY, inputs: 1 })
    // The squatter typed a stranger's team id and rode it into the Pub League and a new tournament.
    const squatter = await addUser('squatter@example.com', 'Claim your prize at evil.example', 1000004, true, false)
    await addMember(pubTournament, squatter)
    await addMember(PUBLIC_TOURNAMENT_ID, squatter)
    const squatted = await addTournament('Squatted Fridays', SIM_LEAGUES.fridays, squatter)
    await addMember(squatted, squatter)
    await env.DB.prepare("INSERT INTO fpl_team_challenges (user_id, fpl_team_id, code, expires_at) VALUES (?, 1000004, 'BA-9999', ?)")
      .bind(squatter, Date.now() + 60_000)
      .run()

    // The real owner signs up without the team (it is taken) and proves it from the dashboard.
    const refused = await post(
      '/api/auth/register',
      { name: 'Real Owner', email: 'owner-1000004@example.com', password: PASSWORD, fpl_team_id: 1000004 },
      { 'cf-connecting-ip': freshIp() },
    )
    expect(refused).toMatchObject({
      status: 409,
      body: {
        detail: "This FPL team is already linked to another account. If it's yours, create your account without it, then prove it's yours from your dashboard.",
      },
    })
    const { token, userId } = await verifiedAccount('owner-1000004@example.com')
    await proveOnFpl(token, 1000004, { fpl_team_id: 1000004 })
    expect((await verify(token, { fpl_team_id: 1000004 })).status).toBe(200)

    expect(await userRow(userId)).toMatchObject({ fpl_team_id: 1000004, fpl_team_id_locked: 1 })
    expect(await userRow(squatter)).toEqual({ fpl_team_id: null, fpl_team_id_locked: 0, fpl_team_verified_at: null })
    // The leagues the team brought are gone; the site-wide public tournament stays.
    expect(await activeTournaments(squatter)).toEqual([PUBLIC_TOURNAMENT_ID])
    expect(await env.DB.prepare('SELECT commissioner_id FROM tournaments WHERE id = ?').bind(squatted).first('commissioner_id')).toBeNull()
    expect(await env.DB.prepare('SELECT count(*) AS n FROM fpl_team_challenges WHERE user_id IN (?, ?)').bind(squatter, userId).first('n')).toBe(0)

    const email = await lastEmailTo('squatter@example.com')
    expect(email?.subject).toContain('FPL team 1000004 was removed')
    expect(email?.text).toContain('proved it is theirs')
    // Nothing anyone typed reaches the email: not the display name, not the new team name.
    expect(email?.text).not.toContain('evil.example')
    expect(email?.html).not.toContain('evil.example')
    expect(email?.text).not.toContain('Klopp')
  })

  it('refuses a code for a team another account has already proven', async ({ task }) => {
    attack(task, { category: CATEGORY, inputs: 2 })
    await addUser('proven-1000003@example.com', 'Proven', 1000003)
    const { token } = await verifiedAccount('latecomer@example.com')
    const res = await challenge(token, { fpl_team_id: 1000003 })
    expect(res.status).toBe(409)
    expect(res.body.detail).toContain('Another account has already proven this FPL team is theirs.')
    expect((await verify(token, { fpl_team_id: 1000003 })).status).toBeGreaterThanOrEqual(400)
  })
})

describe('one team, one account', () => {
  it('lets exactly one of eight parallel registrations with one team through; the rest get 409, never 500', async ({ task }) => {
    attack(task, { category: CATEGORY, concurrent: 8 })
    // A client retries a 503 (the password-hashing cap) after a moment, as the web app does.
    const register = async (i: number) => {
      const ip = freshIp()
      for (;;) {
        const res = await post(
          '/api/auth/register',
          { name: `Racer ${i}`, email: `racer${i}@example.com`, password: PASSWORD, fpl_team_id: 1000301 },
          { 'cf-connecting-ip': ip },
        )
        if (res.status !== 503) return res
        await scheduler.wait(20)
      }
    }
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => register(i)))
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409])
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.code).toBe('fpl_team_taken')
    expect(await env.DB.prepare('SELECT count(*) AS n FROM users WHERE fpl_team_id = 1000301').first('n')).toBe(1)
  })

  it('answers 409 to parallel registrations with one email, never 500', async ({ task }) => {
    attack(task, { category: CATEGORY, concurrent: 4 })
    const register = async () => {
      const ip = freshIp()
      for (;;) {
        const res = await post('/api/auth/register', { name: 'Twin', email: 'twin@example.com', password: PASSWORD }, { 'cf-connecting-ip': ip })
        if (res.status !== 503) return res
        await scheduler.wait(20)
      }
    }
    const results = await Promise.all(Array.from({ length: 4 }, register))
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409])
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.code).toBe('email_taken')
  })

  it('is a unique index of the database', async ({ task }) => {
    attack(task, { category: CATEGORY, inputs: 1 })
    await addUser('index-a@example.com', 'A', 1000302, true, false)
    await expect(addUser('index-b@example.com', 'B', 1000302, true, false)).rejects.toThrow(/UNIQUE/)
  })
})

describe('changing an unverified team id', () => {
  it('lets a mistaken id be changed, drops the leagues the old team brought, and refuses a team another account holds', async ({ task }) => {
    attack(task, { category: CATEGORY, inputs: 2 })
    const { token, userId } = await verifiedAccount('typo@example.com', { fpl_team_id: 1000006 })
    expect(await activeTournaments(userId)).toContain(pubTournament) // auto-joined through the team

    await addUser('holder-1000303@example.com', 'Holder', 1000303, true, false)
    const taken = await updateTeam(token, 1000303)
    expect(taken).toMatchObject({
      status: 409,
      body: { detail: "This FPL team is already linked to another account. If it's yours, prove it with the verification code from your dashboard." },
    })

    const changed = await updateTeam(token, 1000304)
    expect(changed).toMatchObject({ status: 200, body: { fpl_team_id: 1000304, fpl_team_id_locked: false } })
    expect(await activeTournaments(userId)).not.toContain(pubTournament)
    expect(await userRow(userId)).toMatchObject({ fpl_team_id: 1000304, fpl_team_id_locked: 0 })
  })
})

describe('signing up from an invite link', () => {
  it('checks the team against that league before anything is written', async ({ task }) => {
    attack(task, { category: CATEGORY, inputs: 3 })
    const register = (email: string, extra: Record<string, unknown>) =>
      post('/api/auth/register', { name: 'Invitee', email, password: PASSWORD, ...extra }, { 'cf-connecting-ip': freshIp() })
    const users = async () => env.DB.prepare('SELECT count(*) AS n FROM users').first<number>('n')
    const before = await users()

    // Team 1000305 plays in Sunday League Legends, not in the Pub League.
    const outside = await register('outsider@example.com', { fpl_team_id: 1000305, invite_code: 'invite-123456' })
    expect(outside).toMatchObject({
      status: 400,
      body: { code: 'team_not_in_league', detail: 'This FPL team is not in The Pub League. Check your FPL Team ID, or join the league on the FPL site first.' },
    })
    expect((await register('no-team@example.com', { invite_code: 'invite-123456' })).status).toBe(400)
    expect(await register('bad-invite@example.com', { fpl_team_id: 1000005, invite_code: 'no-such-invite' })).toMatchObject({
      status: 404,
      body: { detail: 'Invalid invite link' },
    })
    expect(await users()).toBe(before)
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = 'outsider@example.com'").first('n')).toBe(0)

    expect((await register('insider@example.com', { fpl_team_id: 1000005, invite_code: 'invite-123456' })).status).toBe(201)
  })
})

describe('becoming a commissioner', () => {
  it('needs a proven team to create a tournament for a new FPL league; joining an existing one does not', async ({ task }) => {
    attack(task, { category: CATEGORY, inputs: 1 })
    const unproven = await addUser('unproven-sunday@example.com', 'Unproven', 1000306, true, false)
    const refused = await createLeague(await bearer(unproven), SIM_LEAGUES.sunday, 'Sunday Takeover')
    expect(refused).toMatchObject({
      status: 403,
      body: {
        code: 'fpl_team_unverified',
        detail:
          'Prove this FPL team is yours before you create a tournament: get a code on your dashboard (or here), add it to your team name on the FPL site, then press Check.',
      },
    })
    expect(await env.DB.prepare('SELECT count(*) AS n FROM tournaments WHERE fpl_league_id = ?').bind(SIM_LEAGUES.sunday).first('n')).toBe(0)

    // Proving the team from the create dialog, then creating, works.
    const token = await tokenOf(unproven)
    await proveOnFpl(token, 1000306)
    expect((await verify(token)).status).toBe(200)
    const created = await createLeague(await bearer(unproven), SIM_LEAGUES.sunday, 'Sunday Legends')
    expect(created).toMatchObject({ status: 201, body: { is_commissioner: true } })

    // A member's flows stay as they were: an unproven team joins the existing tournament.
    const member = await addUser('unproven-member@example.com', 'Member', 1000307, true, false)
    const joined = await createLeague(await bearer(member), SIM_LEAGUES.sunday, 'Sunday Legends')
    expect(joined).toMatchObject({ status: 201, body: { is_commissioner: false } })
    const other = await addUser('unproven-joiner@example.com', 'Joiner', 1000308, true, false)
    expect((await call(`/api/leagues/${created.body.league_id}/join`, { method: 'POST', headers: await bearer(other) })).status).toBe(200)
  })

  it("gives the FPL league's own admin, once proven, the commissioner role; the old commissioner stays a member", async ({ task }) => {
    attack(task, { category: CATEGORY, inputs: 1 })
    // Someone else created the Office league's tournament first.
    const first = await addUser('office-first@example.com', 'First Creator', 1000102)
    const office = await addTournament('Office Banter League', SIM_LEAGUES.office, first)
    await addMember(office, first)

    // The FPL admin of the office league is entry 1000101; unproven, they only join.
    const admin = await addUser('office-admin@example.com', 'Office Admin', 1000101, true, false)
    expect(await createLeague(await bearer(admin), SIM_LEAGUES.office)).toMatchObject({ status: 201, body: { is_commissioner: false } })

    const token = await tokenOf(admin)
    await proveOnFpl(token, 1000101)
    expect((await verify(token)).status).toBe(200)
    const taken = await createLeague(await bearer(admin), SIM_LEAGUES.office)
    expect(taken).toMatchObject({
      status: 201,
      body: { is_commissioner: true, message: "You're this league's admin on FPL, so you're now the Commissioner of Office Banter League." },
    })
    expect(await env.DB.prepare('SELECT commissioner_id FROM tournaments WHERE id = ?').bind(office).first('commissioner_id')).toBe(admin)
    expect(await activeTournaments(first)).toContain(office)

    // Joining from the tournament page works the same way (Sim Mega League: admin entry 1001001).
    const mega = await addTournament('Sim Mega League', SIM_LEAGUES.mega, first)
    const megaAdmin = await addUser('mega-admin@example.com', 'Mega Admin', 1001001)
    const joined = await call(`/api/leagues/${mega}/join`, { method: 'POST', headers: await bearer(megaAdmin) })
    expect(await joined.json()).toMatchObject({ is_commissioner: true })
    expect(await env.DB.prepare('SELECT commissioner_id FROM tournaments WHERE id = ?').bind(mega).first('commissioner_id')).toBe(megaAdmin)

    // The commissioner's members list shows who has proven their team.
    const members = await call(`/api/leagues/${office}/members`, { headers: await bearer(admin) })
    const body = (await members.json()) as { active_members: Array<{ id: number; fpl_team_verified: boolean }> }
    expect(Object.fromEntries(body.active_members.map((m) => [m.id, m.fpl_team_verified]))).toEqual({ [first]: true, [admin]: true })
    const unprovenMember = await addUser('office-member@example.com', 'Office Member', 1000103, true, false)
    await addMember(office, unprovenMember)
    const again = (await (await call(`/api/leagues/${office}/members`, { headers: await bearer(admin) })).json()) as typeof body
    expect(again.active_members.find((m) => m.id === unprovenMember)?.fpl_team_verified).toBe(false)
  })
})

describe('"Is this your team?"', () => {
  it('shows the team and manager name from FPL before a team id is saved', async ({ task }) => {
    attack(task, { category: CATEGORY, inputs: 1 })
    await renameEntry(1000309, { name: 'Confirm Me FC', player_first_name: 'Ada', player_last_name: 'Lovelace' })
    const res = await call('/api/fpl-team/1000309')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ fpl_team_id: 1000309, team_name: 'Confirm Me FC', player_name: 'Ada Lovelace' })
    const missing = await call('/api/fpl-team/9999999')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({ detail: 'FPL team not found. Please check your FPL Team ID.' })
  })
})
