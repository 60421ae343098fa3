import { and, count, desc, eq, inArray, isNotNull, max, ne, sql } from 'drizzle-orm'
import { type HallRecord, type HallSeason, LINEAGE_DEPTH } from '../../../contract/hall-of-fame'
import type { Database } from '../../db/client'
import { gameweekResults, tournamentSeasons, tournamentSnapshots } from '../../db/schema'
import type { MonthlyWinner } from '../../fpl/stats'
import { isNewestSnapshot } from '../snapshot-store'
import { type ArchiveStore, archivedSeasonsQuery, archivedStory, readArchive } from './archive'
import type { StoryContext } from './context'
import { type KeptGameweek, pastSeasons } from './history'
import { allTimeRecords, historyTable, type MonthTitle, type Names, type SeasonSummary, summariseSeason } from './records'

// The Hall of Fame of a checked gameweek (decision 136): the records and seasons' tables
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

// This tournament and the ones it links back to with their depth, bounded (a loop can't run on: the
// link refuses them, and the depth stops it anyway). A fragment: drizzle has no recursive CTE.
const chain = (id: number) =>
  sql`(WITH RECURSIVE chain(id, depth) AS (SELECT ${id}, 0 UNION SELECT t.previous_tournament_id, c.depth + 1
  FROM tournaments t JOIN chain c ON t.id = c.id WHERE t.previous_tournament_id IS NOT NULL AND c.depth < ${LINEAGE_DEPTH}) SELECT id, depth FROM chain)`
const inChain = (id: number) => sql`(SELECT id FROM ${chain(id)})`

/** The reads a Hall of Fame builds on, in one batch: the chain, what each of its seasons kept, and the previous document. */
function chainReads(db: Database, id: number) {
  return [
    db
      .select({ id: sql<number>`id`, depth: sql<number>`min(depth)` })
      .from(sql`${chain(id)}`)
      .groupBy(sql`id`),
    db
      .select({ tournament_id: gameweekResults.tournamentId, season: gameweekResults.season, kept: count(), last: max(gameweekResults.gameweek) })
      .from(gameweekResults)
      .where(inArray(gameweekResults.tournamentId, inChain(id)))
      .groupBy(gameweekResults.tournamentId, gameweekResults.season),
    db
      .select({
        tournament_id: tournamentSeasons.tournamentId,
        season: tournamentSeasons.season,
        source: tournamentSeasons.source,
        league_name: tournamentSeasons.leagueName,
        managers: tournamentSeasons.managers,
        past: tournamentSeasons.past,
      })
      .from(tournamentSeasons)
      .where(inArray(tournamentSeasons.tournamentId, inChain(id))),
    // The linked tournaments' Manager of the Month: their newest snapshot lists every month of their season.
    db
      .select({ tournament_id: tournamentSnapshots.tournamentId, monthly_winners: tournamentSnapshots.monthlyWinners })
      .from(tournamentSnapshots)
      .where(
        and(
          inArray(tournamentSnapshots.tournamentId, inChain(id)),
          ne(tournamentSnapshots.tournamentId, id),
          isNewestSnapshot(db, tournamentSnapshots.tournamentId),
        ),
      ),
    newestHallOfFameQuery(db, id),
    archivedSeasonsQuery(db, inChain(id)),
  ] as const
}

const seasonRowsQuery = (db: Database, tournamentId: number, season: string) =>
  db
    .select({ gameweek: gameweekResults.gameweek, rows: gameweekResults.rows })
    .from(gameweekResults)
    .where(and(eq(gameweekResults.tournamentId, tournamentId), eq(gameweekResults.season, season)))

/** The newest Hall of Fame of a tournament's snapshots: the next one builds on it, the answers read it (services/hall-of-fame.ts). */
export const newestHallOfFameQuery = (db: Database, tournamentId: number) =>
  db
    .select({ document: tournamentSnapshots.hallOfFame })
    .from(tournamentSnapshots)
    .where(and(eq(tournamentSnapshots.tournamentId, tournamentId), isNotNull(tournamentSnapshots.hallOfFame)))
    .orderBy(desc(tournamentSnapshots.refreshedAt))
    .limit(1)

type SeasonRow = Awaited<ReturnType<typeof chainReads>[2]>[number]

