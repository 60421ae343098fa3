import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import type { GazetteDocument } from '../../../contract/gazette'
import { orderMyLeagues } from '../../../contract/my-gameweek'
import { formatNumber } from '../../../contract/numbers'
import { among } from '../../db/among'
import type { Database } from '../../db/client'
import { gameweekResults, gazetteEditions, memberships, notificationPreferences, standingsRows, tournamentSnapshots, tournaments, users } from '../../db/schema'
import type { Bindings } from '../../env'
import { ordinal } from '../../fpl/stats/text'
import { ApiError } from '../../lib/errors'
import { log } from '../../lib/log'
import { appLink, renderEmail } from '../auth/emails'
import { signUnsubscribeToken, verifyUnsubscribeToken } from '../auth/tokens'
import { sendEmail } from '../email'
import { snapshotTotalMembers } from '../snapshot-store'
import { tableKind, tokenVersionOf } from '../users'
import { claimOutcomes, releaseOutcomes } from './fanout'
import type { NotifyMessage, NotifySender } from './messages'
import { preferencesOfUser, writePreferences } from './preferences'

// The weekly email digest (opt-in): after FPL checks a gameweek and every league's refresh of it
// has finished, one email per user over all their leagues: points, rank and its change, the
// awards they won and the race, with a one-click unsubscribe (RFC 8058) that needs no sign-in.
// The leagues come in the dashboard's order (contract/my-gameweek.ts): the manager's own leagues by
// name, the global tournament last, said for what it is (decision 166).

/** Emails per invocation: one subrequest each, within the free plan's 50. */
const DIGESTS_PER_MESSAGE = 40

export interface DigestDeps {
  env: Bindings
  db: Database
  queue: NotifySender
  now?: () => number
}

interface LeagueWeek {
  name: string
  kind: 'league' | 'global'
  points: number
  rank: number
  of: number
  /** Positive: places climbed since the gameweek before. */
  change: number | null
  awards: string[]
  race: string | null
}

export async function sendDigests(deps: DigestDeps, message: Extract<NotifyMessage, { kind: 'notify:digest' }>) {
  const { db, env } = deps
  const recipients = await db
    .select({ id: users.id, email: users.email, name: users.name, teamId: users.fplTeamId, tokenVersion: users.tokenVersion })
    .from(users)
    .innerJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(and(eq(notificationPreferences.emailDigest, true), eq(users.isVerified, true), gt(users.id, message.after ?? 0)))
    .orderBy(users.id)
    .limit(DIGESTS_PER_MESSAGE)
  if (recipients.length === DIGESTS_PER_MESSAGE) await deps.queue.send({ ...message, after: recipients.at(-1)?.id })
  const weeks = await leagueWeeks(db, message, recipients)
  const key = `digest:${message.season}:${message.gameweek}`
  const withNews = recipients.filter((r) => (weeks.get(r.id) ?? []).length > 0)
  const claimed = new Set(
    (
      await claimOutcomes(
        db,
        withNews.map((r) => [r.id, 'digest', key, 'sent']),
        deps.now?.() ?? Date.now(),
      )
    ).map((row) => row.user_id),
  )
  const failed: number[] = []
  for (const recipient of withNews.filter((r) => claimed.has(r.id))) {
    try {
      await sendEmail(env, db, await digestEmail(env, recipient, message.gameweek, weeks.get(recipient.id) ?? [], deps.now?.() ?? Date.now()))
    } catch (error) {
      log.warn('A digest was not sent', { user_id: recipient.id, error })
      failed.push(recipient.id)
    }
  }
  // Given back, so the retry of this message sends exactly the ones that failed.
  if (failed.length) {
    await releaseOutcomes(db, failed, 'digest', key)
    throw new Error(`${failed.length} digests were not sent`)
  }
  return { sent: claimed.size - failed.length }
}

