import { and, eq, notInArray, type SQL } from 'drizzle-orm'
import { batchOf, mapRead, rowsOf } from '../db/batch'
import type { Database } from '../db/client'
import { memberships, standingsRows, users } from '../db/schema'
import type { FplSource } from '../fpl/source'
import { ApiError } from '../lib/errors'
import type { SessionUser } from './auth/sessions'
import { orUnavailable } from './fpl-lookup'
import { inviteUrl } from './invites'
import { fplLeagueSizeOf, latestSnapshotRead, type SnapshotView } from './snapshot-store'
import { addCuratedTeamRow, removeCuratedTeamRow, renewInviteCode, type Tournament, updateTournamentSettings } from './tournaments'
import { memberTeams, setMembershipStatus } from './users'

// The commissioner screen: invite link, members (kick and reactivate), settings; and the
// curated league's team list for its admins. Callers have checked assertCanManage.

export function inviteLink(appUrl: string, t: Tournament) {
  if (!t.inviteCode) throw new ApiError(400, 'This league has no invite link.', { code: 'no_invite' })
  return { invite_url: inviteUrl(appUrl, t.inviteCode), invite_code: t.inviteCode }
}

/** A new code at once; the old link stops working in the same statement. */
export async function regenerateInvite(db: Database, appUrl: string, t: Tournament) {
  const code = await renewInviteCode(db, t.id)
  return { invite_url: inviteUrl(appUrl, code), invite_code: code, message: 'New invite link generated!' }
}

/**
 * The FPL teams of the tournament's latest table, team id → team name: a member whose team is
 * no longer there has left the FPL league (and cannot be reactivated until they rejoin it).
 */
// Members with their team's name in the stored table (through the team index, not the whole
// table): a team found there is in the FPL league.
const membersWithTeams = (db: Database, where: SQL | undefined) =>
  db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      team: users.fplTeamId,
      previousTeam: users.previousFplTeamId,
      teamVerifiedAt: users.fplTeamVerifiedAt,
      status: memberships.status,
      joinedAt: memberships.joinedAt,
      teamName: standingsRows.teamName,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(standingsRows, and(eq(standingsRows.tournamentId, memberships.tournamentId), eq(standingsRows.fplTeamId, users.fplTeamId)))
    .where(where)

type MemberWithTeam = Awaited<ReturnType<typeof membersWithTeams>>[number]

// A table read mid-gameweek can list a team twice (ranks moved between two page fetches).
const onePerUser = (rows: MemberWithTeam[]) => [...new Map(rows.map((r) => [r.userId, r])).values()]

/**
 * The FPL league's managers listed as not joined, at most: the commissioner sends one link to the
 * league's group chat, so the top of the table names whom to nudge and a count says the rest
 * (decision 084). One FPL standings page.
 */
export const NOT_JOINED_SHOWN = 50

/**
 * The stored table's first managers, by position, whose team is no member's: the members' teams
 * are one list SQLite builds once (NOT IN), and the scan stops after the rows it returns. A kicked
 * member is not "not joined": they are listed as inactive.
 */
const notJoinedQuery = (db: Database, tournamentId: number) =>
  db
    .select({ fpl_team_id: standingsRows.fplTeamId, player_name: standingsRows.playerName, team_name: standingsRows.teamName, rank: standingsRows.rank })
    .from(standingsRows)
    .where(and(eq(standingsRows.tournamentId, tournamentId), notInArray(standingsRows.fplTeamId, memberTeams(db, tournamentId))))
    .orderBy(standingsRows.position)
    .limit(NOT_JOINED_SHOWN)

type NotJoinedRow = Awaited<ReturnType<typeof notJoinedQuery>>[number]

/** The commissioner's member list (active and removed) and the FPL league's managers not joined, as one read that can share a batch. */
export function membersRead(db: Database, tournamentId: number) {
  const members = mapRead(rowsOf(membersWithTeams(db, eq(memberships.tournamentId, tournamentId)).orderBy(users.name)), onePerUser)
  return batchOf({ members, standings: latestSnapshotRead(db, tournamentId, 'standingsMeta'), notJoined: rowsOf(notJoinedQuery(db, tournamentId)) })
}

export function membersView(
  t: Tournament,
  { members: rows, standings: snapshot, notJoined }: { members: MemberWithTeam[]; standings: SnapshotView | null; notJoined: NotJoinedRow[] },
) {
  const seasonStatus = seasonStatusOf(t, rows)
  const member = (r: MemberWithTeam) => {
    const teamValid = r.team !== null && r.teamName !== null
    return {
      id: r.userId,
      name: r.name,
      email: r.email,
      fpl_team_id: r.team,
      // Whether the member proved the team is theirs (a typed id proves nothing).
      fpl_team_verified: r.teamVerifiedAt !== null,
      team_name: r.teamName,
      is_commissioner: r.userId === t.commissionerId,
      team_valid: teamValid,
      can_reactivate: r.status === 'inactive' && teamValid,
      joined_at: r.joinedAt.toISOString(),
      season_status: seasonStatus(r),
    }
  }
  return {
    // The season of the FPL league the tournament follows; null while it waits for renewal (decision 185).
    fpl_season: t.fplLeagueId === null ? null : t.fplSeason,
    active_members: rows.filter((r) => r.status === 'active').map(member),
    inactive_members: rows.filter((r) => r.status === 'inactive').map(member),
    ...notJoinedView(t, rows, snapshot, notJoined),
  }
}

