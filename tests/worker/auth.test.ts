import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { RESEND_MESSAGE, RESET_REQUEST_MESSAGE } from '../../worker/services/auth/accounts'
import { authed, freshIp, lastEmailTo, PASSWORD, post, tokenFromEmail, verifiedAccount } from './helpers/accounts'
import { routeFplToSimulator, SIM_LEAGUES } from './helpers/fpl'
import { addMember, addTournament, addUser } from './helpers/world'

// Every /api/auth call (decision 181, R7) against real D1 and KV, FPL answered by
// the simulator, emails read from the dev outbox.

let pubId = 0

beforeAll(async () => {
  routeFplToSimulator()
  const owner = await addUser('owner@example.com', 'Pub Owner', 1000002)
  pubId = await addTournament('The Pub League', SIM_LEAGUES.pub, owner)
  await addMember(pubId, owner)
})

describe('POST /api/auth/register', () => {
  it('creates an unverified account, emails a 24 h link built from APP_URL and returns the discovered leagues', async () => {
    const res = await post(
      '/api/auth/register',
      { name: '  Chris Hartley ', email: ' Chris@Example.com ', password: PASSWORD, fpl_team_id: 1000001 },
      { 'cf-connecting-ip': freshIp(), host: 'evil.example' },
    )
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ verification_required: true, email: 'chris@example.com', name: 'Chris Hartley', access_token: null, email_sent: true })
    expect(res.body.discovered_leagues).toEqual([
      expect.objectContaining({
        league_id: pubId,
        league_name: 'The Pub League',
        fpl_league_id: SIM_LEAGUES.pub,
        member_count: 1,
        entry_fee: 0,
        already_member: false,
      }),
    ])
    const email = await lastEmailTo('chris@example.com')
    expect(email?.subject).toBe('Verify your email for Banter Arena')
    expect(email?.text).toMatch(/https:\/\/banter\.test\/verify-email\?token=[A-Za-z0-9_-]{40,}/)
    expect(email?.html).not.toContain('evil.example')
    expect(email?.text).toContain('24 hours')
    const stored = await env.DB.prepare("SELECT is_verified, fpl_team_id_locked, password_hash FROM users WHERE email = 'chris@example.com'").first<
      Record<string, unknown>
    >()
    // A typed team id is a claim until its owner proves it: not locked yet.
    expect(stored).toMatchObject({ is_verified: 0, fpl_team_id_locked: 0 })
    expect(String(stored!.password_hash)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    // Only the token's hash is stored.
    const token = await tokenFromEmail('chris@example.com', '/verify-email')
    expect(await env.DB.prepare('SELECT count(*) AS n FROM email_tokens WHERE token_hash = ?').bind(token).first('n')).toBe(0)
  })

  it('refuses a second account for the same email', async () => {
    const res = await post('/api/auth/register', { name: 'Again', email: 'CHRIS@example.com', password: PASSWORD }, { 'cf-connecting-ip': freshIp() })
    expect(res.status).toBe(409)
    expect(res.body.detail).toBe('An account with this email already exists.')
  })

  it.each([
    [{ email: 'a@example.com', password: PASSWORD }, 'Name is required'],
    [{ name: ' ', email: 'a@example.com', password: PASSWORD }, 'Name is required'],
    [{ name: 'A', email: 'not-an-email', password: PASSWORD }, 'Invalid email format'],
    [{ name: 'A', password: PASSWORD }, 'Email is required'],
    [{ name: 'A', email: 'a@example.com' }, 'Password is required'],
    [
      { name: 'A', email: 'a@example.com', password: 'short' },
      'Password must contain: at least 8 characters, an uppercase letter, a number, a special character (!@#$%^&*(),.?":{}|<>)',
    ],
    [{ name: 'A', email: 'a@example.com', password: `Aa1!${'x'.repeat(200)}` }, 'Password must be at most 128 characters'],
    [{ name: 'A', email: 'a@example.com', password: PASSWORD, fpl_team_id: 0 }, 'FPL Team ID must be a positive number'],
    [{ name: 'A', email: 'a@example.com', password: PASSWORD, fpl_team_id: '12' }, 'FPL Team ID must be a positive number'],
    [{ name: 'A', email: 'a@example.com', password: PASSWORD, fpl_team_id: 9_999_999 }, 'FPL team not found. Please check your FPL Team ID.'],
  ])('rejects %j with "%s"', async (body, detail) => {
    const res = await post('/api/auth/register', body, { 'cf-connecting-ip': freshIp() })
    expect(res.status).toBe(400)
    expect(res.body.detail).toBe(detail)
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = 'a@example.com'").first('n')).toBe(0)
  })

  it('keeps the account when the email service is down, and the link can be resent later', async () => {
    const { vi } = await import('vitest')
    const { call, json } = await import('./helpers/http')
    const original = globalThis.fetch
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input instanceof Request ? input.url : input)
      if (url.startsWith('https://api.resend.com/')) return Response.json({ name: 'internal_server_error' }, { status: 500 })
      return original(input, init)
    })
    try {
      const res = await call(
        '/api/auth/register',
        json({ name: 'Unlucky', email: 'unlucky@example.com', password: PASSWORD }, { headers: { 'cf-connecting-ip': freshIp() } }),
        { RESEND_API_KEY: 're_test' },
      )
      expect(res.status).toBe(201)
      expect(await res.json()).toMatchObject({ verification_required: true, email_sent: false })
    } finally {
      spy.mockRestore()
      routeFplToSimulator()
    }
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = 'unlucky@example.com'").first('n')).toBe(1)
    // Back in the outbox world: "Resend Email" delivers a working link.
    await post('/api/auth/resend-verification', { email: 'unlucky@example.com' }, { 'cf-connecting-ip': freshIp() })
    const token = await tokenFromEmail('unlucky@example.com', '/verify-email')
    expect((await post('/api/auth/verify-email', { token }, { 'cf-connecting-ip': freshIp() })).status).toBe(200)
  })

  it('refuses a team already linked to another account', async () => {
    const res = await post(
      '/api/auth/register',
      { name: 'Copycat', email: 'copy@example.com', password: PASSWORD, fpl_team_id: 1000002 },
      { 'cf-connecting-ip': freshIp() },
    )
    expect(res.status).toBe(409)
    expect(res.body.detail).toBe(
      "This FPL team is already linked to another account. If it's yours, create your account without it, then prove it's yours from your dashboard.",
    )
  })
})

