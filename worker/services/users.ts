import { and, desc, eq, ne, sql } from 'drizzle-orm'
import { among } from '../db/among'
import { type BatchRead, batchOf, mapRead, rowsOf, runBatch } from '../db/batch'
import type { Database } from '../db/client'
import { memberships, tournaments, users } from '../db/schema'
import { ApiError } from '../lib/errors'
import { fplLeagueSizeColumn } from './snapshot-store'

// Users as the client sees them: the session user object and "my tournaments".

export type UserRow = typeof users.$inferSelect

export const accountNotFound = () => new ApiError(404, 'Account not found', { code: 'user_not_found' })

/** Which of these FPL entries belong to managers who switched banter sharing off: overtake notices and the Gazette never name them. */
export const sharingOffEntriesQuery = (db: Database, entries: readonly number[]) =>
  db
    .select({ entry: users.fplTeamId })
    .from(users)
    .where(and(eq(users.banterSharingEnabled, false), among(users.fplTeamId, entries)))

/** PUT /api/auth/update-display-name. */
export async function updateDisplayName(db: Database, userId: number, name: string) {
  await db.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, userId))
  return { name, message: 'Display name updated successfully!' }
}

/** GET /api/banter/privacy: whether the user's name may appear on others' shared cards. */
export const sharingSettingRead = (db: Database, userId: number) =>
  mapRead(rowsOf(db.select({ enabled: users.banterSharingEnabled }).from(users).where(eq(users.id, userId))), ([user]) => ({
    banter_sharing_enabled: user?.enabled ?? true,
  }))

/** PUT /api/banter/privacy. */
export async function updateSharingSetting(db: Database, userId: number, enabled: boolean) {
  await db.update(users).set({ banterSharingEnabled: enabled, updatedAt: new Date() }).where(eq(users.id, userId))
  return { banter_sharing_enabled: enabled, message: enabled ? 'Sharing enabled' : 'Sharing disabled' }
}

/** GET /api/user-stats: the landing page's count of verified accounts. */
export async function verifiedUserCount(db: Database) {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(users).where(eq(users.isVerified, true))
  return { total_users: row?.n ?? 0 }
}

/**
 * Keeps the FPL classic leagues of a user's team as just read from its FPL entry; only while the
 * team is still theirs (a look-up of someone else's team id changes nothing), and only when they
 * changed (the create dialog checks as the user types: an unchanged list writes no row).
 */
export const rememberTeamLeagues = (db: Database, userId: number, teamId: number, leagueIds: number[]) =>
  db
    .update(users)
    .set({ fplLeagueIds: leagueIds })
    .where(and(eq(users.id, userId), eq(users.fplTeamId, teamId), sql`${users.fplLeagueIds} IS NOT ${JSON.stringify(leagueIds)}`))

export async function findUser(db: Database, id: number): Promise<UserRow> {
  const user = await db.query.users.findFirst({ where: eq(users.id, id) })
  if (!user) throw accountNotFound()
  return user
}

