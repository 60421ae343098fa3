import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runScheduled } from '../../worker/cron/scheduled'
import { forgetPublicReads } from '../../worker/lib/public-read-cache'
import { OFF_SEASON_LOOKUP, SEASON_HEARTBEAT_MS } from '../../worker/services/season'
import { fplHoldsOver, routeFplToSimulator, SIM_LEAGUES, simulator } from './helpers/fpl'
import { call } from './helpers/http'
import { NotifyQueue } from './helpers/notify'
import { addCuratedTeam, addMember, addTournament, addUser, PUBLIC_TOURNAMENT_ID, runCronAndQueue, testClock } from './helpers/world'

// The season's phase (decision 183): what GET /api/season answers as FPL's year goes from the
// last gameweek through weeks of "The game is being updated", and how the cron rests meanwhile.

const sim = simulator()
const noQueue = { send: async () => {}, sendBatch: async () => {} } as unknown as Queue
const T0 = Date.UTC(2027, 4, 30, 12)

/** One cron run at `at`, reading FPL afresh when `fresh` (as the dev refresh button does). */
const cron = (at: number, fresh = true) =>
  runScheduled(env, at, { now: () => at, forceState: fresh, queue: noQueue, notify: noQueue, wakeLive: async () => {}, sleep: async () => {} })

async function season() {
  forgetPublicReads()
  const res = await call('/api/season')
  expect(res.status).toBe(200)
  return res.json()
}

describe('the season phase', () => {
  beforeAll(() => {
    routeFplToSimulator()
  })
  beforeEach(async () => {
    await env.DB.prepare('DELETE FROM app_snapshots').run()
    await env.DB.prepare('DELETE FROM cron_leases').run()
    sim.clearFaults()
    await fplHoldsOver()
  })
  afterEach(() => {
    sim.clearFaults()
    sim.setGameweek(12, 'checked')
  })

  it('is in season with the next deadline while gameweeks are played, before the cron has run too', async () => {
    const deadline13 = await gameweekDeadline(13)
    expect(await season()).toEqual({ season: '2026/27', phase: 'in_season', next_deadline: deadline13 })
    await cron(T0)
    expect(await season()).toEqual({ season: '2026/27', phase: 'in_season', next_deadline: deadline13 })
  })

  it('is finished once FPL has checked the last gameweek, then off season while FPL is being updated', async () => {
    sim.setGameweek(38, 'checked')
    await cron(T0)
    expect(await season()).toEqual({ season: '2026/27', phase: 'finished', next_deadline: null })

    sim.injectFault({ kind: 'updating' })
    await cron(T0 + SEASON_HEARTBEAT_MS)
    expect(await season()).toEqual({ season: '2026/27', phase: 'off_season', next_deadline: null })
  })

  it('says why a team cannot be looked up while FPL prepares the next season, and only then', async () => {
    sim.injectFault({ kind: 'updating' })
    const inSeason = await call('/api/fpl-team/1000001')
    expect(inSeason.status).toBe(503)
    expect(await inSeason.json()).toMatchObject({ code: 'fpl_unavailable' })

    sim.clearFaults()
    await fplHoldsOver()
    sim.setGameweek(38, 'checked')
    await cron(T0)
    sim.injectFault({ kind: 'updating' })
    await cron(T0 + SEASON_HEARTBEAT_MS)
    await fplHoldsOver()
    const offSeason = await call('/api/fpl-team/1000002')
    expect(offSeason.status).toBe(503)
    expect(offSeason.headers.get('Retry-After')).toBe('3600')
    expect(await offSeason.json()).toEqual({ detail: OFF_SEASON_LOOKUP, code: 'fpl_off_season' })
  })

  it('stays in season when FPL is being updated between two gameweeks', async () => {
    await cron(T0)
    sim.injectFault({ kind: 'updating' })
    expect((await cron(T0 + 10 * 60_000)).error).toBeTruthy()
    expect(await season()).toMatchObject({ phase: 'in_season' })
  })

  it('asks FPL once an hour between seasons, every run in season', async () => {
    sim.setGameweek(38, 'checked')
    await cron(T0)
    sim.resetStats()
    expect(await cron(T0 + 10 * 60_000, false)).toMatchObject({ ran: true, resting: true })
    expect(await cron(T0 + SEASON_HEARTBEAT_MS - 1, false)).toMatchObject({ resting: true })
    expect(sim.stats().total).toBe(0)
    const lastRun = await env.DB.prepare("SELECT data FROM app_snapshots WHERE key = 'cron:last_run'").first<{ data: string }>()
    expect(JSON.parse(lastRun!.data)).toMatchObject({ resting: true })

    expect((await cron(T0 + SEASON_HEARTBEAT_MS, false)).resting).toBeUndefined()
    expect(sim.stats().total).toBeGreaterThan(0)

    sim.setGameweek(12, 'checked')
    await cron(T0 + 2 * SEASON_HEARTBEAT_MS)
    expect((await cron(T0 + 2 * SEASON_HEARTBEAT_MS + 10 * 60_000, false)).resting).toBeUndefined()
  })

  it('is pre-season with the first deadline once the new season is on FPL', async () => {
    sim.setGameweek(1, 'upcoming')
    await cron(T0)
    expect(await season()).toEqual({ season: '2026/27', phase: 'pre_season', next_deadline: await gameweekDeadline(1) })
  })
})

