import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { routeFplToSimulator, SIM_LEAGUES, simulator } from './helpers/fpl'
import { addMember, addTournament, addUser, runCronAndQueue } from './helpers/world'

// What the refresh keeps of a season for good (decision 131): FPL wipes league data every July.

const sim = simulator()
let pubId = 0

interface ResultRow {
  gameweek: number
  source: string
  rows: string
}

const kept = async () =>
  (await env.DB.prepare('SELECT gameweek, source, rows FROM gameweek_results WHERE tournament_id = ? ORDER BY gameweek').bind(pubId).all<ResultRow>()).results

async function simulatorTable() {
  const res = await sim.fetch(new Request(`http://sim/api/leagues-classic/${SIM_LEAGUES.pub}/standings/?page_standings=1`))
  return ((await res.json()) as { standings: { results: Array<{ entry: number; total: number; event_total: number; rank: number }> } }).standings.results
}

beforeAll(async () => {
  routeFplToSimulator(sim)
  const demo = await addUser('story@example.com', 'Story', 1000001)
  pubId = await addTournament('The Pub League', SIM_LEAGUES.pub, demo)
  await addMember(pubId, demo)
})

describe('the kept season', () => {
  it('keeps nothing of a gameweek in play, then the checked table as FPL ranks it and the earlier gameweeks from histories', async () => {
    sim.setGameweek(12, 'live')
    await runCronAndQueue()
    const during = await kept()
    // Gameweeks 1-11 are checked: rebuilt once from the managers' histories; 12 is not kept while in play.
    expect(during.map((r) => r.gameweek)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    expect(new Set(during.map((r) => r.source))).toEqual(new Set(['history']))

    sim.setGameweek(12, 'checked')
    await runCronAndQueue()
    const after = await kept()
    expect(after.map((r) => r.gameweek)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    const gw12 = after.at(-1) as ResultRow
    expect(gw12.source).toBe('fpl_api')
    const rows = JSON.parse(gw12.rows) as number[][]
    const table = await simulatorTable()
    expect(rows.map((r) => [r[0], r[1], r[2], r[3]])).toEqual(table.map((r) => [r.entry, r.event_total, r.total, r.rank]))
    // Everyone's history and picks were read in a one-page league: bench, hits and captain are known.
    for (const row of rows) for (const value of row.slice(4)) expect(typeof value).toBe('number')

    // The rebuilt GW11 totals are the same totals FPL's table had at GW11 (its last_rank order agrees).
    const gw11 = JSON.parse((after[10] as ResultRow).rows) as number[][]
    const byEntry = new Map(gw11.map((r) => [r[0], r]))
    for (const row of rows) expect((byEntry.get(row[0] as number) as number[])[2]).toBe((row[2] as number) - (row[1] as number))
  })

  it('keeps the season names and the seasons before it from FPL past rows', async () => {
    const seasons = (
      await env.DB.prepare('SELECT season, source, managers, past FROM tournament_seasons WHERE tournament_id = ? ORDER BY season DESC').bind(pubId).all<{
        season: string
        source: string
        managers: string
        past: string | null
      }>()
    ).results
    expect(seasons[0]).toMatchObject({ season: '2026/27', source: 'kept', past: null })
    const names = JSON.parse((seasons[0] as { managers: string }).managers) as Record<string, [string, string]>
    expect(Object.keys(names).length).toBe((await simulatorTable()).length)
    const earlier = seasons.filter((s) => s.source === 'fpl_history')
    expect(earlier.length).toBeGreaterThan(0)
    for (const season of earlier) {
      const rows = JSON.parse(season.past as string) as number[][]
      expect(rows.length).toBeGreaterThan(0)
      // Best season total first.
      expect(rows.map((r) => r[1])).toEqual([...rows.map((r) => r[1] as number)].sort((a, b) => b - a))
    }
  })
})