/**
 * Where a member stands after FPL's relaunch (decision 185), so that no one leaves the league
 * unseen: `relink` while the rollover left them no team, `not_in_league` when their team is not in
 * the table of the league the tournament follows this season. Until that league's first refresh
 * (none before GW1) the stored table is last season's, where no new team is: the commissioner's
 * team, which the renewal found in the new league, tells which table it is.
 */
function seasonStatusOf(t: Tournament, rows: MemberWithTeam[]) {
  const tableOfThisSeason =
    t.type === 'private' && t.fplLeagueId !== null && t.fplSeason !== null && rows.some((r) => r.userId === t.commissionerId && r.teamName !== null)
  return (r: MemberWithTeam): 'relink' | 'not_in_league' | null => {
    if (r.team === null) return r.previousTeam === null ? null : 'relink'
    return tableOfThisSeason && r.teamName === null ? 'not_in_league' : null
  }
}

/**
 * The FPL league's size at the last refresh and its managers who have no membership here: null
 * for tournaments without an FPL league and before the first refresh. The total is the league's
 * size less the members whose team is in it, so it covers a big league's unstored pages too.
 */
function notJoinedView(t: Tournament, members: MemberWithTeam[], snapshot: SnapshotView | null, rows: NotJoinedRow[]) {
  const size = fplLeagueSizeOf(t.type, snapshot)
  if (size === null) return { fpl_league_size: null, not_joined: null }
  const joinedTeams = new Set(members.filter((m) => m.team !== null && m.teamName !== null).map((m) => m.team))
  // A table read mid-gameweek can list a team twice.
  const managers = [...new Map(rows.map((r) => [r.fpl_team_id, r])).values()]
  return { fpl_league_size: size, not_joined: { total: Math.max(size - joinedTeams.size, managers.length), managers } }
}

async function memberRow(db: Database, t: Tournament, userId: number) {
  const [row] = await membersWithTeams(db, and(eq(memberships.tournamentId, t.id), eq(memberships.userId, userId))).limit(1)
  if (!row) throw new ApiError(404, 'This user is not a member of the league.', { code: 'member_not_found' })
  return row
}

export async function kickMember(db: Database, t: Tournament, userId: number) {
  if (userId === t.commissionerId) throw new ApiError(400, 'The commissioner cannot be removed from the league.', { code: 'commissioner' })
  const member = await memberRow(db, t, userId)
  if (member.status === 'inactive') return { message: `${member.name} is already inactive.` }
  await setMembershipStatus(db, t.id, userId, 'inactive')
  return { message: `${member.name} has been removed from the league.` }
}

export async function reactivateMember(db: Database, t: Tournament, userId: number) {
  const member = await memberRow(db, t, userId)
  if (member.status === 'active') return { message: `${member.name} is already active.` }
  if (member.team === null || member.teamName === null) throw new ApiError(400, 'User must rejoin FPL league first', { code: 'team_not_in_league' })
  await setMembershipStatus(db, t.id, userId, 'active')
  return { message: `${member.name} has been reactivated.` }
}

export async function updateSettings(db: Database, t: Tournament, input: { name: string; description: string; is_public: boolean }) {
  const updated = await updateTournamentSettings(db, t.id, { name: input.name, description: input.description, isPublic: input.is_public })
  return {
    message: 'League settings updated successfully!',
    league: { id: updated.id, name: updated.name, description: updated.description, is_public: updated.isPublic },
  }
}

// A private league's commissioner passes assertCanManage too; without this, they could plant any
// FPL team in their league's refresh (extra FPL reads, strangers in its banter stats).
function assertCurated(t: Tournament) {
  if (t.type !== 'curated_public') throw new ApiError(400, 'Only the curated league has curated teams.', { code: 'not_curated' })
}

export async function addCuratedTeam(db: Database, source: FplSource, t: Tournament, admin: SessionUser, teamId: number) {
  assertCurated(t)
  const entry = await orUnavailable(
    async () => {
      const { state } = await source.state()
      return (await source.entry(teamId, state)).data
    },
    () => {
      throw new ApiError(400, 'FPL team not found. Please check the team ID.', { code: 'fpl_team_not_found' })
    },
  )
  const added = await addCuratedTeamRow(db, {
    tournamentId: t.id,
    fplTeamId: teamId,
    teamName: entry.name,
    playerName: `${entry.player_first_name} ${entry.player_last_name}`.trim(),
    addedBy: admin.id,
  })
  if (!added) throw new ApiError(409, 'This team is already in the curated league.', { code: 'duplicate_team' })
  return { message: `${entry.name} added to ${t.name}.`, fpl_team_id: teamId, team_name: entry.name }
}

export async function removeCuratedTeam(db: Database, t: Tournament, teamId: number) {
  assertCurated(t)
  if (!(await removeCuratedTeamRow(db, t.id, teamId))) throw new ApiError(404, 'This team is not in the curated league.', { code: 'team_not_found' })
  return { message: 'Team removed from the curated league.' }
}
