import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { handleRefreshMessage } from '../../worker/services/refresh'
import { routeFplToSimulator, SIM_LEAGUES, simulator } from './helpers/fpl'
import { call } from './helpers/http'
import { addMember, addTournament, addUser, bearer, CURATED_TOURNAMENT_ID, FakeQueue, getJson, testClock } from './helpers/world'

// Decisions 076 and 077: the list and detail say whether the viewer can join (and why not)
// from what D1 knows, the join route still decides for itself, the create dialog's check says
// whether the viewer's team is in the league, and a new tournament's first refresh is queued at once.

type Row = { id: number; can_join: boolean; join_reason: string | null }

let pubId = 0
let officeId = 0

const listRow = async (id: number, headers: Record<string, string> = {}) => (await getJson<Row[]>('/api/leagues', headers)).body.find((l) => l.id === id)
const detail = async (id: number, headers: Record<string, string> = {}) =>
  (await getJson<Row & { refresh: { state: string } }>(`/api/leagues/${id}`, headers)).body
const join = (headers: Record<string, string>, id: number) =>
  call(`/api/leagues/${id}/join`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' })
const fplFetches = () => (globalThis.fetch as unknown as { mock: { calls: unknown[] } }).mock.calls.length
const setLeagues = (userId: number, ids: number[] | null) =>
  env.DB.prepare('UPDATE users SET fpl_league_ids = ? WHERE id = ?')
    .bind(ids && JSON.stringify(ids), userId)
    .run()
const storedLeagues = async (userId: number) =>
  JSON.parse((await env.DB.prepare('SELECT fpl_league_ids AS ids FROM users WHERE id = ?').bind(userId).first<string | null>('ids')) ?? 'null') as
    | number[]
    | null

beforeAll(async () => {
  routeFplToSimulator()
  // The simulator builds its season on first use: not inside a user's short FPL time budget.
  await simulator().fetch(new Request('http://fpl.simulator/api/bootstrap-static/'))
  const owner = await addUser('owner@example.com', 'Pub Owner', 1000002)
  pubId = await addTournament('The Pub League', SIM_LEAGUES.pub, owner)
  await addMember(pubId, owner)
  officeId = await addTournament('Office Banter League', SIM_LEAGUES.office, null)
})

describe('can_join on the list and the detail', () => {
  it('says why each viewer cannot join, with a stable reason', async () => {
    expect(await listRow(pubId)).toMatchObject({ can_join: false, join_reason: 'not_signed_in' })
    expect(await detail(pubId)).toMatchObject({ can_join: false, join_reason: 'not_signed_in' })
    expect(await listRow(CURATED_TOURNAMENT_ID)).toMatchObject({ can_join: false, join_reason: 'curated' })
    expect(await detail(1)).toMatchObject({ can_join: false, join_reason: 'auto_join' })

    const member = await bearer((await env.DB.prepare('SELECT id FROM users WHERE fpl_team_id = 1000002').first<number>('id'))!)
    expect(await listRow(pubId, member)).toMatchObject({ can_join: false, join_reason: 'already_member' })

    const removed = await addUser('removed@example.com', 'Removed', 1000005)
    await addMember(pubId, removed, 'inactive')
    expect(await detail(pubId, await bearer(removed))).toMatchObject({ can_join: false, join_reason: 'membership_inactive' })

    const teamless = await bearer(await addUser('teamless@example.com', 'Teamless', null))
    expect(await listRow(pubId, teamless)).toMatchObject({ can_join: false, join_reason: 'no_fpl_team' })
  })

  it("answers from the team's FPL leagues as last read, never asking FPL per row", async () => {
    const mate = await addUser('mate@example.com', 'Mate', 1000003) // in the pub league only
    const auth = await bearer(mate)
    // Never read: Join is offered on trust (the route decides), and the list reads the team's
    // leagues once, after answering.
    expect(await storedLeagues(mate)).toBeNull()
    expect(await listRow(officeId, auth)).toMatchObject({ can_join: true, join_reason: null })
    expect(await storedLeagues(mate)).toContain(SIM_LEAGUES.pub)

    const fetches = fplFetches()
    expect(await listRow(pubId, auth)).toMatchObject({ can_join: true, join_reason: null })
    expect(await listRow(officeId, auth)).toMatchObject({ can_join: false, join_reason: 'team_not_in_league' })
    expect(await detail(officeId, auth)).toMatchObject({ can_join: false, join_reason: 'team_not_in_league' })
    expect(await detail(pubId, auth)).toMatchObject({ can_join: true, join_reason: null })
    expect(fplFetches()).toBe(fetches)
  })

  it("keeps what discovery reads of the user's own team, not of a team looked up", async () => {
    const finder = await addUser('finder@example.com', 'Finder', 1000004)
    const auth = await bearer(finder)
    expect((await getJson('/api/discover-leagues/1000101', auth)).status).toBe(200) // someone else's team
    expect(await storedLeagues(finder)).toBeNull()
    expect((await getJson('/api/discover-leagues/1000004', auth)).status).toBe(200)
    expect(await storedLeagues(finder)).toContain(SIM_LEAGUES.pub)
    expect(await storedLeagues(finder)).not.toContain(SIM_LEAGUES.office)
  })

  it("keeps the join route's own check: a stale list cannot let a team in", async () => {
    const stranger = await addUser('stranger@example.com', 'Stranger', 1000401) // Fantasy Fridays only
    await setLeagues(stranger, [SIM_LEAGUES.pub]) // wrongly says pub
    const auth = await bearer(stranger)
    expect(await listRow(pubId, auth)).toMatchObject({ can_join: true })
    const res = await join(auth, pubId)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'team_not_in_league' })
    // The refusal read the team's real leagues: the button goes.
    expect(await storedLeagues(stranger)).toContain(SIM_LEAGUES.fridays)
    expect(await storedLeagues(stranger)).not.toContain(SIM_LEAGUES.pub)
    expect(await listRow(pubId, auth)).toMatchObject({ can_join: false, join_reason: 'team_not_in_league' })
  })

  it('forgets the leagues of a team id that is changed', async () => {
    const user = await addUser('changer@example.com', 'Changer', 1000006, true, false)
    await setLeagues(user, [SIM_LEAGUES.pub])
    const res = await call('/api/auth/update-fpl-team', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await bearer(user)) },
      body: JSON.stringify({ fpl_team_id: 1000402 }),
    })
    expect(res.status).toBe(200)
    expect(await storedLeagues(user)).toContain(SIM_LEAGUES.fridays)
    expect(await storedLeagues(user)).not.toContain(SIM_LEAGUES.pub)
  })
})

