import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import { CHAMPION_STAT, championCard } from '../../contract/gazette'
import { PROVISIONAL_SHARE_CODE, provisionalShareReason } from '../../contract/provisional'
import { batchOf, mapRead, rowsOf, runBatch } from '../db/batch'
import type { Database } from '../db/client'
import { sharedAchievements, tournaments } from '../db/schema'
import { ApiError } from '../lib/errors'
import { isActiveMember } from './access'
import type { SessionUser } from './auth/sessions'
import { newestFinale } from './gazette'
import { fplLeagueSizeOf, latestSnapshotRead, managersNamedIn } from './snapshot-store'
import { loadTournament } from './tournaments'
import { activeMemberCountsRead, sharingEnabled, sharingOfTeams, sharingOnUsers } from './users'

// Shared achievement cards: created by a league member, readable by anyone with the link.
// Share ids are random (128 bits) and the public URL is /share/banter/{id}.

export interface StatData {
  emoji: string
  achievement_title: string
  achievement_description: string
  player_name: string
  league_name: string
  league_members: number
  /** Managers in the tournament's FPL league when the card was made; null without one (or before its first refresh). */
  fpl_league_size: number | null
  entry_fee: number
  additional_data: { manager: string; description: string; achievement_title: string; emoji: string }
}

const LIMITS = { title: 80, description: 280, name: 60, emoji: 16 }

const text = (value: unknown, max: number): string | undefined => {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined
  const trimmed = String(value).replace(/\s+/g, ' ').trim()
  return trimmed ? trimmed.slice(0, max) : undefined
}
const first = (...values: unknown[]) => values.find((v) => v !== undefined && v !== null && v !== '')

/** A share's data normalised: alternate input names, then defaults (decision 181, R12). */
export function normaliseStatData(input: Record<string, unknown>): StatData {
  const extra = (typeof input.additional_data === 'object' && input.additional_data !== null ? input.additional_data : {}) as Record<string, unknown>
  const manager = text(first(input.manager, extra.manager, input.player_name, input.player, input.team_name), LIMITS.name)
  const player = text(first(input.player_name, input.player, input.manager, input.team_name), LIMITS.name)
  const title = text(first(input.achievement_title, input.title, input.badge, extra.achievement_title), LIMITS.title) ?? 'FPL Achievement!'
  const description = text(first(input.achievement_description, input.description, extra.description), LIMITS.description) ?? 'No description available'
  const emoji = text(first(input.emoji, input.icon, extra.emoji), LIMITS.emoji) ?? '🏆'
  const members = Number(first(input.league_members, input.members))
  const size = Number(input.fpl_league_size ?? Number.NaN)
  const fee = Number(input.entry_fee)
  return {
    emoji,
    achievement_title: title,
    achievement_description: description,
    player_name: player ?? 'Unknown Player',
    league_name: text(first(input.league_name, input.league, input.tournament_name), LIMITS.name) ?? 'Tournament',
    league_members: Number.isSafeInteger(members) && members > 0 ? members : 1,
    fpl_league_size: Number.isSafeInteger(size) && size > 0 ? size : null,
    entry_fee: Number.isFinite(fee) && fee > 0 ? Math.round(fee * 100) / 100 : 0,
    additional_data: { manager: manager ?? 'Unknown Manager', description, achievement_title: title, emoji },
  }
}

/** A stored card's data as today's StatData: rows are normalised when written, and reading them through the same rules keeps older rows (before fpl_league_size) in shape. */
const storedStatData = (stored: unknown): StatData =>
  normaliseStatData(typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {})

