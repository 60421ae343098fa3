import { and, count, desc, eq, inArray, isNotNull, isNull, lt, ne, or, type SQLWrapper, sql } from 'drizzle-orm'
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core'
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

export const userByEmail = (db: Database, email: string) => db.query.users.findFirst({ where: eq(users.email, email) })

/** Whether an account holds this FPL team (one account per team: the unique index). */
export async function teamHeld(db: Database, teamId: number): Promise<boolean> {
  return (await db.query.users.findFirst({ where: eq(users.fplTeamId, teamId), columns: { id: true } })) !== undefined
}

/** Whether an account other than `userId` has proven this team is theirs. */
export async function teamProvenByOther(db: Database, teamId: number, userId: number): Promise<boolean> {
  const holder = await db.query.users.findFirst({ where: and(eq(users.fplTeamId, teamId), ne(users.id, userId)), columns: { fplTeamVerifiedAt: true } })
  return Boolean(holder?.fplTeamVerifiedAt)
}

/** A new account: unverified, its team id (if any) a claim until proven. Unique indexes refuse a taken email or team. */
export async function insertUser(db: Database, values: Pick<typeof users.$inferInsert, 'email' | 'name' | 'passwordHash' | 'fplTeamId' | 'fplTeamSeason'>) {
  const [user] = await db.insert(users).values(values).returning()
  return user as UserRow
}

/** Marks an unverified account verified, as a statement to batch with its memberships. */
export const verifyUserStatement = (db: Database, userId: number) =>
  db
    .update(users)
    .set({ isVerified: true, verifiedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.isVerified, false)))

/** Retires every token of the user (a new token version), as a statement to batch with ending the sessions. */
export const bumpTokenVersionStatement = (db: Database, userId: number) =>
  db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId))

/**
 * A new password for a user, or for the users of a subquery, retiring their tokens; returns the
 * rows written. `emailProven`: set through an emailed link, which proves the address too.
 */
export const newPasswordStatement = (db: Database, userIds: number | SQLWrapper, passwordHash: string, emailProven: boolean, now = Date.now()) =>
  db
    .update(users)
    .set({
      passwordHash,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      ...(emailProven ? { isVerified: true, verifiedAt: sql`coalesce(${users.verifiedAt}, ${now})` } : {}),
      updatedAt: new Date(now),
    })
    .where(typeof userIds === 'number' ? eq(users.id, userIds) : inArray(users.id, userIds))
    .returning()

/** The account whose password hash this is, as a subquery: a new hash has a random salt, so it names one account. */
export const userWithPasswordHash = (db: Database, passwordHash: string) => db.select({ id: users.id }).from(users).where(eq(users.passwordHash, passwordHash))

/** A new team id typed in: unproven and unlocked, and the old team's leagues go with it. */
/**
 * The season rollover's part in users (decision 185): each account whose team is of an older
 * season keeps it as last season's and has none linked, as a statement to batch. Columns copy to
 * columns, which the builder's `set` cannot say.
 */
export const endTeamsOfSeasonsBefore = (db: Database, season: string) =>
  db
    .update(users)
    .set({
      previousFplTeamId: sql`${users.fplTeamId}`,
      previousFplTeamSeason: sql`${users.fplTeamSeason}`,
      fplTeamId: null,
      fplTeamSeason: null,
      fplTeamIdLocked: false,
      fplTeamVerifiedAt: null,
      fplLeagueIds: null,
      updatedAt: new Date(),
    })
    .where(and(isNotNull(users.fplTeamId), or(isNull(users.fplTeamSeason), lt(users.fplTeamSeason, season))))

export const setTeamStatement = (db: Database, userId: number, teamId: number, season: string | null) =>
  db
    .update(users)
    .set({ fplTeamId: teamId, fplTeamSeason: season, fplTeamIdLocked: false, fplLeagueIds: null, updatedAt: new Date() })
    .where(eq(users.id, userId))

/** The accounts other than `userId` that hold this team unproven. */
const holdsUnproven = (teamId: number, userId: number) => and(eq(users.fplTeamId, teamId), ne(users.id, userId), isNull(users.fplTeamVerifiedAt))

/** One account's id, as a subquery (where a statement takes the ids of several). */
export const accountById = (db: Database, userId: number) => db.select({ id: users.id }).from(users).where(eq(users.id, userId))

/** The ids of the accounts other than `userId` that hold this team unproven, as a subquery. */
export const unprovenHolders = (db: Database, teamId: number, userId: number) => db.select({ id: users.id }).from(users).where(holdsUnproven(teamId, userId))

/** Takes the team from the accounts other than `userId` that hold it unproven; returns their emails. */
export const releaseTeamStatement = (db: Database, teamId: number, userId: number, at: Date) =>
  db
    .update(users)
    .set({ fplTeamId: null, fplTeamSeason: null, fplTeamIdLocked: false, fplLeagueIds: null, updatedAt: at })
    .where(holdsUnproven(teamId, userId))
    .returning({ email: users.email })