describe('verification and sign-in', () => {
  it('refuses to sign in before verification with a detail containing "verify"', async () => {
    const res = await post('/api/auth/login', { email: 'chris@example.com', password: PASSWORD }, { 'cf-connecting-ip': freshIp() })
    expect(res.status).toBe(403)
    expect(res.body.detail).toContain('verify')
  })

  it('verifies once, auto-joins the discovered leagues and the public tournament, and signs in', async () => {
    const token = await tokenFromEmail('chris@example.com', '/verify-email')
    const ip = freshIp()
    const [a, b] = await Promise.all([
      post('/api/auth/verify-email', { token }, { 'cf-connecting-ip': ip }),
      post('/api/auth/verify-email', { token }, { 'cf-connecting-ip': ip }),
    ])
    const ok = [a, b].find((r) => r.status === 200)!
    const refused = [a, b].find((r) => r.status !== 200)!
    expect(refused.status).toBe(400) // used concurrently: exactly one wins
    expect(refused.body.detail).toBe('This verification link is invalid or has expired.')
    expect(ok.body).toMatchObject({
      message: 'Email verified successfully!',
      auto_joined_count: 1,
      auto_joined_leagues: [{ league_id: pubId, league_name: 'The Pub League' }],
      name: 'Chris Hartley',
      email: 'chris@example.com',
    })
    expect(ok.body.access_token).toMatch(/^ey/)
    expect(ok.body.user.joined_leagues.sort()).toEqual([1, pubId].sort())
    // Reused later: refused.
    expect((await post('/api/auth/verify-email', { token }, { 'cf-connecting-ip': ip })).status).toBe(400)
  })

  it('signs in with the product’s fields; wrong and unknown credentials get the same answer', async () => {
    const ip = freshIp()
    const ok = await post('/api/auth/login', { email: ' CHRIS@example.com', password: PASSWORD }, { 'cf-connecting-ip': ip })
    expect(ok.status).toBe(200)
    expect(Object.keys(ok.body)).toEqual(expect.arrayContaining(['access_token', 'user_id', 'name', 'email', 'joined_leagues', 'user']))
    expect(Object.keys(ok.body.user).sort()).toEqual(
      [
        'banter_sharing_enabled',
        'created_at',
        'email',
        'fpl_team_id',
        'fpl_team_id_locked',
        'fpl_team_verified',
        'id',
        'is_verified',
        'joined_leagues',
        'name',
        // Last season's team after FPL's relaunch (decision 185).
        'previous_fpl_team_id',
        'previous_fpl_team_season',
        'user_id',
      ].sort(),
    )
    const wrong = await post('/api/auth/login', { email: 'chris@example.com', password: 'Wrong-Pass1!' }, { 'cf-connecting-ip': ip })
    const unknown = await post('/api/auth/login', { email: 'nobody@example.com', password: 'Wrong-Pass1!' }, { 'cf-connecting-ip': ip })
    expect([wrong.status, unknown.status]).toEqual([401, 401])
    expect(wrong.body).toEqual(unknown.body)
    expect(wrong.body.detail).toBe('Invalid email or password')
  })

  it('refuses expired and wrong-purpose tokens', async () => {
    await post('/api/auth/register', { name: 'Late', email: 'late@example.com', password: PASSWORD }, { 'cf-connecting-ip': freshIp() })
    const token = await tokenFromEmail('late@example.com', '/verify-email')
    expect((await post('/api/auth/reset-password', { token, new_password: 'An0ther-Pass!' }, { 'cf-connecting-ip': freshIp() })).status).toBe(400)
    await env.DB.prepare("UPDATE email_tokens SET expires_at = 0 WHERE purpose = 'verify_email' AND used_at IS NULL").run()
    const res = await post('/api/auth/verify-email', { token }, { 'cf-connecting-ip': freshIp() })
    expect(res.status).toBe(400)
  })

  it('resends a new link (the old one stops working) and answers the same for unknown emails', async () => {
    const old = await tokenFromEmail('late@example.com', '/verify-email')
    const known = await post('/api/auth/resend-verification', { email: 'late@example.com' }, { 'cf-connecting-ip': freshIp() })
    const unknown = await post('/api/auth/resend-verification', { email: 'ghost@example.com' }, { 'cf-connecting-ip': freshIp() })
    expect(known).toMatchObject({ status: 200, body: { message: RESEND_MESSAGE } })
    expect(unknown.body).toEqual(known.body)
    const fresh = await tokenFromEmail('late@example.com', '/verify-email')
    expect(fresh).not.toBe(old)
    expect((await post('/api/auth/verify-email', { token: old }, { 'cf-connecting-ip': freshIp() })).status).toBe(400)
    expect((await post('/api/auth/verify-email', { token: fresh }, { 'cf-connecting-ip': freshIp() })).status).toBe(200)
  })
})

