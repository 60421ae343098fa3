import { and, eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { memberships, tournaments } from '../db/schema'
import type { Bindings } from '../env'
import type { SessionUser } from '../lib/auth'
import { ApiError } from '../lib/errors'

// Who may see and do what in a tournament, decided on the server for every row touched.

export type Tournament = typeof tournaments.$inferSelect

export async function loadTournament(db: Database, id: number): Promise<Tournament> {
  const tournament = await db.query.tournaments.findFirst({ where: eq(tournaments.id, id) })
  if (!tournament) throw new ApiError(404, 'League not found', { code: 'league_not_found' })
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
 * Standings, winners, banter and the wall of a private tournament are for its members (and
 * its commissioner); the public and curated tournaments are open to everyone.
 */
export async function assertCanRead(db: Database, tournament: Tournament, user: SessionUser | null | undefined): Promise<void> {
  if (tournament.type !== 'private') return
  if (!user) throw signInRequired()
  if (tournament.commissionerId === user.id) return
  if (!(await isActiveMember(db, tournament.id, user.id))) throw membersOnly()
}

/** Posting, liking and reporting: active members of a tournament that has a wall. */
export async function assertCanUseWall(db: Database, tournament: Tournament, user: SessionUser): Promise<void> {
  if (tournament.type === 'curated_public') throw new ApiError(400, 'Curated tournaments have no community wall.', { code: 'no_wall' })
  if (tournament.commissionerId === user.id) return
  if (!(await isActiveMember(db, tournament.id, user.id))) throw membersOnly()
}

/** Changing a tournament: its commissioner, or an admin for the curated league. */
export function assertCanManage(env: Pick<Bindings, 'ADMIN_EMAILS'>, tournament: Tournament, user: SessionUser): void {
  if (tournament.type === 'curated_public' ? isAdmin(env, user) : tournament.commissionerId === user.id) return
  throw new ApiError(403, 'Only the commissioner of this league can do that.', { code: 'not_commissioner' })
}
