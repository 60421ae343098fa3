import { and, eq, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { excluded } from '../../db/among'
import type { Database } from '../../db/client'
import { type GameweekResultRow, gameweekResults, tournamentSeasons } from '../../db/schema'
import { captainPoints, historyRow, leagueRanks, netPoints, rankedAt } from '../../fpl/stats'
import type { StoryContext } from './context'

// What the refresh keeps of a season for good (decisions 131, 138): FPL wipes its league data each July,
// so a checked gameweek's table is stored compactly (whole up to 1,000 managers; beyond, its top
// 100 and the managers whose history we read, our members among them), and gameweeks from before
// the tournament joined us are rebuilt once from its managers' FPL histories. Names are kept per season, and
// the seasons before that come from each manager's FPL `past` rows.

export interface KeptGameweek {
  gameweek: number
  source: 'fpl_api' | 'history'
  rows: GameweekResultRow[]
}

/** The gameweeks of this tournament's season already kept (one primary-key range read). */
export async function keptGameweeks(db: Database, tournamentId: number, season: string): Promise<Set<number>> {
  const rows = await db
    .select({ gameweek: gameweekResults.gameweek })
    .from(gameweekResults)
    .where(and(eq(gameweekResults.tournamentId, tournamentId), eq(gameweekResults.season, season)))
  return new Set(rows.map((r) => r.gameweek))
}

/**
 * The gameweeks to keep from this refresh: the gameweek itself once FPL has checked it (the table
 * as FPL ranks it, with bench, hits and captain points for the managers whose history and picks
 * were read), and each earlier checked gameweek not kept yet, rebuilt from the managers' histories.
 */
export function gameweeksToKeep(ctx: StoryContext, kept: ReadonlySet<number>): KeptGameweek[] {
  const out: KeptGameweek[] = []
  const checked = new Set(ctx.bootstrap.events.filter((e) => e.finished && e.data_checked).map((e) => e.id))
  for (let gw = 1; gw < ctx.gameweek; gw += 1) {
    if (kept.has(gw) || !checked.has(gw)) continue
    const rows = rebuiltFromHistories(ctx, gw)
    if (rows.length > 0) out.push({ gameweek: gw, source: 'history', rows })
  }
  if (ctx.status === 'checked') out.push({ gameweek: ctx.gameweek, source: 'fpl_api', rows: checkedTable(ctx) })
  return out
}

/** Tables up to this size are kept whole; a bigger league keeps its top and our members (decision 138). */
const WHOLE_TABLE_UP_TO = 1_000
const TOP_KEPT = 100

function checkedTable(ctx: StoryContext): GameweekResultRow[] {
  const cohort = new Map(ctx.cohort.map((m) => [m.entryId, m]))
  const rows = ctx.rows.length <= WHOLE_TABLE_UP_TO ? ctx.rows : ctx.rows.filter((r, i) => i < TOP_KEPT || cohort.has(r.fpl_team_id))
  return rows.map((row) => {
    const manager = cohort.get(row.fpl_team_id)
    const history = manager ? historyRow(manager.history, ctx.gameweek) : undefined
    const captain = manager?.picks ? captainPoints(manager.picks, ctx.live) : null
    return [row.fpl_team_id, row.gameweek_points, row.total_points, row.rank, history?.points_on_bench ?? null, history?.event_transfers_cost ?? null, captain]
  })
}

/** An earlier gameweek from the managers' histories: their net points and totals, ranked among them. */
function rebuiltFromHistories(ctx: StoryContext, gameweek: number): GameweekResultRow[] {
  const played = ctx.cohort.filter((m) => m.history.current.some((r) => r.event <= gameweek))
  const ranked = leagueRanks(played.map((m) => ({ ...rankedAt(m, gameweek), manager: m })))
  return ranked.map(({ entry, total, rank, manager }) => {
    const row = historyRow(manager.history, gameweek)
    return [entry, row ? netPoints(row) : 0, total, rank, row?.points_on_bench ?? null, row?.event_transfers_cost ?? null, null]
  })
}

/**
 * The statements that keep this refresh's part of the season: the gameweeks above, the season's
 * names (on a checked gameweek), and the earlier seasons from the managers' `past` rows.
 */
export function keepStatements(db: Database, ctx: StoryContext, keep: KeptGameweek[], now = Date.now()): Array<BatchItem<'sqlite'>> {
  const at = new Date(now)
  const statements: Array<BatchItem<'sqlite'>> = keep.map((g) =>
    db
      .insert(gameweekResults)
      .values({ tournamentId: ctx.tournament.id, season: ctx.season, gameweek: g.gameweek, source: g.source, rows: g.rows, storedAt: at })
      .onConflictDoUpdate({
        target: [gameweekResults.tournamentId, gameweekResults.season, gameweekResults.gameweek],
        set: { source: excluded(gameweekResults.source), rows: excluded(gameweekResults.rows), storedAt: excluded(gameweekResults.storedAt) },
        // A checked table replaces a rebuilt one; a rebuilt one never replaces anything.
        setWhere: sql`${excluded(gameweekResults.source)} = 'fpl_api'`,
      }),
  )
  if (keep.length === 0) return statements
  // The names of the managers kept (a very large league's whole table is not).
  const keptIds = new Set(keep.flatMap((g) => g.rows.map((r) => r[0])))
  const names: Record<string, [string, string]> = {}
  for (const m of ctx.cohort) names[m.entryId] = [m.playerName, m.teamName]
  for (const r of ctx.rows) if (keptIds.has(r.fpl_team_id)) names[r.fpl_team_id] = [r.player_name, r.team_name]
  const seasonKey = [tournamentSeasons.tournamentId, tournamentSeasons.season]
  statements.push(
    db
      .insert(tournamentSeasons)
      .values({
        tournamentId: ctx.tournament.id,
        season: ctx.season,
        source: 'kept',
        leagueName: ctx.meta.league_name || ctx.tournament.name,
        managers: names,
        past: null,
        updatedAt: at,
      })
      .onConflictDoUpdate({
        target: seasonKey,
        // Names accumulate over the season (json_patch merges), so a manager who left is still named in the records.
        set: {
          source: 'kept',
          leagueName: excluded(tournamentSeasons.leagueName),
          managers: sql`json_patch(${tournamentSeasons.managers}, ${excluded(tournamentSeasons.managers)})`,
          past: null,
          updatedAt: excluded(tournamentSeasons.updatedAt),
        },
      }),
  )
  // Seasons before the tournament joined us, from FPL's `past` rows; never over a season we kept.
  for (const [season, rows] of pastSeasons(ctx)) {
    const managers = Object.fromEntries(rows.map(([id]) => [id, names[id] as [string, string]]))
    statements.push(
      db
        .insert(tournamentSeasons)
        .values({ tournamentId: ctx.tournament.id, season, source: 'fpl_history', leagueName: '', managers, past: rows, updatedAt: at })
        .onConflictDoUpdate({
          target: seasonKey,
          set: { managers: excluded(tournamentSeasons.managers), past: excluded(tournamentSeasons.past), updatedAt: excluded(tournamentSeasons.updatedAt) },
          setWhere: eq(tournamentSeasons.source, 'fpl_history'),
        }),
    )
  }
  return statements
}

/** Each earlier season's [fpl_team_id, total, overall rank] rows from the cohort's `past` history, best first. */
export function pastSeasons(ctx: StoryContext): Map<string, Array<[number, number, number | null]>> {
  const seasons = new Map<string, Array<[number, number, number | null]>>()
  for (const m of ctx.cohort) {
    for (const past of m.history.past) {
      if (past.season_name === ctx.season) continue
      const rows = seasons.get(past.season_name) ?? []
      rows.push([m.entryId, past.total_points, past.rank ?? null])
      seasons.set(past.season_name, rows)
    }
  }
  for (const rows of seasons.values()) rows.sort((a, b) => b[1] - a[1] || a[0] - b[0])
  return seasons
}
