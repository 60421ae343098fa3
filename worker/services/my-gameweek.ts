import { and, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import type { LiveStandingRow, LiveStatus } from '../../contract/live'
import { type MyGameweekAnswer, type MyGameweekLeague, type MyGameweekNeighbour, orderMyLeagues } from '../../contract/my-gameweek'
import { type BatchRead, batchOf, rowsOf } from '../db/batch'
import type { Database } from '../db/client'
import { type GameweekStatus, memberships, standingsRows, tournamentSnapshots, tournaments, users } from '../db/schema'
import type { Bindings } from '../env'
import { type FeedHead, feedHeadRead } from './live/feed'
import { livePage, tableVersionOf } from './live/page-cache'
import { isNewestSnapshot, snapshotTotalMembers } from './snapshot-store'
import { tableKind } from './users'

// GET /api/me/gameweek: where the manager stands this gameweek in every table they are in, read
// from what the league screens read (decision 166). Never FPL: while a gameweek is played, each
// league's live table through the `/live` pages kept at the edge (the tournament's hub on a miss);
// otherwise the stored standings rows. Everything else is one D1 batch, with the session check.

/** A tournament the manager is an active member of, with its stored table's key and size. */
interface MyTable {
  id: number
  name: string
  type: string
  autoJoin: boolean
  gameweek: number | null
  status: GameweekStatus | null
  revision: number | null
  totalMembers: number | null
}

/** A stored standings row of one of those tables: the manager's own (`mine`) or a neighbour's. */
interface StoredNeighbourhoodRow {
  tournamentId: number
  position: number
  fplTeamId: number
  teamName: string
  playerName: string
  totalPoints: number
  gameweekPoints: number
  rank: number
  lastRank: number | null
  mine: number
}

export interface MyGameweekRead {
  tables: MyTable[]
  feed: FeedHead | null
  stored: StoredNeighbourhoodRow[]
}

/**
 * Three statements whatever the number of leagues: the active memberships with each table's latest
 * stored key (the snapshot row the `/live` cache key and the standings read), the live feed's head,
 * and the manager's own stored row with the rows just above and below it, in every table at once.
 */
export function myGameweekRead(db: Database, userId: number): BatchRead<MyGameweekRead> {
  const tables = db
    .select({
      id: tournaments.id,
      name: tournaments.name,
      type: tournaments.type,
      autoJoin: tournaments.autoJoin,
      gameweek: tournamentSnapshots.gameweek,
      status: tournamentSnapshots.gameweekStatus,
      revision: tournamentSnapshots.revision,
      totalMembers: snapshotTotalMembers,
    })
    .from(memberships)
    .innerJoin(tournaments, eq(tournaments.id, memberships.tournamentId))
    // The tournament's current snapshot (one primary-key read per table).
    .leftJoin(tournamentSnapshots, and(eq(tournamentSnapshots.tournamentId, tournaments.id), isNewestSnapshot(db, tournaments.id)))
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')))
  const me = alias(standingsRows, 'me')
  const near = alias(standingsRows, 'near')
  const stored = db
    .select({
      tournamentId: near.tournamentId,
      position: near.position,
      fplTeamId: near.fplTeamId,
      teamName: near.teamName,
      playerName: near.playerName,
      totalPoints: near.totalPoints,
      gameweekPoints: near.gameweekPoints,
      rank: near.rank,
      lastRank: near.lastRank,
      mine: eq(near.fplTeamId, me.fplTeamId).mapWith(Number),
    })
    .from(memberships)
    .innerJoin(
      me,
      and(eq(me.tournamentId, memberships.tournamentId), eq(me.fplTeamId, db.select({ team: users.fplTeamId }).from(users).where(eq(users.id, userId)))),
    )
    // A fragment: drizzle has no arithmetic for the bounds (one place either side of the manager's).
    .innerJoin(near, and(eq(near.tournamentId, me.tournamentId), sql`${near.position} BETWEEN ${me.position} - 1 AND ${me.position} + 1`))
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')))
  return batchOf({ tables: rowsOf(tables), feed: feedHeadRead(db), stored: rowsOf(stored) })
}

/**
 * Whether a table is read live: its gameweek is being played (the feed says live or finished), or
 * FPL has checked it but this table's checked rows are not stored yet (its live table is then still
 * the projection, as its Live tab shows). Before the first kick-off and once checked and stored, the
 * stored table is the truth.
 */
function readLive(feed: FeedHead | null, table: MyTable): feed is FeedHead {
  if (!feed || table.gameweek === null) return false
  if (feed.status === 'live' || feed.status === 'finished') return true
  return feed.status === 'checked' && !(table.gameweek === feed.gameweek && table.status === 'checked')
}

const neighbour = (row: { fpl_team_id: number; player_name: string; team_name: string }, gap: number): MyGameweekNeighbour => ({
  fpl_team_id: row.fpl_team_id,
  player_name: row.player_name,
  team_name: row.team_name,
  gap: Math.abs(gap),
})

interface Standing {
  league: MyGameweekLeague
  /** The manager's gameweek points in this table; null when he has no row (or his team is still loading). */
  points: number | null
  gameweek: number | null
  status: LiveStatus | null
}

type LiveDeps = Parameters<typeof livePage>[0]

/**
 * The manager's place in a league's live table, as its Live tab shows it: the `/live` answer's own
 * place (`current_user_position`: the live rank, or FPL's rank in a table that keeps only some rows of
 * a big league), read a row at a time from the pages kept at the edge (the viewer's row and the two
 * around it).
 */
async function liveStanding(deps: LiveDeps, table: MyTable, feed: FeedHead, teamId: number, base: MyGameweekLeague): Promise<Standing> {
  const version = tableVersionOf(feed, { gameweek: table.gameweek as number, status: table.status as GameweekStatus, revision: table.revision as number })
  const page = (n: number) => livePage(deps, table.id, version, { page: n, limit: 1, search: null }, teamId)
  const first = await page(1)
  const at = first.current_user_page
  const state = { gameweek: first.gameweek, status: first.status }
  if (at === null) return { league: base, points: null, ...state }
  const last = first.pagination_metadata.total_pages
  const [above, own, below] = await Promise.all([at > 1 ? page(at - 1) : null, at === 1 ? first : page(at), at < last ? page(at + 1) : null])
  const row = own.standings[0] as LiveStandingRow
  const rowOf = (answer: typeof first | null) => answer?.standings[0] ?? null
  const up = rowOf(above)
  const down = rowOf(below)
  const complete = first.scope.complete
  return {
    league: {
      ...base,
      rank: own.current_user_position,
      of: complete ? first.pagination_metadata.total_members : first.scope.league_size,
      // A place among the kept rows of a big league is not a league place: no movement there.
      movement: complete && row.last_rank !== null ? row.last_rank - row.live_rank : null,
      total_points: row.live_total,
      above: up && neighbour(up, up.live_total - row.live_total),
      below: down && neighbour(down, row.live_total - down.live_total),
    },
    points: row.team_status === 'loading' ? null : row.live_points,
    ...state,
  }
}

/** The manager's place in a league's stored table, as its Standings tab shows it (the stored rank). */
function storedStanding(table: MyTable, rows: StoredNeighbourhoodRow[], base: MyGameweekLeague): Standing {
  const state = { gameweek: table.gameweek, status: table.status }
  const own = rows.find((r) => r.mine)
  if (!own) return { league: base, points: null, ...state }
  const at = (position: number) => rows.find((r) => r.position === position)
  const contractRow = (r: StoredNeighbourhoodRow) => ({ fpl_team_id: r.fplTeamId, player_name: r.playerName, team_name: r.teamName })
  const up = at(own.position - 1)
  const down = at(own.position + 1)
  return {
    league: {
      ...base,
      rank: own.rank,
      movement: own.lastRank === null ? null : own.lastRank - own.rank,
      total_points: own.totalPoints,
      above: up ? neighbour(contractRow(up), up.totalPoints - own.totalPoints) : null,
      below: down ? neighbour(contractRow(down), own.totalPoints - down.totalPoints) : null,
    },
    points: own.gameweekPoints,
    ...state,
  }
}

/** The panel's answer from the batch read with the session, and the live tables of the leagues being played. */
export async function myGameweek(
  deps: { env: Pick<Bindings, 'LIVE_HUB'>; background: (work: Promise<unknown>) => void; now?: number },
  fplTeamId: number | null,
  { tables, feed, stored }: MyGameweekRead,
): Promise<MyGameweekAnswer> {
  const now = deps.now ?? Date.now()
  const standings = await Promise.all(
    tables.map((table): Standing | Promise<Standing> => {
      const base: MyGameweekLeague = {
        tournament_id: table.id,
        name: table.name,
        kind: tableKind(table),
        rank: null,
        of: table.totalMembers ?? 0,
        movement: null,
        total_points: null,
        above: null,
        below: null,
      }
      if (fplTeamId === null) return { league: base, points: null, gameweek: table.gameweek, status: table.status }
      if (readLive(feed, table)) return liveStanding(deps, table, feed, fplTeamId, base)
      return storedStanding(
        table,
        stored.filter((r) => r.tournamentId === table.id),
        base,
      )
    }),
  )
  // The gameweek being played (as a live table states it) when a table is read live; otherwise the newest stored one.
  const playing = tables.map((table) => readLive(feed, table))
  const newest = standings.filter((s) => s.gameweek !== null).sort((a, b) => (b.gameweek as number) - (a.gameweek as number))[0]
  const lead = feed && playing.includes(true) ? (standings.find((_, i) => fplTeamId !== null && playing[i]) ?? feed) : newest
  const gameweek = lead?.gameweek ?? feed?.gameweek ?? null
  const status = lead?.status ?? feed?.status ?? null
  const scored = standings.filter((s) => s.points !== null && s.gameweek === gameweek)
  return {
    gameweek,
    status,
    provisional: status !== null && status !== 'checked',
    points: scored[0]?.points ?? null,
    next_deadline: feed?.next_deadline && feed.next_deadline > now ? { gameweek: feed.gameweek + 1, at: new Date(feed.next_deadline).toISOString() } : null,
    leagues: orderMyLeagues(standings.map((s) => s.league)),
    updated_at: new Date(now).toISOString(),
  }
}
