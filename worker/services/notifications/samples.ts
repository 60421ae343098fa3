import { and, eq } from 'drizzle-orm'
import type { NotificationType } from '../../../contract/notifications'
import { runBatch } from '../../db/batch'
import type { Database } from '../../db/client'
import { memberships, tournaments } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import { latestSnapshotRead } from '../snapshot-store'
import { userByEmail } from '../users'
import { type Notifier, notifyUsers } from './announce'
import { deadlineNotice, gazetteNotice, likeNotice, managerOfTheMonthNotice, memberJoinedNotice, overtakenNotice } from './notices'
import type { Notice } from './rules'

// Development only (POST /api/dev/notify): a notice of each type about the user's first league,
// in the real wording, to see it arrive on a device without waiting for a deadline or a goal.
// Each sample is a new event; the user's mutes, quiet hours and the 15-minute cap still apply.

/** Queues a sample notice of `type` for the user with this email (as typed: case and spaces aside); answers the notice. */
export async function queueSampleNotice(notifier: Notifier, email: string, type: NotificationType): Promise<Notice> {
  const user = await userByEmail(notifier.db, email.trim().toLowerCase())
  if (!user) throw new ApiError(404, 'No such user.', { code: 'not_found' })
  const notice = await sampleNotice(notifier.db, user.id, type)
  await notifyUsers(notifier, [{ userId: user.id, notice }])
  return notice
}

async function sampleNotice(db: Database, userId: number, type: NotificationType, now = Date.now()): Promise<Notice> {
  const [league] = await db
    .select({ id: tournaments.id, name: tournaments.name, season: tournaments.fplSeason })
    .from(memberships)
    .innerJoin(tournaments, eq(tournaments.id, memberships.tournamentId))
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active'), eq(tournaments.type, 'private')))
    .orderBy(tournaments.id)
    .limit(1)
  const place = league ?? { id: 0, name: 'Your league', season: null }
  const snapshot = place.id ? await runBatch(db, latestSnapshotRead(db, place.id, 'standingsMeta')) : null
  const gameweek = snapshot?.gameweek ?? 1
  const season = place.season ?? 'sample'
  const notice = {
    deadline: () => deadlineNotice(season, gameweek + 1, now + 90 * 60_000, '90m'),
    gazette: () => gazetteNotice(place, season, gameweek, 'A sample edition: the table, the awards and the race', now),
    overtaken: () => overtakenNotice(place, gameweek, 'sample', { entry: 0, name: 'A rival' }, 2, now),
    manager_of_the_month: () => managerOfTheMonthNotice(place, season, 'November', ['A rival'], 231, now),
    wall: () => likeNotice(place, { id: 0, content: 'A post of yours' }, { id: 0, name: 'A league mate' }, now),
    member_joined: () => memberJoinedNotice(place, { id: 0, name: 'A new member' }, now),
  }[type]()
  return { ...notice, key: `sample:${now}:${notice.key}` }
}
