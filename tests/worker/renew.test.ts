import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runScheduled } from '../../worker/cron/scheduled'
import { NEXT_SEASON_LEAGUES, nextSeasonEntryId } from '../fpl-simulator/handler.ts'
import { fplHoldsOver, routeFplToSimulator, SIM_LEAGUES, simulator } from './helpers/fpl'
import { call, json } from './helpers/http'
import { addMember, addTournament, addUser, bearer, CURATED_TOURNAMENT_ID, FakeQueue } from './helpers/world'

// Renewing a tournament for FPL's new season (decision 185): the commissioner gives it this
// season's league id, and every bad input is refused with a clear answer and writes nothing.

const sim = simulator()
const noQueue = { send: async () => {}, sendBatch: async () => {} } as unknown as Queue
const T0 = Date.UTC(2027, 6, 1, 12)
const NEW_SEASON = '2027/28'
const newLeague = (previousId: number) => NEXT_SEASON_LEAGUES.find((l) => l.previousId === previousId)!
const NEW_PUB = newLeague(SIM_LEAGUES.pub).id
const NEW_OFFICE = newLeague(SIM_LEAGUES.office).id

/** One cron run at `at` reading FPL afresh: it notes the season the simulator serves. */
const cron = (at: number) =>
  runScheduled(env, at, { now: () => at, forceState: true, queue: noQueue, notify: noQueue, wakeLive: async () => {}, sleep: async () => {} })

const renew = (id: number, headers: Record<string, string>, body: unknown, queue: FakeQueue = new FakeQueue()) =>
  call(`/api/leagues/${id}/renew`, json(body, { headers }), { REFRESH_QUEUE: queue as unknown as Queue })
