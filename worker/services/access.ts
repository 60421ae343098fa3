import { and, eq, exists, getTableColumns, gt, ne, or, sql } from 'drizzle-orm'
import { jsonEachElement } from '../db/among'
import { type BatchRead, mapRead, rowsOf } from '../db/batch'
import type { Database } from '../db/client'
import { memberships, sessions, tournaments, users } from '../db/schema'
import type { Bindings } from '../env'
import { ApiError } from '../lib/errors'
import type { SessionUser } from './auth/sessions'
import { SESSION_IDLE_MS } from './auth/tokens'
import { leagueNotFound, type Tournament, tournamentRead } from './tournaments'
import { membershipOf, membershipStatusQuery } from './users'

// Who may see and do what in a tournament, decided on the server for every row touched.

/**
 * A tournament and whether the viewer is one of its active members, as a read that shares the
 * route's batch (see readWithSession); check it with assertReadable before answering.
 */
export function tournamentAccessRead(db: Database, id: number, viewerUserId: number | null): BatchRead<TournamentAccess> {
  if (viewerUserId === null) return mapRead(tournamentRead(db, id), (tournament) => ({ tournament, activeMember: false, removed: false }))
  // The viewer's membership as a subquery of the same statement: one statement fewer in every
  // signed-in read's batch.
  const viewerStatus = membershipStatusQuery(db, id, viewerUserId).as('viewer_membership_status')
  const row = rowsOf(
    db
      .select({ tournament: getTableColumns(tournaments), viewerStatus })
      .from(tournaments)
      .where(eq(tournaments.id, id))
      .limit(1),
  )
  return mapRead(row, ([r]) => ({ tournament: r?.tournament ?? null, activeMember: r?.viewerStatus === 'active', removed: r?.viewerStatus === 'inactive' }))
}

export interface TournamentAccess {
  tournament: Tournament | null
  activeMember: boolean
  /** The commissioner removed the viewer (their membership is inactive). */
  removed: boolean
}

export const isActiveMember = async (db: Database, tournamentId: number, userId: number) => (await membershipOf(db, tournamentId, userId))?.status === 'active'

/** ADMIN_EMAILS: the accounts that administer the curated league. */
export const isAdmin = (env: Pick<Bindings, 'ADMIN_EMAILS'>, user: Pick<SessionUser, 'email'> | null | undefined) =>
  !!user &&
  env.ADMIN_EMAILS.split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)
    .includes(user.email.toLowerCase())

const signInRequired = () => new ApiError(401, 'Please sign in to view this league.', { code: 'not_authenticated' })
const membersOnly = () => new ApiError(403, 'Only members of this league can see this.', { code: 'not_a_member' })

/**
 * Standings, winners and banter of a private tournament are for its active members (and its
 * commissioner); the public and curated tournaments are open to everyone.
 */
export function assertReadable({ tournament, activeMember }: TournamentAccess, user: SessionUser | null): Tournament {
  if (!tournament) throw leagueNotFound()
  if (tournament.type !== 'private') return tournament
  if (!user) throw signInRequired()
  if (tournament.commissionerId !== user.id && !activeMember) throw membersOnly()
  return tournament
}

/** A signed-in socket's viewer: the user, and the session (token id and version) it was opened with. */
export interface SocketSession {
  userId: number
  tokenId: string
  tokenVersion: number
}

// Of the sessions given (a JSON array of [token id, user, token version]), those still current
// (the row not signed out, expired or idle, the version not bumped by a password change or "sign
// out everywhere") whose user may read the tournament; a NULL row when signed-out viewers may.
/**
 * `assertReadable` and the session check for viewers already let in (the live sockets of a
 * tournament): which of these sessions may still read it, by token id; `null` in the answer when
 * a signed-out viewer may (an open tournament). Everyone of an open tournament whose session is
 * current; a private one's commissioner and active members.
 */
export async function stillReadable(db: Database, tournamentId: number, viewers: readonly SocketSession[], now = Date.now()): Promise<Set<string | null>> {
  // One statement and one bound list however many viewers: D1 binds at most 100 parameters.
  const list = JSON.stringify(viewers.map((v) => [v.tokenId, v.userId, v.tokenVersion]))
  const v = db.$with('v').as(
    db
      // Names of their own: drizzle refers to a CTE's columns unqualified, and sessions has a jti and a user_id too.
      .select({
        jti: jsonEachElement<string>(0, 'viewer_jti'),
        userId: jsonEachElement<number>(1, 'viewer_id'),
        version: jsonEachElement<number>(2, 'viewer_token_version'),
      })
      .from(sql`json_each(${list})`),
  )
  const activeMember = db
    .select({ one: sql`1` })
    .from(memberships)
    .where(and(eq(memberships.tournamentId, tournaments.id), eq(memberships.userId, v.userId), eq(memberships.status, 'active')))
  const rows = await db
    .with(v)
    .select({ session: sql<string | null>`${v.jti}` })
    .from(v)
    .innerJoin(tournaments, eq(tournaments.id, tournamentId))
    .innerJoin(users, and(eq(users.id, v.userId), eq(users.tokenVersion, v.version)))
    .innerJoin(
      sessions,
      and(
        eq(sessions.jti, v.jti),
        eq(sessions.userId, v.userId),
        gt(sessions.expiresAt, new Date(now)),
        gt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS)),
      ),
    )
    .where(or(ne(tournaments.type, 'private'), eq(tournaments.commissionerId, v.userId), exists(activeMember)))
    .unionAll(
      db
        .select({ session: sql<string | null>`NULL` })
        .from(tournaments)
        .where(and(eq(tournaments.id, tournamentId), ne(tournaments.type, 'private'))),
    )
  return new Set(rows.map((r) => r.session))
}

/**
 * The wall (reading, posting, liking, reporting): active members of a tournament that has one.
 * The 403's code tells the client which way in to offer: `not_a_member` (join) or
 * `membership_inactive` (removed by the commissioner: no way in).
 */
export function assertCanUseWall({ tournament, activeMember, removed }: TournamentAccess, user: SessionUser): Tournament {
  if (!tournament) throw leagueNotFound()
  if (tournament.type === 'curated_public') throw new ApiError(400, 'Curated tournaments have no community wall.', { code: 'no_wall' })
  if (tournament.commissionerId === user.id || activeMember) return tournament
  if (removed) throw new ApiError(403, "The league's commissioner removed you from this league.", { code: 'membership_inactive' })
  throw membersOnly()
}

export const adminCheck = (env: Pick<Bindings, 'ADMIN_EMAILS'>, t: Tournament, user: SessionUser) => ({
  has_admin_access: t.type === 'curated_public' && isAdmin(env, user),
})

/** Changing a tournament: its commissioner, or an admin for the curated league. */
export function assertCanManage(env: Pick<Bindings, 'ADMIN_EMAILS'>, tournament: Tournament, user: SessionUser): void {
  if (tournament.type === 'curated_public' ? isAdmin(env, user) : tournament.commissionerId === user.id) return
  throw new ApiError(403, 'Only the commissioner of this league can do that.', { code: 'not_commissioner' })
}
