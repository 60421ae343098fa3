import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { runScheduled } from '../../../worker/cron/scheduled'
import type { Bindings } from '../../../worker/env'
import { RESEND_MESSAGE } from '../../../worker/services/auth/accounts'
import { handleRefreshMessage, runRefreshPlanner } from '../../../worker/services/refresh'
import type { RefreshMessage } from '../../../worker/services/refresh/types'
import type { FaultSpec } from '../../fpl-simulator/handler'
import { attack } from '../../security/attack'
import { freshIp, PASSWORD, post, tokenFromEmail } from '../helpers/accounts'
import { fplHoldsOver, routeFplToSimulator, SIM_LEAGUES, simulator } from '../helpers/fpl'
import { call, json } from '../helpers/http'
import {
  addCuratedTeam,
  addMember,
  addTournament,
  addUser,
  bearer,
  CURATED_TOURNAMENT_ID,
  drainQueue,
  FakeQueue,
  PUBLIC_TOURNAMENT_ID,
  runCronAndQueue,
  testClock,
} from '../helpers/world'

// FPL, D1 and Resend failing under the app: readers keep the last good data byte for byte,
// nothing is half-written, users get a clear answer instead of a 500, and the work completes
// once the dependency is back.

const category = 'Upstream and storage faults'
const sim = simulator()

const INTERNAL = { detail: 'Something went wrong on our side. Please try again.', code: 'internal_error' }
// Retry-After: a minute, or what is left of FPL's Retry-After hold or of the open circuit breaker.
const LOOKUP_DOWN = {
  status: 503,
  detail: 'The FPL API is not answering right now (it may be updating). Please try again in a few minutes.',
  code: 'fpl_unavailable',
  retryAfter: expect.stringMatching(/^([1-9]|[1-9][0-9]|1[01][0-9]|120)$/),
}
// FPL's 429 is said as such, with its wait (decision 153).
const SLOWED_DOWN = { ...LOOKUP_DOWN, detail: 'FPL has asked us to slow down for a while. Please try again in about 2 minutes.' }
const EMAIL_NOT_SENT = "Account created, but we couldn't send the verification email just now. Use Resend Email in a minute."

// Every upstream answer the app must survive, each as FPL (or what stands in front of it) sends it.
const FPL_FAULTS: Array<[string, Omit<FaultSpec, 'match'>]> = [
  ['"The game is being updated." (its 503 page)', { kind: 'updating' }],
  ['429 with a Retry-After of two minutes', { kind: 'rate_limit', retryAfterSeconds: 120 }],
  ['a 403 from a bot wall', { kind: 'forbidden' }],
  ['an HTML page with status 200', { kind: 'html200' }],
  ['a request that hangs', { kind: 'hang' }],
  ['a required field missing (a changed shape)', { kind: 'shape_drift' }],
]

// The curated teams (sorted) fill two refresh messages of 30 tasks; the last team's reads are in the second.
const CURATED_TEAMS = [1000501, 1000502, 1000503, 1000504, 1000505, 1000506, 1000507, 1000508, 1001001, 1001002, 1001003, 1001004]
const LAST_CURATED_TEAM = 1001004

let pubId = 0
let member: Record<string, string> = {}
// A user whose team is in the pub league (not yet a member), and one whose team is in Fantasy Fridays (not tracked yet).
let joiner: Record<string, string> = {}
let creator: Record<string, string> = {}
let joinerId = 0
let creatorId = 0

// The Resend API as the worker sees it (the `resend` SDK posts here): answering, failing, or unreachable.
const RESEND_ENDPOINT = 'https://api.resend.com/emails'
const resend = { state: 'up' as 'up' | 'failing' | 'unreachable', delivered: [] as Array<{ to: string; text: string }> }

async function resendApi(request: Request): Promise<Response> {
  if (resend.state === 'unreachable') throw new TypeError('Network connection lost.')
  if (resend.state === 'failing')
    return Response.json({ statusCode: 500, name: 'internal_server_error', message: 'An unexpected error occurred.' }, { status: 500 })
  resend.delivered.push((await request.json()) as { to: string; text: string })
  return Response.json({ id: crypto.randomUUID() })
}

