// Last season, as Banter Arena would have kept it (decision 131): FPL wipes a league's tables every
// July and gives it a new id, so the dev world's Pub League gets a previous-season tournament with
// its 38 kept gameweeks, its names and its Manager of the Month titles, linked as its season lineage.
// The totals are each manager's real 2025/26 season in the simulator (his history's `past` row);
// how a total spreads over the 38 gameweeks is drawn from a seeded generator.
import bootstrap from '../fixtures/fpl/bootstrap-static.json' with { type: 'json' }
import type { FplSimulator } from '../fpl-simulator/handler.ts'

const LAST_SEASON = '2025/26'
const GAMEWEEKS = 38

interface Manager {
  id: number
  playerName: string
  teamName: string
  /** Net points per gameweek, summing to his 2025/26 total. */
  points: number[]
  bench: number[]
  hits: number[]
  captain: number[]
}

/** mulberry32: the same world every time. */
function generator(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

function spread(id: number, total: number): Pick<Manager, 'points' | 'bench' | 'hits' | 'captain'> {
  const random = generator(id)
  const weights = Array.from({ length: GAMEWEEKS }, () => 0.55 + random())
  const sum = weights.reduce((a, b) => a + b, 0)
  const points = weights.map((w) => Math.round((w / sum) * total))
  points[GAMEWEEKS - 1] = (points[GAMEWEEKS - 1] ?? 0) + total - points.reduce((a, b) => a + b, 0)
  return {
    points,
    bench: points.map(() => Math.floor(random() * 16)),
    hits: points.map(() => (random() < 0.12 ? 4 : 0)),
    captain: points.map((p) => Math.max(2, Math.round(p * (0.15 + random() * 0.35)))),
  }
}

async function json<T>(simulator: FplSimulator, path: string): Promise<T> {
  return (await (await simulator.fetch(new Request(`http://simulator/api/${path}`))).json()) as T
}

/** The managers of `league` this season who played the last one, with last season's gameweeks. */
async function lastSeasonManagers(simulator: FplSimulator, league: number): Promise<Manager[]> {
  const page = await json<{ standings: { results: Array<{ entry: number; player_name: string; entry_name: string }> } }>(
    simulator,
    `leagues-classic/${league}/standings/?page_standings=1`,
  )
  const managers: Manager[] = []
  for (const row of page.standings.results) {
    const history = await json<{ past: Array<{ season_name: string; total_points: number }> }>(simulator, `entry/${row.entry}/history/`)
    const total = history.past.find((p) => p.season_name === LAST_SEASON)?.total_points
    if (total !== undefined) managers.push({ id: row.entry, playerName: row.player_name, teamName: row.entry_name, ...spread(row.entry, total) })
  }
  return managers
}

/** Each gameweek's compact table (schema.ts, gameweek_results): ranked on the running totals. */
function keptGameweeks(managers: Manager[]): unknown[][][] {
  const totals = new Map(managers.map((m) => [m.id, 0]))
  return Array.from({ length: GAMEWEEKS }, (_, gw) => {
    for (const m of managers) totals.set(m.id, (totals.get(m.id) ?? 0) + (m.points[gw] ?? 0))
    const order = [...managers].sort((a, b) => (totals.get(b.id) ?? 0) - (totals.get(a.id) ?? 0) || a.id - b.id)
    return order.map((m) => {
      const total = totals.get(m.id) ?? 0
      const rank = order.findIndex((o) => totals.get(o.id) === total) + 1
      return [m.id, m.points[gw], total, rank, m.bench[gw], m.hits[gw], m.captain[gw]]
    })
  })
}

/** Manager of the Month for each of FPL's months, as the refresh stores monthly winners. */
function monthlyWinners(managers: Manager[]) {
  return bootstrap.phases
    .filter((p) => p.id > 1)
    .map((phase) => {
      const sums = managers.map((m) => ({ m, total: m.points.slice(phase.start_event - 1, phase.stop_event).reduce((a, b) => a + b, 0) }))
      const best = Math.max(...sums.map((s) => s.total))
      const winners = sums.filter((s) => s.total === best).map((s) => s.m.playerName)
      const played = phase.stop_event - phase.start_event + 1
      return {
        month: phase.name,
        year: phase.start_event >= 20 ? 2026 : 2025,
        phase_id: phase.id,
        start_event: phase.start_event,
        stop_event: phase.stop_event,
        status: 'finished',
        gameweeks_played: played,
        prize: 0,
        leading_player: winners[0],
        leading_points: best,
        joint_leaders: winners,
        winner: winners[0],
        joint_winners: winners,
        monthly_points: best,
        average_per_gw: Math.round((best / played) * 10) / 10,
        runners_up: [],
      }
    })
}

/**
 * SQL that gives `league`'s tournament this season a previous one: last season's tournament of
 * `previousLeague` (FPL's id for it that season), its kept season, and the lineage link.
 */
export async function lastSeasonSql(
  simulator: FplSimulator,
  league: number,
  previousLeague: number,
  name: string,
  season: string,
  q: (v: string | number | null) => string,
) {
  const managers = await lastSeasonManagers(simulator, league)
  if (managers.length === 0) return []
  const previous = `(SELECT id FROM tournaments WHERE fpl_league_id = ${previousLeague})`
  const sql = [
    `INSERT OR IGNORE INTO tournaments (name, description, type, is_public, fpl_league_id, fpl_season) VALUES (${q(`${name} ${LAST_SEASON}`)}, ${q(`Last season of ${name}, kept by Banter Arena.`)}, 'private', 0, ${previousLeague}, ${q(LAST_SEASON)});`,
  ]
  keptGameweeks(managers).forEach((rows, i) => {
    sql.push(
      `INSERT OR IGNORE INTO gameweek_results (tournament_id, season, gameweek, source, rows) SELECT ${previous}, ${q(LAST_SEASON)}, ${i + 1}, 'fpl_api', ${q(JSON.stringify(rows))};`,
    )
  })
  const names = Object.fromEntries(managers.map((m) => [m.id, [m.playerName, m.teamName]]))
  sql.push(
    `INSERT OR IGNORE INTO tournament_seasons (tournament_id, season, source, league_name, managers) SELECT ${previous}, ${q(LAST_SEASON)}, 'kept', ${q(name)}, ${q(JSON.stringify(names))};`,
    `INSERT OR IGNORE INTO tournament_snapshots (tournament_id, season, gameweek, gameweek_status, data_version, standings_meta, monthly_winners) SELECT ${previous}, ${q(LAST_SEASON)}, ${GAMEWEEKS}, 'checked', '${GAMEWEEKS}:checked', ${q(JSON.stringify({ league_name: name, total_members: managers.length, truncated: false, last_updated_data: null, fpl_active_members: 0 }))}, ${q(JSON.stringify(monthlyWinners(managers)))};`,
    `UPDATE tournaments SET previous_fpl_league_id = ${previousLeague}, previous_tournament_id = ${previous} WHERE fpl_league_id = ${league} AND fpl_season = ${q(season)} AND previous_tournament_id IS NULL;`,
  )
  return sql
}