function joinedLeagueIdsRead(db: Database, userId: number) {
  const query = db
    .select({ id: memberships.tournamentId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')))
  return mapRead(rowsOf(query), (rows) => rows.map((r) => r.id))
}

/** The user object of the spec's session (`userData` in the browser). */
function userPayloadOf(user: UserRow, joinedLeagues: number[]) {
  return {
    id: user.id,
    user_id: user.id,
    name: user.name,
    email: user.email,
    fpl_team_id: user.fplTeamId,
    fpl_team_id_locked: user.fplTeamIdLocked,
    fpl_team_verified: user.fplTeamVerifiedAt !== null,
    created_at: user.createdAt.toISOString(),
    is_verified: user.isVerified,
    joined_leagues: joinedLeagues,
    banter_sharing_enabled: user.banterSharingEnabled,
  }
}

export const userPayload = async (db: Database, user: UserRow) => userPayloadOf(user, await runBatch(db, joinedLeagueIdsRead(db, user.id)))

/** A user's profile as one read (GET /api/auth/me); null when the account is gone. */
export function profileRead(db: Database, userId: number) {
  return mapRead(
    batchOf({ user: rowsOf(db.select().from(users).where(eq(users.id, userId)).limit(1)), joined: joinedLeagueIdsRead(db, userId) }),
    ({ user: [user], joined }) => (user ? userPayloadOf(user, joined) : null),
  )
}

type SummaryFields = Pick<typeof tournaments.$inferSelect, 'id' | 'name' | 'description' | 'type' | 'isPublic' | 'fplLeagueId' | 'entryFeePence' | 'createdAt'>

/** A tournament as the invite page and the user's league list describe it. */
export const leagueSummary = (t: SummaryFields, memberCount: number, fplLeagueSize: number | null) => ({
  id: t.id,
  name: t.name,
  description: t.description,
  type: t.type,
  is_public: t.isPublic,
  fpl_league_id: t.fplLeagueId,
  member_count: memberCount,
  // Managers in the FPL league at the last refresh (private tournaments; null before it).
  fpl_league_size: fplLeagueSize,
  entry_fee: t.entryFeePence / 100,
  created_at: t.createdAt.toISOString(),
})

/** The user's active tournaments, without the hidden public auto-join tournament. */
export function userLeaguesRead(db: Database, userId: number) {
  const query = db
    .select({
      id: tournaments.id,
      name: tournaments.name,
      description: tournaments.description,
      type: tournaments.type,
      isPublic: tournaments.isPublic,
      fplLeagueId: tournaments.fplLeagueId,
      entryFeePence: tournaments.entryFeePence,
      createdAt: tournaments.createdAt,
      commissionerId: tournaments.commissionerId,
      inviteCode: tournaments.inviteCode,
      joinedAt: memberships.joinedAt,
      memberCount: sql<number>`(SELECT count(*) FROM memberships AS others WHERE others.tournament_id = "tournaments"."id" AND others.status = 'active')`,
      fplLeagueSize: fplLeagueSizeColumn(),
    })
    .from(memberships)
    .innerJoin(tournaments, eq(tournaments.id, memberships.tournamentId))
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active'), ne(tournaments.type, 'public')))
    .orderBy(desc(memberships.joinedAt))
  return mapRead(rowsOf(query), (rows) =>
    rows.map((t) => {
      const isCommissioner = t.commissionerId === userId
      return {
        ...leagueSummary(t, Number(t.memberCount), t.fplLeagueSize),
        joined_at: t.joinedAt.toISOString(),
        is_commissioner: isCommissioner,
        ...(isCommissioner ? { invite_code: t.inviteCode } : {}),
      }
    }),
  )
}

/** Active members per tournament: of one tournament, or of all of them. */
export function activeMemberCountsRead(db: Database, tournamentId?: number): BatchRead<Map<number, number>> {
  const query = db
    .select({ id: memberships.tournamentId, n: sql<number>`count(*)` })
    .from(memberships)
    .where(and(tournamentId === undefined ? undefined : eq(memberships.tournamentId, tournamentId), eq(memberships.status, 'active')))
    .groupBy(memberships.tournamentId)
  return mapRead(rowsOf(query), (rows) => new Map(rows.map((r) => [r.id, Number(r.n)])))
}

/** Adds active memberships; existing ones (active or removed by a commissioner) stay as they are. */
export async function joinTournaments(db: Database, userId: number, tournamentIds: number[]): Promise<number[]> {
  if (tournamentIds.length === 0) return []
  const rows = await db
    .insert(memberships)
    .values(tournamentIds.map((tournamentId) => ({ tournamentId, userId })))
    .onConflictDoNothing()
    .returning({ id: memberships.tournamentId })
  return rows.map((r) => r.id)
}

/**
 * The global tournament: the public auto-join one every verified manager is put in at verification
 * (`publicTournamentId` below asks the same in SQL; the spec hides it from the lists). The
 * dashboard's gameweek panel and the weekly digest both name it through `tableKind` and show it
 * last (decision 166).
 */
const isGlobalTournament = (t: { type: string; autoJoin: boolean }) => t.type === 'public' && t.autoJoin

/** How the gameweek panel and the digest name a tournament a manager is in (contract/my-gameweek.ts). */
export const tableKind = (t: { type: string; autoJoin: boolean }): 'league' | 'global' => (isGlobalTournament(t) ? 'global' : 'league')

/** The same rule as a query condition: the global tournament's row. */
export const globalTournamentRow = and(eq(tournaments.type, 'public'), eq(tournaments.autoJoin, true))

export async function publicTournamentId(db: Database): Promise<number | null> {
  const row = await db.query.tournaments.findFirst({ where: globalTournamentRow, columns: { id: true } })
  return row?.id ?? null
}