beforeAll(async () => {
  const toFpl = routeFplToSimulator(sim).getMockImplementation()!
  vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init)
    return request.url === RESEND_ENDPOINT ? resendApi(request) : toFpl(input, init)
  })
  sim.setGameweek(12, 'checked')
  const demo = await addUser('demo@example.com', 'Demo', 1000001)
  pubId = await addTournament('The Pub League', SIM_LEAGUES.pub, demo)
  await addMember(pubId, demo)
  for (const team of [1000002, 1000003, 1000004]) await addMember(pubId, await addUser(`m${team}@example.com`, `Member ${team}`, team))
  for (const team of CURATED_TEAMS) await addCuratedTeam(team)
  member = await bearer(demo)
  joinerId = await addUser('joiner@example.com', 'Joiner', 1000005)
  joiner = await bearer(joinerId)
  creatorId = await addUser('creator@example.com', 'Creator', 1000401)
  creator = await bearer(creatorId)
  expect((await runCronAndQueue()).failures).toEqual([])
})

afterEach(async () => {
  sim.clearFaults()
  resend.state = 'up'
  // The breaker and Retry-After holds of one test's faults must not fail the next one fast.
  await fplHoldsOver()
})

const rows = async (table: string, where = 'true') => (await env.DB.prepare(`SELECT * FROM ${table} WHERE ${where} ORDER BY rowid`).all()).results

/** What a member is served and what D1 holds for a tournament, to compare byte for byte around a fault. */
async function served(tournamentId: number) {
  const res = await call(`/api/leagues/${tournamentId}/standings`, { headers: member })
  return {
    status: res.status,
    body: await res.text(),
    snapshots: await rows('tournament_snapshots', `tournament_id = ${tournamentId}`),
    standings: await rows('standings_rows', `tournament_id = ${tournamentId}`),
  }
}

async function simJson<T>(path: string): Promise<T> {
  return (await sim.fetch(new Request(`http://fpl.simulator/api/${path}`))).json() as Promise<T>
}

/** The pub league's table as the standings route shows it, straight from the simulator. */
async function simulatorPubTable() {
  const page = await simJson<{ standings: { results: Array<Record<string, number>> } }>(`leagues-classic/${SIM_LEAGUES.pub}/standings/?page_standings=1`)
  return page.standings.results.map((r) => [r.entry, r.total, r.event_total, r.rank])
}

const shownTable = (body: string) =>
  (JSON.parse(body) as { standings: Array<Record<string, number>> }).standings.map((r) => [r.fpl_team_id, r.total_points, r.gameweek_points, r.rank])

const healthy = async () => (await call('/api/health')).status

/**
 * env.DB, except that statements whose SQL matches `fault` fail when they run, the way a D1
 * error does: alone they throw, and inside a batch the statements before them are rolled back.
 */