const renewForm = async (id: number, headers: Record<string, string>) => {
  const res = await call(`/api/leagues/${id}/renew`, { headers })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

/**
 * A commissioner and a member of a league of last season, as the rollover leaves them: the
 * tournament's league id set aside, the accounts' old teams kept as last season's. The
 * commissioner has linked (and proven) this season's team unless `relinked` says otherwise.
 */
async function rolledOver(name: string, previousLeagueId: number, commissionerEntry: number, relinked: 'proven' | 'unproven' | 'no' = 'proven') {
  const commissioner = await addUser(`c${previousLeagueId}@example.com`, 'Commissioner', commissionerEntry)
  const member = await addUser(`m${previousLeagueId}@example.com`, 'Member', commissionerEntry + 1)
  const id = await addTournament(name, previousLeagueId, commissioner)
  await addMember(id, commissioner)
  await addMember(id, member)
  await env.DB.prepare('UPDATE tournaments SET ended_fpl_league_id = fpl_league_id, fpl_league_id = NULL WHERE id = ?').bind(id).run()
  await env.DB.prepare(
    'UPDATE users SET previous_fpl_team_id = fpl_team_id, previous_fpl_team_season = fpl_team_season, fpl_team_id = NULL, fpl_team_season = NULL, fpl_team_verified_at = NULL, fpl_team_id_locked = 0 WHERE id IN (?, ?)',
  )
    .bind(commissioner, member)
    .run()
  if (relinked !== 'no') {
    const proven = relinked === 'proven'
    await env.DB.prepare('UPDATE users SET fpl_team_id = ?, fpl_team_season = ?, fpl_team_verified_at = ?, fpl_team_id_locked = ? WHERE id = ?')
      .bind(nextSeasonEntryId(commissionerEntry), NEW_SEASON, proven ? Date.now() : null, proven ? 1 : 0, commissioner)
      .run()
  }
  return { id, commissioner: await bearer(commissioner), member: await bearer(member) }
}

const tournamentRow = (id: number) =>
  env.DB.prepare('SELECT name, fpl_league_id, fpl_season, ended_fpl_league_id, start_event, commissioner_id, updated_at FROM tournaments WHERE id = ?')
    .bind(id)
    .first()
const count = (sql: string, id: number) => env.DB.prepare(sql).bind(id).first<number>('n')

/** Everything a renewal could write: the tournament, its members, its refresh jobs. */
const written = async (id: number) => ({
  tournament: await tournamentRow(id),
  members: await count("SELECT count(*) AS n FROM memberships WHERE tournament_id = ? AND status = 'active'", id),
  jobs: await count('SELECT count(*) AS n FROM refresh_jobs WHERE tournament_id = ?', id),
})

/** The answer to a renewal that must be refused, after checking it wrote nothing. */
async function refused(id: number, headers: Record<string, string>, body: unknown) {
  const before = await written(id)
  const queue = new FakeQueue()
  const res = await renew(id, headers, body, queue)
  expect(await written(id)).toEqual(before)
  expect(queue.sent).toBe(0)
  return { status: res.status, body: await res.json() }
}

const setStoredPhase = (phase: string) =>
  env.DB.prepare("UPDATE app_snapshots SET data = json_set(data, '$.phase', ?) WHERE key = 'fpl:season'").bind(phase).run()

beforeAll(async () => {
  routeFplToSimulator()
  // 2026/27 ends, then FPL relaunches: the cron notes 2027/28 in pre-season.
  sim.setGameweek(38, 'checked')
  await cron(T0)
  sim.setSeason('relaunched')
  await cron(T0 + 60 * 60_000)
})
beforeEach(async () => {
  for (const table of ['refresh_jobs', 'tournament_snapshots', 'memberships']) await env.DB.prepare(`DELETE FROM ${table}`).run()
  await env.DB.prepare("DELETE FROM tournaments WHERE type = 'private'").run()
  await env.DB.prepare('DELETE FROM users').run()
  // FPL's answers are asked afresh in each test (the FPL-down ones need it).
  for (const { name } of (await env.CACHE.list()).keys) await env.CACHE.delete(name)
  await fplHoldsOver()
})
afterEach(async () => {
  sim.clearFaults()
  await setStoredPhase('pre_season')
})

describe('renewing a tournament for the new season', () => {
  it('points the tournament at the new league for the new season, keeping its name and members', async () => {
    const { id, commissioner } = await rolledOver('The Pub League', SIM_LEAGUES.pub, 1000002)
    const res = await renew(id, commissioner, { fpl_league_id: NEW_PUB })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      message: `The Pub League now follows FPL league ${NEW_PUB} for ${NEW_SEASON}. Its members, wall, Gazette and Hall of Fame carry on.`,
      fpl_league_id: NEW_PUB,
      season: NEW_SEASON,
    })
    expect(await tournamentRow(id)).toMatchObject({ name: 'The Pub League', fpl_league_id: NEW_PUB, fpl_season: NEW_SEASON, ended_fpl_league_id: null })
    expect(await count("SELECT count(*) AS n FROM memberships WHERE tournament_id = ? AND status = 'active'", id)).toBe(2)
    // Pre-season: nothing to refresh before GW1 (the cron plans it then).
    expect(await count('SELECT count(*) AS n FROM refresh_jobs WHERE tournament_id = ?', id)).toBe(0)
    expect((await renewForm(id, commissioner)).body).toEqual({ season: NEW_SEASON, ended_fpl_league_id: null, renewed: true, proposal: null })

    // Twice: refused, nothing written.
    expect(await refused(id, commissioner, { fpl_league_id: NEW_PUB })).toEqual({
      status: 409,
      body: { detail: `This league already follows its FPL league of the ${NEW_SEASON} season.`, code: 'already_renewed' },
    })
  })

  it('renews once when asked twice at the same moment', async () => {
    const { id, commissioner } = await rolledOver('The Pub League', SIM_LEAGUES.pub, 1000002)
    const answers = await Promise.all([renew(id, commissioner, { fpl_league_id: NEW_PUB }), renew(id, commissioner, { fpl_league_id: NEW_PUB })])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
    expect(await tournamentRow(id)).toMatchObject({ fpl_league_id: NEW_PUB, fpl_season: NEW_SEASON })
  })

  it('queues its first refresh at once once the new season has started', async () => {
    sim.setGameweek(1, 'checked')
    await cron(T0 + 2 * 60 * 60_000)
    try {
      const { id, commissioner } = await rolledOver('The Pub League', SIM_LEAGUES.pub, 1000002)
      const queue = new FakeQueue()
      expect((await renew(id, commissioner, { fpl_league_id: NEW_PUB }, queue)).status).toBe(200)
      expect(queue.messages[0]?.tasks[0]).toEqual({ t: 'page', page: 1, tail: true })
      const job = await env.DB.prepare('SELECT plan FROM refresh_jobs WHERE tournament_id = ?').bind(id).first<string>('plan')
      expect(JSON.parse(job!)).toMatchObject({ season: NEW_SEASON, gameweek: 1, league: NEW_PUB })
    } finally {
      sim.setGameweek(1, 'upcoming')
      await cron(T0 + 3 * 60 * 60_000)
    }
  })

  it('refuses anyone but the commissioner, and signed-out callers', async () => {
    const { id, member } = await rolledOver('The Pub League', SIM_LEAGUES.pub, 1000002)
    expect(await refused(id, member, { fpl_league_id: NEW_PUB })).toEqual({
      status: 403,
      body: { detail: 'Only the commissioner of this league can do that.', code: 'not_commissioner' },
    })
    expect((await refused(id, {}, { fpl_league_id: NEW_PUB })).status).toBe(401)
    expect((await renewForm(id, member)).status).toBe(403)
    expect((await renewForm(id, {})).status).toBe(401)
  })

  it('renews only a private league: the curated one carries on by itself', async () => {
    const admin = await bearer(await addUser('admin@banter-arena.test', 'Admin', null))
    const answer = { status: 400, body: { detail: "Only a private league's tournament is renewed.", code: 'renew_not_private' } }
    expect(await refused(CURATED_TOURNAMENT_ID, admin, { fpl_league_id: NEW_PUB })).toEqual(answer)
    expect(await renewForm(CURATED_TOURNAMENT_ID, admin)).toEqual(answer)
  })

  it('refuses bad input', async () => {
    const { id, commissioner } = await rolledOver('The Pub League', SIM_LEAGUES.pub, 1000002)
    for (const body of [{}, { fpl_league_id: 0 }, { fpl_league_id: -5 }, { fpl_league_id: '318204' }]) {
      expect(await refused(id, commissioner, body)).toMatchObject({ status: 400, body: { code: 'validation_error' } })
    }
    expect(((await refused(id, commissioner, { fpl_league_id: 1.5 })).body as { detail: string }).detail).toBe('FPL league ID must be a whole number')
  })

  it('refuses before FPL has started the next season', async () => {
    const { id, commissioner } = await rolledOver('The Pub League', SIM_LEAGUES.pub, 1000002)
    for (const phase of ['finished', 'off_season']) {
      await setStoredPhase(phase)
      expect(await refused(id, commissioner, { fpl_league_id: NEW_PUB })).toEqual({
        status: 409,
        body: { detail: 'FPL has not started the next season yet: renew once it has.', code: 'renew_not_yet' },
      })
      expect((await renewForm(id, commissioner)).body).toEqual({ season: null, ended_fpl_league_id: SIM_LEAGUES.pub, renewed: false, proposal: null })
    }
  })

  it('refuses a league of this season the tournament already follows (a league created this season, or renewed)', async () => {
    const { id, commissioner } = await rolledOver('The Pub League', SIM_LEAGUES.pub, 1000002)
    await env.DB.prepare('UPDATE tournaments SET fpl_season = ?, fpl_league_id = ?, ended_fpl_league_id = NULL WHERE id = ?')
      .bind(NEW_SEASON, NEW_PUB, id)
      .run()
    expect(await refused(id, commissioner, { fpl_league_id: NEW_OFFICE })).toMatchObject({ status: 409, body: { code: 'already_renewed' } })
  })

  it("refuses last season's league id", async () => {
    const { id, commissioner } = await rolledOver('The Pub League', SIM_LEAGUES.pub, 1000002)
    expect(await refused(id, commissioner, { fpl_league_id: SIM_LEAGUES.pub })).toEqual({
      status: 400,
      body: {
        detail: "That is last season's league ID. FPL gives every league a new ID each season: find this season's on the league's page on FPL.",
        code: 'renew_last_season_id',
      },
    })
  })

  it('refuses a commissioner who has not linked (or proven) a team of this season', async () => {
    const notLinked = await rolledOver('The Pub League', SIM_LEAGUES.pub, 1000002, 'no')
    expect(await refused(notLinked.id, notLinked.commissioner, { fpl_league_id: NEW_PUB })).toEqual({
      status: 409,
      body: { detail: 'Link your new FPL team first: FPL gave every team a new ID this season.', code: 'team_not_relinked' },
    })
    expect((await renewForm(notLinked.id, notLinked.commissioner)).body).toEqual({
      season: NEW_SEASON,
      ended_fpl_league_id: SIM_LEAGUES.pub,
      renewed: false,
      proposal: null,
    })

    const unproven = await rolledOver('Office Banter League', SIM_LEAGUES.office, 1000101, 'unproven')
    expect(await refused(unproven.id, unproven.commissioner, { fpl_league_id: NEW_OFFICE })).toMatchObject({
      status: 403,
      body: { code: 'fpl_team_unverified' },
    })
  })

  it("refuses a league FPL does not know, and one without the commissioner's new team", async () => {
    const { id, commissioner } = await rolledOver('The Pub League', SIM_LEAGUES.pub, 1000002)
    expect(await refused(id, commissioner, { fpl_league_id: 999_999 })).toEqual({
      status: 404,
      body: { detail: 'FPL league not found. Please check the League ID.', code: 'fpl_league_not_found' },
    })
    expect(await refused(id, commissioner, { fpl_league_id: NEW_OFFICE })).toEqual({
      status: 403,
      body: { detail: 'Your new team is not in that league. Renew with the league your team plays in this season.', code: 'renew_not_in_league' },
    })
  })

  it('refuses a league another tournament already follows', async () => {
    const { id, commissioner } = await rolledOver('The Pub League', SIM_LEAGUES.pub, 1000002)
    const other = await addTournament('Pub Rivals', NEW_PUB, null)
    await env.DB.prepare('UPDATE tournaments SET fpl_season = ? WHERE id = ?').bind(NEW_SEASON, other).run()
    expect(await refused(id, commissioner, { fpl_league_id: NEW_PUB })).toEqual({
      status: 409,
      body: { detail: 'That FPL league is already followed here by Pub Rivals: each FPL league has one league here.', code: 'league_already_tracked' },
    })
  })

  it('answers FPL being down with a 503 and writes nothing', async () => {
    const { id, commissioner } = await rolledOver('The Pub League', SIM_LEAGUES.pub, 1000002)
    sim.injectFault({ kind: 'server_error' })
    expect(await refused(id, commissioner, { fpl_league_id: NEW_PUB })).toMatchObject({ status: 503, body: { code: 'fpl_unavailable' } })
  })
})

