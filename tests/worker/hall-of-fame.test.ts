import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { LineageAnswer, RecordsAnswer, SeasonsAnswer } from '../../contract/hall-of-fame'
import { routeFplToSimulator, SIM_LEAGUES, simulator } from './helpers/fpl'
import { call, json } from './helpers/http'
import { addMember, addTournament, addUser, bearer, getJson, runCronAndQueue } from './helpers/world'

// The Hall of Fame through the real refresh (decisions 136 and 137): records and seasons computed when FPL
// checks a gameweek, read with the standings' rule, and season lineage spanning FPL's reset.

const sim = simulator()
const PREVIOUS_FPL_LEAGUE = 990_001
let pubId = 0
let previousId = 0
let owner: Record<string, string> = {}
let member: Record<string, string> = {}
let outsider: Record<string, string> = {}

type Row = [number, number, number, number, number | null, number | null, number | null]

beforeAll(async () => {
  routeFplToSimulator(sim)
  const demo = await addUser('fame@example.com', 'Fame', 1000001)
  pubId = await addTournament('The Pub League', SIM_LEAGUES.pub, demo)
  await addMember(pubId, demo)
  const memberId = await addUser('member@example.com', 'Member', null)
  await addMember(pubId, memberId)
  owner = await bearer(demo)
  member = await bearer(memberId)
  outsider = await bearer(await addUser('outsider@example.com', 'Outsider', null))
  // Last season's tournament of the same group, as we kept it (FPL gave everyone new ids): its GW37-38.
  previousId = (await env.DB.prepare(
    "INSERT INTO tournaments (name, type, fpl_league_id, fpl_season, commissioner_id) VALUES ('The Pub League 25/26', 'private', ?, '2025/26', ?) RETURNING id",
  )
    .bind(PREVIOUS_FPL_LEAGUE, demo)
    .first<number>('id')) as number
  const gw37: Row[] = [
    [501, 150, 2300, 1, 60, 0, 40],
    [502, 60, 2250, 2, 3, 4, 2],
  ]
  const gw38: Row[] = [
    [502, 120, 2370, 1, 1, 0, 1],
    [501, 50, 2350, 2, 0, 0, 12],
  ]
  for (const [gw, rows] of [
    [37, gw37],
    [38, gw38],
  ] as const) {
    await env.DB.prepare("INSERT INTO gameweek_results (tournament_id, season, gameweek, source, rows) VALUES (?, '2025/26', ?, 'fpl_api', ?)")
      .bind(previousId, gw, JSON.stringify(rows))
      .run()
  }
  await env.DB.prepare(
    "INSERT INTO tournament_seasons (tournament_id, season, source, league_name, managers) VALUES (?, '2025/26', 'kept', 'The Pub League 25/26', ?)",
  )
    .bind(previousId, JSON.stringify({ 501: ['Ada Legend', 'Old Boots'], 502: ['Bo Champion', 'Last Year FC'] }))
    .run()
  // Its newest snapshot lists its season's months: Ada won four, one of them jointly with Bo; one month never finished.
  const month = (name: string, winners: string[], status = 'finished') => ({
    month: name,
    year: 2025,
    status,
    winner: winners[0] ?? null,
    joint_winners: winners,
  })
  const months = [
    month('May', [], 'ongoing'),
    month('April', ['Ada Legend']),
    month('December', ['Ada Legend', 'Bo Champion']),
    month('October', ['Ada Legend']),
    month('August', ['Ada Legend']),
  ]
  await env.DB.prepare(
    "INSERT INTO tournament_snapshots (tournament_id, season, gameweek, gameweek_status, data_version, standings_meta, monthly_winners) VALUES (?, '2025/26', 38, 'checked', '38:checked', '{}', ?)",
  )
    .bind(previousId, JSON.stringify(months))
    .run()
})

const records = (headers = owner) => getJson<RecordsAnswer>(`/api/leagues/${pubId}/records`, headers)
const seasons = (headers = owner) => getJson<SeasonsAnswer>(`/api/leagues/${pubId}/seasons`, headers)
const link = async (body: unknown, headers = owner) => {
  const res = await call(`/api/leagues/${pubId}/lineage`, json(body, { method: 'PUT', headers }))
  return { status: res.status, body: (await res.json()) as LineageAnswer & { detail?: string; code?: string } }
}

async function keptRows(): Promise<Array<{ gameweek: number; rows: Row[] }>> {
  const { results } = await env.DB.prepare("SELECT gameweek, rows FROM gameweek_results WHERE tournament_id = ? AND season = '2026/27'").bind(pubId).all<{
    gameweek: number
    rows: string
  }>()
  return results.map((r) => ({ gameweek: r.gameweek, rows: JSON.parse(r.rows) as Row[] }))
}