describe('passwords', () => {
  it('changes the password, keeps this session, signs out every other token and emails a notice', async () => {
    const { token } = await verifiedAccount('changer@example.com')
    expect((await authed('/api/auth/me', token)).status).toBe(200)
    const change = (body: object) =>
      authed('/api/auth/change-password', token, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    expect((await change({ current_password: 'Wrong-Pass1!', new_password: 'Brand-New1!' })).body.detail).toBe('Current password is incorrect')
    expect((await change({ current_password: PASSWORD, new_password: PASSWORD })).body.detail).toBe('New password must be different from current password')
    expect((await change({ current_password: PASSWORD, new_password: 'weakpass' })).body.detail).toBe('New password does not meet security requirements')
    const ok = await change({ current_password: PASSWORD, new_password: 'Brand-New1!' })
    expect(ok.status).toBe(200)
    expect(ok.body.message).toBe('Password changed successfully')
    expect((await authed('/api/auth/me', token)).status).toBe(401)
    expect((await authed('/api/auth/me', ok.body.access_token)).status).toBe(200)
    expect((await lastEmailTo('changer@example.com'))?.subject).toBe('Your Banter Arena password was changed')
    expect((await post('/api/auth/login', { email: 'changer@example.com', password: 'Brand-New1!' }, { 'cf-connecting-ip': freshIp() })).status).toBe(200)
  })

  it('resets through the emailed 1 h link once, signing out old sessions; unknown emails get the same answer', async () => {
    const { token: session } = await verifiedAccount('forgetful@example.com')
    const known = await post('/api/auth/request-password-reset', { email: 'forgetful@example.com' }, { 'cf-connecting-ip': freshIp() })
    const unknown = await post('/api/auth/request-password-reset', { email: 'nobody@example.com' }, { 'cf-connecting-ip': freshIp() })
    expect(known).toMatchObject({ status: 200, body: { message: RESET_REQUEST_MESSAGE } })
    expect(unknown.body).toEqual(known.body)
    expect((await lastEmailTo('forgetful@example.com'))?.text).toContain('1 hour')
    const token = await tokenFromEmail('forgetful@example.com', '/reset-password')
    expect((await post('/api/auth/reset-password', { token, new_password: 'weak' }, { 'cf-connecting-ip': freshIp() })).body.detail).toBe(
      'Password does not meet security requirements',
    )
    const ok = await post('/api/auth/reset-password', { token, new_password: 'Reset-Pass9!' }, { 'cf-connecting-ip': freshIp() })
    expect(ok.status).toBe(200)
    const again = await post('/api/auth/reset-password', { token, new_password: 'Reset-Pass8!' }, { 'cf-connecting-ip': freshIp() })
    expect(again.status).toBe(400)
    expect(again.body.detail).toBe('This password reset link is invalid or has expired. Please request a new one.')
    expect((await authed('/api/auth/me', session)).status).toBe(401)
    expect((await lastEmailTo('forgetful@example.com'))?.subject).toBe('Your Banter Arena password was reset')
    expect((await post('/api/auth/login', { email: 'forgetful@example.com', password: 'Reset-Pass9!' }, { 'cf-connecting-ip': freshIp() })).status).toBe(200)
  })
})

describe('rate limits', () => {
  it('slows sign-in for one account from one address with 429 and Retry-After, whatever the forwarded headers say', async () => {
    const ip = freshIp()
    let last = { status: 0, headers: new Headers(), body: {} as Record<string, unknown> }
    for (let i = 0; i < 6; i++) {
      last = await post(
        '/api/auth/login',
        { email: 'target@example.com', password: 'Guess-Pass1!' },
        { 'cf-connecting-ip': ip, 'x-forwarded-for': `10.0.0.${i}` },
      )
    }
    expect(last.status).toBe(429)
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(last.body.detail).toMatch(/^Too many attempts\. Please try again in \d+ (seconds?|minutes?)\.$/)
  })

  it('throttles sign-in per address across accounts; X-Forwarded-For does not reset it', async () => {
    let status = 0
    for (let i = 0; i < 31; i++) {
      status = (
        await post(
          '/api/auth/login',
          { email: `spray${i}@example.com`, password: 'Guess-Pass1!' },
          { 'cf-connecting-ip': '203.0.113.9', 'x-forwarded-for': `10.1.0.${i}` },
        )
      ).status
    }
    expect(status).toBe(429)
    // 31 password hashes: room for a busy machine.
  }, 30_000)
})

describe('signed-in account calls', () => {
  it('reads me and my tournaments (the hidden public tournament excluded)', async () => {
    const { token, userId } = await verifiedAccount('member@example.com', { fpl_team_id: 1000003 })
    const me = await authed('/api/auth/me', token)
    expect(me.body).toMatchObject({
      id: userId,
      user_id: userId,
      email: 'member@example.com',
      fpl_team_id: 1000003,
      fpl_team_id_locked: false,
      fpl_team_verified: false,
      is_verified: true,
    })
    const leagues = await authed('/api/auth/user-leagues', token)
    expect(leagues.body.leagues.map((l: { name: string }) => l.name)).toEqual(['The Pub League'])
    expect(leagues.body.leagues[0]).toMatchObject({ is_commissioner: false, fpl_league_id: SIM_LEAGUES.pub, member_count: 3, entry_fee: 0, is_public: false })
    expect(leagues.body.leagues[0]).not.toHaveProperty('invite_code')
  })

  it('updates the display name with the 2-50 rule', async () => {
    const { token } = await verifiedAccount('renamer@example.com')
    const put = (new_name: unknown) =>
      authed('/api/auth/update-display-name', token, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ new_name }) })
    expect((await put('   ')).body.detail).toBe('Display name cannot be empty.')
    expect((await put('x'.repeat(51))).body.detail).toBe('Display name must be 2-50 characters.')
    expect((await put('  The Gaffer  ')).body).toEqual({ name: 'The Gaffer', message: 'Display name updated successfully!' })
    expect((await authed('/api/auth/me', token)).body.name).toBe('The Gaffer')
  })

  it('adds an FPL team, corrects it while it is unverified, and discovers leagues', async () => {
    const { token } = await verifiedAccount('late-team@example.com')
    const add = (fpl_team_id: unknown) =>
      authed('/api/auth/update-fpl-team', token, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fpl_team_id }) })
    expect((await add(-3)).body.detail).toBe('FPL Team ID must be a positive number')
    const ok = await add(1000004)
    expect(ok.body).toMatchObject({ fpl_team_id: 1000004, fpl_team_id_locked: false, fpl_team_verified: false, auto_joined_count: 0 })
    expect(ok.body.discovered_leagues.map((l: { league_id: number }) => l.league_id)).toEqual([pubId])
    // A mistyped id can be changed until the team is proven (tests/worker/security/ownership.test.ts).
    expect((await add(1000010)).body).toMatchObject({ fpl_team_id: 1000010, fpl_team_id_locked: false })

    const join = await authed('/api/auto-join-leagues', token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([pubId]),
    })
    expect(join.body).toEqual({ message: 'Joined 1 league.', joined_count: 1, joined_leagues: [{ league_id: pubId, league_name: 'The Pub League' }] })
    const none = await authed('/api/auto-join-leagues', token, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify([]) })
    expect(none.body.detail).toBe('Choose at least one league')
  })

  it('toggles banter sharing privacy', async () => {
    const { token } = await verifiedAccount('private@example.com')
    expect((await authed('/api/banter/privacy', token)).body).toEqual({ banter_sharing_enabled: true })
    const off = await authed('/api/banter/privacy', token, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ banter_sharing_enabled: false }),
    })
    expect(off.body.banter_sharing_enabled).toBe(false)
    expect((await authed('/api/banter/privacy', token)).body).toEqual({ banter_sharing_enabled: false })
    expect((await authed('/api/banter/my-shares', token)).body).toEqual({ shared_stats: [] })
  })

  it("lists and deletes only the owner's shares", async () => {
    const owner = await verifiedAccount('sharer@example.com')
    const other = await verifiedAccount('snooper@example.com')
    await env.DB.prepare(
      "INSERT INTO shared_achievements (id, user_id, tournament_id, stat_type, stat_data) VALUES ('s3cr3t-share-id', ?, ?, 'benched_beast', '{\"emoji\":\"🪑\"}')",
    )
      .bind(owner.userId, pubId)
      .run()
    const mine = await authed('/api/banter/my-shares', owner.token)
    expect(mine.body.shared_stats).toEqual([
      expect.objectContaining({
        id: 's3cr3t-share-id',
        league_id: pubId,
        view_count: 0,
        click_count: 0,
        // Stored with the emoji alone: served with the defaults filled in.
        stat_data: expect.objectContaining({ emoji: '🪑', achievement_title: 'FPL Achievement!', player_name: 'Unknown Player' }),
        share_url: 'https://banter.test/share/banter/s3cr3t-share-id',
      }),
    ])
    expect((await authed('/api/banter/share/s3cr3t-share-id', other.token, { method: 'DELETE' })).status).toBe(404)
    expect((await authed('/api/banter/share/s3cr3t-share-id', owner.token, { method: 'DELETE' })).body).toEqual({
      message: 'Your shared achievement has been removed.',
    })
    expect((await authed('/api/banter/share/s3cr3t-share-id', owner.token, { method: 'DELETE' })).status).toBe(404)
  })
})