describe("the renew form's proposal", () => {
  it("proposes the commissioner's new league of the same name", async () => {
    const { id, commissioner } = await rolledOver('The Pub League', SIM_LEAGUES.pub, 1000002)
    expect((await renewForm(id, commissioner)).body).toEqual({
      season: NEW_SEASON,
      ended_fpl_league_id: SIM_LEAGUES.pub,
      renewed: false,
      proposal: { fpl_league_id: NEW_PUB, name: 'The Pub League' },
    })
  })

  it("matches the league's last FPL name too, trimmed and in any case", async () => {
    const { id, commissioner } = await rolledOver('Thursday Pints', SIM_LEAGUES.pub, 1000002)
    expect((await renewForm(id, commissioner)).body.proposal).toBeNull()
    await env.DB.prepare(
      "INSERT INTO tournament_snapshots (tournament_id, season, gameweek, gameweek_status, data_version, standings_meta, monthly_winners) VALUES (?, '2026/27', 38, 'checked', '38:checked', ?, '[]')",
    )
      .bind(id, JSON.stringify({ league_name: '  the PUB league ' }))
      .run()
    expect((await renewForm(id, commissioner)).body.proposal).toEqual({ fpl_league_id: NEW_PUB, name: 'The Pub League' })
  })

  it('proposes nothing for a league FPL renamed, unless the tournament has the new name', async () => {
    const { id, commissioner } = await rolledOver('Office Banter League', SIM_LEAGUES.office, 1000101)
    expect((await renewForm(id, commissioner)).body.proposal).toBeNull()
    await env.DB.prepare("UPDATE tournaments SET name = 'Office Banter League 27/28' WHERE id = ?").bind(id).run()
    expect((await renewForm(id, commissioner)).body.proposal).toEqual({ fpl_league_id: NEW_OFFICE, name: 'Office Banter League 27/28' })
  })

  it('proposes nothing when FPL cannot be asked', async () => {
    const { id, commissioner } = await rolledOver('The Pub League', SIM_LEAGUES.pub, 1000002)
    sim.injectFault({ kind: 'server_error' })
    const form = await renewForm(id, commissioner)
    sim.clearFaults()
    expect(form).toEqual({ status: 200, body: { season: NEW_SEASON, ended_fpl_league_id: SIM_LEAGUES.pub, renewed: false, proposal: null } })
  })
})
