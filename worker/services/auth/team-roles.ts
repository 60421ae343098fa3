import type { SQLWrapper } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { Database } from '../../db/client'
import { ApiError } from '../../lib/errors'
import { dropCommissionerRolesStatement, leagueTournamentIds } from '../tournaments'
import { leaveTournamentsStatement } from '../users'

// What an FPL team brings an account, shared by changing a team id (accounts.ts) and proving
// one (team-ownership.ts).

export const teamLocked = () => new ApiError(400, 'Your FPL Team ID is verified and locked.', { code: 'fpl_team_locked' })

/**
 * The statements that take away what an FPL team brought the accounts of `holders` (a subquery of
 * user ids): active memberships and commissioner roles in tournaments of FPL leagues, except the
 * FPL leagues in `keep` (those the account's new team is in). Their public tournament stays.
 */
export function teamRoleStatements(db: Database, holders: SQLWrapper, keep: number[] = []): [BatchItem<'sqlite'>, BatchItem<'sqlite'>] {
  return [leaveTournamentsStatement(db, holders, leagueTournamentIds(db, keep)), dropCommissionerRolesStatement(db, holders, keep)]
}
