import { batchOf, runBatch } from '../db/batch'
import type { Database } from '../db/client'
import type { FplSource } from '../fpl/source'
import { ApiError } from '../lib/errors'
import { ownTeamInLeague } from './fpl-lookup'
import { fplLeagueSizeOf, latestSnapshotRead } from './snapshot-store'
import { tournamentByInviteCode } from './tournaments'
import { activeMemberCountsRead, joinTournaments, leagueSummary, membershipOf, teamIdOf } from './users'

// Invite links: /join/{inviteCode}. Codes are random; regenerating one invalidates the old.

/** The invite link of a code, on the app's public origin (never the request's Host). */
export const inviteUrl = (appUrl: string, code: string) => new URL(`/join/${code}`, appUrl).toString()

const invalidInvite = () => new ApiError(404, 'Invalid invite link', { code: 'invalid_invite' })

export async function byInviteCode(db: Database, code: string) {
  const tournament = await tournamentByInviteCode(db, code)
  if (tournament?.type !== 'private') throw invalidInvite()
  return tournament
}

export async function inviteLeague(db: Database, code: string) {
  const t = await byInviteCode(db, code)
  const { members, snapshot } = await runBatch(
    db,
    batchOf({ members: activeMemberCountsRead(db, t.id), snapshot: latestSnapshotRead(db, t.id, 'standingsMeta') }),
  )
  return leagueSummary(t, members.get(t.id) ?? 0, fplLeagueSizeOf(t.type, snapshot))
}

/** Joining a private tournament needs an FPL team in its FPL league. */
export async function joinByInvite(db: Database, source: FplSource, userId: number, code: string) {
  const t = await byInviteCode(db, code)
  const membership = await membershipOf(db, t.id, userId)
  if (membership?.status === 'active') return { message: "You're already a member of this league.", league_id: t.id }
  if (membership?.status === 'inactive') {
    throw new ApiError(403, "The league's commissioner removed you from this league. Ask them to reactivate you.", { code: 'membership_inactive' })
  }
  const teamId = await teamIdOf(db, userId)
  if (!teamId) throw new ApiError(400, 'Add your FPL Team ID on your dashboard first, then join.', { code: 'no_fpl_team' })
  if (t.fplLeagueId) {
    if (!(await ownTeamInLeague(db, source, userId, teamId, t.fplLeagueId))) {
      throw new ApiError(400, "Your FPL team isn't in this league's FPL league yet. Join it on the FPL site first, then try again.", {
        code: 'team_not_in_league',
      })
    }
  }
  await joinTournaments(db, userId, [t.id])
  return { message: 'Successfully joined the league!', league_id: t.id }
}