/** Gives the account the team for good (proven and locked), with the FPL leagues it is in. */
export const proveTeamStatement = (db: Database, userId: number, teamId: number, season: string | null, leagueIds: number[], at: Date) =>
  db
    .update(users)
    .set({ fplTeamId: teamId, fplTeamSeason: season, fplTeamVerifiedAt: at, fplTeamIdLocked: true, fplLeagueIds: leagueIds, updatedAt: at })
    .where(eq(users.id, userId))

/** The user's FPL team id once they have proven it is theirs, else null (the session does not carry it). */
export async function provenTeamOf(db: Database, userId: number): Promise<number | null> {
  const row = await db.query.users.findFirst({ where: eq(users.id, userId), columns: { fplTeamId: true, fplTeamVerifiedAt: true } })
  return row?.fplTeamVerifiedAt ? row.fplTeamId : null
}

/** The user's FPL team id, if any. */
export async function teamIdOf(db: Database, userId: number): Promise<number | null> {
  const row = await db.query.users.findFirst({ where: eq(users.id, userId), columns: { fplTeamId: true } })
  return row?.fplTeamId ?? null
}

/** The user's token version (undefined when the account is gone): what retires links signed before. */
export async function tokenVersionOf(db: Database, userId: number): Promise<number | undefined> {
  const row = await db.query.users.findFirst({ where: eq(users.id, userId), columns: { tokenVersion: true } })
  return row?.tokenVersion
}

/** A user's name, as a scalar subquery: `userId` may be a column of the outer query (a tournament's commissioner). */
export const userNameQuery = (db: Database, userId: SQLiteColumn) => db.select({ name: users.name }).from(users).where(eq(users.id, userId))

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

