import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { runScheduled } from '../../worker/cron/scheduled'
import { handleRefreshMessage } from '../../worker/services/refresh'
import { routeFplToSimulator, SIM_LEAGUES, simulator } from './helpers/fpl'
import {
  addCuratedTeam,
  addMember,
  addTournament,
  addUser,
  bearer,
  CURATED_TOURNAMENT_ID,
  drainQueue,
  FakeQueue,
  getJson,
  PUBLIC_TOURNAMENT_ID,
  runCronAndQueue,
  testClock,
} from './helpers/world'

// The cron refresh end to end inside workerd: real D1 and KV, FPL answered by the simulator.

const sim = simulator()
let pubId = 0
let member: Record<string, string> = {}

interface StandingsBody {
  standings: Array<Record<string, unknown>>
  gameweek: number
  gameweek_summary: { gameweek: number; provisional: boolean; managers_counted: number; top_scorer: Record<string, unknown> | null } | null
  pagination_metadata: Record<string, unknown>
  data_source: string
}

const snapshotStatus = (gameweek: number) =>
  env.DB.prepare('SELECT gameweek_status FROM tournament_snapshots WHERE tournament_id = ? AND gameweek = ?')
    .bind(pubId, gameweek)
    .first<string>('gameweek_status')
const snapshotVersion = () =>
  env.DB.prepare('SELECT data_version FROM tournament_snapshots WHERE tournament_id = ? ORDER BY gameweek DESC LIMIT 1')
    .bind(pubId)
    .first<string>('data_version')

async function simulatorTable(league: number) {
  const res = await sim.fetch(new Request(`http://sim/api/leagues-classic/${league}/standings/?page_standings=1`))
  return ((await res.json()) as { standings: { results: Array<Record<string, number | string>> } }).standings.results
}

beforeAll(async () => {
  routeFplToSimulator(sim)
  sim.setGameweek(12, 'checked')
  const demo = await addUser('demo@example.com', 'Demo', 1000001)
  pubId = await addTournament('The Pub League', SIM_LEAGUES.pub, demo)
  await addMember(pubId, demo)
  member = await bearer(demo)
  await addMember(PUBLIC_TOURNAMENT_ID, demo)
  for (const team of [1000002, 1000003, 1000004]) {
    const id = await addUser(`m${team}@example.com`, `Member ${team}`, team)
    await addMember(pubId, id)
    await addMember(PUBLIC_TOURNAMENT_ID, id)
  }
  for (const team of [1000501, 1000502, 1000503]) await addCuratedTeam(team)
})

afterEach(() => sim.clearFaults())

