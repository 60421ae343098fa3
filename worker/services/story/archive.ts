import { and, eq, inArray, lt, not, type SQL } from 'drizzle-orm'
import { batchOf, rowsOf, runBatch, runWrites } from '../../db/batch'
import type { Database } from '../../db/client'
import { type GameweekResultRow, gameweekResults, gazetteEditions, seasonArchives, tournamentSnapshots } from '../../db/schema'
import type { MonthlyWinner } from '../../fpl/stats'
import { isNewestSnapshot } from '../snapshot-store'

// The season archive (decision 186): once FPL has moved on to a new season, a closed season's
// detail leaves D1 for one gzip-compressed JSON object per tournament and season in the ARCHIVE
// KV namespace: its kept gameweek tables, its weekly Gazette editions and its past snapshots. D1
// keeps what is read: the season's names (tournament_seasons), its month and finale editions, the
// tournament's newest snapshot (its final table, month winners and Hall of Fame, whose summaries
// carry the season's records and champions) and a season_archives row saying what the object holds.

/** What the archive needs of its KV namespace (the ARCHIVE binding). */
export type ArchiveStore = Pick<KVNamespace, 'get' | 'put'>

const FORMAT = 1

type SnapshotRow = typeof tournamentSnapshots.$inferSelect
type EditionRow = typeof gazetteEditions.$inferSelect

/** One archived season: rows as D1 held them (dates as epoch ms), so nothing of them is lost. */
export interface SeasonArchive {
  format: typeof FORMAT
  tournament_id: number
  season: string
  gameweeks: Array<{ gameweek: number; source: 'fpl_api' | 'history'; rows: GameweekResultRow[]; stored_at: number }>
  editions: Array<Omit<EditionRow, 'tournamentId' | 'season' | 'publishedAt' | 'deletedAt'> & { publishedAt: number; deletedAt: number | null }>
  snapshots: Array<Omit<SnapshotRow, 'tournamentId' | 'season' | 'refreshedAt'> & { refreshedAt: number }>
}

export const archiveKey = (tournamentId: number, season: string) => `season/${tournamentId}/${season}`

async function pack(archive: SeasonArchive): Promise<ArrayBuffer> {
  const stream = new Blob([JSON.stringify(archive)]).stream().pipeThrough(new CompressionStream('gzip'))
  return new Response(stream).arrayBuffer()
}

async function unpack(bytes: ArrayBuffer): Promise<SeasonArchive> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))
  return (await new Response(stream).json()) as SeasonArchive
}

/** A tournament's archived season, or null when none was archived. */
export async function readArchive(store: ArchiveStore, tournamentId: number, season: string): Promise<SeasonArchive | null> {
  const bytes = await store.get(archiveKey(tournamentId, season), 'arrayBuffer')
  return bytes ? unpack(bytes) : null
}

/** What the Hall of Fame rebuilds a season's summary from: its gameweek tables and its last snapshot's months. */
export function archivedStory(archive: SeasonArchive | null) {
  const last = archive?.snapshots.reduce<SeasonArchive['snapshots'][number] | null>((a, s) => (!a || s.gameweek > a.gameweek ? s : a), null)
  return {
    gameweeks: (archive?.gameweeks ?? []).map((g) => ({ gameweek: g.gameweek, rows: g.rows })),
    monthlyWinners: (last?.monthlyWinners ?? []) as MonthlyWinner[],
  }
}

/** What is left in D1 of seasons before `current`: (tournament, season) pairs to archive, at most `limit`. */
export async function seasonsToArchive(db: Database, current: string, limit: number): Promise<Array<{ tournamentId: number; season: string }>> {
  const pairs = db
    .selectDistinct({ tournamentId: gameweekResults.tournamentId, season: gameweekResults.season })
    .from(gameweekResults)
    .where(lt(gameweekResults.season, current))
    .union(
      db
        .selectDistinct({ tournamentId: gazetteEditions.tournamentId, season: gazetteEditions.season })
        .from(gazetteEditions)
        .where(and(lt(gazetteEditions.season, current), eq(gazetteEditions.kind, 'gameweek'))),
    )
    .union(
      db
        .selectDistinct({ tournamentId: tournamentSnapshots.tournamentId, season: tournamentSnapshots.season })
        .from(tournamentSnapshots)
        .where(and(lt(tournamentSnapshots.season, current), not(isNewestSnapshot(db, tournamentSnapshots.tournamentId)))),
    )
    .limit(limit)
  return pairs
}

export interface Archived {
  gameweeks: number
  editions: number
  snapshots: number
  /** The whole object's size, compressed; 0 when there was nothing to move. */
  bytes: number
}

/**
 * Moves what D1 still holds of a closed season into its archive object: merged with what an earlier
 * run archived (the tournament's last snapshot of the season follows once a newer one exists),
 * written and read back, and only then deleted from D1 in one batch with the season_archives row.
 * A run that fails anywhere before that batch leaves D1 as it was; running it again is harmless.
 */