describe('invites', () => {
  it('shows the league behind a code and joins with a team in its FPL league', async () => {
    const { call } = await import('./helpers/http')
    const res = await call('/api/leagues/invite/invite-123456')
    expect(await res.json()).toMatchObject({
      id: pubId,
      name: 'The Pub League',
      fpl_league_id: SIM_LEAGUES.pub,
      entry_fee: 0,
      member_count: expect.any(Number),
    })
    expect((await call('/api/leagues/invite/no-such-code')).status).toBe(404)

    const inLeague = await verifiedAccount('invited@example.com', { fpl_team_id: 1000005 })
    // Verification already auto-joined the discovered league; joining again is harmless.
    const again = await authed('/api/leagues/join-by-invite', inLeague.token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ invite_code: 'invite-123456' }),
    })
    expect(again.body).toMatchObject({ league_id: pubId })

    const outsider = await verifiedAccount('outsider@example.com', { fpl_team_id: 1000101 })
    const refused = await authed('/api/leagues/join-by-invite', outsider.token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ invite_code: 'invite-123456' }),
    })
    expect(refused.status).toBe(400)
    expect(refused.body.detail).toMatch(/isn't in this league's FPL league/)
  })

  it('joins a verified user whose team is in the league and who was not auto-joined', async () => {
    const { token, userId } = await verifiedAccount('newcomer@example.com')
    await env.DB.prepare('UPDATE users SET fpl_team_id = 1000006 WHERE id = ?').bind(userId).run()
    const res = await authed('/api/leagues/join-by-invite', token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ invite_code: 'invite-123456' }),
    })
    expect(res.body).toEqual({ message: 'Successfully joined the league!', league_id: pubId })
    await env.DB.prepare("UPDATE memberships SET status = 'inactive' WHERE user_id = ? AND tournament_id = ?").bind(userId, pubId).run()
    const kicked = await authed('/api/leagues/join-by-invite', token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ invite_code: 'invite-123456' }),
    })
    expect(kicked.status).toBe(403)
  })
})
