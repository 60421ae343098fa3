// The season archive (decision 186): what a closed season weighs in D1 before and after
// archiveSeason moves its detail into one gzip-compressed object in KV, projected to 10,000
// tournaments, and how long reading the archived season takes. No stack: the simulator runs
// in-process, each league's season is written through the refresh's own story step (decision 131)
// on a Miniflare D1 with every migration applied, the archive runs on that D1 and a Miniflare KV,
// and D1's storage is counted in SQLite pages (node:sqlite; D1 is SQLite), tables and indexes.
import { readdirSync, readFileSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import { and, eq } from 'drizzle-orm'
import { convertV4MiniflareOptions, Miniflare } from 'miniflare'
import type { StoryContext } from '../../worker/services/story/context.ts'
import { createFplSimulator } from '../fpl-simulator/handler.ts'
import { ROOT } from '../stack/commands.ts'
import { checkedContext, type Json, load, median, megaTable, pagesOf, SEASON, simJson } from './story.ts'
import { add, fmt, ratio, section } from './table.ts'

const GAMEWEEKS = 38
/** League sizes measured, and decision 138's mini-league mix of them. */
const SIZES = [20, 100, 1_000] as const
const MIX: ReadonlyArray<[share: number, managers: (typeof SIZES)[number]]> = [
  [0.7, 20],
  [0.25, 100],
  [0.05, 1_000],
]
const TOURNAMENTS = 10_000
/** The cohort the refresh reads histories and picks of: a league's first standings page. */
const COHORT_TOP = 50
/** Each tournament's rows are counted this many times over (other ids), so one league's partly filled pages don't weigh on it. */
const COPIES = 10
const READS = 21
const D1_LIMIT_BYTES = 10 * 1024 ** 3
/** The tables a season's detail lives in (decisions 131, 138, 186). */
const TABLES = ['gameweek_results', 'tournament_seasons', 'gazette_editions', 'tournament_snapshots', 'season_archives'] as const
const KEYS: Record<(typeof TABLES)[number], string[]> = {
  gameweek_results: ['season', 'gameweek'],
  tournament_seasons: ['season'],
  gazette_editions: ['season', 'gameweek'],
  tournament_snapshots: ['season', 'gameweek'],
  season_archives: ['season'],
}

type Row = Record<string, unknown>
type Rows = Record<(typeof TABLES)[number], Row[]>
type Fn = (...args: unknown[]) => unknown

const kb = (bytes: number, digits = 1) => `${fmt(bytes / 1024, digits)} kB`

/** Every migration's statements, in order, as wrangler applies them. */
const migrationStatements = () =>
  readdirSync(`${ROOT}/migrations`)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .flatMap((f) => readFileSync(`${ROOT}/migrations/${f}`, 'utf8').split('--> statement-breakpoint'))
    .map((s) => s.trim())
    .filter(Boolean)

/** A league of `size` managers: every nth manager of the Sim Mega League, ranked among themselves. */
function leagueOf(all: Json[], size: number) {
  const step = Math.floor(all.length / size)
  const ids = new Set(
    all
      .filter((_, i) => i % step === 0)
      .slice(0, size)
      .map((r) => r.fpl_team_id as number),
  )
  let lastRanks = new Map<number, number>()
  return (table: Json[]): Json[] => {
    const rows = table
      .filter((r) => ids.has(r.fpl_team_id as number))
      .map((r, i): Json => ({ ...r, position: i + 1, rank: i + 1, last_rank: lastRanks.get(r.fpl_team_id as number) ?? null }))
    lastRanks = new Map(rows.map((r) => [r.fpl_team_id as number, r.rank as number]))
    return rows
  }
}

/** Month tables as a classic league's first page of each started phase: points summed over its gameweeks. */
function phaseTables(phases: Array<{ id: number; start_event: number; stop_event: number }>, points: Map<number, Json[]>, gw: number) {
  const tables = new Map<number, Array<{ entry: number; player_name: string; team_name: string; total: number }>>()
  for (const phase of phases) {
    if (phase.id === 1 || phase.start_event > gw) continue
    const totals = new Map<number, { entry: number; player_name: string; team_name: string; total: number }>()
    for (let g = phase.start_event; g <= Math.min(phase.stop_event, gw); g++) {
      for (const r of points.get(g) ?? []) {
        const id = r.fpl_team_id as number
        const t = totals.get(id) ?? { entry: id, player_name: r.player_name as string, team_name: r.team_name as string, total: 0 }
        t.total += r.gameweek_points as number
        totals.set(id, t)
      }
    }
    tables.set(phase.id, [...totals.values()].sort((a, b) => b.total - a.total).slice(0, COHORT_TOP))
  }
  return tables
}

/** Bytes of SQLite pages these rows take, written COPIES times under other tournament ids, per copy. */
function d1Bytes(migrations: string[], rows: Rows): number {
  // Only the bytes count here: the tournaments the copies belong to are not written.
  const db = new DatabaseSync(':memory:', { enableForeignKeyConstraints: false })
  for (const statement of migrations) db.exec(statement)
  const bytes = pagesOf(db, () => {
    for (let copy = 1; copy <= COPIES; copy++) {
      for (const table of TABLES) {
        for (const row of rows[table]) {
          const columns = Object.keys(row)
          const values = columns.map((c) => (c === 'tournament_id' ? 1_000 + copy : row[c])) as Array<string | number | null>
          db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(...values)
        }
      }
    }
  })
  db.close()
  return bytes / COPIES
}

async function archiveBench() {
  const sim = createFplSimulator()
  const { storyStep } = await load<typeof import('../../worker/services/story/index.ts')>('worker/services/story/index.ts')
  const { archiveKey, archiveSeason, readArchive } = await load<typeof import('../../worker/services/story/archive.ts')>('worker/services/story/archive.ts')
  const { runWrites } = await load<typeof import('../../worker/db/batch.ts')>('worker/db/batch.ts')
  const { getDb } = await load<typeof import('../../worker/db/client.ts')>('worker/db/client.ts')
  const { gameweekResults } = await load<typeof import('../../worker/db/schema.ts')>('worker/db/schema.ts')
  const stats = (await load<Json>('worker/fpl/stats/index.ts')) as Record<
    'computeBanterStats' | 'computeMonthlyWinners' | 'computePublicStats' | 'gameweekSummary',
    Fn
  >

  const migrations = migrationStatements()
  const mf = new Miniflare(convertV4MiniflareOptions({ modules: true, script: 'export default {}', d1Databases: ['DB'], kvNamespaces: ['ARCHIVE'] }))
  try {
    const d1 = await mf.getD1Database('DB')
    // Miniflare's bindings are the runtime's, typed by its own copy of the workers types.
    const kv = (await mf.getKVNamespace('ARCHIVE')) as unknown as KVNamespace
    for (const statement of migrations) await d1.prepare(statement).run()
    const db = getDb(d1 as unknown as D1Database)

    // Each size's season, gameweek by gameweek, as the refresh writes it: the story step's
    // statements (kept table, names, Gazette edition, the older snapshots' race and Hall of Fame
    // cleared), then the snapshot with its documents.
    const leagues = SIZES.map((size, i) => ({ id: 101 + i, size, name: `League of ${size}`, pick: (t: Json[]) => t, points: new Map<number, Json[]>() }))
    for (const l of leagues) {
      await d1
        .prepare("INSERT INTO tournaments (id, name, type, fpl_league_id, fpl_season) VALUES (?, ?, 'private', ?, ?)")
        .bind(l.id, l.name, 900_000 + l.id, SEASON)
        .run()
    }
    const start = Date.parse('2026-08-15T18:00:00Z')
    for (let gw = 1; gw <= GAMEWEEKS; gw++) {
      const all = await megaTable(sim, gw)
      if (gw === 1) for (const l of leagues) l.pick = leagueOf(all, l.size)
      const bootstrap = await simJson<{ phases: Array<{ id: number; start_event: number; stop_event: number }>; events: Json[]; elements: Json[] }>(
        sim,
        'bootstrap-static/',
      )
      const live = await simJson<Json>(sim, `event/${gw}/live/`)
      for (const l of leagues) {
        const rows = l.pick(all)
        l.points.set(gw, rows)
        const cohort = await Promise.all(
          rows.slice(0, COHORT_TOP).map(async (r) => ({
            entryId: r.fpl_team_id,
            teamName: r.team_name,
            playerName: r.player_name,
            history: await simJson<Json>(sim, `entry/${r.fpl_team_id}/history/`),
            picks: await simJson<Json>(sim, `entry/${r.fpl_team_id}/event/${gw}/picks/`),
          })),
        )
        const tables = phaseTables(bootstrap.phases, l.points, gw)
        const monthlyWinners = stats.computeMonthlyWinners({
          phases: bootstrap.phases,
          events: bootstrap.events,
          currentGameweek: gw,
          currentStatus: 'checked',
          leagueStartEvent: 1,
          phaseTables: tables,
          prizePoolPence: 0,
          prizesEnabled: false,
        })
        const banter = stats.computeBanterStats({
          tournament: { name: l.name, type: 'private', totalMembers: l.size },
          gameweek: gw,
          status: 'checked',
          managers: cohort,
          live,
          elements: bootstrap.elements,
        }) as { complete: boolean; stats: Json }
        const candidates = stats.computePublicStats([{ name: l.name, gameweek: gw, managers: cohort, live, elements: bootstrap.elements }]) as {
          data_source: string
          stats: Json
        }
        const meta = {
          league_name: l.name,
          total_members: l.size,
          truncated: false,
          last_updated_data: null,
          fpl_active_members: 1,
          gameweek_summary: stats.gameweekSummary(rows, gw, 'checked'),
        }
        const ctx = checkedContext(l.id, l.name, gw, {
          bootstrap: { phases: bootstrap.phases, events: bootstrap.events },
          rows,
          meta,
          cohort,
          phaseTables: tables,
          monthlyWinners,
          banter: banter.complete ? banter.stats : null,
          live,
        })
        const step = await storyStep(db, kv, ctx as unknown as StoryContext)
        await runWrites(db, step.statements)
        await d1
          .prepare(
            `INSERT INTO tournament_snapshots (tournament_id, season, gameweek, gameweek_status, data_version, standings_meta, monthly_winners,
              banter_stats, public_candidates, refreshed_at, race, hall_of_fame) VALUES (?, ?, ?, 'checked', ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .bind(
            l.id,
            SEASON,
            gw,
            `${gw}:checked`,
            JSON.stringify(meta),
            JSON.stringify(monthlyWinners),
            banter.complete ? JSON.stringify(banter.stats) : null,
            candidates.data_source === 'live' ? JSON.stringify(candidates.stats) : null,
            start + gw * 7 * 86_400_000,
            step.race ? JSON.stringify(step.race) : null,
            step.hallOfFame ? JSON.stringify(step.hallOfFame) : null,
          )
          .run()
      }
    }

    const rowsOf = async (id: number): Promise<Rows> => {
      const out = {} as Rows
      for (const table of TABLES) out[table] = (await d1.prepare(`SELECT * FROM ${table} WHERE tournament_id = ?`).bind(id).all<Row>()).results
      return out
    }
    const keyOf = (table: (typeof TABLES)[number], row: Row) => KEYS[table].map((k) => row[k]).join(':')
    const timedAsync = async (fn: () => Promise<unknown>) => {
      const samples: number[] = []
      for (let i = 0; i < READS; i++) {
        const t = performance.now()
        await fn()
        samples.push(performance.now() - t)
      }
      return median(samples)
    }

    const measured = new Map<number, { before: number; after: number; kv: number; moved: number }>()
    for (const l of leagues) {
      const before = await rowsOf(l.id)
      const d1ReadMs = await timedAsync(() =>
        db
          .select()
          .from(gameweekResults)
          .where(and(eq(gameweekResults.tournamentId, l.id), eq(gameweekResults.season, SEASON))),
      )

      const t = performance.now()
      const archived = await archiveSeason(db, kv, l.id, SEASON)
      const archiveMs = performance.now() - t
      const after = await rowsOf(l.id)
      const kept = Object.fromEntries(TABLES.map((table) => [table, new Set(after[table].map((r) => keyOf(table, r)))]))
      const moved = Object.fromEntries(TABLES.map((table) => [table, before[table].filter((r) => !kept[table]?.has(keyOf(table, r)))])) as Rows
      const readMs = await timedAsync(() => readArchive(kv, l.id, SEASON))
      const getMs = await timedAsync(() => kv.get(archiveKey(l.id, SEASON), 'arrayBuffer'))

      const m = { before: d1Bytes(migrations, before), after: d1Bytes(migrations, after), kv: archived.bytes, moved: d1Bytes(migrations, moved) }
      measured.set(l.size, m)
      const only = (table: (typeof TABLES)[number]) =>
        kb(d1Bytes(migrations, { ...(Object.fromEntries(TABLES.map((t) => [t, []])) as unknown as Rows), [table]: before[table] }), 0)
      if (l === leagues[0]) {
        const kinds = Object.entries(Object.groupBy(before.gazette_editions, (e) => e.kind as string)).map(([kind, editions]) => `${editions?.length} ${kind}`)
        add('Gazette editions of a season by kind, as the story step published them', kinds.join(', '))
      }
      add(
        `Closed season of a ${l.size.toLocaleString('en-GB')}-manager league in D1 after archiving (newest snapshot, ${after.gazette_editions.length} month/finale editions, names, season_archives row)`,
        kb(m.after),
        `${kb(m.before)} before: ${before.gameweek_results.length} GW tables ${only('gameweek_results')}, ${before.gazette_editions.length} editions ${only('gazette_editions')}, ${before.tournament_snapshots.length} snapshots ${only('tournament_snapshots')}, names ${only('tournament_seasons')}`,
        ratio(m.after, m.before),
      )
      add(
        `Its archive object in KV (${archived.gameweeks} GW tables, ${archived.editions} editions, ${archived.snapshots} snapshots; JSON, gzip)`,
        kb(m.kv),
        `${kb(m.moved)}: the same rows in a second D1 (SQLite pages)`,
        ratio(m.kv, m.moved),
        '',
      )
      add(
        `Reading the archived season (readArchive: KV get, gunzip, JSON.parse), ${l.size.toLocaleString('en-GB')} managers, median of ${READS}, ms`,
        `${fmt(readMs, 1)} (KV get ${fmt(getMs, 1)})`,
        `${fmt(d1ReadMs, 1)} ms: its ${before.gameweek_results.length} gameweek_results rows from D1 (drizzle) before`,
        ratio(readMs, d1ReadMs),
        '< 100 ms',
      )
      add(`archiveSeason, ${l.size.toLocaleString('en-GB')} managers (read, pack, write, read back, delete), ms`, fmt(archiveMs, 0), '', '', 'for scale')
    }

    const projected = (bytes: (m: { before: number; after: number; kv: number; moved: number }) => number) =>
      TOURNAMENTS * MIX.reduce((a, [share, size]) => a + share * bytes(measured.get(size)!), 0)
    const gb = (bytes: number) => `${fmt(bytes / 1024 ** 3, 2)} GB`
    const beforeGb = projected((m) => m.before)
    const afterGb = projected((m) => m.after)
    const kvGb = projected((m) => m.kv)
    const secondD1 = projected((m) => m.moved)
    add(
      'Projected: 10,000 tournaments, one closed season, mini-league mix (70% 20, 25% 100, 5% 1,000): D1 after archiving',
      gb(afterGb),
      `${gb(beforeGb)} before`,
      ratio(afterGb, beforeGb),
      '< 10 GB',
    )
    add('Projected: the same seasons in D1 before archiving', gb(beforeGb), '10 GB per D1 database', ratio(beforeGb, D1_LIMIT_BYTES), '< 10 GB')
    add('Projected: the archive in KV (compressed objects)', gb(kvGb), `${gb(secondD1)} in a second D1 (decision 138's plan)`, ratio(kvGb, secondD1), '')
  } finally {
    await mf.dispose()
  }
}

export const archiveSection = () => section('Season archive', ['Season archive: D1 before and after, KV object, read time, projection'], archiveBench, 600_000)