async function leagueWeeks(db: Database, message: { season: string; gameweek: number }, recipients: { id: number; teamId: number | null }[]) {
  const byUser = new Map<number, LeagueWeek[]>()
  const teamOf = new Map(recipients.flatMap((r) => (r.teamId === null ? [] : [[r.id, r.teamId] as const])))
  if (teamOf.size === 0) return byUser
  const joined = await db
    .select({
      userId: memberships.userId,
      tournamentId: tournaments.id,
      name: tournaments.name,
      type: tournaments.type,
      autoJoin: tournaments.autoJoin,
      season: sql<string>`coalesce(${tournaments.fplSeason}, ${message.season})`,
    })
    .from(memberships)
    .innerJoin(tournaments, eq(tournaments.id, memberships.tournamentId))
    .where(and(among(memberships.userId, [...teamOf.keys()]), eq(memberships.status, 'active')))
  const ids = [...new Set(joined.map((j) => j.tournamentId))]
  if (ids.length === 0) return byUser
  const [results, editions, names, sizes] = await db.batch([
    db
      .select()
      .from(gameweekResults)
      .where(and(among(gameweekResults.tournamentId, ids), inArray(gameweekResults.gameweek, [message.gameweek, message.gameweek - 1]))),
    db
      .select({ tournamentId: gazetteEditions.tournamentId, season: gazetteEditions.season, document: gazetteEditions.document })
      .from(gazetteEditions)
      .where(and(among(gazetteEditions.tournamentId, ids), eq(gazetteEditions.gameweek, message.gameweek))),
    db
      .select({ tournamentId: standingsRows.tournamentId, teamId: standingsRows.fplTeamId, teamName: standingsRows.teamName })
      .from(standingsRows)
      .where(and(among(standingsRows.tournamentId, ids), among(standingsRows.fplTeamId, [...teamOf.values()]))),
    // A league over 1,000 managers keeps only its top and our members: its size is the snapshot's.
    db
      .select({
        tournamentId: tournamentSnapshots.tournamentId,
        season: tournamentSnapshots.season,
        total: snapshotTotalMembers,
      })
      .from(tournamentSnapshots)
      .where(and(among(tournamentSnapshots.tournamentId, ids), eq(tournamentSnapshots.gameweek, message.gameweek))),
  ])
  const resultOf = (tournamentId: number, season: string, gameweek: number) =>
    results.find((r) => r.tournamentId === tournamentId && r.season === season && r.gameweek === gameweek)?.rows
  for (const league of joined) {
    const teamId = teamOf.get(league.userId)
    const rows = resultOf(league.tournamentId, league.season, message.gameweek)
    const mine = rows?.find((row) => row[0] === teamId)
    if (!rows || !mine) continue
    const before = resultOf(league.tournamentId, league.season, message.gameweek - 1)?.find((row) => row[0] === teamId)
    const edition = editions.find((e) => e.tournamentId === league.tournamentId && e.season === league.season)?.document as GazetteDocument | undefined
    const teamName = names.find((n) => n.tournamentId === league.tournamentId && n.teamId === teamId)?.teamName
    byUser.set(league.userId, [
      ...(byUser.get(league.userId) ?? []),
      {
        name: league.name,
        kind: tableKind(league),
        points: mine[1],
        rank: mine[3],
        of: sizes.find((size) => size.tournamentId === league.tournamentId && size.season === league.season)?.total ?? rows.length,
        change: before ? before[3] - mine[3] : null,
        awards: teamName ? (edition?.awards ?? []).filter((a) => a.stat.team_name === teamName).map((a) => a.stat.description) : [],
        race: edition?.race?.lines[0] ? `${edition.race.name}: ${edition.race.lines[0]}` : null,
      },
    ])
  }
  for (const [userId, weeks] of byUser) byUser.set(userId, orderMyLeagues(weeks))
  return byUser
}

function changeText(change: number | null) {
  if (change === null || change === 0) return change === 0 ? ' (no change)' : ''
  return change > 0 ? ` (up ${change})` : ` (down ${-change})`
}

/** The digest for one user: a paragraph per league, the unsubscribe link in the body and the headers. */
async function digestEmail(
  env: Bindings,
  recipient: { id: number; email: string; name: string; tokenVersion: number },
  gameweek: number,
  weeks: LeagueWeek[],
  now: number,
) {
  const token = await signUnsubscribeToken(env, { userId: recipient.id, tokenVersion: recipient.tokenVersion }, now)
  const page = appLink(env, '/unsubscribe', token)
  const oneClick = appLink(env, '/api/notifications/unsubscribe', token)
  // In the dashboard's order, so the subject leads with the first of the manager's own leagues; only
  // a manager whose one table is the global tournament hears of it first.
  const first = weeks[0]
  const subject = !first
    ? `Your GW ${gameweek} digest`
    : first.kind === 'global'
      ? `GW ${gameweek}: ${first.points} points, ${ordinal(first.rank)} of ${formatNumber(first.of)} in ${first.name}`
      : `GW ${gameweek}: ${first.points} points, ${ordinal(first.rank)} in ${first.name}`
  const paragraphs = weeks.flatMap((week) => [
    `${week.kind === 'global' ? `${week.name} (everyone on ${env.PRODUCT_NAME})` : week.name}: ${week.points} points in GW ${gameweek}. You're ${ordinal(week.rank)} of ${formatNumber(week.of)}${changeText(week.change)}.`,
    ...week.awards.map((award) => `🏆 ${award}`),
    ...(week.race ? [`🏁 ${week.race}`] : []),
  ])
  const email = renderEmail({
    env,
    to: recipient.email,
    subject,
    greeting: `Hi ${recipient.name}, here is your gameweek ${gameweek}.`,
    paragraphs,
    action: { label: `Open ${env.PRODUCT_NAME}`, url: appLink(env, '/dashboard') },
    footnote: `You get this weekly digest because you turned it on in your dashboard. Unsubscribe with one click: ${page}`,
  })
  return { ...email, headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
}

export const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid.'
const TURN_IT_OFF = 'Please use the link in your latest digest, or sign in and turn the digest off in your dashboard.'

/**
 * The one-click unsubscribe of a digest's link. A link past its 90 days, or sent before the
 * account's token version moved on (a password change or reset, "sign out everywhere"), is
 * refused with the way to turn the digest off that still works.
 */
export async function unsubscribeByLink(env: Bindings, db: Database, token: string, now = Date.now()) {
  const link = await verifyUnsubscribeToken(env, token, now)
  if (link.status === 'expired') throw new ApiError(400, `This unsubscribe link has expired. ${TURN_IT_OFF}`, { code: 'unsubscribe_link_expired' })
  if (link.status === 'invalid') throw new ApiError(400, INVALID_UNSUBSCRIBE_LINK, { code: 'invalid_unsubscribe_link' })
  if ((await tokenVersionOf(db, link.userId)) !== link.tokenVersion) {
    throw new ApiError(400, `This unsubscribe link is no longer valid. ${TURN_IT_OFF}`, { code: 'unsubscribe_link_retired' })
  }
  // The digest goes off; everything else stays as the user set it.
  const current = await preferencesOfUser(db, link.userId)
  await writePreferences(db, link.userId, { ...current, email_digest: false })
}
