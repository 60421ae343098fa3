import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { attack } from '../../security/attack'
import { routeFplToSimulator, SIM_LEAGUES } from '../helpers/fpl'
import { call } from '../helpers/http'
import { addMember, addTournament, addUser, bearer, CURATED_TOURNAMENT_ID } from '../helpers/world'

// Every route that names a league, a post, a member or a share, tried by every kind of caller the
// server has to tell apart. A refusal must carry the app's sentence, hand out no data, and leave
// D1 exactly as it was.

const ACTORS = ['anonymous', 'outsider', 'member', 'kicked', 'rival', 'admin', 'commissioner'] as const
type Actor = (typeof ACTORS)[number]

/** A status, or a status and the `detail` the app answers with it. */
type Outcome = number | readonly [number, string]

const NOT_AUTHENTICATED = [401, 'Not authenticated. Please sign in again.'] as const
const SIGN_IN = [401, 'Please sign in to view this league.'] as const
const MEMBERS_ONLY = [403, 'Only members of this league can see this.'] as const
const COMMISSIONER_ONLY = [403, 'Only the commissioner of this league can do that.'] as const
const OPERATORS_ONLY = [403, 'Only the operators of this site can do this.'] as const
// A kicked member is told why the wall is closed to them (its client offers no way in).
const REMOVED = [403, "The league's commissioner removed you from this league."] as const
const SHARE_NOT_FOUND = [404, 'Shared achievement not found'] as const
const NOT_A_MEMBER = [404, 'This user is not a member of the league.'] as const
const POST_NOT_FOUND = [404, 'Post not found'] as const
const NOT_CURATED = [400, 'Only the curated league has curated teams.'] as const
const TEAM_NOT_IN_LEAGUE = [400, "Your FPL team isn't in this league's FPL league yet. Join it on the FPL site first, then try again."] as const

interface Route {
  name: string
  method: string
  /** Sets up what the call acts on (a fresh post, a member's status...) and returns the request. */
  prepare: () => Promise<{ path: string; body?: unknown }>
  expected: Record<Actor, Outcome>
}

const world = {
  league: 0, // private, "A": the league under attack
  rivalLeague: 0, // private, "B": run by the rival commissioner
  quietLeague: 0, // private, "C": nobody here belongs to it
  users: {} as Record<Actor | 'victim', number>,
  auth: {} as Record<Actor, Record<string, string>>,
  memberShare: '',
}

const TABLES = ['users', 'tournaments', 'memberships', 'community_posts', 'post_likes', 'post_reports', 'shared_achievements', 'curated_teams'] as const

/** Every row a route of this file could write, to compare before and after a refusal. */
async function fingerprint() {
  const batch = await env.DB.batch(TABLES.map((table) => env.DB.prepare(`SELECT * FROM ${table} ORDER BY rowid`)))
  // users.fpl_league_ids is what FPL last said about the caller's own team (decision 076): a
  // refused join reads it afresh so the list stops offering Join. It grants nothing.
  const grants = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).filter(([column]) => column !== 'fpl_league_ids'))
  return Object.fromEntries(TABLES.map((table, i) => [table, batch[i]!.results.map((row) => grants(row as Record<string, unknown>))]))
}

async function addPost(tournamentId: number, userId: number): Promise<number> {
  const row = await env.DB.prepare("INSERT INTO community_posts (tournament_id, user_id, content) VALUES (?, ?, 'Mine, not yours') RETURNING id")
    .bind(tournamentId, userId)
    .first<{ id: number }>()
  return row!.id
}

const setStatus = (userId: number, status: 'active' | 'inactive') =>
  env.DB.prepare('UPDATE memberships SET status = ? WHERE tournament_id = ? AND user_id = ?').bind(status, world.league, userId).run()

/** The member's share of league A, there whatever an earlier case deleted. */
const ensureMemberShare = () =>
  env.DB.prepare("INSERT OR IGNORE INTO shared_achievements (id, user_id, tournament_id, stat_type, stat_data) VALUES (?, ?, ?, 'captain_catastrophe', '{}')")
    .bind(world.memberShare, world.users.member, world.league)
    .run()