describe('the Hall of Fame', () => {
  it('is pending until a gameweek is checked', async () => {
    sim.setGameweek(12, 'live')
    await runCronAndQueue()
    const { status, body } = await records()
    expect(status).toBe(200)
    expect(body).toMatchObject({ status: 'pending', message: 'The Hall of Fame appears once FPL has checked a gameweek of this league.', records: [] })
  })

  it('answers the records of the kept gameweeks once GW12 is checked, matching the kept rows', async () => {
    sim.setGameweek(12, 'checked')
    await runCronAndQueue()
    const { body } = await records()
    expect(body.status).toBe('ready')
    expect(body.seasons_covered).toEqual(['2026/27'])
    const kept = await keptRows()
    const played = kept.flatMap((g) => g.rows.filter((r) => r[1] !== 0 || r[2] !== 0).map((r) => ({ gameweek: g.gameweek, id: r[0], points: r[1] })))
    const best = Math.max(...played.map((p) => p.points))
    const bestRecord = body.records.find((r) => r.kind === 'best_gameweek')
    expect(bestRecord?.value).toBe(best)
    expect(bestRecord?.holders.map((h) => [h.fpl_team_id, h.gameweek])).toEqual(
      played
        .filter((p) => p.points === best)
        .sort((a, b) => a.gameweek - b.gameweek || a.id - b.id)
        .map((p) => [p.id, p.gameweek]),
    )
    expect(bestRecord?.holders[0]?.player_name).not.toMatch(/^Manager \d+$/)
    // Captains were read for GW12 only (the rebuilt gameweeks carry none).
    expect(body.records.find((r) => r.kind === 'worst_captaincy')?.covers).toBe('Gameweeks whose picks were read: 2026/27 GW 12')
    const gw12 = kept.find((g) => g.gameweek === 12) as { rows: Row[] }
    expect(body.records.find((r) => r.kind === 'worst_captaincy')?.value).toBe(Math.min(...gw12.rows.map((r) => r[6] as number)))

    // Manager of the Month: each finished month's joint winners, counted per manager, as the winners answer lists them.
    const winners = await getJson<{ monthly_winners: Array<{ status: string; joint_winners: string[] }> }>(`/api/leagues/${pubId}/monthly-winners`, owner)
    const titles = new Map<string, number>()
    for (const m of winners.body.monthly_winners) if (m.status === 'finished') for (const name of m.joint_winners) titles.set(name, (titles.get(name) ?? 0) + 1)
    expect(titles.size).toBeGreaterThan(0)
    const most = Math.max(...titles.values())
    const mom = body.records.find((r) => r.kind === 'most_manager_of_the_month')
    expect(mom?.value).toBe(most)
    expect(mom?.holders.map((h) => h.player_name).sort()).toEqual(
      [...titles]
        .filter(([, n]) => n === most)
        .map(([name]) => name)
        .sort(),
    )
  })

  it("lists this season so far and the seasons before it from the managers' FPL history", async () => {
    const { body } = await seasons()
    const [current, ...earlier] = body.seasons
    const gw12 = (await keptRows()).find((g) => g.gameweek === 12) as { rows: Row[] }
    expect(current).toMatchObject({ season: '2026/27', source: 'kept', status: 'so_far', through_gameweek: 12, total_managers: gw12.rows.length })
    expect(current?.rows.map((r) => [r.fpl_team_id, r.total, r.position])).toEqual(gw12.rows.slice(0, 50).map((r) => [r[0], r[2], r[3]]))
    const stored = await env.DB.prepare("SELECT season, past FROM tournament_seasons WHERE tournament_id = ? AND source = 'fpl_history' ORDER BY season DESC")
      .bind(pubId)
      .all<{ season: string; past: string }>()
    expect(earlier.map((s) => s.season)).toEqual(stored.results.map((s) => s.season))
    for (const [i, season] of earlier.entries()) {
      const past = JSON.parse((stored.results[i] as { past: string }).past) as Array<[number, number, number | null]>
      expect(season).toMatchObject({ source: 'fpl_history', status: 'fpl_history', total_managers: past.length })
      expect(season.rows[0]).toMatchObject({ position: 1, fpl_team_id: past[0]?.[0], total: past[0]?.[1], overall_rank: past[0]?.[2] })
    }
  })

  it('is for members of a private league, like the standings', async () => {
    expect((await records(member)).status).toBe(200)
    expect((await getJson(`/api/leagues/${pubId}/records`)).status).toBe(401)
    const refused = await getJson<{ code: string }>(`/api/leagues/${pubId}/seasons`, outsider)
    expect(refused).toMatchObject({ status: 403, body: { code: 'not_a_member' } })
  })
})

