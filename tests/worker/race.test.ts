import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { RaceAnswer } from '../../contract/race'
import { routeFplToSimulator, SIM_LEAGUES, simulator } from './helpers/fpl'
import { addMember, addTournament, addUser, bearer, getJson, runCronAndQueue } from './helpers/world'

// The Race Centre through the real refresh (decision 132): the races come from the
// snapshot the refresh wrote, and match what the simulator's own tables and histories say.

const sim = simulator()
let pubId = 0
let member: Record<string, string> = {}
let outsider: Record<string, string> = {}

const race = (headers = member) => getJson<RaceAnswer>(`/api/leagues/${pubId}/race`, headers)

async function simJson<T>(path: string): Promise<T> {
  return (await (await sim.fetch(new Request(`http://sim/api/${path}`))).json()) as T
}

interface TableRow {
  entry: number
  player_name: string
  total: number
}
const table = async (phase?: number) =>
  (await simJson<{ standings: { results: TableRow[] } }>(`leagues-classic/${SIM_LEAGUES.pub}/standings/?page_standings=1${phase ? `&phase=${phase}` : ''}`))
    .standings.results

beforeAll(async () => {
  routeFplToSimulator(sim)
  const demo = await addUser('race@example.com', 'Race', 1000001)
  pubId = await addTournament('The Pub League', SIM_LEAGUES.pub, demo)
  await addMember(pubId, demo)
  member = await bearer(demo)
  outsider = await bearer(await addUser('outside@example.com', 'Outside', 1000999))
})

describe('GET /api/leagues/{id}/race', () => {
  it('says the race is pending before the first refresh', async () => {
    const { status, body } = await race()
    expect(status).toBe(200)
    expect(body).toMatchObject({ month: null, season: null, computed_at: null, message: 'The race appears after the next data refresh.' })
  })

  it("answers the season and month races of the snapshot, worked out from the simulator's tables and histories", async () => {
    sim.setGameweek(12, 'checked')
    await runCronAndQueue()
    const { status, body } = await race()
    expect(status).toBe(200)
    expect(body).toMatchObject({ gameweek: 12, provisional: false, runs: 10_000, message: null })

    // The largest one-week swing of the league: best minus worst net score of a gameweek, over GW 1-12.
    const rows = await table()
    const histories = await Promise.all(
      rows.map((r) => simJson<{ current: Array<{ event: number; points: number; event_transfers_cost: number }> }>(`entry/${r.entry}/history/`)),
    )
    let swing = 0
    for (let gw = 1; gw <= 12; gw++) {
      const scores = histories.flatMap((h) => h.current.filter((c) => c.event === gw).map((c) => c.points - c.event_transfers_cost))
      swing = Math.max(swing, Math.max(...scores) - Math.min(...scores))
    }
    const season = body.season
    expect(season).toMatchObject({
      name: 'Season 2026/27',
      gameweeks_left: 26,
      first_gameweek: 1,
      last_gameweek: 38,
      largest_swing: swing,
      total_managers: rows.length,
    })
    const leader = Math.max(...rows.map((r) => r.total))
    const expected = new Map(rows.map((r) => [r.entry, { gap: leader - r.total, alive: leader - r.total <= 26 * swing }]))
    for (const row of season?.rows ?? []) expect({ gap: row.gap, alive: row.alive }).toEqual(expected.get(row.fpl_team_id))
    expect(season?.rows.map((r) => r.fpl_team_id).sort()).toEqual(rows.map((r) => r.entry).sort())
    expect(season?.rows.reduce((a, r) => a + r.win_chance, 0)).toBeCloseTo(1, 9)

    // The month in progress: FPL's phase holding GW 12, its own month table.
    const bootstrap = await simJson<{ phases: Array<{ id: number; name: string; start_event: number; stop_event: number }> }>('bootstrap-static/')
    const phase = bootstrap.phases.find((p) => p.id > 1 && p.start_event <= 12 && 12 <= p.stop_event)
    expect(phase).toBeDefined()
    const month = await table(phase?.id)
    const monthLeader = Math.max(...month.map((r) => r.total))
    expect(body.month).toMatchObject({
      name: phase?.name,
      gameweeks_left: (phase?.stop_event ?? 0) - 12,
      first_gameweek: phase?.start_event,
      last_gameweek: phase?.stop_event,
    })
    for (const row of body.month?.rows ?? []) expect(row.gap).toBe(monthLeader - (month.find((m) => m.entry === row.fpl_team_id)?.total ?? Number.NaN))
    expect(body.month?.rows.reduce((a, r) => a + r.win_chance, 0)).toBeCloseTo(1, 9)
    // The simulated November is a close race with one gameweek left: dev shows a real contest.
    expect(body.month?.gameweeks_left).toBe(1)
    expect(body.month?.rows.filter((r) => r.win_chance >= 0.05).length).toBeGreaterThanOrEqual(3)
    for (const line of body.season?.catch_up ?? []) expect(line.text).toMatch(/^.+ needs \d+ more than .+ over GW 13-38$/)
  })

  it('"N can still win" counts exactly the managers with a chance above 0 (decision 161)', async () => {
    // The Pub League at GW 12: all 12 within reach of the season with 26 gameweeks left, several
    // of them far too far back for 10,000 runs to see them win; before, they read "0%".
    const { body } = await race()
    for (const part of [body.season, body.month]) {
      const rows = part?.rows ?? []
      expect(rows.length).toBe(part?.total_managers)
      expect(rows.filter((r) => r.win_chance > 0).length).toBe(part?.alive_count)
      for (const row of rows) expect({ id: row.fpl_team_id, chance: row.win_chance > 0 }).toEqual({ id: row.fpl_team_id, chance: row.alive })
    }
    expect(body.season?.alive_count).toBe(12)
  })

  it('is the same answer on every read of a snapshot', async () => {
    const first = (await race()).body
    const again = (await race()).body
    expect(again).toEqual(first)
  })

  it('computes the race for a snapshot written before the race existed, at the same data version', async () => {
    await env.DB.prepare('UPDATE tournament_snapshots SET race = NULL WHERE tournament_id = ?').bind(pubId).run()
    expect((await race()).body.message).toBe('The race appears after the next data refresh.')
    await runCronAndQueue()
    expect((await race()).body).toMatchObject({ gameweek: 12, message: null })
    // Once it has one, the same version is up to date again: nothing to refresh.
    const again = await runCronAndQueue()
    expect(again.run).toMatchObject({ ran: true, jobs: 0 })
  })

  it('says the points are provisional while the gameweek is in play', async () => {
    sim.setGameweek(13, 'live')
    await runCronAndQueue()
    const { body } = await race()
    expect(body).toMatchObject({ gameweek: 13, provisional: true })
    expect(body.season?.gameweeks_left).toBe(25)
  })

  it("keeps a private league's race to its members", async () => {
    expect((await race(outsider)).status).toBe(403)
    expect((await race({})).status).toBe(401)
    expect((await getJson('/api/leagues/999999/race', member)).status).toBe(404)
  })
})
