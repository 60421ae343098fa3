import { and, desc, eq, isNotNull } from 'drizzle-orm'
import { type HallRecord, type HallSeason, LINEAGE_DEPTH } from '../../../contract/hall-of-fame'
import type { Database } from '../../db/client'
import { type GameweekResultRow, tournamentSnapshots } from '../../db/schema'
import type { MonthlyWinner } from '../../fpl/stats'
import { prepared } from '../snapshot-store'
import type { StoryContext } from './context'
import { type KeptGameweek, pastSeasons } from './history'
import { allTimeRecords, historyTable, type MonthTitle, type Names, type SeasonSummary, summariseSeason } from './records'

// The Hall of Fame of a checked gameweek (issue 16, decision 136): the records and seasons' tables
// of this tournament and the tournaments it is linked back to (season lineage, decision 137),
// from what the refresh kept. A season that is over is summarised once and carried from one
// document to the next; only the season in progress is read again, so a checked refresh reads one
// season of kept rows (a 5,000-manager league's 38 gameweeks at most), not every season.

// A type (not an interface) so it is a snapshot document (`Record<string, unknown>`).
export type HallOfFameDocument = {
  computed_at: string
  records: HallRecord[]
  seasons_covered: string[]
  /** Seasons' tables, newest first: the kept ones and those from FPL history. */
  seasons: HallSeason[]
  /** Every kept season's summary (records, titles, table), so the next document reuses the closed ones. */
  summaries: SeasonSummary[]
}

// This tournament and the ones it links back to, bounded (a loop can't run on: the link refuses
// them, and the depth stops it anyway).
const CHAIN = `WITH RECURSIVE chain(id, depth) AS (SELECT ?1, 0 UNION SELECT t.previous_tournament_id, c.depth + 1
  FROM tournaments t JOIN chain c ON t.id = c.id WHERE t.previous_tournament_id IS NOT NULL AND c.depth < ${LINEAGE_DEPTH})`
const CHAIN_IDS = `${CHAIN} SELECT id, min(depth) AS depth FROM chain GROUP BY id`
const KEPT_COUNTS = `${CHAIN} SELECT tournament_id, season, count(*) AS kept, max(gameweek) AS last FROM gameweek_results
  WHERE tournament_id IN (SELECT id FROM chain) GROUP BY tournament_id, season`
const SEASONS = `${CHAIN} SELECT tournament_id, season, source, league_name, managers, past FROM tournament_seasons WHERE tournament_id IN (SELECT id FROM chain)`
// The linked tournaments' Manager of the Month: their newest snapshot lists every month of their season.
const LINKED_MONTHS = `${CHAIN} SELECT s.tournament_id, s.monthly_winners FROM tournament_snapshots s
  WHERE s.tournament_id IN (SELECT id FROM chain WHERE id <> ?1)
  AND s.gameweek = (SELECT max(gameweek) FROM tournament_snapshots WHERE tournament_id = s.tournament_id)`
const SEASON_ROWS = 'SELECT gameweek, rows FROM gameweek_results WHERE tournament_id = ?1 AND season = ?2'

/** The newest Hall of Fame of a tournament's snapshots: the next one builds on it, the answers read it (services/hall-of-fame.ts). */
export const newestHallOfFameQuery = (db: Database, tournamentId: number) =>
  db
    .select({ document: tournamentSnapshots.hallOfFame })
    .from(tournamentSnapshots)
    .where(and(eq(tournamentSnapshots.tournamentId, tournamentId), isNotNull(tournamentSnapshots.hallOfFame)))
    .orderBy(desc(tournamentSnapshots.refreshedAt))
    .limit(1)

const resultsOf = <T>(result: D1Result | undefined) => (result?.results ?? []) as T[]

interface SeasonRow {
  tournament_id: number
  season: string
  source: 'kept' | 'fpl_history'
  league_name: string
  managers: string
  past: string | null
}