describe('season lineage', () => {
  it("is the commissioner's, and checks what it is given", async () => {
    expect(await link({ previous_fpl_league_id: PREVIOUS_FPL_LEAGUE }, member)).toMatchObject({ status: 403, body: { code: 'not_commissioner' } })
    expect((await link({ previous_fpl_league_id: -3 })).status).toBe(400)
    expect((await link({ previous_fpl_league_id: '12x' })).status).toBe(400)
    expect(await link({ previous_fpl_league_id: SIM_LEAGUES.pub })).toMatchObject({ status: 400, body: { code: 'lineage_self' } })
    // Another group's kept league: its names and records are not this commissioner's to take.
    const stranger = await addUser('stranger@example.com', 'Stranger', null)
    await env.DB.prepare(
      "INSERT INTO tournaments (name, type, fpl_league_id, fpl_season, commissioner_id) VALUES ('Someone Else 25/26', 'private', 777001, '2025/26', ?)",
    )
      .bind(stranger)
      .run()
    expect(await link({ previous_fpl_league_id: 777_001 })).toMatchObject({ status: 403, body: { code: 'lineage_not_yours' } })
  })

  it('stores a league we never kept and says the Hall of Fame has FPL history only', async () => {
    const { status, body } = await link({ previous_fpl_league_id: 424_242 })
    expect(status).toBe(200)
    expect(body).toMatchObject({ previous_fpl_league_id: 424_242, previous_tournament: null })
    expect(body.message).toContain('FPL history')
    expect(await getJson(`/api/leagues/${pubId}/lineage`, owner)).toMatchObject({ body: { previous_fpl_league_id: 424_242, previous_tournament: null } })
  })

  it('refuses a loop', async () => {
    await env.DB.prepare('UPDATE tournaments SET previous_tournament_id = ? WHERE id = ?').bind(pubId, previousId).run()
    expect(await link({ previous_fpl_league_id: PREVIOUS_FPL_LEAGUE })).toMatchObject({ status: 409, body: { code: 'lineage_loop' } })
    await env.DB.prepare('UPDATE tournaments SET previous_tournament_id = NULL WHERE id = ?').bind(previousId).run()
  })

  it("links last season's tournament, and the next checked gameweek's records span both seasons", async () => {
    const { status, body } = await link({ previous_fpl_league_id: PREVIOUS_FPL_LEAGUE })
    expect(status).toBe(200)
    expect(body.previous_tournament).toEqual({ id: previousId, name: 'The Pub League 25/26', fpl_season: '2025/26' })
    expect(body.message).toContain('next checked gameweek')
    // Nothing is recomputed on the request: the records still cover this season only.
    expect((await records()).body.seasons_covered).toEqual(['2026/27'])

    sim.setGameweek(13, 'checked')
    await runCronAndQueue()
    const after = (await records()).body
    expect(after.seasons_covered).toEqual(['2026/27', '2025/26'])
    const best = after.records.find((r) => r.kind === 'best_gameweek')
    expect(best).toMatchObject({ value: 150, holders: [{ fpl_team_id: 501, player_name: 'Ada Legend', season: '2025/26', gameweek: 37 }] })
    expect(after.records.find((r) => r.kind === 'most_manager_of_the_month')).toMatchObject({
      value: 4,
      holders: [{ fpl_team_id: 501, player_name: 'Ada Legend', month: 'April (2025/26), December (2025/26), October (2025/26), August (2025/26)' }],
    })
    expect(after.records.find((r) => r.kind === 'most_bench_points')).toMatchObject({ value: 60, holders: [{ fpl_team_id: 501, season: '2025/26' }] })
    // Bo Champion went from 2nd to 1st between GW37 and GW38; a 1-place climb unless this season had a bigger one.
    expect(after.records.find((r) => r.kind === 'biggest_climb')?.value).toBeGreaterThanOrEqual(1)

    const table = (await seasons()).body.seasons.find((s) => s.season === '2025/26')
    expect(table).toMatchObject({ source: 'kept', status: 'final', through_gameweek: 38, league_name: 'The Pub League 25/26', total_managers: 2 })
    expect(table?.rows.map((r) => [r.position, r.player_name, r.total])).toEqual([
      [1, 'Bo Champion', 2370],
      [2, 'Ada Legend', 2350],
    ])
  })

  it('unlinks with null', async () => {
    expect(await link({ previous_fpl_league_id: null })).toMatchObject({ status: 200, body: { previous_fpl_league_id: null, previous_tournament: null } })
  })
})
