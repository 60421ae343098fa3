// The league's story (decisions 131, 138) for the 5,000-manager Sim Mega League: what the refresh's story
// step costs next to the documents a snapshot already computed, and the D1 storage a season of
// kept history takes, projected to 10,000 tournaments. No stack: the simulator runs in-process,
// the worker's pure modules are loaded through Vite's module runner, and the storage is measured
// in SQLite itself (node:sqlite; D1 is SQLite), table and index pages included.
import { DatabaseSync } from 'node:sqlite'
import { runnerImport } from 'vite'
import { createFplSimulator, type FplSimulator, MEGA_LEAGUE_ID } from '../fpl-simulator/handler.ts'
import { ROOT } from '../stack/commands.ts'
import { add, fmt, ratio, section } from './table.ts'

export type Json = Record<string, unknown>

const GAMEWEEK = 12
export const SEASON = '2026/27'
const PAGES = 100
const D1_LIMIT_BYTES = 10 * 1024 ** 3

export async function load<T>(file: string): Promise<T> {
  return (await runnerImport<T>(`${ROOT}/${file}`)).module
}

export function median(samples: number[]): number {
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

/** The simulator's answer to an FPL API path, as JSON. */
export const simJson = async <T>(sim: FplSimulator, path: string): Promise<T> => (await (await sim.fetch(new Request(`http://sim/api/${path}`))).json()) as T

/** The Sim Mega League's table at a checked gameweek as the refresh stores it. */
export async function megaTable(sim: FplSimulator, gw: number): Promise<Json[]> {
  sim.setGameweek(gw, 'checked')
  const rows: Json[] = []
  for (let page = 1; page <= PAGES; page++) {
    const body = await simJson<{ standings: { results: Array<Record<string, number | string>> } }>(
      sim,
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

/** The bytes of SQLite pages a write adds to the database (tables and indexes alike). */
export function pagesOf(db: DatabaseSync, write: () => void): number {
  const count = () => Number((db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count)
  const pageSize = Number((db.prepare('PRAGMA page_size').get() as { page_size: number }).page_size)
  const before = count()
  write()
  return (count() - before) * pageSize
}

/** A private league's story context at a checked gameweek (StoryContext, as the refresh's finalize builds it): its facts added. */
export const checkedContext = (id: number, name: string, gameweek: number, facts: Json): Json => ({
  tournament: { id, name, type: 'private', gazetteEnabled: true, previousTournamentId: null },
  season: SEASON,
  gameweek,
  status: 'checked',
  version: `${gameweek}:checked`,
  ...facts,
})

async function storyBench(quick: boolean) {
  const sim = createFplSimulator()
  const get = <T>(path: string) => simJson<T>(sim, path)
  const table = (gw: number) => megaTable(sim, gw)

  const stats = await load<Json>('worker/fpl/stats/index.ts')
  const { raceDocument } = await load<{ raceDocument: (ctx: Json) => Json | null }>('worker/services/story/race.ts')
  const { composeEdition } = await load<{ composeEdition: (ctx: Json, story: { race: Json | null }, low: string[]) => { document: Json } }>(
    'worker/services/story/gazette.ts',
  )
  const { gameweeksToKeep } = await load<{ gameweeksToKeep: (ctx: Json, kept: Set<number>) => Array<{ gameweek: number; rows: unknown[][] }> }>(
    'worker/services/story/history.ts',
  )
  const records = await load<{ summariseSeason: (input: Json) => Json; allTimeRecords: (s: Json[]) => unknown[] }>('worker/services/story/records.ts')
  type Fn = (...args: unknown[]) => unknown
  const { computeBanterStats, computeMonthlyWinners, gameweekSummary } = stats as { computeBanterStats: Fn; computeMonthlyWinners: Fn; gameweekSummary: Fn }

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

  // The documents every snapshot already computed before the story step: the baseline.
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
  const ctx = checkedContext(5, 'Sim Mega League', GAMEWEEK, {
    bootstrap: { phases: bootstrap.phases, events: bootstrap.events },
    rows,
    meta: { league_name: 'Sim Mega League', total_members: rows.length, truncated: false, last_updated_data: null, fpl_active_members: 1 },
    cohort,
    phaseTables,
    monthlyWinners: months,
    banter,
    live,
  })
  const runs = quick ? 3 : 9
  const baseline = timed(runs, snapshotDocuments)
  const race = raceDocument(ctx)
  const raceMs = timed(runs, () => raceDocument(ctx))
  const gazetteMs = timed(runs, () => composeEdition(ctx, { race }, []))
  const keepMs = timed(runs, () => JSON.stringify(gameweeksToKeep(ctx, new Set(Array.from({ length: GAMEWEEK - 1 }, (_, i) => i + 1)))))

  // A whole season kept: 38 checked gameweeks of the league, each as the refresh keeps it
  // (history.ts: a league this big keeps its top 100 and the managers whose history was read).
  const gameweeks = quick ? [1, GAMEWEEK, 38] : Array.from({ length: 38 }, (_, i) => i + 1)
  const kept: Array<{ gameweek: number; rows: unknown[][] }> = []
  const earlier = (gw: number) => new Set(Array.from({ length: gw - 1 }, (_, i) => i + 1))
  for (const gw of gameweeks) {
    const t = await table(gw)
    const kept1 = gameweeksToKeep({ ...ctx, gameweek: gw, rows: t }, earlier(gw)).find((k) => k.gameweek === gw)
    if (kept1) kept.push({ gameweek: gw, rows: kept1.rows })
  }
  const names = Object.fromEntries(rows.map((r) => [String(r.fpl_team_id), [r.player_name, r.team_name]]))
  const hallMs = timed(quick ? 1 : 3, () =>
    records.allTimeRecords([records.summariseSeason({ tournamentId: 5, season: SEASON, leagueName: 'Sim Mega League', gameweeks: kept, names, titles: [] })]),
  )
  const summary = records.summariseSeason({ tournamentId: 5, season: SEASON, leagueName: 'Sim Mega League', gameweeks: kept, names, titles: [] })
  const hallBytes = JSON.stringify({ records: records.allTimeRecords([summary]), seasons: [summary] }).length
  const raceBytes = JSON.stringify(race).length
  const gazetteBytes = JSON.stringify(composeEdition(ctx, { race }, []).document).length

  // SQLite pages (the schema of migration 0010): the kept season of this league, and one whole
  // 5,000-row table for the price of a manager-gameweek in a league kept whole.
  const db = new DatabaseSync(':memory:')
  db.exec(`CREATE TABLE gameweek_results (tournament_id integer NOT NULL, season text NOT NULL, gameweek integer NOT NULL, source text NOT NULL, rows text NOT NULL,
    stored_at integer NOT NULL, PRIMARY KEY (tournament_id, season, gameweek));
    CREATE TABLE tournament_seasons (tournament_id integer NOT NULL, season text NOT NULL, source text NOT NULL, league_name text NOT NULL, managers text NOT NULL,
    past text, updated_at integer NOT NULL, PRIMARY KEY (tournament_id, season));`)
  const insert = db.prepare("INSERT INTO gameweek_results VALUES (?, ?, ?, 'fpl_api', ?, 0)")
  const keptIds = new Set(kept.flatMap((g) => g.rows.map((r) => r[0])))
  const keptSeason = pagesOf(db, () => {
    for (const g of kept) insert.run(5, SEASON, g.gameweek, JSON.stringify(g.rows))
    const keptNames = Object.fromEntries(Object.entries(names).filter(([id]) => keptIds.has(Number(id))))
    db.prepare("INSERT INTO tournament_seasons VALUES (5, ?, 'kept', 'Sim Mega League', ?, NULL, 0)").run(SEASON, JSON.stringify(keptNames))
  })
  const whole = rows.map((r) => [r.fpl_team_id, r.gameweek_points, r.total_points, r.rank, null, null, null])
  const wholeTable = pagesOf(db, () => insert.run(6, SEASON, GAMEWEEK, JSON.stringify(whole)))
  const nameBytes = JSON.stringify(names).length / rows.length
  const perManagerGameweek = wholeTable / rows.length
  // A season of a tournament of `managers` (whole up to 1,000; beyond, its top 100 and ~20 members):
  // 38 kept tables and names, 38 Gazette editions, and one race and one Hall of Fame (the older
  // snapshots let theirs go), which list at most 50 rows of a race or a season.
  const seasonBytes = (managers: number) => {
    const keptRows = managers <= 1_000 ? managers : 120
    const listed = Math.min(1, (keptRows + 10) / 60)
    return 38 * keptRows * perManagerGameweek + keptRows * nameBytes + 38 * gazetteBytes + listed * (raceBytes + hallBytes)
  }
  const per1000 = seasonBytes(1_000)
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
  const worst = mix([[1, 1000]])
  const gb = (bytes: number) => `${fmt(bytes / 1024 ** 3, 2)} GB`

  add(
    'Story step, 5,000-manager league at a checked GW: race (month + season, 10,000 runs each), ms',
    fmt(raceMs),
    `${fmt(baseline)} ms: the snapshot's own documents (banter, months, summary)`,
    ratio(raceMs, baseline),
    '≤ 1 s (the refresh: ≤ 10 s)',
  )
  add('Story step: Gazette edition composed, ms', fmt(gazetteMs, 2), `${fmt(baseline)} ms`, ratio(gazetteMs, baseline))
  add('Story step: the checked table kept (5,000 compact rows, JSON), ms', fmt(keepMs, 2), `${fmt(baseline)} ms`, ratio(keepMs, baseline))
  add(
    `Story step: Hall of Fame over a kept season (${kept.length} GW × 5,000 managers), ms`,
    fmt(hallMs),
    `${fmt(baseline)} ms`,
    ratio(hallMs, baseline),
    'on checked gameweeks only',
  )
  add(
    'Story documents per snapshot: race / Hall of Fame / Gazette, kB',
    `${fmt(raceBytes / 1024)} / ${fmt(hallBytes / 1024)} / ${fmt(gazetteBytes / 1024)}`,
    '',
    '',
    '',
  )
  add(
    `D1 storage of the kept season of the 5,000-manager league (${kept.length} GW, its top 100 and members), SQLite pages`,
    `${fmt(keptSeason / 1024)} kB`,
    `${fmt((wholeTable * kept.length) / 1024)} kB if kept whole`,
    ratio(keptSeason, wholeTable * kept.length),
  )
  add(
    'D1 storage per season per 1,000 managers kept whole (38 GW, names, Gazette, race, Hall of Fame)',
    `${fmt(per1000 / 1024 ** 2, 2)} MB`,
    `${fmt(perManagerGameweek, 1)} B a manager-gameweek`,
  )
  add(
    'Projected: 10,000 tournaments, one season, seeded mix (12 / 180 / 5,000 / 100,000 managers)',
    gb(seeded),
    '10 GB per D1 database',
    ratio(seeded, D1_LIMIT_BYTES),
    '< 10 GB',
  )
  add(
    'Projected: 10,000 tournaments, one season, mini-league mix (70% 20, 25% 100, 5% 1,000)',
    gb(miniLeagues),
    '10 GB per D1 database',
    ratio(miniLeagues, D1_LIMIT_BYTES),
    '< 10 GB',
  )
  add(
    'Projected: 10,000 tournaments, one season, all at 1,000 managers kept whole',
    gb(worst),
    '10 GB per D1 database',
    ratio(worst, D1_LIMIT_BYTES),
    'see decision 138',
  )
}

export const storySection = (quick: boolean) =>
  section('League story', ['Story step (race, Gazette, kept table, Hall of Fame) and the storage of a kept season'], () => storyBench(quick), 600_000)