export async function hallOfFameDocument(db: Database, ctx: StoryContext, keep: KeptGameweek[], now = new Date()): Promise<HallOfFameDocument> {
  const d1 = db.$client
  const id = ctx.tournament.id
  const [chainRes, countsRes, seasonsRes, monthsRes, previousRes] = await d1.batch([
    d1.prepare(CHAIN_IDS).bind(id),
    d1.prepare(KEPT_COUNTS).bind(id),
    d1.prepare(SEASONS).bind(id),
    d1.prepare(LINKED_MONTHS).bind(id),
    // A raw statement in this batch: its row comes back as D1 gives it, `{ hall_of_fame: <JSON text> }`.
    prepared(db, newestHallOfFameQuery(db, id)),
  ])
  const depth = new Map(resultsOf<{ id: number; depth: number }>(chainRes).map((r) => [r.id, r.depth]))
  const counts = resultsOf<{ tournament_id: number; season: string; kept: number; last: number }>(countsRes)
  const seasonRows = resultsOf<SeasonRow>(seasonsRes)
  const previousText = resultsOf<{ hall_of_fame: string }>(previousRes)[0]?.hall_of_fame
  const previous = previousText ? (JSON.parse(previousText) as Partial<HallOfFameDocument>) : null

  const names = new Map(seasonRows.map((s) => [`${s.tournament_id}:${s.season}`, JSON.parse(s.managers) as Names]))
  const current = `${id}:${ctx.season}`
  names.set(current, { ...names.get(current), ...currentNames(ctx) })
  const linkedMonths = new Map(resultsOf<{ tournament_id: number; monthly_winners: string }>(monthsRes).map((r) => [r.tournament_id, r.monthly_winners]))

  // Each kept season: reuse a closed season's summary while what was kept of it has not changed.
  const kept = counts.filter((c) => !(c.tournament_id === id && c.season === ctx.season))
  kept.push({ tournament_id: id, season: ctx.season, kept: 0, last: 0 })
  const reusable = new Map((previous?.summaries ?? []).map((s) => [`${s.tournament_id}:${s.season}`, s]))
  const summaries: SeasonSummary[] = []
  const toRead: typeof kept = []
  for (const c of kept) {
    const old = reusable.get(`${c.tournament_id}:${c.season}`)
    if (old && old.kept === c.kept && old.through_gameweek === c.last) summaries.push(old)
    else toRead.push(c)
  }
  const read = toRead.length === 0 ? [] : await d1.batch(toRead.map((c) => d1.prepare(SEASON_ROWS).bind(c.tournament_id, c.season)))
  toRead.forEach((c, i) => {
    const key = `${c.tournament_id}:${c.season}`
    const stored = resultsOf<{ gameweek: number; rows: string }>(read[i]).map((r) => ({
      gameweek: r.gameweek,
      rows: JSON.parse(r.rows) as GameweekResultRow[],
    }))
    const isCurrent = key === current
    const gameweeks = isCurrent ? [...stored.filter((g) => !keep.some((k) => k.gameweek === g.gameweek)), ...keep] : stored
    if (gameweeks.length === 0) return
    const seasonNames = names.get(key) ?? {}
    const winners = isCurrent ? ctx.monthlyWinners : parseWinners(linkedMonths.get(c.tournament_id), c.season, kept, c.tournament_id)
    const leagueName = seasonRows.find((s) => s.tournament_id === c.tournament_id && s.season === c.season)?.league_name ?? ''
    summaries.push(
      summariseSeason({
        tournamentId: c.tournament_id,
        season: c.season,
        leagueName: isCurrent ? ctx.meta.league_name || ctx.tournament.name : leagueName,
        gameweeks,
        names: seasonNames,
        titles: monthTitles(winners, seasonNames),
      }),
    )
  })

  const seasons = seasonTables(ctx, summaries, seasonRows, depth)
  return {
    computed_at: now.toISOString(),
    records: allTimeRecords(summaries),
    seasons_covered: [...new Set(summaries.map((s) => s.season))].sort().reverse(),
    seasons,
    summaries,
  }
}

function currentNames(ctx: StoryContext): Names {
  const out: Names = {}
  for (const m of ctx.cohort) out[m.entryId] = [m.playerName, m.teamName]
  for (const r of ctx.rows) out[r.fpl_team_id] = [r.player_name, r.team_name]
  return out
}

/** A linked tournament's months belong to its newest kept season (its snapshots are overwritten each season). */
function parseWinners(
  text: string | undefined,
  season: string,
  kept: ReadonlyArray<{ tournament_id: number; season: string }>,
  tournamentId: number,
): MonthlyWinner[] {
  const newest =
    kept
      .filter((k) => k.tournament_id === tournamentId)
      .map((k) => k.season)
      .sort()
      .at(-1) ?? ''
  return text && newest === season ? (JSON.parse(text) as MonthlyWinner[]) : []
}

/** A finished month's title for each joint winner, named as the season's table names them. */
function monthTitles(winners: readonly MonthlyWinner[], names: Names): MonthTitle[] {
  const byName = new Map(Object.entries(names).map(([id, [player, team]]) => [player, { id: Number(id), team }]))
  return winners
    .filter((w) => w.status === 'finished')
    .flatMap((w) => (w.joint_winners.length ? w.joint_winners : w.winner ? [w.winner] : []).map((player) => ({ player, month: w.month })))
    .map(({ player, month }) => {
      const known = byName.get(player)
      return { fpl_team_id: known?.id ?? null, player_name: player, team_name: known?.team ?? '', month }
    })
}

/** Seasons' tables, newest first: a kept season wins over FPL history of the same season; of several histories, the nearest tournament's. */
function seasonTables(ctx: StoryContext, summaries: readonly SeasonSummary[], rows: readonly SeasonRow[], depth: ReadonlyMap<number, number>): HallSeason[] {
  const tables = new Map<string, HallSeason>()
  for (const s of [...summaries].sort((a, b) => (depth.get(b.tournament_id) ?? 0) - (depth.get(a.tournament_id) ?? 0))) tables.set(s.season, s.table)
  const histories = new Map<string, { depth: number; table: HallSeason }>()
  const offer = (season: string, d: number, table: () => HallSeason) => {
    if (tables.has(season)) return
    const held = histories.get(season)
    if (!held || d < held.depth) histories.set(season, { depth: d, table: table() })
  }
  for (const r of rows) {
    if (r.source !== 'fpl_history' || !r.past) continue
    const past = r.past
    offer(r.season, depth.get(r.tournament_id) ?? 0, () => historyTable(r.season, JSON.parse(past), JSON.parse(r.managers) as Names))
  }
  // This refresh's own FPL history rows (not written yet on the tournament's first checked gameweek).
  const names = currentNames(ctx)
  for (const [season, past] of pastSeasons(ctx)) offer(season, -1, () => historyTable(season, past, names))
  for (const [season, h] of histories) tables.set(season, h.table)
  return [...tables.values()].sort((a, b) => b.season.localeCompare(a.season))
}