describe('the season rollover (decision 185)', () => {
  beforeAll(() => {
    routeFplToSimulator()
  })
  beforeEach(async () => {
    const tables = ['app_snapshots', 'cron_leases', 'memberships', 'curated_teams', 'tournament_snapshots', 'standings_rows', 'refresh_jobs']
    for (const table of [...tables, 'gameweek_results', 'tournament_seasons', 'gazette_editions']) await env.DB.prepare(`DELETE FROM ${table}`).run()
    await env.DB.prepare("DELETE FROM tournaments WHERE type = 'private'").run()
    await env.DB.prepare('DELETE FROM users').run()
    sim.clearFaults()
    await fplHoldsOver()
  })
  afterEach(() => {
    sim.setSeason('finished')
    sim.setGameweek(12, 'checked')
  })

  const userRow = (id: number) =>
    env.DB.prepare(
      'SELECT fpl_team_id, fpl_team_season, fpl_team_id_locked, fpl_team_verified_at, previous_fpl_team_id, previous_fpl_team_season FROM users WHERE id = ?',
    )
      .bind(id)
      .first()
  const tournamentRow = (id: number) =>
    env.DB.prepare('SELECT name, fpl_league_id, fpl_season, ended_fpl_league_id FROM tournaments WHERE id = ?').bind(id).first()

  it("sets last season's teams and leagues aside when FPL relaunches, once, keeping members and names", async () => {
    const chris = await addUser('chris@example.com', 'Chris', 1000001)
    const pub = await addTournament('The Pub League', SIM_LEAGUES.pub, chris)
    await addMember(pub, chris)
    await addCuratedTeam(1000501)
    sim.setGameweek(38, 'checked')
    await cron(T0)
    sim.setSeason('off_season')
    await cron(T0 + SEASON_HEARTBEAT_MS)
    // Nothing moves while FPL is down between seasons.
    expect(await userRow(chris)).toMatchObject({ fpl_team_id: 1000001, previous_fpl_team_id: null })

    sim.setSeason('relaunched')
    await cron(T0 + 2 * SEASON_HEARTBEAT_MS)
    expect(await season()).toMatchObject({ season: '2027/28', phase: 'pre_season' })
    expect(await userRow(chris)).toEqual({
      fpl_team_id: null,
      fpl_team_season: null,
      fpl_team_id_locked: 0,
      fpl_team_verified_at: null,
      previous_fpl_team_id: 1000001,
      previous_fpl_team_season: '2026/27',
    })
    expect(await tournamentRow(pub)).toEqual({ name: 'The Pub League', fpl_league_id: null, fpl_season: '2026/27', ended_fpl_league_id: SIM_LEAGUES.pub })
    expect(await env.DB.prepare('SELECT count(*) AS n FROM memberships WHERE tournament_id = ?').bind(pub).first('n')).toBe(1)
    expect(await env.DB.prepare('SELECT count(*) AS n FROM curated_teams').first('n')).toBe(0)
    // The old league id is free: FPL may give it to another group this season (decision 062's key holds).
    await env.DB.prepare("INSERT INTO tournaments (name, type, fpl_league_id, fpl_season) VALUES ('Someone else', 'private', ?, '2027/28')")
      .bind(SIM_LEAGUES.pub)
      .run()

    // A manager who links this season's team is not set aside again.
    await env.DB.prepare("UPDATE users SET fpl_team_id = 3000001, fpl_team_season = '2027/28' WHERE id = ?").bind(chris).run()
    await cron(T0 + 3 * SEASON_HEARTBEAT_MS)
    expect(await userRow(chris)).toMatchObject({ fpl_team_id: 3000001, previous_fpl_team_id: 1000001 })
  })

  it("reminds everyone of the new season's first deadline, though last season's GW 1 was reminded too", async () => {
    sim.setGameweek(38, 'checked')
    await cron(T0)
    sim.setSeason('relaunched')
    const deadline = Date.parse(await gameweekDeadline(1))
    const remind = async (at: number) => {
      const notify = new NotifyQueue()
      await runScheduled(env, at, { now: () => at, forceState: true, queue: noQueue, notify, wakeLive: async () => {}, sleep: async () => {} })
      return notify.of('notify:broadcast').map((m) => [m.body.notice.title, m.body.notice.key])
    }
    // Last season's GW 1 reminder was sent under its own season's key.
    await env.DB.prepare("INSERT INTO notification_events (key) VALUES ('deadline:2026/27:1:24h')").run()
    expect(await remind(deadline - 24 * 3600_000 + 5 * 60_000)).toEqual([['GW 1 deadline in 24 hours', '2027/28:1:24h']])
  })

  it("carries the public tournament into the new season: its GW 1 is refreshed, not mistaken for last season's", async () => {
    const chris = await addUser('chris@example.com', 'Chris', 1000001)
    await addMember(PUBLIC_TOURNAMENT_ID, chris)
    // Last season's GW 1 and GW 38, as the public tournament kept them.
    sim.setGameweek(1, 'checked')
    expect((await runCronAndQueue()).failed).toEqual([])
    sim.setGameweek(38, 'checked')
    testClock.skippedMs += 1_500
    expect((await runCronAndQueue()).failed).toEqual([])
    sim.setSeason('relaunched')
    await runCronAndQueue()
    // Chris links this season's team, and FPL plays the new GW 1.
    await env.DB.prepare("UPDATE users SET fpl_team_id = 3000001, fpl_team_season = '2027/28', fpl_team_verified_at = 1 WHERE id = ?").bind(chris).run()
    sim.setGameweek(1, 'checked')
    testClock.skippedMs += 1_500
    const run = await runCronAndQueue()
    expect(run.run.jobs).toBeGreaterThan(0)
    const standings = (await call(`/api/leagues/${PUBLIC_TOURNAMENT_ID}/standings`)).json() as Promise<{
      gameweek: number
      standings: Array<{ fpl_team_id: number }>
    }>
    const { gameweek, standings: rows } = await standings
    expect(gameweek).toBe(1)
    expect(rows.map((r) => r.fpl_team_id)).toEqual([3000001])
  })

  it('never ends a season FPL names before ours has finished (a misread answer)', async () => {
    const chris = await addUser('chris@example.com', 'Chris', 1000001)
    const pub = await addTournament('The Pub League', SIM_LEAGUES.pub, chris)
    await cron(T0)
    sim.setSeason('relaunched')
    await cron(T0 + 10 * 60_000)
    expect(await season()).toMatchObject({ season: '2026/27', phase: 'in_season' })
    expect(await userRow(chris)).toMatchObject({ fpl_team_id: 1000001, previous_fpl_team_id: null })
    expect(await tournamentRow(pub)).toMatchObject({ fpl_league_id: SIM_LEAGUES.pub, ended_fpl_league_id: null })
  })
})

async function gameweekDeadline(gw: number): Promise<string> {
  const res = await sim.fetch(new Request('http://fpl.simulator/api/bootstrap-static/'))
  const { events } = (await res.json()) as { events: Array<{ id: number; deadline_time: string }> }
  return events.find((e) => e.id === gw)!.deadline_time
}
