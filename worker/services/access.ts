import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm'
import { type BatchRead, mapRead, rowsOf } from '../db/batch'
import type { Database } from '../db/client'
import { memberships, tournaments } from '../db/schema'
import type { Bindings } from '../env'
import { ApiError } from '../lib/errors'
import type { SessionUser } from './auth/sessions'

// Who may see and do what in a tournament, decided on the server for every row touched.

export type Tournament = typeof tournaments.$inferSelect

export const leagueNotFound = () => new ApiError(404, 'League not found', { code: 'league_not_found' })

/**
 * A tournament and whether the viewer is one of its active members, as a read that shares the
 * route's batch (see readWithSession); check it with assertReadable before answering.
 */
/** A tournament, or null when there is none with this id. */
export const tournamentRead = (db: Database, id: number): BatchRead<Tournament | null> =>
  mapRead(rowsOf(db.select().from(tournaments).where(eq(tournaments.id, id)).limit(1)), ([t]) => t ?? null)

export function tournamentAccessRead(db: Database, id: number, viewerUserId: number | null): BatchRead<TournamentAccess> {
  if (viewerUserId === null) return mapRead(tournamentRead(db, id), (tournament) => ({ tournament, activeMember: false, removed: false }))
  // The viewer's membership as a subquery of the same statement: one statement fewer in every
  // signed-in read's batch.
  const viewerStatus = sql<string | null>`(${db
    .select({ status: memberships.status })
    .from(memberships)
    .where(and(eq(memberships.tournamentId, id), eq(memberships.userId, viewerUserId)))
    .limit(1)})`.as('viewer_membership_status')
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

export async function loadTournament(db: Database, id: number): Promise<Tournament> {
  const tournament = await db.query.tournaments.findFirst({ where: eq(tournaments.id, id) })
  if (!tournament) throw leagueNotFound()
  return tournament
}

export async function membershipOf(db: Database, tournamentId: number, userId: number) {
  return db.query.memberships.findFirst({ where: and(eq(memberships.tournamentId, tournamentId), eq(memberships.userId, userId)) })
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

/**
 * `assertReadable` for viewers already let in (the live sockets of a tournament): which of these
 * users may still read it. Everyone of an open tournament; a private one's commissioner and active
 * members. `null` stands for a signed-out viewer.
 */
export async function stillReadable(db: Database, tournamentId: number, viewers: ReadonlyArray<number | null>): Promise<Set<number | null>> {
  const tournament = await db.query.tournaments.findFirst({ where: eq(tournaments.id, tournamentId), columns: { type: true, commissionerId: true } })
  if (!tournament) return new Set()
  if (tournament.type !== 'private') return new Set(viewers)
  const ids = viewers.filter((v): v is number => v !== null)
  const members = ids.length
    ? await db
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.tournamentId, tournamentId), eq(memberships.status, 'active'), inArray(memberships.userId, ids)))
    : []
  return new Set([...members.map((m) => m.userId), ...ids.filter((id) => id === tournament.commissionerId)])
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

/** Changing a tournament: its commissioner, or an admin for the curated league. */
export function assertCanManage(env: Pick<Bindings, 'ADMIN_EMAILS'>, tournament: Tournament, user: SessionUser): void {
  if (tournament.type === 'curated_public' ? isAdmin(env, user) : tournament.commissionerId === user.id) return
  throw new ApiError(403, 'Only the commissioner of this league can do that.', { code: 'not_commissioner' })
}