function d1FailingOn(fault: RegExp) {
  const hits = { count: 0 }
  const db = new Proxy(env.DB, {
    get(target, key) {
      if (key === 'prepare') {
        return (sql: string) => {
          if (!fault.test(sql)) return target.prepare(sql)
          hits.count += 1
          return target.prepare('SELECT injected_d1_fault FROM injected_d1_fault')
        }
      }
      const value = Reflect.get(target, key) as unknown
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  })
  return { db, hits }
}

/** Runs queued refresh messages the way the consumer would, against the given bindings. */
async function drainWith(queue: FakeQueue, bindings: Bindings): Promise<RefreshMessage[]> {
  const failed: RefreshMessage[] = []
  for (let message = queue.messages.shift(); message; message = queue.messages.shift()) {
    const current = message
    await handleRefreshMessage({ env: bindings, queue }, current).catch(() => failed.push(current))
  }
  return failed
}

describe('FPL failing during the cron refresh', () => {
  it.for(FPL_FAULTS)('keeps serving the last good snapshot through %s, and the retry completes it', async ([, fault], { task }) => {
    attack(task, { category, faults: 1, rowsLost: 0 })
    const before = await served(pubId)
    sim.advance()
    sim.injectFault({ ...fault, match: `leagues-classic/${SIM_LEAGUES.pub}/` })
    const started = testClock.now()
    const { failed, queue } = await runCronAndQueue({ timeoutMs: 200 })
    // A long Retry-After or a hang is never waited out inside an invocation: the time spent plus
    // the waits the refresh asked for (skipped by testClock) stay well under it.
    expect(testClock.now() - started).toBeLessThan(10_000)
    expect(failed).toHaveLength(1)
    expect(await served(pubId)).toEqual(before)
    expect(await healthy()).toBe(200)

    sim.clearFaults()
    await fplHoldsOver() // the retry comes after FPL's Retry-After
    expect((await drainQueue(queue, {}, failed)).failures).toEqual([])
    const after = await served(pubId)
    expect(JSON.parse(after.body)).toMatchObject({ gameweek: sim.state().gameweek })
    expect(shownTable(after.body)).toEqual(await simulatorPubTable())
  })
})

describe('a refresh interrupted or run twice', () => {
  it('serves the last good data while one message of a job fails after the others succeeded, and the retry completes it', async ({ task }) => {
    attack(task, { category, faults: 1, rowsLost: 0 })
    const before = await served(CURATED_TOURNAMENT_ID)
    sim.advance()
    sim.injectFault({ kind: 'server_error', match: `entry/${LAST_CURATED_TEAM}/history` })
    const { failed, queue } = await runCronAndQueue()
    expect(failed).toHaveLength(1)
    // The first of the job's two messages went through: only the failed one is outstanding.
    const job = await env.DB.prepare("SELECT status, pending FROM refresh_jobs WHERE tournament_id = ? AND status = 'running'")
      .bind(CURATED_TOURNAMENT_ID)
      .first()
    expect(job).toEqual({ status: 'running', pending: 1 })
    expect(await served(CURATED_TOURNAMENT_ID)).toEqual(before)

    sim.clearFaults()
    expect((await drainQueue(queue, {}, failed)).failures).toEqual([])
    const { gameweek } = sim.state()
    const shown = JSON.parse((await served(CURATED_TOURNAMENT_ID)).body) as {
      gameweek: number
      standings: Array<{ fpl_team_id: number; total_points: number }>
    }
    expect(shown.gameweek).toBe(gameweek)
    const expected = await Promise.all(
      CURATED_TEAMS.map(async (team) => {
        const history = await simJson<{ current: Array<{ event: number; total_points: number }> }>(`entry/${team}/history/`)
        return [team, history.current.find((row) => row.event === gameweek)?.total_points]
      }),
    )
    expect(shown.standings.map((r) => [r.fpl_team_id, r.total_points]).sort(([a], [b]) => Number(a) - Number(b))).toEqual(expected)
  })

  it('lets exactly one of five simultaneous cron runs plan, each job once', async ({ task }) => {
    attack(task, { category, faults: 4, concurrent: 5 })
    sim.advance()
    const queues = Array.from({ length: 5 }, () => new FakeQueue())
    const runs = await Promise.all(queues.map((queue) => runScheduled(env, Date.now(), { queue, forceState: true })))
    const planners = runs.filter((r) => r.ran)
    expect(planners).toHaveLength(1)
    const jobs = (await rows('refresh_jobs', `data_version = '${planners[0]?.gameweek}'`)) as Array<{ id: string; tournament_id: number }>
    expect(jobs.map((j) => j.tournament_id).sort()).toEqual([pubId, CURATED_TOURNAMENT_ID].sort())
    const messages = queues.flatMap((q) => q.messages)
    expect(new Set(messages.map((m) => m.job))).toEqual(new Set(jobs.map((j) => j.id)))
    for (const queue of queues) expect((await drainQueue(queue)).failures).toEqual([])
    expect(JSON.parse((await served(pubId)).body)).toMatchObject({ gameweek: sim.state().gameweek })
  })

  it('plans each job once even when three planners get past the lease together', async ({ task }) => {
    attack(task, { category, faults: 2, concurrent: 3 })
    sim.advance()
    const queues = Array.from({ length: 3 }, () => new FakeQueue())
    const plans = await Promise.all(queues.map((queue) => runRefreshPlanner({ env, queue }, true)))
    expect(plans.flatMap((p) => p.jobs.map((j) => j.tournamentId)).sort()).toEqual([pubId, CURATED_TOURNAMENT_ID].sort())
    // A job's messages all come from the one planner that created it.
    const jobsPerQueue = queues.flatMap((q) => [...new Set(q.messages.map((m) => m.job))])
    expect(new Set(jobsPerQueue).size).toBe(jobsPerQueue.length)
    for (const queue of queues) expect((await drainQueue(queue)).failures).toEqual([])
  })
})

const createTournament = (headers: Record<string, string>, name: string, fplLeagueId: number, overrides: Partial<Bindings> = {}) =>
  call(
    `/api/leagues?name=${encodeURIComponent(name)}&fpl_league_id=${fplLeagueId}&entry_fee=0`,
    { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } },
    overrides,
  )