describe('cron refresh', () => {
  it('refreshes every tracked tournament: standings, monthly winners and banter stats', async () => {
    const { run, outcomes, failures } = await runCronAndQueue()
    expect(failures).toEqual([])
    expect(run).toMatchObject({ ran: true, jobs: 3, gameweek: '12:checked' })
    expect(outcomes.filter((o) => o.finalized)).toHaveLength(3)

    // The private tournament's table is the FPL classic league's, row for row.
    const upstream = await simulatorTable(SIM_LEAGUES.pub)
    const { body } = await getJson<StandingsBody>(`/api/leagues/${pubId}/standings`, member)
    expect(body.gameweek).toBe(12)
    expect(body.standings).toHaveLength(12)
    expect(body.standings.map((r) => [r.fpl_team_id, r.total_points, r.gameweek_points, r.rank, r.last_rank])).toEqual(
      upstream.map((r) => [r.entry, r.total, r.event_total, r.rank, r.last_rank]),
    )
    expect(body.pagination_metadata).toEqual({ current_page: 1, per_page: 50, total_members: 12, total_pages: 1, has_previous: false, has_next: false })

    // The public tournament: our four users, ranked on their history totals.
    const publicTable = await getJson<StandingsBody>(`/api/leagues/${PUBLIC_TOURNAMENT_ID}/standings`)
    expect(publicTable.body.standings.map((r) => r.fpl_team_id).sort()).toEqual([1000001, 1000002, 1000003, 1000004])
    // Tables built from histories carry the same league-wide summary, over their own rows.
    const publicTop = Math.max(...publicTable.body.standings.map((r) => r.gameweek_points as number))
    expect(publicTable.body.gameweek_summary).toMatchObject({ gameweek: 12, provisional: false, managers_counted: 4, top_scorer: { points: publicTop } })
    expect(body.gameweek_summary).toMatchObject({
      gameweek: 12,
      provisional: false,
      managers_counted: 12,
      top_scorer: { points: Math.max(...upstream.map((r) => r.event_total as number)) },
    })
    const curated = await getJson<StandingsBody>(`/api/leagues/${CURATED_TOURNAMENT_ID}/standings`)
    expect(curated.body.standings).toHaveLength(3)

    const winners = await getJson<{ monthly_winners: Array<Record<string, unknown>> }>(`/api/leagues/${pubId}/monthly-winners`, member)
    // GW12 is in November (GW10-13): ongoing; August to October are finished.
    expect(winners.body.monthly_winners.map((w) => [w.month, w.status])).toEqual([
      ['November', 'ongoing'],
      ['October', 'finished'],
      ['September', 'finished'],
      ['August', 'finished'],
    ])
    // Decision 044: the title holders start with the product's `winner`, and no runner-up is ever 1st.
    for (const w of winners.body.monthly_winners.filter((m) => m.status === 'finished')) {
      expect((w.joint_winners as string[])[0], String(w.month)).toBe(w.winner)
      expect(
        (w.runners_up as Array<{ position: number }>).every((r) => r.position > 1),
        String(w.month),
      ).toBe(true)
    }

    const banter = await getJson<{ comprehensive_banter_stats: Record<string, unknown> }>(`/api/leagues/${pubId}/banter-stats`, member)
    expect(Object.keys(banter.body.comprehensive_banter_stats).sort()).toEqual(
      [
        'auto_sub_saviour',
        'benched_beast',
        'captain_catastrophe',
        'comeback_king',
        'differential_genius',
        'freefall_legend',
        'gameweek_rocket',
        'league_context',
        'most_consistent',
        'overall_rank_king',
        'tournament_leader',
        'tournament_stats',
        'transfer_tornado',
        'wooden_spoon_warrior',
      ].sort(),
    )
    const leader = banter.body.comprehensive_banter_stats.tournament_leader as Record<string, unknown>
    expect(leader.points).toBe(upstream[0]!.total)
    expect(leader.manager).toBe(upstream[0]!.player_name)

    const publicStats = await getJson<{ stats: Record<string, unknown>; data_source: string }>('/api/public-banter-stats')
    expect(publicStats.body.data_source).toBe('live')
    expect(Object.keys(publicStats.body.stats)).toEqual(expect.arrayContaining(['top_scorer', 'hot_streak', 'fighting_back', 'captain_catastrophe']))
  })

  it('does nothing when the upstream state has not changed (idempotent)', async () => {
    sim.resetStats()
    const { run, outcomes } = await runCronAndQueue()
    expect(run).toMatchObject({ ran: true, jobs: 0, skipped: 3 })
    expect(outcomes).toEqual([])
    // Only the state check itself: event-status and bootstrap-static.
    expect(sim.stats().total).toBe(2)
  })

  it('lets only one of two overlapping cron runs plan the refresh', async () => {
    sim.advance() // GW13 live
    const [a, b] = [new FakeQueue(), new FakeQueue()]
    const runs = await Promise.all([
      runScheduled(env, Date.now(), { queue: a, forceState: true }),
      runScheduled(env, Date.now(), { queue: b, forceState: true }),
    ])
    expect(runs.map((r) => r.jobs ?? 0).reduce((x, y) => x + y, 0)).toBe(3)
    for (const queue of [a, b]) {
      while (queue.messages.length) await handleRefreshMessage({ env, queue }, queue.messages.shift()!)
    }
    const { body } = await getJson<StandingsBody>(`/api/leagues/${pubId}/standings`, member)
    expect(body.gameweek).toBe(13)
    // Live: the summary is provisional until FPL has checked the gameweek.
    expect(body.gameweek_summary).toMatchObject({ gameweek: 13, provisional: true })
  })

  it('keeps serving the last good data while FPL is being updated', async () => {
    const before = await getJson<StandingsBody>(`/api/leagues/${pubId}/standings`, member)
    sim.advance() // GW13 finished: a new data version
    sim.injectFault({ kind: 'updating' })
    const { run, failures } = await runCronAndQueue()
    // Planning needs FPL's gameweek state: this run records the failure and changes nothing.
    expect(run.ran).toBe(true)
    expect(run.error).toMatch(/being updated/i)
    expect(failures).toEqual([])
    const after = await getJson<StandingsBody>(`/api/leagues/${pubId}/standings`, member)
    expect(after.status).toBe(200)
    expect(after.body).toEqual(before.body)
  })

  it('leaves the last good snapshot intact when a refresh fails midway, and completes on retry', async () => {
    const before = await getJson<StandingsBody>(`/api/leagues/${pubId}/standings`, member)
    sim.injectFault({ kind: 'shape_drift', match: 'history' }) // a field missing
    const { run, failed, queue } = await runCronAndQueue()
    expect(run.jobs).toBe(3)
    expect(failed.length).toBeGreaterThan(0)
    expect((await getJson(`/api/leagues/${pubId}/standings`, member)).body).toEqual(before.body)

    // The queue retries the failed messages once FPL is back.
    sim.clearFaults()
    expect((await drainQueue(queue, {}, failed)).failures).toEqual([])
    const after = await getJson<StandingsBody>(`/api/leagues/${pubId}/standings`, member)
    expect(after.body.gameweek).toBe(13)
    expect(await snapshotStatus(13)).toBe('finished')
  })

  it.each([
    ['an HTML page instead of JSON', { kind: 'html200' as const, match: 'picks' }],
    ['a request that hangs', { kind: 'hang' as const, match: 'standings' }],
    ['a 403 from a bot wall', { kind: 'forbidden' as const, match: 'entry' }],
  ])('keeps the last good snapshot through %s', async (_name, fault) => {
    const before = await getJson<StandingsBody>(`/api/leagues/${pubId}/standings`, member)
    const version = await snapshotVersion()
    sim.advance()
    sim.injectFault(fault)
    const { failed, queue } = await runCronAndQueue({ timeoutMs: 200 })
    expect(failed.length).toBeGreaterThan(0)
    expect(await snapshotVersion()).toBe(version)
    expect((await getJson(`/api/leagues/${pubId}/standings`, member)).body).toEqual(before.body)
    sim.clearFaults()
    expect((await drainQueue(queue, {}, failed)).failures).toEqual([])
    expect(await snapshotVersion()).not.toBe(version)
  })

  it('honours Retry-After from a rate-limited FPL and still completes', async () => {
    sim.advance()
    sim.resetStats()
    sim.injectFault({ kind: 'rate_limit', match: 'standings', times: 2, retryAfterSeconds: 1 })
    const skipped = testClock.skippedMs
    const { failures, run } = await runCronAndQueue()
    expect(run.jobs).toBe(3)
    expect(failures).toEqual([])
    // It waited out FPL's Retry-After (1 s) before asking again: in skipped time, not real time.
    expect(testClock.skippedMs - skipped).toBeGreaterThanOrEqual(1_000)
    expect(await snapshotVersion()).toBe(`${sim.state().gameweek}:${sim.state().phase}`)
  })
})