export async function archiveSeason(db: Database, store: ArchiveStore, tournamentId: number, season: string, now = new Date()): Promise<Archived> {
  const { results, editions, snapshots, recorded } = await runBatch(
    db,
    batchOf({
      results: rowsOf(
        db
          .select()
          .from(gameweekResults)
          .where(and(eq(gameweekResults.tournamentId, tournamentId), eq(gameweekResults.season, season))),
      ),
      editions: rowsOf(
        db
          .select()
          .from(gazetteEditions)
          .where(and(eq(gazetteEditions.tournamentId, tournamentId), eq(gazetteEditions.season, season), eq(gazetteEditions.kind, 'gameweek'))),
      ),
      snapshots: rowsOf(
        db
          .select()
          .from(tournamentSnapshots)
          .where(
            and(
              eq(tournamentSnapshots.tournamentId, tournamentId),
              eq(tournamentSnapshots.season, season),
              not(isNewestSnapshot(db, tournamentSnapshots.tournamentId)),
            ),
          ),
      ),
      recorded: rowsOf(
        db
          .select()
          .from(seasonArchives)
          .where(and(eq(seasonArchives.tournamentId, tournamentId), eq(seasonArchives.season, season))),
      ),
    }),
  )
  if (results.length + editions.length + snapshots.length === 0) return { gameweeks: 0, editions: 0, snapshots: 0, bytes: 0 }

  const before = recorded.length ? await readArchive(store, tournamentId, season) : null
  // The row says an object exists: writing a new one without it would lose what it held.
  if (recorded.length && !before) throw new Error(`The archive of tournament ${tournamentId}, season ${season} is missing from ARCHIVE`)
  const archive = merged(before, tournamentId, season, { results, editions, snapshots })
  const bytes = await pack(archive)
  const key = archiveKey(tournamentId, season)
  await store.put(key, bytes, { metadata: { format: FORMAT, archived_at: now.toISOString() } })
  const written = await store.get(key, 'arrayBuffer')
  if (written?.byteLength !== bytes.byteLength) throw new Error(`The archive of tournament ${tournamentId}, season ${season} did not read back as written`)

  const last = archive.gameweeks.reduce<number | null>((a, g) => (a === null || g.gameweek > a ? g.gameweek : a), null)
  const totals = {
    gameweeks: archive.gameweeks.length,
    lastGameweek: last,
    editions: archive.editions.length,
    snapshots: archive.snapshots.length,
    bytes: bytes.byteLength,
  }
  const inSeason = <T extends typeof gameweekResults | typeof gazetteEditions | typeof tournamentSnapshots>(table: T, moved: Array<{ gameweek: number }>) =>
    and(
      eq(table.tournamentId, tournamentId),
      eq(table.season, season),
      inArray(
        table.gameweek,
        moved.map((row) => row.gameweek),
      ),
    )
  await runWrites(db, [
    ...(results.length ? [db.delete(gameweekResults).where(inSeason(gameweekResults, results))] : []),
    ...(editions.length ? [db.delete(gazetteEditions).where(and(inSeason(gazetteEditions, editions), eq(gazetteEditions.kind, 'gameweek')))] : []),
    ...(snapshots.length ? [db.delete(tournamentSnapshots).where(inSeason(tournamentSnapshots, snapshots))] : []),
    db
      .insert(seasonArchives)
      .values({ tournamentId, season, ...totals, archivedAt: now })
      .onConflictDoUpdate({ target: [seasonArchives.tournamentId, seasonArchives.season], set: { ...totals, archivedAt: now } }),
  ])
  return { gameweeks: results.length, editions: editions.length, snapshots: snapshots.length, bytes: bytes.byteLength }
}

/** An archive with D1's rows added; a gameweek in both is D1's (the newer write). */
function merged(
  before: SeasonArchive | null,
  tournamentId: number,
  season: string,
  rows: { results: Array<typeof gameweekResults.$inferSelect>; editions: EditionRow[]; snapshots: SnapshotRow[] },
): SeasonArchive {
  const byGameweek = <T extends { gameweek: number }>(old: T[] = [], added: T[]) =>
    [...new Map([...old, ...added].map((item) => [item.gameweek, item])).values()].sort((a, b) => a.gameweek - b.gameweek)
  return {
    format: FORMAT,
    tournament_id: tournamentId,
    season,
    gameweeks: byGameweek(
      before?.gameweeks,
      rows.results.map((r) => ({ gameweek: r.gameweek, source: r.source, rows: r.rows, stored_at: r.storedAt.getTime() })),
    ),
    editions: byGameweek(
      before?.editions,
      rows.editions.map(({ tournamentId: _t, season: _s, publishedAt, deletedAt, ...e }) => ({
        ...e,
        publishedAt: publishedAt.getTime(),
        deletedAt: deletedAt?.getTime() ?? null,
      })),
    ),
    snapshots: byGameweek(
      before?.snapshots,
      rows.snapshots.map(({ tournamentId: _t, season: _s, refreshedAt, ...s }) => ({ ...s, refreshedAt: refreshedAt.getTime() })),
    ),
  }
}

/** The archived seasons of these tournaments (a subquery of ids), as the Hall of Fame counts kept gameweeks. */
export const archivedSeasonsQuery = (db: Database, tournamentIds: SQL) =>
  db
    .select({ tournament_id: seasonArchives.tournamentId, season: seasonArchives.season, kept: seasonArchives.gameweeks, last: seasonArchives.lastGameweek })
    .from(seasonArchives)
    .where(inArray(seasonArchives.tournamentId, tournamentIds))