// The calls a user waits on while FPL answers: none of them may be pending on data we do not have yet.
const requestTimeCalls = (down = LOOKUP_DOWN) => ({
  'validate-league': { send: () => call(`/api/validate-league/${SIM_LEAGUES.sunday}`), down },
  'validate-team': { send: () => call(`/api/validate-team/${SIM_LEAGUES.sunday}/1000302`), down },
  'discover-leagues': { send: () => call('/api/discover-leagues/1000303', { headers: joiner }), down },
  'create tournament': { send: () => createTournament(creator, 'Fantasy Fridays', SIM_LEAGUES.fridays), down },
  join: { send: () => call(`/api/leagues/${pubId}/join`, json({}, { headers: joiner })), down },
})

/** Sends every call at once and expects each one's clear "FPL is down" answer. */
async function expectEachDown(calls: ReturnType<typeof requestTimeCalls>) {
  const answers = await Promise.all(
    Object.entries(calls).map(async ([name, { send }]) => {
      const res = await send()
      const body = (await res.json()) as Record<string, unknown>
      return [name, { status: res.status, detail: body.detail, code: body.code, retryAfter: res.headers.get('retry-after') }]
    }),
  )
  expect(Object.fromEntries(answers)).toEqual(Object.fromEntries(Object.entries(calls).map(([name, { down }]) => [name, down])))
}

/** The next look-up reads the gameweek state from FPL again instead of the cache. */
async function forgetGameweekState() {
  await env.CACHE.delete('fpl:bootstrap')
  await env.CACHE.delete('fpl:event-status')
}

/** Nothing a refused create or join could have written. */
const writesOfCreatorAndJoiner = async () => ({
  tournaments: await rows('tournaments', `fpl_league_id = ${SIM_LEAGUES.fridays}`),
  memberships: await rows('memberships', `user_id IN (${creatorId}, ${joinerId})`),
})

