import { and, eq, isNotNull, not } from 'drizzle-orm'
import { LOW_PROFILE } from '../../../contract/gazette'
import type { LiveStandingRow } from '../../../contract/live'
import type { Database } from '../../db/client'
import { memberships, tournaments, users } from '../../db/schema'
import type { LiveFixture } from '../../fpl/live/gameweek'
import { notifyUsers } from '../notifications/announce'
import type { NotifySender } from '../notifications/messages'
import { overtakenNotice } from '../notifications/notices'
import { hasMuted } from '../notifications/preferences'
import { hasDevice } from '../notifications/subscriptions'
import { tournamentNameQuery } from '../tournaments'
import { sharingOffEntriesQuery } from '../users'

// "You were overtaken by a rival in the live table": the live hub compares each new live table
// with the one before and tells a member (with a device, who has not muted it) who passed them.
// One push names the rival now closest above; its key (league, gameweek, window, rival) means a
// rival is told at most once per match window, and the 15-minute cap keeps a busy window quiet.
// A manager whose picks are still loading has no live total yet: he neither overtakes nor is
// overtaken until his team is known (decision 141), and his placeholder place is never kept to compare.

/** A live row as the comparison reads it. */
type RankedRow = Pick<LiveStandingRow, 'fpl_team_id' | 'player_name' | 'live_rank'> & Partial<Pick<LiveStandingRow, 'team_status'>>

const known = (row: RankedRow) => row.team_status !== 'loading'

/** The ranks of a live table worth comparing with the next one (the hub keeps them between alerts). */
export const comparableRanks = (rows: readonly RankedRow[]): [entry: number, rank: number][] => rows.filter(known).map((r) => [r.fpl_team_id, r.live_rank])

export interface Overtake {
  entry: number
  rank: number
  rival: { entry: number; name: string }
}

/**
 * The members overtaken between two tables: a rival who was ranked below them and is now ranked
 * above (a tie is not an overtake). `previous` maps entries to their earlier live rank.
 */
export function overtakes(previous: ReadonlyMap<number, number>, table: readonly RankedRow[], members: Iterable<number>): Overtake[] {
  const rows = table.filter(known)
  const byEntry = new Map(rows.map((row) => [row.fpl_team_id, row]))
  const found: Overtake[] = []
  for (const entry of members) {
    const now = byEntry.get(entry)
    const before = previous.get(entry)
    if (!now || before === undefined) continue
    const passers = rows.filter((r) => r.live_rank < now.live_rank && (previous.get(r.fpl_team_id) ?? 0) > before)
    const closest = passers.reduce<(typeof passers)[number] | undefined>((best, r) => (!best || r.live_rank > best.live_rank ? r : best), undefined)
    if (closest) found.push({ entry, rank: now.live_rank, rival: { entry: closest.fpl_team_id, name: closest.player_name } })
  }
  return found
}

/** The match window in play: the first kick-off among the fixtures being played, null between windows. */
export function matchWindow(fixtures: readonly Pick<LiveFixture, 'kickoff_time' | 'started' | 'finished_provisional'>[]): string | null {
  const kickoffs = fixtures.filter((f) => f.started && !f.finished_provisional && f.kickoff_time).map((f) => f.kickoff_time as string)
  return kickoffs.length ? ([...kickoffs].sort()[0] ?? null) : null
}

/** Tournaments worth comparing: private leagues with a member who has a device and has not muted overtakes. */
export async function alertedTournaments(db: Database): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: memberships.tournamentId })
    .from(memberships)
    .innerJoin(tournaments, and(eq(tournaments.id, memberships.tournamentId), eq(tournaments.type, 'private')))
    .where(and(eq(memberships.status, 'active'), hasDevice(db, memberships.userId), not(hasMuted(db, 'overtaken', memberships.userId))))
  return rows.map((r) => r.id)
}

/** The live ranks of the last table a hub compared, kept across the hub's evictions. */
export interface RanksKept {
  gameweek: number
  ranks: [entry: number, rank: number][]
}

export const ranksKept = (live: { gameweek: number; rows: readonly RankedRow[] }): RanksKept => ({ gameweek: live.gameweek, ranks: comparableRanks(live.rows) })

/**
 * A hub's news of a new feed for a league whose members want to hear of overtakes: compare its
 * live table with the one of the previous news (`before`) and queue a push for each member passed
 * by a rival, only inside a match window and never on the first table of a gameweek (there is
 * nothing to compare with) nor on a checked one. Answers how many members were told.
 */
export async function overtakesSince(
  deps: { db: Database; queue: NotifySender },
  tournamentId: number,
  before: RanksKept | undefined,
  live: { gameweek: number; status: string; rows: readonly RankedRow[] },
  window: string | null,
): Promise<number> {
  if (window === null || before?.gameweek !== live.gameweek || live.status === 'checked') return 0
  return notifyOvertakes(deps, { id: tournamentId, gameweek: live.gameweek, window }, new Map(before.ranks), live.rows)
}

/** The league's members who could be told: an active member with a team and a device. */
const alertedMembers = (db: Database, tournamentId: number) =>
  db
    .select({ user_id: users.id, entry: users.fplTeamId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tournamentId, tournamentId), eq(memberships.status, 'active'), isNotNull(users.fplTeamId), hasDevice(db, users.id)))

/** Queues the overtakes of one new live table; answers how many members were told. */
export async function notifyOvertakes(
  deps: { db: Database; queue: NotifySender },
  league: { id: number; gameweek: number; window: string },
  previous: ReadonlyMap<number, number>,
  rows: readonly RankedRow[],
  now = Date.now(),
): Promise<number> {
  const { db } = deps
  const members = await alertedMembers(db, league.id)
  const userOf = new Map(members.map((m) => [m.entry as number, m.user_id]))
  const found = overtakes(previous, rows, userOf.keys())
  if (found.length === 0) return 0
  const [hidden, name] = await db.batch([
    sharingOffEntriesQuery(
      db,
      found.map((o) => o.rival.entry),
    ),
    tournamentNameQuery(db, league.id),
  ])
  const lowProfile = new Set(hidden.map((r) => r.entry))
  const leagueName = name[0]?.name ?? 'Your league'
  await notifyUsers(
    deps,
    found.map((o) => ({
      userId: userOf.get(o.entry) as number,
      notice: overtakenNotice(
        { id: league.id, name: leagueName },
        league.gameweek,
        league.window,
        { entry: o.rival.entry, name: lowProfile.has(o.rival.entry) ? capitalised(LOW_PROFILE) : o.rival.name },
        o.rank,
        now,
      ),
    })),
  )
  return found.length
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
