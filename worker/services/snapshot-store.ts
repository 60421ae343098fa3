import { and, between, desc, eq, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { among, excluded, jsonEachElement } from '../db/among'
import { type BatchRead, mapRead, rowsOf } from '../db/batch'
import type { Database } from '../db/client'
import { type GameweekStatus, standingsRows, tournamentSnapshots, tournaments, users } from '../db/schema'
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
 * null before its first refresh. Through the snapshots' primary key, newest first: one row read per
 * tournament.
 */
export const fplLeagueSizeColumn = () =>
  sql<
    number | null
  >`CASE WHEN ${tournaments.type} = 'private' THEN (SELECT json_extract(standings_meta, '$.total_members') FROM tournament_snapshots WHERE tournament_id = ${tournaments.id} ORDER BY season DESC, gameweek DESC LIMIT 1) END`
    .mapWith(Number)
    .as('fpl_league_size')

/** The same size from a snapshot read with its standings meta. */
export const fplLeagueSizeOf = (type: string, snapshot: SnapshotView | null) =>
  type === 'private' && snapshot ? ((snapshot.document as StandingsMeta).total_members ?? null) : null

export interface SnapshotInput {
  tournamentId: number
  season: string
  gameweek: number
  gameweekStatus: GameweekStatus
  dataVersion: string
  dataSource: string
  meta: StandingsMeta
  rows: StoredRow[]
  monthlyWinners: unknown[]
  banterStats: Record<string, unknown> | null
  publicCandidates: Record<string, unknown> | null
  /** The Race Centre's races (decision 132). */
  race: Record<string, unknown> | null
  /** The Hall of Fame, on a checked gameweek (decision 136); other snapshots keep null. */
  hallOfFame: Record<string, unknown> | null
}

export interface WriteResult {
  rowsWritten: number
  rowsDeleted: number
}

const ROWS_PER_STATEMENT = 400
/**
 * Upserts a few hundred rows through one JSON parameter (D1 binds at most 100 per statement): the
 * rows are read back with json_each. INSERT ... SELECT fills the table's columns in their order.
 * `WHERE true` tells SQLite's parser that ON CONFLICT belongs to the insert, not to the select.
 */
function upsertRows(db: Database, tournamentId: number, json: string) {
  const rows = db
    .select({
      tournamentId: sql<number>`${tournamentId}`.as('tournament_id'),
      position: jsonEachElement<number>(0, 'position'),
      fplTeamId: jsonEachElement<number>(1, 'fpl_team_id'),
      teamName: jsonEachElement<string>(2, 'team_name'),
      playerName: jsonEachElement<string>(3, 'player_name'),
      totalPoints: jsonEachElement<number>(4, 'total_points'),
      gameweekPoints: jsonEachElement<number>(5, 'gameweek_points'),
      rank: jsonEachElement<number>(6, 'rank'),
      lastRank: jsonEachElement<number | null>(7, 'last_rank'),
      previousTotal: jsonEachElement<number | null>(8, 'previous_total'),
      transfers: jsonEachElement<number | null>(9, 'transfers'),
    })
    .from(sql`json_each(${json})`)
    .where(sql`true`)
  return db
    .insert(standingsRows)
    .select(rows)
    .onConflictDoUpdate({
      target: [standingsRows.tournamentId, standingsRows.position],
      set: {
        fplTeamId: excluded(standingsRows.fplTeamId),
        teamName: excluded(standingsRows.teamName),
        playerName: excluded(standingsRows.playerName),
        totalPoints: excluded(standingsRows.totalPoints),
        gameweekPoints: excluded(standingsRows.gameweekPoints),
        rank: excluded(standingsRows.rank),
        lastRank: excluded(standingsRows.lastRank),
        previousTotal: excluded(standingsRows.previousTotal),
        transfers: excluded(standingsRows.transfers),
      },
    })
}

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

/** A stored row's columns but its position, as StoredRow names them (the live table reads them too). */
export const storedRowColumns = {
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

const rowColumns = { position: standingsRows.position, ...storedRowColumns }

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

/**
 * The newest snapshot is the highest season and gameweek, not the highest gameweek: a tournament
 * that carries on into FPL's next season (renewed, or the public one) writes GW 1 while last
 * season's GW 38 is still stored (decisions 185, 186). It is also the one the stored table's rows
 * are of. Seasons ("2026/27") sort as text; the order is the primary key's.
 */
export const newestFirst = [desc(tournamentSnapshots.season), desc(tournamentSnapshots.gameweek)] as const

/** Whether a `tournament_snapshots` row is its tournament's newest, as a join or where condition (two primary-key reads). */
export function isNewestSnapshot(db: Database, tournamentId: SQLiteColumn) {
  const newer = alias(tournamentSnapshots, 'newer')
  const newest = (column: typeof newer.season | typeof newer.gameweek) =>
    db.select({ value: column }).from(newer).where(eq(newer.tournamentId, tournamentId)).orderBy(desc(newer.season), desc(newer.gameweek)).limit(1)
  return and(eq(tournamentSnapshots.season, newest(newer.season)), eq(tournamentSnapshots.gameweek, newest(newer.gameweek))) as SQL
}

export async function storedTable(db: Database, tournamentId: number): Promise<StoredTable | null> {
  const [snapshot] = await db
    .select({ gameweek: tournamentSnapshots.gameweek, status: tournamentSnapshots.gameweekStatus })
    .from(tournamentSnapshots)
    .where(eq(tournamentSnapshots.tournamentId, tournamentId))
    .orderBy(...newestFirst)
    .limit(1)
  if (!snapshot) return null
  return { ...snapshot, rows: [...(await currentRows(db, tournamentId)).values()] }
}

/**
 * The statements that bring the stored snapshot to `input`; the caller runs them in one batch
 * (with anything else that must commit together, such as marking the job done).
 */
export async function snapshotStatements(db: Database, input: SnapshotInput): Promise<{ statements: Array<BatchItem<'sqlite'>>; result: WriteResult }> {
  const before = await currentRows(db, input.tournamentId)
  const changed = input.rows.filter((row) => {
    const old = before.get(row.position)
    return !old || !sameRow(old, row)
  })
  const keep = new Set(input.rows.map((r) => r.position))
  const removed = [...before.keys()].filter((p) => !keep.has(p))

  const statements: Array<BatchItem<'sqlite'>> = []
  for (let i = 0; i < changed.length; i += ROWS_PER_STATEMENT) {
    statements.push(upsertRows(db, input.tournamentId, JSON.stringify(changed.slice(i, i + ROWS_PER_STATEMENT).map(rowTuple))))
  }
  if (removed.length > 0)
    statements.push(db.delete(standingsRows).where(and(eq(standingsRows.tournamentId, input.tournamentId), among(standingsRows.position, removed))))
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
    db
      .insert(tournamentSnapshots)
      .values({ tournamentId: input.tournamentId, season: input.season, gameweek: input.gameweek, ...snapshot })
      .onConflictDoUpdate({
        target: [tournamentSnapshots.tournamentId, tournamentSnapshots.season, tournamentSnapshots.gameweek],
        set: { ...snapshot, revision: sql`${tournamentSnapshots.revision} + 1` },
      }),
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
    .orderBy(...newestFirst)
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
        .where(and(eq(standingsRows.tournamentId, tournamentId), between(standingsRows.position, first, first + limit - 1)))
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
        .where(
          and(
            eq(standingsRows.tournamentId, tournamentId),
            eq(standingsRows.fplTeamId, db.select({ team: users.fplTeamId }).from(users).where(eq(users.id, viewerUserId))),
          ),
        )
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

// Only the newest race and Hall of Fame are ever read: older snapshots let theirs go, so a season
// stores one of each per tournament rather than one per gameweek (decision 138).
export const supersedeStoryStatement = (db: Database, tournamentId: number, season: string, gameweek: number, newHallOfFame: boolean) =>
  db
    .update(tournamentSnapshots)
    .set(newHallOfFame ? { race: null, hallOfFame: null } : { race: null })
    .where(
      and(
        eq(tournamentSnapshots.tournamentId, tournamentId),
        or(ne(tournamentSnapshots.season, season), ne(tournamentSnapshots.gameweek, gameweek)),
        newHallOfFame ? or(isNotNull(tournamentSnapshots.race), isNotNull(tournamentSnapshots.hallOfFame)) : isNotNull(tournamentSnapshots.race),
      ),
    )

/** A tournament's snapshots, as a subquery for `exists` (whether it has had its first refresh); the id may be a column of the outer query. */
export const snapshotOf = (db: Database, tournamentId: number | SQLiteColumn) =>
  db.select({ gameweek: tournamentSnapshots.gameweek }).from(tournamentSnapshots).where(eq(tournamentSnapshots.tournamentId, tournamentId))

/** Every snapshot's public statistics candidates, newest first (the landing page's merge). */
export const publicCandidatesQuery = (db: Database) =>
  db
    .select({ candidates: tournamentSnapshots.publicCandidates, tournamentId: tournamentSnapshots.tournamentId, gameweek: tournamentSnapshots.gameweek })
    .from(tournamentSnapshots)
    .where(isNotNull(tournamentSnapshots.publicCandidates))
    .orderBy(...newestFirst)

/** The league's managers (at most 50) whose name, of three letters or more, appears anywhere in `text`: found by SQLite, as big leagues have thousands of rows and the text is short. */
export const managersNamedIn = (db: Database, tournamentId: number, text: string) =>
  db
    .select({ fplTeamId: standingsRows.fplTeamId, playerName: standingsRows.playerName, teamName: standingsRows.teamName })
    .from(standingsRows)
    .where(and(eq(standingsRows.tournamentId, tournamentId), sql`length(${standingsRows.playerName}) >= 3 AND instr(${text}, ${standingsRows.playerName}) > 0`))
    .limit(50)

/**
 * The data version of each of these tournaments' snapshots, newest first, and whether it has its
 * story: a snapshot written before the league's story existed (decision 131) has no race and is
 * refreshed once more at the same version (an empty table has no race to compute).
 */
export const storedVersionsQuery = (db: Database, tournamentIds: number[]) =>
  db
    .select({
      tournamentId: tournamentSnapshots.tournamentId,
      version: tournamentSnapshots.dataVersion,
      story: sql<number>`${tournamentSnapshots.race} IS NOT NULL OR coalesce(json_extract(${tournamentSnapshots.standingsMeta}, '$.total_members'), 0) = 0`,
    })
    .from(tournamentSnapshots)
    .where(inArray(tournamentSnapshots.tournamentId, tournamentIds))
    .orderBy(...newestFirst)
