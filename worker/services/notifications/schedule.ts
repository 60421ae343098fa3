import { and, eq, gt, isNotNull, ne } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { memberships, tournaments, users } from '../../db/schema'
import type { GameweekState } from '../../fpl/gameweek'
import type { SlimBootstrap } from '../../fpl/source'
import { runningJobCount } from '../refresh/jobs'
import { announce, claimEvent, type Notifier, notifyUsers, oldEventsDelete } from './announce'
import { oldOutcomesDelete } from './fanout'
import { DEADLINE_LEADS, type DeadlineLead, deadlineNotice, memberJoinedNotice } from './notices'
import { staleDevicesDelete } from './subscriptions'

// The cron's part (every 10 minutes): deadline reminders, the weekly digest once a checked
// gameweek's refreshes are done, and tidying what notifications leave behind.

/** A reminder goes out within this long after its moment, never later (a cron run was missed). */
const REMINDER_WINDOW_MS = 30 * 60 * 1000
/** Log rows and announced events are kept this long: longer than any notice is worth sending. */
const LOG_KEPT_MS = 30 * 24 * 3600 * 1000

export interface ScheduleResult {
  reminders: DeadlineLead[]
  digest: boolean
  /** Joins told to their commissioners. */
  joins: number
}

export async function runNotificationSchedule(
  notifier: Notifier,
  from: { state: GameweekState; bootstrap: Pick<SlimBootstrap, 'events'> },
  now: number,
): Promise<ScheduleResult> {
  const reminders = await remindDeadlines(notifier, from, now)
  const digest = await startDigest(notifier, from.state)
  const joins = await announceJoins(notifier, now)
  await tidy(notifier.db, now)
  return { reminders, digest, joins }
}

// Every way into a league (an invite, Join, discovery at sign-up) ends in a membership row, so
// the commissioner hears of joins from the rows, within a cron run, whatever the path. The look
// back spans two runs; each join is told once (its key).
const JOIN_LOOKBACK_MS = 20 * 60 * 1000
const JOINS_TOLD = 1000

async function announceJoins(notifier: Notifier, now: number) {
  const results = await notifier.db
    .select({
      league: tournaments.id,
      league_name: tournaments.name,
      commissioner: tournaments.commissionerId,
      member: users.id,
      member_name: users.name,
    })
    .from(memberships)
    .innerJoin(tournaments, eq(tournaments.id, memberships.tournamentId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        gt(memberships.joinedAt, new Date(now - JOIN_LOOKBACK_MS)),
        eq(memberships.status, 'active'),
        eq(tournaments.type, 'private'),
        isNotNull(tournaments.commissionerId),
        ne(tournaments.commissionerId, memberships.userId),
      ),
    )
    .orderBy(memberships.joinedAt)
    .limit(JOINS_TOLD)
  await notifyUsers(
    notifier,
    results.map((join) => ({
      userId: join.commissioner as number, // the query keeps tournaments with a commissioner
      notice: memberJoinedNotice({ id: join.league, name: join.league_name }, { id: join.member, name: join.member_name }, now),
    })),
  )
  return results.length
}

async function remindDeadlines(notifier: Notifier, { state, bootstrap }: { state: GameweekState; bootstrap: Pick<SlimBootstrap, 'events'> }, now: number) {
  const next = bootstrap.events.find((event) => Date.parse(event.deadline_time) > now)
  if (!next) return []
  const deadline = Date.parse(next.deadline_time)
  const sent: DeadlineLead[] = []
  for (const lead of Object.keys(DEADLINE_LEADS) as DeadlineLead[]) {
    const moment = deadline - DEADLINE_LEADS[lead].ms
    if (now < moment || now >= moment + REMINDER_WINDOW_MS) continue
    if (await announce(notifier, deadlineNotice(state.season, next.id, deadline, lead), { everyone: true })) sent.push(lead)
  }
  return sent
}

/** Once per checked gameweek, when no league's refresh of it is still running. */
async function startDigest(notifier: Notifier, state: GameweekState) {
  if (state.status !== 'checked') return false
  const running = await runningJobCount(notifier.db, state.version)
  if (running > 0) return false
  return claimEvent(notifier, `digest:${state.season}:${state.gameweek}`, { kind: 'notify:digest', season: state.season, gameweek: state.gameweek })
}

async function tidy(db: Database, now: number) {
  const before = new Date(now - LOG_KEPT_MS)
  await db.batch([oldOutcomesDelete(db, before), oldEventsDelete(db, before), staleDevicesDelete(db, now)])
}
