// The league's story (issue 16) for the 5,000-manager Sim Mega League: what the refresh's story
// step costs next to the documents a snapshot already computed, and the D1 storage a season of
// kept history takes, projected to 10,000 tournaments. No stack: the simulator runs in-process,
// the worker's pure modules are loaded through Vite's module runner, and the storage is measured
// in SQLite itself (node:sqlite; D1 is SQLite), table and index pages included.
import { DatabaseSync } from 'node:sqlite'
import { runnerImport } from 'vite'
import { createFplSimulator, MEGA_LEAGUE_ID } from '../fpl-simulator/handler.ts'
import { ROOT } from '../stack/stack.ts'
import { add, fmt, ratio, section } from './table.ts'

type Json = Record<string, unknown>

const GAMEWEEK = 12
const SEASON = '2026/27'
const PAGES = 100
const D1_LIMIT_BYTES = 10 * 1024 ** 3

async function load<T>(file: string): Promise<T> {
  return (await runnerImport<T>(`${ROOT}/${file}`)).module
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

function timed(runs: number, fn: () => unknown): number {
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    fn()
    samples.push(performance.now() - t)
  }
  return median(samples)
}

export async function storyBench(quick: boolean) {
  const sim = createFplSimulator()
  const get = async <T>(path: string): Promise<T> => (await (await sim.fetch(new Request(`http://sim/api/${path}`))).json()) as T

  /** The league's table at a checked gameweek as the refresh stores it. */
  const table = async (gw: number) => {
    sim.setGameweek(gw, 'checked')
    const rows: Json[] = []
    for (let page = 1; page <= PAGES; page++) {
      const body = await get<{ standings: { results: Array<Record<string, number | string>> } }>(
        `leagues-classic/${MEGA_LEAGUE_ID}/standings/?page_standings=${page}`,
      )
      for (const [i, r] of body.standings.results.entries()) {
        rows.push({
          position: (page - 1) * 50 + i + 1,
          fpl_team_id: r.entry,
          team_name: r.entry_name,
          player_name: r.player_name,
          total_points: r.total,
          gameweek_points: r.event_total,
          rank: r.rank,
          last_rank: r.last_rank,
        })
      }
    }
    return rows
  }

  const stats = await load<Json>('worker/fpl/stats/index.ts')
  const { raceDocument } = await load<{ raceDocument: (ctx: Json) => Json | null }>('worker/services/story/race.ts')
  const { composeEdition } = await load<{ composeEdition: (ctx: Json, race: Json | null, low: string[]) => { document: Json } }>('worker/services/story/gazette.ts')
  const { gameweeksToKeep } = await load<{ gameweeksToKeep: (ctx: Json, kept: Set<number>) => Array<{ rows: unknown[] }> }>('worker/services/story/history.ts')
  const records = await load<{ summariseSeason: (input: Json) => Json; allTimeRecords: (s: Json[]) => unknown[] }>('worker/services/story/records.ts')
  type Fn = (...args: unknown[]) => unknown
  const { computeBanterStats, computeMonthlyWinners, gameweekSummary } = stats as Record<string, Fn>

  const rows = await table(GAMEWEEK)
  const bootstrap = await get<{ phases: Json[]; events: Json[]; elements: Json[] }>('bootstrap-static/')
  const live = await get<Json>(`event/${GAMEWEEK}/live/`)
  const top = rows.slice(0, 50)
  const cohort = await Promise.all(
    top.map(async (r) => ({
      entryId: r.fpl_team_id,
      teamName: r.team_name,
      playerName: r.player_name,
      history: await get<Json>(`entry/${r.fpl_team_id}/history/`),
      picks: await get<Json>(`entry/${r.fpl_team_id}/event/${GAMEWEEK}/picks/`),
    })),
  )
  const phase = (bootstrap.phases as Array<{ id: number; start_event: number; stop_event: number }>).find(
    (p) => p.id > 1 && p.start_event <= GAMEWEEK && GAMEWEEK <= p.stop_event,
  )
  const monthPage = await get<{ standings: { results: Array<Record<string, number | string>> } }>(
    `leagues-classic/${MEGA_LEAGUE_ID}/standings/?page_standings=1&phase=${phase?.id}`,
  )
  const phaseTables = new Map([
    [phase?.id, monthPage.standings.results.map((r) => ({ entry: r.entry, player_name: r.player_name, team_name: r.entry_name, total: r.total }))],
  ])

  // The documents every snapshot already computed before issue 16: the baseline.
  const snapshotDocuments = () => {
    const banter = computeBanterStats({
      tournament: { name: 'Sim Mega League', type: 'private', totalMembers: rows.length },
      gameweek: GAMEWEEK,
      status: 'checked',
      managers: cohort,
      live,
      elements: bootstrap.elements,
    }) as { stats?: Json }
    const months = computeMonthlyWinners({
      phases: bootstrap.phases,
      events: bootstrap.events,
      currentGameweek: GAMEWEEK,
      currentStatus: 'checked',
      leagueStartEvent: 1,
      phaseTables,
      prizePoolPence: 0,
      prizesEnabled: false,
    })
    gameweekSummary(rows, GAMEWEEK, 'checked')
    return { banter: banter.stats ?? null, months }
  }
  const { banter, months } = snapshotDocuments()
  const ctx: Json = {
    tournament: { id: 5, name: 'Sim Mega League', type: 'private', gazetteEnabled: true, previousTournamentId: null },
    season: SEASON,
    gameweek: GAMEWEEK,
    status: 'checked',
    version: `${GAMEWEEK}:checked`,
    bootstrap: { phases: bootstrap.phases, events: bootstrap.events },
    rows,
    meta: { league_name: 'Sim Mega League', total_members: rows.length, truncated: false, last_updated_data: null, fpl_active_members: 1 },
    cohort,
    phaseTables,
    monthlyWinners: months,
    banter,
    live,
  }
  const runs = quick ? 3 : 9
  const baseline = timed(runs, snapshotDocuments)
  const race = raceDocument(ctx)
  const raceMs = timed(runs, () => raceDocument(ctx))
  const gazetteMs = timed(runs, () => composeEdition(ctx, race, []))
  const keepMs = timed(runs, () => JSON.stringify(gameweeksToKeep(ctx, new Set(Array.from({ length: GAMEWEEK - 1 }, (_, i) => i + 1)))))

  // A whole season kept: 38 checked gameweeks of the 5,000-manager table, as the refresh writes them.
  const gameweeks = quick ? [1, GAMEWEEK, 38] : Array.from({ length: 38 }, (_, i) => i + 1)
  const kept: Array<{ gameweek: number; rows: unknown[][] }> = []
  const cohortIds = new Set(top.map((r) => r.fpl_team_id))
  for (const gw of gameweeks) {
    const t = await table(gw)
    kept.push({
      gameweek: gw,
      // Bench, hits and captain points are known for the managers whose history and picks were read.
      rows: t.map((r) => {
        const known = cohortIds.has(r.fpl_team_id)
        return [r.fpl_team_id, r.gameweek_points, r.total_points, r.rank, known ? 5 : null, known ? 0 : null, known ? 12 : null]
      }),
    })
  }
  const names = Object.fromEntries(rows.map((r) => [String(r.fpl_team_id), [r.player_name, r.team_name]]))
  const hallMs = timed(quick ? 1 : 3, () =>
    records.allTimeRecords([records.summariseSeason({ tournamentId: 5, season: SEASON, leagueName: 'Sim Mega League', gameweeks: kept, names, titles: [] })]),
  )
  const summary = records.summariseSeason({ tournamentId: 5, season: SEASON, leagueName: 'Sim Mega League', gameweeks: kept, names, titles: [] })
  const hallBytes = JSON.stringify({ records: records.allTimeRecords([summary]), seasons: [summary] }).length
  const raceBytes = JSON.stringify(race).length
  const gazetteBytes = JSON.stringify(composeEdition(ctx, race, []).document).length

  // SQLite pages for the kept season (the schema of migration 0010).
  const db = new DatabaseSync(':memory:')
  db.exec(`CREATE TABLE gameweek_results (tournament_id integer NOT NULL, season text NOT NULL, gameweek integer NOT NULL, source text NOT NULL, rows text NOT NULL,
    stored_at integer NOT NULL, PRIMARY KEY (tournament_id, season, gameweek));
    CREATE TABLE tournament_seasons (tournament_id integer NOT NULL, season text NOT NULL, source text NOT NULL, league_name text NOT NULL, managers text NOT NULL,
    past text, updated_at integer NOT NULL, PRIMARY KEY (tournament_id, season));`)
  const pages = () => Number((db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count)
  const pageSize = Number((db.prepare('PRAGMA page_size').get() as { page_size: number }).page_size)
  const empty = pages()
  const insert = db.prepare("INSERT INTO gameweek_results VALUES (5, ?, ?, 'fpl_api', ?, 0)")
  for (const g of kept) insert.run(SEASON, g.gameweek, JSON.stringify(g.rows))
  db.prepare("INSERT INTO tournament_seasons VALUES (5, ?, 'kept', 'Sim Mega League', ?, NULL, 0)").run(SEASON, JSON.stringify(names))
  const measured = (pages() - empty) * pageSize
  // Per season (38 gameweeks) per 1,000 managers, plus the snapshot documents issue 16 adds (race on
  // each of the 38 snapshots, the Hall of Fame on each checked one) and 38 Gazette editions.
  const perSeason = (measured / kept.length) * 38 + 38 * (raceBytes + hallBytes + gazetteBytes)
  const per1000 = (perSeason / rows.length) * 1000
  // Size mixes for 10,000 tournaments: the seeded world's (12, 180 and 5,000 managers; a 100,000
  // league stores 5,000), a mini-league app's (70% ≤ 20, 25% ~ 100, 5% ~ 1,000), and all at 5,000.
  const seasonBytes = (managers: number) => (measured / kept.length / rows.length) * managers * 38 + 38 * (gazetteBytes + (raceBytes + hallBytes) * Math.min(1, managers / rows.length + 0.05))
  const mix = (shares: Array<[number, number]>) => 10_000 * shares.reduce((a, [share, managers]) => a + share * seasonBytes(managers), 0)
  const seeded = mix([
    [0.25, 12],
    [0.25, 180],
    [0.25, 5000],
    [0.25, 5000],
  ])
  const miniLeagues = mix([
    [0.7, 20],
    [0.25, 100],
    [0.05, 1000],
  ])
  const worst = mix([[1, 5000]])
  const gb = (bytes: number) => `${fmt(bytes / 1024 ** 3, 2)} GB`

  add('Story step, 5,000-manager league at a checked GW: race (month + season, 10,000 runs each), ms', fmt(raceMs), `${fmt(baseline)} ms: the snapshot's own documents (banter, months, summary)`, ratio(raceMs, baseline), '≤ 1 s (the refresh: ≤ 10 s)')
  add('Story step: Gazette edition composed, ms', fmt(gazetteMs, 2), `${fmt(baseline)} ms`, ratio(gazetteMs, baseline))
  add('Story step: the checked table kept (5,000 compact rows, JSON), ms', fmt(keepMs, 2), `${fmt(baseline)} ms`, ratio(keepMs, baseline))
  add(`Story step: Hall of Fame over a kept season (${kept.length} GW × 5,000 managers), ms`, fmt(hallMs), `${fmt(baseline)} ms`, ratio(hallMs, baseline), 'on checked gameweeks only')
  add('Story documents per snapshot: race / Hall of Fame / Gazette, kB', `${fmt(raceBytes / 1024)} / ${fmt(hallBytes / 1024)} / ${fmt(gazetteBytes / 1024)}`, '', '', '')
  add('D1 storage of a kept gameweek, 5,000 managers (SQLite pages)', `${fmt(measured / kept.length / 1024)} kB`, `${fmt((JSON.stringify(kept[0]?.rows).length * 1) / 1024)} kB of JSON text`, '', '')
  add('D1 storage per season per 1,000 managers (38 GW kept + race, Hall of Fame, Gazette)', `${fmt(per1000 / 1024 ** 2, 2)} MB`, '', '', '')
  add('Projected: 10,000 tournaments, one season, seeded mix (12 / 180 / 5,000 / 5,000 stored)', gb(seeded), '10 GB per D1 database', ratio(seeded, D1_LIMIT_BYTES), '< 10 GB')
  add('Projected: 10,000 tournaments, one season, mini-league mix (70% 20, 25% 100, 5% 1,000)', gb(miniLeagues), '10 GB per D1 database', ratio(miniLeagues, D1_LIMIT_BYTES), '< 10 GB')
  add('Projected: 10,000 tournaments, one season, all at 5,000 stored managers', gb(worst), '10 GB per D1 database', ratio(worst, D1_LIMIT_BYTES), 'the plan: decision 138')
}

export const storySection = (quick: boolean) =>
  section(
    'League story',
    ['Story step (race, Gazette, kept table, Hall of Fame) and the storage of a kept season'],
    () => storyBench(quick),
    600_000,
  )