describe('FPL failing while a user waits', () => {
  it.for(FPL_FAULTS)(
    'answers the look-ups, create and join with a clear 503 through %s, and keeps serving standings',
    // A hung look-up waits out the request's 3 s FPL deadline (tests/worker/security/upstream.test.ts measures it).
    { timeout: 30_000 },
    async ([, fault], { task }) => {
      const calls = requestTimeCalls(fault.kind === 'rate_limit' ? SLOWED_DOWN : LOOKUP_DOWN)
      attack(task, { category, faults: Object.keys(calls).length, rowsLost: 0 })
      const before = await served(pubId)
      const written = await writesOfCreatorAndJoiner()
      sim.injectFault({ ...fault, match: /^\/api\/(leagues-classic|entry)\// })
      // The gameweek state is cached: these calls fail on the league and team reads themselves.
      const [, standings, health] = await Promise.all([expectEachDown(calls), served(pubId), healthy()])
      expect(standings).toEqual(before)
      expect(health).toBe(200)
      expect(await writesOfCreatorAndJoiner()).toEqual(written)
    },
  )

  it('answers from the last good FPL answer when FPL fails and one is cached', async ({ task }) => {
    attack(task, { category, faults: 1 })
    const good = await call(`/api/validate-team/${SIM_LEAGUES.sunday}/1000301`)
    expect(await good.json()).toEqual({ valid: true, team_name: expect.any(String) })
    // A new gameweek: the cached answer is stale now, and FPL is asked again, and fails.
    sim.advance()
    await forgetGameweekState()
    sim.injectFault({ kind: 'updating', match: 'entry/1000301/' })
    const stale = await call(`/api/validate-team/${SIM_LEAGUES.sunday}/1000301`)
    expect(stale.status).toBe(200)
    expect(await stale.json()).toEqual({ valid: true, team_name: expect.any(String) })
    expect(sim.state().faults[0]?.hits).toBeGreaterThan(0)
  })

  it('answers every look-up, create and join with a clear 503 when FPL is down and nothing at all is cached', async ({ task }) => {
    const calls = requestTimeCalls()
    attack(task, { category, faults: Object.keys(calls).length, rowsLost: 0 })
    const written = await writesOfCreatorAndJoiner()
    await forgetGameweekState()
    sim.injectFault({ kind: 'updating' })
    await expectEachDown(calls)
    expect(await writesOfCreatorAndJoiner()).toEqual(written)
  })
})

describe('D1 failing in the middle of a write', () => {
  it('rolls the whole snapshot write back when a statement of its batch fails; the next run writes it', async ({ task }) => {
    attack(task, { category, faults: 1, rowsLost: 0 })
    const before = await served(pubId)
    sim.advance()
    const queue = new FakeQueue()
    await runScheduled(env, Date.now(), { queue, forceState: true })
    // The snapshot row is the batch's last write: the standings rows before it are undone.
    const { db, hits } = d1FailingOn(/^insert into "tournament_snapshots"/)
    const failed = await drainWith(queue, { ...env, DB: db })
    expect(hits.count).toBe(2)
    expect(failed).toHaveLength(2)
    expect(await served(pubId)).toEqual(before)

    expect((await runCronAndQueue()).failures).toEqual([])
    const after = await served(pubId)
    expect(after.standings).not.toEqual(before.standings)
    expect(shownTable(after.body)).toEqual(await simulatorPubTable())
  })

  /** A write that D1 fails midway: the generic 500, and the tables exactly as they were. */
  async function expectWriteUndone(fault: RegExp, tables: string[], send: (db: D1Database) => Promise<Response>) {
    const snapshot = () => Promise.all(tables.map((table) => rows(table)))
    const before = await snapshot()
    const { db, hits } = d1FailingOn(fault)
    const res = await send(db)
    expect(hits.count).toBe(1)
    expect(res.status).toBe(500)
    expect(await res.json()).toEqual(INTERNAL)
    expect(await snapshot()).toEqual(before)
  }

  it('creates no user when the account row fails, and the same sign-up works afterwards', async ({ task }) => {
    attack(task, { category, faults: 1, rowsLost: 0 })
    const body = { name: 'Unlucky', email: 'd1-user@example.com', password: PASSWORD }
    await expectWriteUndone(/^insert into "users"/, ['users', 'email_tokens'], (db) =>
      call('/api/auth/register', json(body, { headers: { 'cf-connecting-ip': freshIp() } }), { DB: db }),
    )
    expect((await post('/api/auth/register', body, { 'cf-connecting-ip': freshIp() })).status).toBe(201)
  })

  it('keeps the account when its verification token fails to save, says so, and sends the link on resend', async ({ task }) => {
    attack(task, { category, faults: 1, rowsLost: 0 })
    const email = 'd1-token@example.com'
    const { db, hits } = d1FailingOn(/^insert into "email_tokens"/)
    const res = await call('/api/auth/register', json({ name: 'Tokenless', email, password: PASSWORD }, { headers: { 'cf-connecting-ip': freshIp() } }), {
      DB: db,
    })
    expect(hits.count).toBe(1)
    expect(res.status).toBe(201)
    const body = (await res.json()) as { user_id: number }
    expect(body).toMatchObject({
      verification_required: true,
      email_sent: false,
      access_token: null,
      message: EMAIL_NOT_SENT,
    })
    // The token's batch (retire the old ones, insert the new one) left nothing behind.
    expect(await rows('email_tokens', `user_id = ${body.user_id}`)).toEqual([])
    expect(await rows('dev_outbox', `"to" = '${email}'`)).toEqual([])

    const resent = await post('/api/auth/resend-verification', { email }, { 'cf-connecting-ip': freshIp() })
    expect(resent).toMatchObject({ status: 200, body: { message: RESEND_MESSAGE } })
    expect(await rows('email_tokens', `user_id = ${body.user_id} AND used_at IS NULL`)).toHaveLength(1)
  })

  it('verifies an email and joins the public tournament together or not at all, and the resent link finishes the job', async ({ task }) => {
    attack(task, { category, faults: 1, rowsLost: 0 })
    const email = 'd1-verify@example.com'
    const ip = freshIp()
    const { body } = await post('/api/auth/register', { name: 'Halfway', email, password: PASSWORD }, { 'cf-connecting-ip': ip })
    const account = `id = ${body.user_id} AND is_verified = 1`
    const joined = `user_id = ${body.user_id} AND tournament_id = ${PUBLIC_TOURNAMENT_ID}`
    await expectWriteUndone(/^insert into "memberships"/, ['users', 'memberships'], async (db) =>
      call('/api/auth/verify-email', json({ token: await tokenFromEmail(email, '/verify-email') }, { headers: { 'cf-connecting-ip': ip } }), { DB: db }),
    )
    // The link is spent; the account is still waiting for verification, so "Resend Email" sends a new one.
    expect(await post('/api/auth/resend-verification', { email }, { 'cf-connecting-ip': ip })).toMatchObject({ status: 200 })
    expect(await post('/api/auth/verify-email', { token: await tokenFromEmail(email, '/verify-email') }, { 'cf-connecting-ip': ip })).toMatchObject({
      status: 200,
    })
    expect([await rows('users', account), await rows('memberships', joined)].map((r) => r.length)).toEqual([1, 1])
  })

  it('creates no tournament without its commissioner: the membership failing undoes the tournament', async ({ task }) => {
    attack(task, { category, faults: 1, rowsLost: 0 })
    // Drizzle quotes the table's name; a raw statement may not.
    await expectWriteUndone(/^insert into "?memberships"?/i, ['tournaments', 'memberships'], (db) =>
      createTournament(creator, 'Fantasy Fridays', SIM_LEAGUES.fridays, { DB: db }),
    )
    const res = await createTournament(creator, 'Fantasy Fridays', SIM_LEAGUES.fridays)
    expect(res.status).toBe(201)
    const { league_id } = (await res.json()) as { league_id: number }
    expect(await rows('memberships', `tournament_id = ${league_id}`)).toMatchObject([{ user_id: creatorId, status: 'active' }])
  })

  it('makes one tournament, with one commissioner, when two managers create the same league at once', async ({ task }) => {
    attack(task, { category, concurrent: 2, rowsLost: 0 })
    const managers = await Promise.all([1000309, 1000310].map(async (team) => bearer(await addUser(`sunday-${team}@example.com`, `Sunday ${team}`, team))))
    const answers = await Promise.all(managers.map(async (auth) => (await createTournament(auth, 'Sunday League Legends', SIM_LEAGUES.sunday)).json()))
    expect(answers.map((a) => (a as { is_commissioner: boolean }).is_commissioner).sort()).toEqual([false, true])
    const created = (await rows('tournaments', `fpl_league_id = ${SIM_LEAGUES.sunday}`)) as Array<{ id: number }>
    expect(created).toHaveLength(1)
    expect(await rows('memberships', `tournament_id = ${created[0]!.id} AND status = 'active'`)).toHaveLength(2)
  })

  it('leaves the wall as it was when a post, a like or an unlike fails to save', async ({ task }) => {
    attack(task, { category, faults: 3, rowsLost: 0 })
    const wall = `/api/community-posts/${pubId}`
    await expectWriteUndone(/^insert into "community_posts"/, ['community_posts'], (db) =>
      call(wall, json({ content: 'Lost in the void' }, { headers: member }), { DB: db }),
    )
    const posted = await call(wall, json({ content: 'Saved this time' }, { headers: member }))
    expect(posted.status).toBe(201)
    const like = `${wall}/like/${((await posted.json()) as { id: number }).id}`
    await expectWriteUndone(/^insert into "post_likes"/, ['post_likes'], (db) => call(like, { method: 'POST', headers: member }, { DB: db }))
    expect(await (await call(like, { method: 'POST', headers: member })).json()).toEqual({ liked: true, likes: 1 })
    await expectWriteUndone(/^delete from "post_likes"/, ['post_likes'], (db) => call(like, { method: 'POST', headers: member }, { DB: db }))
  })
})

describe('Resend down during sign-up', () => {
  it.for([
    ['answering 500', 'failing'],
    ['unreachable', 'unreachable'],
  ] as const)('keeps the account when Resend is %s, and the resent link works once Resend is back', async ([, state], { task }) => {
    attack(task, { category, faults: 1, rowsLost: 0 })
    const withResend = { RESEND_API_KEY: 're_test_key' }
    const email = `resend-${state}@example.com`
    resend.state = state
    const res = await call(
      '/api/auth/register',
      json({ name: 'Patient', email, password: PASSWORD }, { headers: { 'cf-connecting-ip': freshIp() } }),
      withResend,
    )
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({
      verification_required: true,
      email,
      email_sent: false,
      message: EMAIL_NOT_SENT,
    })
    expect(await rows('users', `email = '${email}' AND is_verified = 0`)).toHaveLength(1)

    resend.state = 'up'
    const resent = await call('/api/auth/resend-verification', json({ email }, { headers: { 'cf-connecting-ip': freshIp() } }), withResend)
    expect(await resent.json()).toEqual({ message: RESEND_MESSAGE })
    const link = resend.delivered.findLast((m) => m.to === email)?.text.match(/\/verify-email\?token=([A-Za-z0-9_-]+)/)
    const verified = await post('/api/auth/verify-email', { token: link?.[1] }, { 'cf-connecting-ip': freshIp() })
    expect(verified).toMatchObject({ status: 200, body: { message: 'Email verified successfully!', email } })
  })
})
