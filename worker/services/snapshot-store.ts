import { and, desc, eq, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { type BatchRead, mapRead, rowsOf } from '../db/batch'
import type { Database } from '../db/client'
import { type GameweekStatus, standingsRows, tournamentSnapshots, tournaments } from '../db/schema'
import type { GameweekSummary } from '../fpl/stats'

/** A snapshot's league size as FPL counts it (its standings' `total_members`), as a column. */
export const snapshotTotalMembers = sql<number | null>`json_extract(${tournamentSnapshots.standingsMeta}, '$.total_members')`

// Reading and writing tournament snapshots. Writes change only the standings rows that
// changed and the snapshot row, in one batch (one transaction). Reads take the snapshot and a
// page of rows in one batch too, so a page never mixes two refreshes.

export interface StoredRow {
  position: number
  fpl_team_id: number
  team_name: string
  player_name: string
  total_points: number
  gameweek_points: number
  rank: number
  last_rank: number | null
  /** The league total before this gameweek (the live table's base, decision 141); null or absent when unknown. */
  previous_total?: number | null
  /** Transfers FPL's tie-break counts before this gameweek; null or absent when unknown. */
  transfers?: number | null
}

export interface StandingsMeta {
  league_name: string
  /** Managers in the whole table (the FPL league, our users, or the curated teams). */
  total_members: number
  /** Whether only the top of a very large table and our members' pages are stored. */
  truncated: boolean
  last_updated_data: string | null
  /** Our members (users with an FPL team) in this tournament. */
  fpl_active_members: number
  /**
   * The gameweek's top scorer and average over every row the refresh read, so every page
   * answers the same. Missing in snapshots written before it existed.
   */
  gameweek_summary?: GameweekSummary | null
}

/**
 * The FPL league's size at its last refresh, as a column of a query over `tournaments`: only a
 * private tournament follows an FPL league (the others' tables are our users or curated teams);
 * null before its first refresh. Through the snapshots' primary key, newest gameweek first: one
 * row read per tournament.
 */
export const fplLeagueSizeColumn = () =>
  sql<
    number | null
  >`CASE WHEN ${tournaments.type} = 'private' THEN (SELECT json_extract(standings_meta, '$.total_members') FROM tournament_snapshots WHERE tournament_id = ${tournaments.id} ORDER BY gameweek DESC LIMIT 1) END`
    .mapWith(Number)
    .as('fpl_league_size')

/** The same size from a snapshot read with its standings meta. */
export const fplLeagueSizeOf = (type: string, snapshot: SnapshotView | null) =>
  type === 'private' && snapshot ? ((snapshot.document as StandingsMeta).total_members ?? null) : null

export interface SnapshotInput {
  tournamentId: number
  gameweek: number
  gameweekStatus: GameweekStatus
  dataVersion: string
  dataSource: string
  meta: StandingsMeta
  rows: StoredRow[]
  monthlyWinners: unknown[]
  banterStats: Record<string, unknown> | null
  publicCandidates: Record<string, unknown> | null
  /** The Race Centre's races (issue 16). */
  race: Record<string, unknown> | null
  /** The Hall of Fame, on a checked gameweek (issue 16); other snapshots keep null. */
  hallOfFame: Record<string, unknown> | null
}

export interface WriteResult {
  rowsWritten: number
  rowsDeleted: number
}

const ROWS_PER_STATEMENT = 400
const UPSERT_ROWS = `INSERT INTO standings_rows (tournament_id, position, fpl_team_id, team_name, player_name, total_points, gameweek_points, rank, last_rank, previous_total, transfers)
  SELECT ?1, value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, value ->> 7, value ->> 8, value ->> 9 FROM json_each(?2) WHERE true
  ON CONFLICT (tournament_id, position) DO UPDATE SET fpl_team_id = excluded.fpl_team_id, team_name = excluded.team_name,
    player_name = excluded.player_name, total_points = excluded.total_points, gameweek_points = excluded.gameweek_points,
    rank = excluded.rank, last_rank = excluded.last_rank, previous_total = excluded.previous_total, transfers = excluded.transfers`
const DELETE_ROWS = 'DELETE FROM standings_rows WHERE tournament_id = ?1 AND position IN (SELECT value FROM json_each(?2))'
const rowTuple = (r: StoredRow) => [
  r.position,
  r.fpl_team_id,
  r.team_name,
  r.player_name,
  r.total_points,
  r.gameweek_points,
  r.rank,
  r.last_rank,
  r.previous_total ?? null,
  r.transfers ?? null,
]

const sameRow = (a: StoredRow, b: StoredRow) =>
  a.fpl_team_id === b.fpl_team_id &&
  a.team_name === b.team_name &&
  a.player_name === b.player_name &&
  a.total_points === b.total_points &&
  a.gameweek_points === b.gameweek_points &&
  a.rank === b.rank &&
  a.last_rank === b.last_rank &&
  (a.previous_total ?? null) === (b.previous_total ?? null) &&
  (a.transfers ?? null) === (b.transfers ?? null)

const rowColumns = {
  position: standingsRows.position,
  fpl_team_id: standingsRows.fplTeamId,
  team_name: standingsRows.teamName,
  player_name: standingsRows.playerName,
  total_points: standingsRows.totalPoints,
  gameweek_points: standingsRows.gameweekPoints,
  rank: standingsRows.rank,
  last_rank: standingsRows.lastRank,
  previous_total: standingsRows.previousTotal,
  transfers: standingsRows.transfers,
}

async function currentRows(db: Database, tournamentId: number): Promise<Map<number, StoredRow>> {
  const rows = await db.select(rowColumns).from(standingsRows).where(eq(standingsRows.tournamentId, tournamentId))
  return new Map(rows.map((r) => [r.position, r]))
}

/** The stored table a refresh builds on: its gameweek and status, and its rows (null before the first refresh). */
export interface StoredTable {
  gameweek: number
  status: GameweekStatus
  rows: StoredRow[]
}

export async function storedTable(db: Database, tournamentId: number): Promise<StoredTable | null> {
  const [snapshot] = await db
    .select({ gameweek: tournamentSnapshots.gameweek, status: tournamentSnapshots.gameweekStatus })
    .from(tournamentSnapshots)
    .where(eq(tournamentSnapshots.tournamentId, tournamentId))
    .orderBy(desc(tournamentSnapshots.gameweek))
    .limit(1)
  if (!snapshot) return null
  return { ...snapshot, rows: [...(await currentRows(db, tournamentId)).values()] }
}

/** A drizzle query as a D1 prepared statement, to batch it with raw statements. */
export function prepared(db: Database, query: { toSQL(): { sql: string; params: unknown[] } }): D1PreparedStatement {
  const { sql: text, params } = query.toSQL()
  return db.$client.prepare(text).bind(...params)
}

/**
 * The statements that bring the stored snapshot to `input`; the caller runs them in one batch
 * (with anything else that must commit together, such as marking the job done).
 */
export async function snapshotStatements(db: Database, input: SnapshotInput): Promise<{ statements: D1PreparedStatement[]; result: WriteResult }> {
  const before = await currentRows(db, input.tournamentId)
  const changed = input.rows.filter((row) => {
    const old = before.get(row.position)
    return !old || !sameRow(old, row)
  })
  const keep = new Set(input.rows.map((r) => r.position))
  const removed = [...before.keys()].filter((p) => !keep.has(p))

  const d1 = db.$client
  const statements: D1PreparedStatement[] = []
  for (let i = 0; i < changed.length; i += ROWS_PER_STATEMENT) {
    // A few hundred rows per statement through one JSON parameter (D1 allows 100 parameters).
    const json = JSON.stringify(changed.slice(i, i + ROWS_PER_STATEMENT).map(rowTuple))
    statements.push(d1.prepare(UPSERT_ROWS).bind(input.tournamentId, json))
  }
  if (removed.length > 0) statements.push(d1.prepare(DELETE_ROWS).bind(input.tournamentId, JSON.stringify(removed)))
  const snapshot = {
    gameweekStatus: input.gameweekStatus,
    dataVersion: input.dataVersion,
    standingsMeta: input.meta as unknown as Record<string, unknown>,
    monthlyWinners: input.monthlyWinners,
    banterStats: input.banterStats,
    publicCandidates: input.publicCandidates,
    race: input.race,
    hallOfFame: input.hallOfFame,
    dataSource: input.dataSource,
    refreshedAt: new Date(),
  }
  statements.push(
    prepared(
      db,
      db
        .insert(tournamentSnapshots)
        .values({ tournamentId: input.tournamentId, gameweek: input.gameweek, ...snapshot })
        .onConflictDoUpdate({
          target: [tournamentSnapshots.tournamentId, tournamentSnapshots.gameweek],
          set: { ...snapshot, revision: sql`${tournamentSnapshots.revision} + 1` },
        }),
    ),
  )
  return { statements, result: { rowsWritten: changed.length, rowsDeleted: removed.length } }
}

// Readers take only the document they answer with: a big league's banter stats and public
// candidates are large JSON, and parsing them for every standings page would cost CPU for nothing.
export type SnapshotDocument = 'standingsMeta' | 'monthlyWinners' | 'banterStats' | 'race'

function latestSnapshotQuery(db: Database, tournamentId: number, document: SnapshotDocument) {
  return db
    .select({
      gameweek: tournamentSnapshots.gameweek,
      gameweekStatus: tournamentSnapshots.gameweekStatus,
      dataSource: tournamentSnapshots.dataSource,
      refreshedAt: tournamentSnapshots.refreshedAt,
      document: tournamentSnapshots[document],
    })
    .from(tournamentSnapshots)
    .where(eq(tournamentSnapshots.tournamentId, tournamentId))
    .orderBy(desc(tournamentSnapshots.gameweek))
    .limit(1)
}

export interface SnapshotView {
  gameweek: number
  /** Where the gameweek stood when the snapshot was computed: anything but `checked` is provisional. */
  gameweekStatus: GameweekStatus
  dataSource: string
  refreshedAt: Date
  document: unknown
}

export function latestSnapshotRead(db: Database, tournamentId: number, document: SnapshotDocument): BatchRead<SnapshotView | null> {
  return mapRead(rowsOf(latestSnapshotQuery(db, tournamentId, document)), ([snapshot]) => snapshot ?? null)
}

/** Which rows a standings read answers: a page of the table, or a page of the rows whose names match `search`. */
export interface StandingsSlice {
  page: number
  limit: number
  /** Trimmed, non-empty text to find in team and manager names, or null for the whole table. */
  search: string | null
}

export interface StandingsPage {
  snapshot: SnapshotView | null
  rows: StoredRow[]
  /** The viewer's own row, wherever it is in the table. */
  own: StoredRow | null
  /** With a search: how many stored rows match it (the page holds some of them). */
  matches: number | null
}

/** `text` as a LIKE pattern that finds it anywhere, its own %, _ and \ taken literally (ESCAPE '\'). */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`

/**
 * A page of the table with its snapshot, read consistently (one batch). Positions are a key
 * range of the primary key, so the rows read are the rows returned, however deep the page.
 * A search reads the tournament's rows whose team or manager name contains the text (SQLite's
 * LIKE: case-insensitive for ASCII letters), in table order, and counts them.
 * With a viewer, their own row is found too, through their FPL team.
 */
export function standingsPageRead(db: Database, tournamentId: number, slice: StandingsSlice, viewerUserId: number | null): BatchRead<StandingsPage> {
  const { page, limit, search } = slice
  const statements: Array<BatchItem<'sqlite'>> = [latestSnapshotQuery(db, tournamentId, 'standingsMeta')]
  if (search === null) {
    const first = (page - 1) * limit + 1
    statements.push(
      db
        .select(rowColumns)
        .from(standingsRows)
        .where(and(eq(standingsRows.tournamentId, tournamentId), sql`${standingsRows.position} BETWEEN ${first} AND ${first + limit - 1}`))
        .orderBy(standingsRows.position),
    )
  } else {
    const pattern = containsPattern(search)
    const matching = and(
      eq(standingsRows.tournamentId, tournamentId),
      sql`(${standingsRows.teamName} LIKE ${pattern} ESCAPE '\\' OR ${standingsRows.playerName} LIKE ${pattern} ESCAPE '\\')`,
    )
    statements.push(
      db
        .select(rowColumns)
        .from(standingsRows)
        .where(matching)
        .orderBy(standingsRows.position)
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ matches: sql<number>`count(*)` }).from(standingsRows).where(matching),
    )
  }
  if (viewerUserId !== null) {
    statements.push(
      db
        .select(rowColumns)
        .from(standingsRows)
        .where(and(eq(standingsRows.tournamentId, tournamentId), sql`${standingsRows.fplTeamId} = (SELECT fpl_team_id FROM users WHERE id = ${viewerUserId})`))
        .limit(1),
    )
  }
  return {
    statements,
    parse: (results) => {
      const [snapshots, rows, ...rest] = results
      const counted = search === null ? null : ((rest.shift() as Array<{ matches: number }>)[0]?.matches ?? 0)
      return {
        snapshot: (snapshots as SnapshotView[])[0] ?? null,
        rows: rows as StoredRow[],
        own: ((rest[0] as StoredRow[] | undefined) ?? [])[0] ?? null,
        matches: counted,
      }
    },
  }
}