export async function hallOfFameDocument(
  db: Database,
  archive: ArchiveStore,
  ctx: StoryContext,
  keep: KeptGameweek[],
  now = new Date(),
): Promise<HallOfFameDocument> {
  const id = ctx.tournament.id
  const [chainRows, live, seasonRows, months, [newest], archived] = await db.batch(chainReads(db, id))
  const depth = new Map(chainRows.map((r) => [r.id, r.depth]))
  const previous = (newest?.document ?? null) as Partial<HallOfFameDocument> | null

  const names = new Map<string, Names>(seasonRows.map((s) => [`${s.tournament_id}:${s.season}`, s.managers]))
  const current = `${id}:${ctx.season}`
  names.set(current, { ...names.get(current), ...currentNames(ctx) })
  const linkedMonths = new Map(months.map((r) => [r.tournament_id, r.monthly_winners as MonthlyWinner[]]))

  // Each kept season: reuse a closed season's summary while what was kept of it has not changed.
  const counts = keptCounts(live, archived)
  const kept: Array<{ tournament_id: number; season: string; kept: number; last: number | null }> = counts.filter(
    (c) => !(c.tournament_id === id && c.season === ctx.season),
  )
  kept.push({ tournament_id: id, season: ctx.season, kept: 0, last: 0 })
  const reusable = new Map((previous?.summaries ?? []).map((s) => [`${s.tournament_id}:${s.season}`, s]))
  const summaries: SeasonSummary[] = []
  const toRead: typeof kept = []
  for (const c of kept) {
    const old = reusable.get(`${c.tournament_id}:${c.season}`)
    if (old && old.kept === c.kept && old.through_gameweek === c.last) summaries.push(old)
    else toRead.push(c)
  }
  const [first, ...rest] = toRead.map((c) => seasonRowsQuery(db, c.tournament_id, c.season))
  const read = first ? await db.batch([first, ...rest]) : []
  // A summary to rebuild of an archived season (decision 186): its tables and months from the archive.
  const isArchived = (c: { tournament_id: number; season: string }) => archived.some((a) => a.tournament_id === c.tournament_id && a.season === c.season)
  const fromArchive = await Promise.all(toRead.map(async (c) => archivedStory(isArchived(c) ? await readArchive(archive, c.tournament_id, c.season) : null)))
  toRead.forEach((c, i) => {
    const key = `${c.tournament_id}:${c.season}`
    const stored = [...(fromArchive[i]?.gameweeks ?? []), ...(read[i] ?? [])]
    const isCurrent = key === current
    const gameweeks = isCurrent ? [...stored.filter((g) => !keep.some((k) => k.gameweek === g.gameweek)), ...keep] : stored
    if (gameweeks.length === 0) return
    const seasonNames = names.get(key) ?? {}
    const archivedMonths = fromArchive[i]?.monthlyWinners ?? []
    const winners = isCurrent
      ? ctx.monthlyWinners
      : archivedMonths.length
        ? archivedMonths
        : parseWinners(linkedMonths.get(c.tournament_id), c.season, kept, c.tournament_id)
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

/** Kept gameweeks per (tournament, season): those still in D1 and those in the archive. */
function keptCounts(
  live: ReadonlyArray<{ tournament_id: number; season: string; kept: number; last: number | null }>,
  archived: ReadonlyArray<{ tournament_id: number; season: string; kept: number; last: number | null }>,
) {
  const counts = new Map<string, { tournament_id: number; season: string; kept: number; last: number | null }>()
  for (const c of [...live, ...archived]) {
    const key = `${c.tournament_id}:${c.season}`
    const held = counts.get(key)
    counts.set(key, held ? { ...held, kept: held.kept + c.kept, last: Math.max(held.last ?? 0, c.last ?? 0) || null } : { ...c })
  }
  return [...counts.values()]
}

function currentNames(ctx: StoryContext): Names {
  const out: Names = {}
  for (const m of ctx.cohort) out[m.entryId] = [m.playerName, m.teamName]
  for (const r of ctx.rows) out[r.fpl_team_id] = [r.player_name, r.team_name]
  return out
}

/** A linked tournament's months belong to its newest kept season (its snapshots are overwritten each season). */
function parseWinners(
  winners: MonthlyWinner[] | undefined,
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
  return winners && newest === season ? winners : []
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
    offer(r.season, depth.get(r.tournament_id) ?? 0, () => historyTable(r.season, past, r.managers))
  }
  // This refresh's own FPL history rows (not written yet on the tournament's first checked gameweek).
  const names = currentNames(ctx)
  for (const [season, past] of pastSeasons(ctx)) offer(season, -1, () => historyTable(season, past, names))
  for (const [season, h] of histories) tables.set(season, h.table)
  return [...tables.values()].sort((a, b) => b.season.localeCompare(a.season))
}