describe("the create dialog's check", () => {
  it("says whether the signed-in viewer's team is in the league", async () => {
    const outsider = await bearer(await addUser('outsider@example.com', 'Outsider', 1000403))
    const insider = await bearer(await addUser('insider@example.com', 'Insider', 1000302))
    const check = async (headers: Record<string, string>) => (await getJson(`/api/validate-league/${SIM_LEAGUES.sunday}`, headers)).body
    expect(await check(outsider)).toMatchObject({ fpl_valid: true, fpl_league_name: 'Sunday League Legends', team_in_league: false })
    expect(await check(insider)).toMatchObject({ fpl_valid: true, team_in_league: true })
    expect(await check({})).toMatchObject({ fpl_valid: true, team_in_league: null })
    expect((await getJson('/api/validate-league/999999', insider)).body).toMatchObject({ fpl_valid: false, team_in_league: null })
  })
})

describe('a new tournament', () => {
  it('queues its first refresh at once: the detail shows its progress, then its standings', async () => {
    const creator = await addUser('creator@example.com', 'Creator', 1000301)
    const auth = await bearer(creator)
    const queue = new FakeQueue()
    const fields = new URLSearchParams({ name: 'Sunday Legends', fpl_league_id: String(SIM_LEAGUES.sunday), entry_fee: '0' })
    const started = performance.now()
    const res = await call(
      `/api/leagues?${fields}`,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...auth }, body: fields.toString() },
      { REFRESH_QUEUE: queue as unknown as Queue },
    )
    expect(res.status).toBe(201)
    const createMs = performance.now() - started
    const { league_id: id } = (await res.json()) as { league_id: number }
    // The cron's own messages for this one tournament: its standings' first page first.
    expect(queue.messages.length).toBeGreaterThan(0)
    expect(queue.messages[0]!.tasks[0]).toEqual({ t: 'page', page: 1, tail: true })
    expect(await env.DB.prepare('SELECT count(*) AS n FROM refresh_jobs WHERE tournament_id = ?').bind(id).first('n')).toBe(1)
    expect((await detail(id, auth)).refresh).toEqual({ state: 'queued', pages_fetched: 0 })

    const messages = queue.messages.length
    const states: string[] = []
    // One message at a time, as the consumer would (follow-ups join the queue), looking in between.
    while (queue.messages.length > 0) {
      await handleRefreshMessage({ env, queue, now: testClock.now, sleep: testClock.sleep }, queue.messages.shift()!)
      states.push((await detail(id, auth)).refresh.state)
    }
    const order = ['queued', 'fetching', 'computing', 'ready']
    expect(states.map((s) => order.indexOf(s))).toEqual(states.map((s) => order.indexOf(s)).sort())
    expect(states.at(-1)).toBe('ready')
    console.log(
      `First refresh: create answered in ${Math.round(createMs)} ms with ${messages} queue messages; ready ${Math.round(performance.now() - started)} ms after the click; states ${states.join(' → ')}`,
    )
    const standings = (await getJson<{ standings: unknown[] }>(`/api/leagues/${id}/standings`, auth)).body
    expect(standings.standings.length).toBe(25)
  })

  it('is waiting when nothing is queued yet (the next cron run plans it)', async () => {
    const waiting = await addTournament('Not yet', 999_001, null)
    expect((await detail(waiting)).refresh).toEqual({ state: 'waiting', pages_fetched: 0 })
  })
})
