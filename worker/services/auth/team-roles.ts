import { and, eq, inArray, isNotNull, notInArray, type SQLWrapper } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { Database } from '../../db/client'
import { memberships, tournaments, users } from '../../db/schema'
import { ApiError } from '../../lib/errors'

// What an FPL team brings an account, shared by changing a team id (accounts.ts) and proving
// one (team-ownership.ts).

export const teamLocked = () => new ApiError(400, 'Your FPL Team ID is verified and locked.', { code: 'fpl_team_locked' })

/**
 * The statements that take away what an FPL team brought the accounts of `holders` (a subquery of
 * user ids): active memberships and commissioner roles in tournaments of FPL leagues, except the
 * FPL leagues in `keep` (those the account's new team is in). Their public tournament stays.
 */
export function teamRoleStatements(db: Database, holders: SQLWrapper, keep: number[] = []): [BatchItem<'sqlite'>, BatchItem<'sqlite'>] {
  const leagueOnly = and(isNotNull(tournaments.fplLeagueId), keep.length > 0 ? notInArray(tournaments.fplLeagueId, keep) : undefined)
  return [
    db
      .delete(memberships)
      .where(
        and(
          inArray(memberships.userId, holders),
          eq(memberships.status, 'active'),
          inArray(memberships.tournamentId, db.select({ id: tournaments.id }).from(tournaments).where(leagueOnly)),
        ),
      ),
    db
      .update(tournaments)
      .set({ commissionerId: null, updatedAt: new Date() })
      .where(and(inArray(tournaments.commissionerId, holders), leagueOnly)),
  ]
}

export const accountById = (db: Database, userId: number) => db.select({ id: users.id }).from(users).where(eq(users.id, userId))