/** The session's user object, kept as `userData` in the browser (decision 181, R1). */
function userPayloadOf(user: UserRow, joinedLeagues: number[]) {
  return {
    id: user.id,
    user_id: user.id,
    name: user.name,
    email: user.email,
    fpl_team_id: user.fplTeamId,
    fpl_team_id_locked: user.fplTeamIdLocked,
    fpl_team_verified: user.fplTeamVerifiedAt !== null,
    // Last season's team, kept by the season rollover (decision 185): shown as last season's, never used.
    previous_fpl_team_id: user.previousFplTeamId,
    previous_fpl_team_season: user.previousFplTeamSeason,
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

/**
 * The season rollover let go of the tournament's FPL league and its commissioner has not renewed it
 * yet (decision 185): the user's leagues and the tournament's page both say so. Here rather than in
 * tournaments.ts, which imports this module (decision 053: no cycles).
 */
export const awaitsRenewal = (t: Pick<typeof tournaments.$inferSelect, 'type' | 'fplLeagueId' | 'endedFplLeagueId'>) =>
  t.type === 'private' && t.fplLeagueId === null && t.endedFplLeagueId !== null

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
  const others = alias(memberships, 'others')
  const query = db
    .select({
      id: tournaments.id,
      name: tournaments.name,
      description: tournaments.description,
      type: tournaments.type,
      isPublic: tournaments.isPublic,
      fplLeagueId: tournaments.fplLeagueId,
      endedFplLeagueId: tournaments.endedFplLeagueId,
      entryFeePence: tournaments.entryFeePence,
      createdAt: tournaments.createdAt,
      commissionerId: tournaments.commissionerId,
      inviteCode: tournaments.inviteCode,
      joinedAt: memberships.joinedAt,
      memberCount: db
        .select({ n: count().as('n') })
        .from(others)
        .where(and(eq(others.tournamentId, tournaments.id), eq(others.status, 'active')))
        .as('member_count'),
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
        awaiting_renewal: awaitsRenewal(t),
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

/** The insert of joinTournaments, to batch with other writes; it returns the tournaments joined now. */
export const joinStatement = (db: Database, userId: number, tournamentIds: readonly number[]) =>
  db
    .insert(memberships)
    .values(tournamentIds.map((tournamentId) => ({ tournamentId, userId })))
    .onConflictDoNothing()
    .returning({ id: memberships.tournamentId })

/** Adds active memberships; existing ones (active or removed by a commissioner) stay as they are. */
export async function joinTournaments(db: Database, userId: number, tournamentIds: number[]): Promise<number[]> {
  if (tournamentIds.length === 0) return []
  const rows = await joinStatement(db, userId, tournamentIds)
  return rows.map((r) => r.id)
}

/** A membership made active, whatever it was before (a commissioner's removal included), as a statement to batch. */
export const activeMembershipUpsert = (db: Database, tournamentId: number, userId: number) =>
  db
    .insert(memberships)
    .values({ tournamentId, userId })
    .onConflictDoUpdate({ target: [memberships.tournamentId, memberships.userId], set: { status: 'active', deactivatedAt: null } })

/**
 * The creator's membership of the tournament just inserted in the same batch, found by its new
 * invite code: it adds nothing when the insert was refused. INSERT ... SELECT fills every column:
 * a new id, active, joined when the tournament was created.
 */
export const creatorMembershipInsert = (db: Database, userId: number, inviteCode: string) =>
  db.insert(memberships).select(
    db
      .select({
        id: sql<null>`NULL`.as('id'),
        tournamentId: tournaments.id,
        userId: sql<number>`${userId}`.as('user_id'),
        status: sql<'active'>`'active'`.as('status'),
        joinedAt: tournaments.createdAt,
        deactivatedAt: sql<null>`NULL`.as('deactivated_at'),
      })
      .from(tournaments)
      .where(eq(tournaments.inviteCode, inviteCode)),
  )

/** The FPL teams of a tournament's members (active or not), as a subquery. */
export const memberTeams = (db: Database, tournamentId: number) =>
  db
    .select({ team: users.fplTeamId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tournamentId, tournamentId), isNotNull(users.fplTeamId)))

/** One user's membership row of one tournament (the table's key). */
const membershipRow = (tournamentId: number, userId: number) => and(eq(memberships.tournamentId, tournamentId), eq(memberships.userId, userId))

/** The user's membership of a tournament (active or removed by its commissioner), if any. */
export const membershipOf = (db: Database, tournamentId: number, userId: number) =>
  db.query.memberships.findFirst({ where: membershipRow(tournamentId, userId) })

/** The status of the user's membership of a tournament, as a subquery (no row: not a member). */
export const membershipStatusQuery = (db: Database, tournamentId: number, userId: number) =>
  db.select({ status: memberships.status }).from(memberships).where(membershipRow(tournamentId, userId)).limit(1)

/** A commissioner removes a member (inactive) or takes them back (active). */
export async function setMembershipStatus(db: Database, tournamentId: number, userId: number, status: 'active' | 'inactive') {
  await db
    .update(memberships)
    .set({ status, deactivatedAt: status === 'inactive' ? new Date() : null })
    .where(membershipRow(tournamentId, userId))
}

/** Deletes the active memberships of `holders` (a subquery of user ids) in the tournaments of `tournamentIds` (a subquery). */
export const leaveTournamentsStatement = (db: Database, holders: SQLWrapper, tournamentIds: SQLWrapper) =>
  db.delete(memberships).where(and(inArray(memberships.userId, holders), eq(memberships.status, 'active'), inArray(memberships.tournamentId, tournamentIds)))

/**
 * The global tournament: the public auto-join one every verified manager is put in at verification
 * (`globalTournamentRow` in tournaments.ts asks the same in SQL; the lists leave it out, decision 181, R10). The
 * dashboard's gameweek panel and the weekly digest both name it through `tableKind` and show it
 * last (decision 166).
 */
const isGlobalTournament = (t: { type: string; autoJoin: boolean }) => t.type === 'public' && t.autoJoin

/** How the gameweek panel and the digest name a tournament a manager is in (contract/my-gameweek.ts). */
export const tableKind = (t: { type: string; autoJoin: boolean }): 'league' | 'global' => (isGlobalTournament(t) ? 'global' : 'league')

/** The verified managers with an FPL team, as a query to batch (the landing page's player count). */
export const playerCountQuery = (db: Database) =>
  db
    .select({ n: sql<number>`count(*)` })
    .from(users)
    .where(and(isNotNull(users.fplTeamId), eq(users.isVerified, true)))

/** Whether the user keeps banter sharing on. */
export async function sharingEnabled(db: Database, userId: number): Promise<boolean> {
  const row = await db.query.users.findFirst({ where: eq(users.id, userId), columns: { banterSharingEnabled: true } })
  return Boolean(row?.banterSharingEnabled)
}

/** The accounts holding these FPL teams, with their sharing setting. */
export const sharingOfTeams = (db: Database, teamIds: number[]) =>
  db.select({ id: users.id, sharing: users.banterSharingEnabled }).from(users).where(inArray(users.fplTeamId, teamIds))

/** The accounts with banter sharing on, as a subquery. */
export const sharingOnUsers = (db: Database) => db.select({ id: users.id }).from(users).where(eq(users.banterSharingEnabled, true))

/** The user's memberships (active and removed), as a query to batch. */
export const membershipsOfUserQuery = (db: Database, userId: number) =>
  db.select({ id: memberships.tournamentId, status: memberships.status }).from(memberships).where(eq(memberships.userId, userId))

/** The user's FPL team and its FPL leagues as last read (null: never read), as a query to batch. */
export const teamAndLeaguesQuery = (db: Database, userId: number) =>
  db.select({ teamId: users.fplTeamId, leagues: users.fplLeagueIds }).from(users).where(eq(users.id, userId))

/** Per tournament of these, its active members and whether `userId` is one of them. */
export async function activeMembersAndMine(db: Database, tournamentIds: number[], userId: number | null) {
  const rows = await db
    .select({
      tournamentId: memberships.tournamentId,
      count: sql<number>`count(*)`,
      mine: sql<number>`max(${memberships.userId} = ${userId ?? -1})`,
    })
    .from(memberships)
    .where(and(eq(memberships.status, 'active'), inArray(memberships.tournamentId, tournamentIds)))
    .groupBy(memberships.tournamentId)
  return new Map(rows.map((m) => [m.tournamentId, m]))
}