const newShareId = () => [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('')

export const shareUrl = (appUrl: string, id: string) => new URL(`/share/banter/${id}`, appUrl).toString()

/**
 * A league's awards cannot be shared while their gameweek is not checked (decision 113): a card is
 * a lasting public page and image, and a number that can still move would be out there as final.
 */
const provisionalStat = (gameweek: number) => new ApiError(409, provisionalShareReason(gameweek), { code: PROVISIONAL_SHARE_CODE })

/**
 * The champion's card, every word from the tournament's newest finale (decision 184), none from
 * the client: a card cannot crown anyone FPL's final table did not. Before a season has finished
 * there is nothing to share (409). The finale is final by construction (its gameweek is checked),
 * so a new season's unchecked gameweek does not hold it back.
 */
async function championClaim(db: Database, tournament: { id: number; name: string }) {
  const finale = await newestFinale(db, tournament.id)
  if (!finale) throw new ApiError(409, "This league's season has not finished yet.", { code: 'no_finale' })
  const card = championCard(finale, tournament.name)
  return {
    manager: card.manager,
    player_name: card.manager,
    achievement_title: card.title,
    achievement_description: card.description,
    emoji: card.emoji,
  }
}

/**
 * Creates (or refreshes) the user's share of one stat of one league. Who and what it is about
 * comes from the league's own banter stats when they have the stat, so a card cannot claim an
 * award that was never won; the client's text fills in the rest. Nothing is written while the
 * league's latest gameweek is not checked (409), but for the champion's card (decision 184).
 */
export async function createShare(
  db: Database,
  appUrl: string,
  user: SessionUser,
  input: { league_id: number; stat_type: string; stat_data: Record<string, unknown> },
) {
  if (!user.isVerified) throw new ApiError(403, 'Please verify your email address to create shareable links.', { code: 'email_not_verified' })
  const tournament = await loadTournament(db, input.league_id)
  if (!(await isActiveMember(db, tournament.id, user.id))) {
    throw new ApiError(403, 'You must be a member of this league to share its content.', { code: 'not_a_member' })
  }
  if (!(await sharingEnabled(db, user.id))) {
    throw new ApiError(403, 'Banter sharing is turned off in your privacy settings.', { code: 'sharing_disabled' })
  }
  const { members, snapshot, standings } = await runBatch(
    db,
    batchOf({
      members: activeMemberCountsRead(db, tournament.id),
      snapshot: latestSnapshotRead(db, tournament.id, 'banterStats'),
      standings: latestSnapshotRead(db, tournament.id, 'standingsMeta'),
    }),
  )
  const champion = input.stat_type === CHAMPION_STAT ? await championClaim(db, tournament) : null
  if (!champion && snapshot && snapshot.gameweekStatus !== 'checked') throw provisionalStat(snapshot.gameweek)
  const official = champion ? null : ((snapshot?.document as Record<string, Record<string, unknown> | null> | null)?.[input.stat_type] ?? null)
  const claimed = normaliseStatData({
    ...input.stat_data,
    ...(official
      ? {
          manager: official.manager,
          player_name: official.manager ?? official.player,
          description: official.description,
          ...(official.emoji ? { emoji: official.emoji } : {}),
        }
      : {}),
    ...champion,
    league_name: tournament.name,
    league_members: members.get(tournament.id) || 1,
    fpl_league_size: fplLeagueSizeOf(tournament.type, standings),
    entry_fee: tournament.entryFeePence / 100,
  })
  const { statData, subjectUserId } = await withConsentedNames(
    db,
    tournament.id,
    user,
    claimed,
    typeof official?.team_name === 'string' ? official.team_name : undefined,
  )

  const id = newShareId()
  const rows = await db
    .insert(sharedAchievements)
    .values({
      id,
      userId: user.id,
      tournamentId: tournament.id,
      statType: input.stat_type,
      statData: statData as unknown as Record<string, unknown>,
      subjectUserId,
    })
    .onConflictDoUpdate({
      target: [sharedAchievements.userId, sharedAchievements.tournamentId, sharedAchievements.statType],
      set: { statData: statData as unknown as Record<string, unknown>, subjectUserId },
    })
    .returning({ id: sharedAchievements.id })
  const shareId = rows[0]?.id ?? id
  return { share_id: shareId, share_url: shareUrl(appUrl, shareId), stat_data: statData }
}

/** What a card shows in place of a person who has not agreed to be named on it. */
export const UNNAMED_MANAGER = 'A league manager'
const UNNAMED_MATE = 'a league-mate'

/**
 * Privacy: a card names a person only if they are the sharer, or one of our users with banter
 * sharing on. The subject (player_name) is matched to the league's table by name (and team name
 * for the league's own stats); anyone else is replaced by UNNAMED_MANAGER, so the card still
 * shows the award and the league. Other league-mates named in the title or description (the
 * leader's card names the runner-up) become "a league-mate". Free text naming someone outside
 * the league's table cannot be recognised here.
 */
async function withConsentedNames(db: Database, tournamentId: number, sharer: SessionUser, data: StatData, teamName: string | undefined) {
  const claimed = data.player_name === 'Unknown Player' ? null : data.player_name
  const text = [claimed ?? '', data.achievement_title, data.achievement_description].join('\n')
  // The league's managers whose name appears anywhere on the card, found by SQLite (big leagues
  // have thousands of rows; the card's text is short).
  const mentioned = await managersNamedIn(db, tournamentId, text)
  const subjectTeams = mentioned.filter((r) => r.playerName === claimed && (teamName === undefined || r.teamName === teamName)).map((r) => r.fplTeamId)
  const owners = subjectTeams.length ? await sharingOfTeams(db, subjectTeams) : []

  const isSharer =
    claimed !== null &&
    (owners.some((o) => o.id === sharer.id) || (subjectTeams.length === 0 && claimed.trim().toLowerCase() === sharer.name.trim().toLowerCase()))
  const consenting = isSharer ? undefined : owners.find((o) => o.sharing)
  const subject = claimed !== null && (isSharer || consenting) ? claimed : null

  const others = new Set(mentioned.map((r) => r.playerName).filter((name) => name !== subject))
  // Longest first, so "Sam Smith" goes before "Sam".
  const redact = (value: string) => [...others].sort((a, b) => b.length - a.length).reduce((out, name) => out.replaceAll(name, UNNAMED_MATE), value)
  const description = redact(data.achievement_description)
  const title = redact(data.achievement_title)
  const name = subject ?? UNNAMED_MANAGER
  return {
    statData: {
      ...data,
      achievement_title: title,
      achievement_description: description,
      player_name: name,
      additional_data: { ...data.additional_data, manager: name, description, achievement_title: title },
    },
    subjectUserId: consenting?.id ?? null,
  }
}

export const shareNotFound = () => new ApiError(404, 'Shared achievement not found', { code: 'share_not_found' })

// A card is public while its sharer, and the user it names (if any), keep banter sharing on:
// switching it off takes their cards down at once, and back on brings them back.
const isShown = (db: Database, id: string) =>
  and(
    eq(sharedAchievements.id, id),
    inArray(sharedAchievements.userId, sharingOnUsers(db)),
    or(isNull(sharedAchievements.subjectUserId), inArray(sharedAchievements.subjectUserId, sharingOnUsers(db))),
  )

export async function findShare(db: Database, id: string) {
  const share = await db.query.sharedAchievements.findFirst({ where: isShown(db, id) })
  if (!share) throw shareNotFound()
  return share
}

/** The public view of a share; counts a view unless told not to (crawlers, the image). */
export async function readShare(db: Database, id: string, countView: boolean) {
  const rows = countView
    ? await db
        .update(sharedAchievements)
        .set({ viewCount: sql`${sharedAchievements.viewCount} + 1` })
        .where(isShown(db, id))
        .returning()
    : [await findShare(db, id)]
  const share = rows[0]
  if (!share) throw shareNotFound()
  return {
    id: share.id,
    league_id: share.tournamentId,
    stat_type: share.statType,
    stat_data: storedStatData(share.statData),
    created_at: share.createdAt.toISOString(),
    view_count: share.viewCount,
    click_count: share.clickCount,
  }
}

/** Counts a click on a live card, unless told not to (over the caller's limit). */
export async function recordClick(db: Database, id: string, count: boolean) {
  if (!count) return { click_count: (await findShare(db, id)).clickCount }
  const rows = await db
    .update(sharedAchievements)
    .set({ clickCount: sql`${sharedAchievements.clickCount} + 1` })
    .where(isShown(db, id))
    .returning({ clicks: sharedAchievements.clickCount })
  if (!rows[0]) throw shareNotFound()
  return { click_count: rows[0].clicks }
}

/** GET /api/banter/my-shares: the user's own cards, newest first, with their counts. */
export function ownSharesRead(db: Database, appUrl: string, userId: number) {
  const query = db
    .select({ share: sharedAchievements, leagueName: tournaments.name })
    .from(sharedAchievements)
    .innerJoin(tournaments, eq(tournaments.id, sharedAchievements.tournamentId))
    .where(eq(sharedAchievements.userId, userId))
    .orderBy(desc(sharedAchievements.createdAt))
    .limit(100)
  return mapRead(rowsOf(query), (rows) => ({
    shared_stats: rows.map(({ share, leagueName }) => ({
      id: share.id,
      league_id: share.tournamentId,
      league_name: leagueName,
      stat_type: share.statType,
      created_at: share.createdAt.toISOString(),
      view_count: share.viewCount,
      click_count: share.clickCount,
      stat_data: storedStatData(share.statData),
      share_url: shareUrl(appUrl, share.id),
    })),
  }))
}

/** Takes down one of the user's own cards: anyone else's (or a guessed id) is simply not found. */
export async function deleteShare(db: Database, userId: number, id: string) {
  const deleted = await db
    .delete(sharedAchievements)
    .where(and(eq(sharedAchievements.id, id), eq(sharedAchievements.userId, userId)))
    .returning({ id: sharedAchievements.id })
  if (deleted.length === 0) throw shareNotFound()
  return { message: 'Your shared achievement has been removed.' }
}