const randomShareId = () => [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('')

async function request(auth: Record<string, string>, method: string, path: string, body?: unknown) {
  const res = await call(path, {
    method,
    headers: { 'content-type': 'application/json', ...auth },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> | null, text }
}

const send = (actor: Actor, method: string, path: string, body?: unknown) => request(world.auth[actor], method, path, body)

/** The status (and detail) expected; a refusal hands out nothing but the error and writes nothing. */
async function expectOutcome(actor: Actor, method: string, path: string, body: unknown, outcome: Outcome) {
  const [status, detail] = typeof outcome === 'number' ? [outcome, undefined] : outcome
  const before = await fingerprint()
  const res = await send(actor, method, path, body)
  expect(res.status, `${actor} ${method} ${path}: ${res.text}`).toBe(status)
  if (detail !== undefined) expect(res.body?.detail).toBe(detail)
  if (status >= 400) {
    expect(
      Object.keys(res.body ?? {}).filter((key) => !['detail', 'code', 'message'].includes(key)),
      'fields besides the error',
    ).toEqual([])
    expect(await fingerprint()).toEqual(before)
  }
}

// Who may do what, by kind of route.
const everyone = (outcome: Outcome) => Object.fromEntries(ACTORS.map((actor) => [actor, outcome])) as Record<Actor, Outcome>
const privateRead: Record<Actor, Outcome> = { ...everyone(MEMBERS_ONLY), anonymous: SIGN_IN, member: 200, commissioner: 200 }
const wall = (ok: number): Record<Actor, Outcome> => ({
  ...everyone(MEMBERS_ONLY),
  anonymous: NOT_AUTHENTICATED,
  kicked: REMOVED,
  member: ok,
  commissioner: ok,
})
/** The wall's moderation: on the wall, and then for its commissioner only. */
const moderation: Record<Actor, Outcome> = { ...wall(200), member: COMMISSIONER_ONLY }
/** Calls for whoever manages the league: everyone else signed in gets the commissioner sentence. */
const managedBy = (manager: Actor, ok: Outcome): Record<Actor, Outcome> => ({ ...everyone(COMMISSIONER_ONLY), anonymous: NOT_AUTHENTICATED, [manager]: ok })
const commissionerOnly = (ok: Outcome) => managedBy('commissioner', ok)
// League A's post or member through the rival's own league: only the rival passes that league's
// check, and then finds nothing of league A there.
const throughRivalLeague = (rival: Outcome, others: Outcome): Record<Actor, Outcome> => ({ ...everyone(others), anonymous: NOT_AUTHENTICATED, rival })

const A = () => world.league
const B = () => world.rivalLeague

const ROUTES: Route[] = [
  ...(['standings', 'monthly-winners', 'banter-stats'] as const).map((data) => ({
    name: `GET /api/leagues/{private}/${data}`,
    method: 'GET',
    prepare: async () => ({ path: `/api/leagues/${A()}/${data}` }),
    expected: privateRead,
  })),
  { name: 'GET /api/community-posts/{private}', method: 'GET', prepare: async () => ({ path: `/api/community-posts/${A()}` }), expected: wall(200) },
  {
    name: 'POST /api/community-posts/{private}',
    method: 'POST',
    prepare: async () => ({ path: `/api/community-posts/${A()}`, body: { content: 'Let me in' } }),
    expected: wall(201),
  },
  {
    name: 'POST /api/community-posts/{private}/like/{post}',
    method: 'POST',
    prepare: async () => ({ path: `/api/community-posts/${A()}/like/${await addPost(A(), world.users.victim)}` }),
    expected: wall(200),
  },
  {
    name: 'POST /api/community-posts/{post}/report',
    method: 'POST',
    prepare: async () => ({ path: `/api/community-posts/${await addPost(A(), world.users.victim)}/report` }),
    // A post the caller cannot see answers as one that does not exist: no existence oracle.
    expected: { ...everyone(POST_NOT_FOUND), anonymous: NOT_AUTHENTICATED, member: 200, commissioner: 200 },
  },
  {
    name: "DELETE /api/community-posts/{private}/posts/{another member's post}",
    method: 'DELETE',
    prepare: async () => ({ path: `/api/community-posts/${A()}/posts/${await addPost(A(), world.users.victim)}` }),
    expected: { ...wall(200), member: [403, 'You can only delete your own posts.'] },
  },
  {
    name: "DELETE /api/community-posts/{rival's league}/posts/{post of the private league}",
    method: 'DELETE',
    prepare: async () => ({ path: `/api/community-posts/${B()}/posts/${await addPost(A(), world.users.member)}` }),
    expected: throughRivalLeague(POST_NOT_FOUND, MEMBERS_ONLY),
  },
  {
    name: "POST /api/community-posts/{rival's league}/like/{post of the private league}",
    method: 'POST',
    prepare: async () => ({ path: `/api/community-posts/${B()}/like/${await addPost(A(), world.users.member)}` }),
    expected: throughRivalLeague(POST_NOT_FOUND, MEMBERS_ONLY),
  },
  ...(
    [
      ['POST', 'pin'],
      ['DELETE', 'pin'],
      ['POST', 'reports/dismiss'],
    ] as const
  ).flatMap(([method, action]) => [
    {
      name: `${method} /api/community-posts/{private}/posts/{post}/${action}`,
      method,
      prepare: async () => ({ path: `/api/community-posts/${A()}/posts/${await addPost(A(), world.users.victim)}/${action}` }),
      expected: moderation,
    },
    {
      name: `${method} /api/community-posts/{rival's league}/posts/{post of the private league}/${action}`,
      method,
      prepare: async () => ({ path: `/api/community-posts/${B()}/posts/${await addPost(A(), world.users.member)}/${action}` }),
      expected: throughRivalLeague(POST_NOT_FOUND, MEMBERS_ONLY),
    },
  ]),
  {
    name: 'GET /api/leagues/{private}/invite-link',
    method: 'GET',
    prepare: async () => ({ path: `/api/leagues/${A()}/invite-link` }),
    expected: commissionerOnly(200),
  },
  {
    name: 'POST /api/leagues/{private}/regenerate-invite',
    method: 'POST',
    prepare: async () => ({ path: `/api/leagues/${A()}/regenerate-invite` }),
    expected: commissionerOnly(200),
  },
  {
    name: 'GET /api/leagues/{private}/members',
    method: 'GET',
    prepare: async () => ({ path: `/api/leagues/${A()}/members` }),
    expected: commissionerOnly(200),
  },
  {
    name: 'PUT /api/leagues/{private}/settings',
    method: 'PUT',
    prepare: async () => ({ path: `/api/leagues/${A()}/settings`, body: { name: 'The Pub League', description: 'Taken over', is_public: true } }),
    expected: commissionerOnly(200),
  },
  {
    name: 'POST /api/leagues/{private}/kick-user?user_id={member}',
    method: 'POST',
    prepare: async () => {
      await setStatus(world.users.victim, 'active')
      return { path: `/api/leagues/${A()}/kick-user?user_id=${world.users.victim}` }
    },
    expected: commissionerOnly(200),
  },
  {
    name: 'POST /api/leagues/{private}/reactivate-user?user_id={kicked member}',
    method: 'POST',
    prepare: async () => {
      await setStatus(world.users.victim, 'inactive')
      return { path: `/api/leagues/${A()}/reactivate-user?user_id=${world.users.victim}` }
    },
    expected: commissionerOnly(200),
  },
  {
    name: "POST /api/leagues/{rival's league}/kick-user?user_id={member of the private league}",
    method: 'POST',
    prepare: async () => ({ path: `/api/leagues/${B()}/kick-user?user_id=${world.users.member}` }),
    expected: throughRivalLeague(NOT_A_MEMBER, COMMISSIONER_ONLY),
  },
  {
    name: "POST /api/leagues/{rival's league}/reactivate-user?user_id={kicked member of the private league}",
    method: 'POST',
    prepare: async () => ({ path: `/api/leagues/${B()}/reactivate-user?user_id=${world.users.kicked}` }),
    expected: throughRivalLeague(NOT_A_MEMBER, COMMISSIONER_ONLY),
  },
  {
    name: 'POST /api/leagues/{curated}/curated-teams',
    method: 'POST',
    prepare: async () => {
      await env.DB.prepare('DELETE FROM curated_teams WHERE fpl_team_id = 1000503').run()
      return { path: `/api/leagues/${CURATED_TOURNAMENT_ID}/curated-teams`, body: { fpl_team_id: 1000503 } }
    },
    expected: managedBy('admin', 201),
  },
  {
    name: 'DELETE /api/leagues/{curated}/curated-teams/{team}',
    method: 'DELETE',
    prepare: async () => {
      await env.DB.prepare('INSERT OR IGNORE INTO curated_teams (tournament_id, fpl_team_id) VALUES (?, 1000504)').bind(CURATED_TOURNAMENT_ID).run()
      return { path: `/api/leagues/${CURATED_TOURNAMENT_ID}/curated-teams/1000504` }
    },
    expected: managedBy('admin', 200),
  },
  // Curated teams belong to the curated league only: a private league's commissioner must not
  // plant teams in (or fetch FPL entries for) their own league through these routes.
  {
    name: 'POST /api/leagues/{private}/curated-teams',
    method: 'POST',
    prepare: async () => ({ path: `/api/leagues/${A()}/curated-teams`, body: { fpl_team_id: 1000505 } }),
    expected: commissionerOnly(NOT_CURATED),
  },
  {
    name: 'DELETE /api/leagues/{private}/curated-teams/{team}',
    method: 'DELETE',
    prepare: async () => {
      await env.DB.prepare('INSERT OR IGNORE INTO curated_teams (tournament_id, fpl_team_id) VALUES (?, 1000506)').bind(A()).run()
      return { path: `/api/leagues/${A()}/curated-teams/1000506` }
    },
    expected: commissionerOnly(NOT_CURATED),
  },
  {
    name: 'POST /api/banter/share {league_id: private}',
    method: 'POST',
    prepare: async () => ({ path: '/api/banter/share', body: { league_id: A(), stat_type: 'benched_beast', stat_data: {} } }),
    expected: { ...everyone([403, 'You must be a member of this league to share its content.']), anonymous: NOT_AUTHENTICATED, member: 201, commissioner: 201 },
  },
  {
    name: "DELETE /api/banter/share/{member's share}",
    method: 'DELETE',
    prepare: async () => {
      await ensureMemberShare()
      return { path: `/api/banter/share/${world.memberShare}` }
    },
    expected: { ...everyone(SHARE_NOT_FOUND), anonymous: NOT_AUTHENTICATED, member: 200 },
  },
  {
    name: 'POST /api/leagues/{private}/join',
    method: 'POST',
    prepare: async () => ({ path: `/api/leagues/${A()}/join`, body: {} }),
    expected: {
      anonymous: NOT_AUTHENTICATED,
      outsider: TEAM_NOT_IN_LEAGUE,
      member: 200,
      kicked: [403, "The league's commissioner removed you from this league."],
      rival: TEAM_NOT_IN_LEAGUE,
      admin: [400, 'Add your FPL Team ID on your dashboard first.'],
      commissioner: 200,
    },
  },
  {
    name: 'POST /api/leagues/join-by-invite {invite_code: private}',
    method: 'POST',
    prepare: async () => {
      const code = await env.DB.prepare('SELECT invite_code FROM tournaments WHERE id = ?').bind(A()).first<string>('invite_code')
      return { path: '/api/leagues/join-by-invite', body: { invite_code: code } }
    },
    expected: {
      anonymous: NOT_AUTHENTICATED,
      outsider: TEAM_NOT_IN_LEAGUE,
      member: 200,
      kicked: [403, "The league's commissioner removed you from this league. Ask them to reactivate you."],
      rival: TEAM_NOT_IN_LEAGUE,
      admin: [400, 'Add your FPL Team ID on your dashboard first, then join.'],
      commissioner: 200,
    },
  },
  // The operators' routes (decisions 155 and 156): the accounts of ADMIN_EMAILS only, whatever else a caller
  // runs (GET /api/health/deep, whose answer depends on the moment, is in health.test.ts).
  {
    name: 'GET /api/ops/dead-letters',
    method: 'GET',
    prepare: async () => ({ path: '/api/ops/dead-letters' }),
    expected: { ...everyone(OPERATORS_ONLY), anonymous: NOT_AUTHENTICATED, admin: 200 },
  },
  {
    name: 'POST /api/ops/dead-letters/{id}/replay',
    method: 'POST',
    prepare: async () => ({ path: '/api/ops/dead-letters/999999/replay' }),
    expected: { ...everyone(OPERATORS_ONLY), anonymous: NOT_AUTHENTICATED, admin: 404 },
  },
]

const MATRIX = ROUTES.flatMap((route) => ACTORS.map((actor) => ({ route, actor, outcome: route.expected[actor] })))

beforeAll(async () => {
  routeFplToSimulator()
  world.users = {
    anonymous: 0,
    commissioner: await addUser('carl@example.com', 'Commissioner Carl', 1000001),
    // Unproven: team 1000002 is the Pub League's FPL admin, and a proven admin who joins takes
    // over as commissioner (tests/worker/security/ownership.test.ts).
    member: await addUser('mia@example.com', 'Member Mia', 1000002, true, false),
    victim: await addUser('vic@example.com', 'Victim Vic', 1000003),
    kicked: await addUser('kim@example.com', 'Kicked Kim', 1000004),
    outsider: await addUser('olly@example.com', 'Outsider Olly', 1000101),
    rival: await addUser('rita@example.com', 'Rival Rita', 1000102),
    admin: await addUser('admin@banter-arena.test', 'Curated Admin', null),
  }
  world.league = await addTournament('The Pub League', SIM_LEAGUES.pub, world.users.commissioner)
  for (const id of [world.users.commissioner, world.users.member, world.users.victim]) await addMember(world.league, id)
  await addMember(world.league, world.users.kicked, 'inactive')
  world.rivalLeague = await addTournament('Office Banter League', SIM_LEAGUES.office, world.users.rival)
  await addMember(world.rivalLeague, world.users.rival)
  world.quietLeague = await addTournament('Sunday League Legends', SIM_LEAGUES.sunday, await addUser('sue@example.com', 'Sunday Sue', 1000301))
  // The stored table has the victim's team, so the commissioner may reactivate them.
  await env.DB.prepare(
    "INSERT INTO standings_rows (tournament_id, position, fpl_team_id, team_name, player_name, total_points, gameweek_points, rank) VALUES (?, 1, 1000003, 'Vic XI', 'Vic', 1, 1, 1)",
  )
    .bind(world.league)
    .run()
  world.memberShare = randomShareId()
  for (const actor of ACTORS) world.auth[actor] = actor === 'anonymous' ? {} : await bearer(world.users[actor])
})

describe('the authorization matrix', () => {
  it.for(MATRIX.map((c) => [`${c.actor}: ${c.route.name} answers ${typeof c.outcome === 'number' ? c.outcome : c.outcome[0]}`, c] as const))(
    '%s',
    async ([, { route, actor, outcome }], { task }) => {
      attack(task, { category: 'Authorization', inputs: 1 })
      const { path, body } = await route.prepare()
      await expectOutcome(actor, route.method, path, body, outcome)
    },
  )
})

describe('a kicked member', () => {
  it('loses the private data and the wall the moment the commissioner kicks them, though the token still works elsewhere', async ({ task }) => {
    const leaver = await addUser('lee@example.com', 'Leaving Lee', 1000005)
    await addMember(world.league, leaver)
    const token = await bearer(leaver)
    expect((await request(token, 'GET', `/api/community-posts/${world.league}`)).status).toBe(200)

    const kick = await send('commissioner', 'POST', `/api/leagues/${world.league}/kick-user?user_id=${leaver}`)
    expect(kick.body).toEqual({ message: 'Leaving Lee has been removed from the league.' })
    const post = await addPost(world.league, world.users.member)

    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/api/leagues/${world.league}/standings`],
      ['GET', `/api/leagues/${world.league}/monthly-winners`],
      ['GET', `/api/leagues/${world.league}/banter-stats`],
      ['GET', `/api/community-posts/${world.league}`],
      ['POST', `/api/community-posts/${world.league}`, { content: 'Still here?' }],
      ['POST', `/api/community-posts/${world.league}/like/${post}`],
    ]
    attack(task, { category: 'Authorization', inputs: attempts.length + 1 })
    const before = await fingerprint()
    for (const [method, path, body] of attempts) {
      const res = await request(token, method, path, body)
      expect(res.status, `${method} ${path}`).toBe(403)
      expect(res.body?.detail).toBe((path.startsWith('/api/community-posts') ? REMOVED : MEMBERS_ONLY)[1])
    }
    // Reporting names only the post: one they can no longer see answers as one that does not exist.
    const report = await request(token, 'POST', `/api/community-posts/${post}/report`)
    expect([report.status, report.body?.detail]).toEqual([...POST_NOT_FOUND])
    expect(await fingerprint()).toEqual(before)

    expect((await request(token, 'GET', '/api/auth/me')).status).toBe(200)
    const leagues = (await request(token, 'GET', '/api/auth/user-leagues')).body as { leagues: Array<{ id: number }> }
    expect(leagues.leagues.map((l) => l.id)).not.toContain(world.league)
  })
})

/** A request aimed at a guessed id. */
type Probe<Id> = (id: Id) => [method: string, path: string]

describe('guessed ids', () => {
  it("finds nothing of other private leagues at the ids next to the rival's own", async ({ task }) => {
    const ids = Array.from({ length: world.quietLeague - world.league + 4 }, (_, i) => world.league + i).filter((id) => id !== world.rivalLeague)
    const probes: Array<Probe<number>> = [
      ...['invite-link', 'members', 'standings', 'banter-stats'].map(
        (data): Probe<number> =>
          (id) => ['GET', `/api/leagues/${id}/${data}`],
      ),
      (id) => ['POST', `/api/leagues/${id}/regenerate-invite`],
      (id) => ['GET', `/api/community-posts/${id}`],
    ]
    attack(task, { category: 'Authorization', inputs: ids.length * probes.length })
    const codes = (await env.DB.prepare('SELECT invite_code FROM tournaments WHERE invite_code IS NOT NULL').all<{ invite_code: string }>()).results.map(
      (r) => r.invite_code,
    )
    const before = await fingerprint()
    for (const id of ids) {
      const exists = (await env.DB.prepare('SELECT 1 FROM tournaments WHERE id = ?').bind(id).first()) !== null
      for (const probe of probes) {
        const [method, path] = probe(id)
        const res = await send('rival', method, path)
        expect(res.status, `${method} ${path}`).toBe(exists ? 403 : 404)
        if (!exists) expect(res.body?.detail).toBe('League not found')
        for (const code of codes) expect(res.text).not.toContain(code)
      }
    }
    expect(await fingerprint()).toEqual(before)
  })

  it('answers 404 to random share ids on every share route', async ({ task }) => {
    const guesses = Array.from({ length: 12 }, randomShareId)
    const routes: Array<Probe<string>> = [
      (id) => ['GET', `/api/banter/share/${id}`],
      (id) => ['POST', `/api/banter/share/${id}/click`],
      (id) => ['GET', `/api/banter/share/${id}/image`],
      (id) => ['DELETE', `/api/banter/share/${id}`],
    ]
    attack(task, { category: 'Authorization', inputs: guesses.length * routes.length })
    const before = await fingerprint()
    for (const id of guesses) {
      for (const route of routes) {
        const [method, path] = route(id)
        const res = await send('rival', method, path)
        expect(res.status, `${method} ${path}`).toBe(404)
        expect(res.body?.detail).toBe(SHARE_NOT_FOUND[1])
      }
    }
    expect(await fingerprint()).toEqual(before)
  })
})

describe('what lists show', () => {
  it("keeps another user's shares out of GET /api/banter/my-shares", async ({ task }) => {
    attack(task, { category: 'Authorization', inputs: ACTORS.length - 1 })
    await ensureMemberShare()
    const listed = async (actor: Actor) =>
      ((await send(actor, 'GET', '/api/banter/my-shares')).body as { shared_stats: Array<{ id: string }> }).shared_stats.map((s) => s.id)
    expect(await listed('member')).toContain(world.memberShare)
    for (const actor of ACTORS.filter((a) => a !== 'member' && a !== 'anonymous')) expect(await listed(actor), actor).not.toContain(world.memberShare)
    expect((await send('anonymous', 'GET', '/api/banter/my-shares')).status).toBe(401)
  })

  it("shows a league's invite code to its commissioner only", async ({ task }) => {
    const paths = ['/api/leagues', `/api/leagues/${world.league}`, '/api/auth/user-leagues']
    attack(task, { category: 'Authorization', inputs: (ACTORS.length - 1) * paths.length })
    const code = await env.DB.prepare('SELECT invite_code FROM tournaments WHERE id = ?').bind(world.league).first<string>('invite_code')
    for (const actor of ACTORS) {
      for (const path of paths) {
        const res = await send(actor, 'GET', path)
        if (actor === 'anonymous' && path === '/api/auth/user-leagues') expect(res.status).toBe(401)
        else expect(res.status).toBe(200)
        expect(res.text.includes(code!), `${actor} ${path}`).toBe(actor === 'commissioner')
      }
    }
  })
})
