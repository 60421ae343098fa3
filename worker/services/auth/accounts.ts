import { and, eq, lte, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { memberships, revokedTokens, users } from '../../db/schema'
import type { Bindings } from '../../env'
import { FplError, FplNotFoundError } from '../../fpl/errors'
import type { FplSource } from '../../fpl/source'
import { ApiError } from '../../lib/errors'
import { sendEmail } from '../email'
import { type DiscoveredLeague, discoverLeagues } from '../fpl-lookup'
import { findUser, joinTournaments, publicTournamentId, type UserRow, userPayload } from '../users'
import { issueEmailToken, redeemEmailToken } from './email-tokens'
import { passwordChangedEmail, passwordResetEmail, verificationEmail } from './emails'
import { DUMMY_HASH, hashPassword, verifyPassword } from './password'
import { type SessionClaims, signSession } from './tokens'

// The account flows of spec/accounts-and-access.md: registration, verification, sign-in,
// password change and reset. Routes validate input and rate-limit; this module does the work.

export interface AccountContext {
  env: Bindings
  db: Database
  source: FplSource
  /** Work that may finish after the answer (emails whose timing must not reveal anything). */
  background: (work: Promise<unknown>) => void
}

const INVALID_LOGIN = 'Invalid email or password'

async function session(ctx: AccountContext, user: UserRow) {
  const access_token = await signSession(ctx.env, { userId: user.id, tokenVersion: user.tokenVersion })
  const payload = await userPayload(ctx.db, user)
  return { access_token, token_type: 'bearer' as const, user_id: user.id, name: user.name, email: user.email, joined_leagues: payload.joined_leagues, user: payload }
}

async function safeDiscover(ctx: AccountContext, teamId: number | null, userId: number): Promise<DiscoveredLeague[]> {
  if (!teamId) return []
  try {
    return await discoverLeagues(ctx.db, ctx.source, teamId, userId)
  } catch (error) {
    // FPL being down must not block signing up; discovery can be repeated from the dashboard.
    if (error instanceof ApiError || error instanceof FplError) return []
    throw error
  }
}

/** The team must exist in FPL this season; FPL being unreachable is not the user's fault. */
async function checkTeamExists(ctx: AccountContext, teamId: number) {
  try {
    const { state } = await ctx.source.state()
    await ctx.source.entry(teamId, state)
  } catch (error) {
    if (error instanceof FplNotFoundError) throw new ApiError(400, 'FPL team not found. Please check your FPL Team ID.', { code: 'fpl_team_not_found' })
    if (!(error instanceof FplError)) throw error
  }
}

// One account per FPL team: otherwise anyone could claim a stranger's team and its leagues.
async function ensureTeamFree(ctx: AccountContext, teamId: number) {
  const taken = await ctx.db.query.users.findFirst({ where: eq(users.fplTeamId, teamId), columns: { id: true } })
  if (taken) throw new ApiError(409, 'This FPL team is already linked to another account.', { code: 'fpl_team_taken' })
}

const seasonOfSource = async (ctx: AccountContext) => (await ctx.source.state().catch(() => null))?.state.season ?? null

export async function register(ctx: AccountContext, input: { name: string; email: string; password: string; fpl_team_id?: number | undefined }) {
  const existing = await ctx.db.query.users.findFirst({ where: eq(users.email, input.email), columns: { id: true } })
  if (existing) throw new ApiError(409, 'An account with this email already exists.', { code: 'email_taken' })
  const teamId = input.fpl_team_id ?? null
  if (teamId) {
    await ensureTeamFree(ctx, teamId)
    await checkTeamExists(ctx, teamId)
  }

  const passwordHash = await hashPassword(input.password)
  const rows = await ctx.db
    .insert(users)
    .values({
      email: input.email,
      name: input.name,
      passwordHash,
      fplTeamId: teamId,
      fplTeamSeason: teamId ? await seasonOfSource(ctx) : null,
      // A team id cannot be swapped later, so nobody hops into other people's leagues.
      fplTeamIdLocked: teamId !== null,
    })
    .onConflictDoNothing()
    .returning()
  const user = rows[0]
  if (!user) throw new ApiError(409, 'An account with this email already exists.', { code: 'email_taken' })

  const emailSent = await sendVerification(ctx, user).then(
    () => true,
    (error: unknown) => {
      // The account stays; "Resend Email" sends the link once the email service is back.
      console.error('Verification email failed', error)
      return false
    },
  )
  return {
    verification_required: true,
    email: user.email,
    discovered_leagues: await safeDiscover(ctx, teamId, user.id),
    user_id: user.id,
    name: user.name,
    access_token: null,
    email_sent: emailSent,
    message: emailSent
      ? 'Account created! Check your email for a link to verify your address.'
      : "Account created, but we couldn't send the verification email just now. Use Resend Email in a minute.",
  }
}

async function sendVerification(ctx: AccountContext, user: UserRow) {
  const token = await issueEmailToken(ctx.db, user.id, 'verify_email')
  await sendEmail(ctx.env, ctx.db, verificationEmail(ctx.env, user.email, user.name, token))
}

export async function verifyEmail(ctx: AccountContext, token: string) {
  const userId = await redeemEmailToken(ctx.db, token, 'verify_email')
  if (!userId) throw new ApiError(400, 'This verification link is invalid or has expired.', { code: 'invalid_token' })
  const user = await findUser(ctx.db, userId)

  // Auto-join: the public tournament and our tournaments whose FPL league contains the team.
  const discovered = (await safeDiscover(ctx, user.fplTeamId, user.id)).filter((l) => !l.already_member)
  const publicId = await publicTournamentId(ctx.db)
  const leagueIds = [...(publicId ? [publicId] : []), ...discovered.map((l) => l.league_id)]
  // Verified and joined in one batch: if it fails, the account still awaits verification and
  // "Resend Email" starts over, rather than a verified account left out of its tournaments.
  const verify = ctx.db
    .update(users)
    .set({ isVerified: true, verifiedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.isVerified, false)))
  let joined: number[] = []
  if (leagueIds.length === 0) await verify
  else {
    const join = ctx.db
      .insert(memberships)
      .values(leagueIds.map((tournamentId) => ({ tournamentId, userId })))
      .onConflictDoNothing()
      .returning({ id: memberships.tournamentId })
    joined = (await ctx.db.batch([verify, join]))[1].map((r) => r.id)
  }
  const autoJoined = discovered.filter((l) => joined.includes(l.league_id)).map((l) => ({ league_id: l.league_id, league_name: l.league_name }))
  return {
    message: 'Email verified successfully!',
    auto_joined_count: autoJoined.length,
    auto_joined_leagues: autoJoined,
    ...(await session(ctx, { ...user, isVerified: true })),
  }
}

export async function login(ctx: AccountContext, email: string, password: string) {
  const user = await ctx.db.query.users.findFirst({ where: eq(users.email, email) })
  // Verify against a dummy hash for unknown emails: the same work, the same answer time.
  const valid = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, password)
  if (!user || !valid) throw new ApiError(401, INVALID_LOGIN, { code: 'invalid_credentials' })
  if (!user.isVerified) throw new ApiError(403, 'Please verify your email address before signing in.', { code: 'email_not_verified' })
  return session(ctx, user)
}

/**
 * Ends the session of one token (a stolen copy stops working too); the user's other devices stay
 * signed in. The revocation is kept until the token would have expired; older ones go now.
 */
export async function logout(ctx: AccountContext, session: SessionClaims, now = Date.now()) {
  await ctx.db.batch([
    ctx.db.delete(revokedTokens).where(lte(revokedTokens.expiresAt, new Date(now))),
    ctx.db.insert(revokedTokens).values({ jti: session.tokenId, expiresAt: new Date(session.expiresAt) }).onConflictDoNothing(),
  ])
  return { message: 'Logged out' }
}

export const RESEND_MESSAGE = 'If an account with that email is waiting for verification, we have sent a new link. It may take up to 5 minutes to arrive.'
export const RESET_REQUEST_MESSAGE = 'If an account exists for that email, we have sent a link to reset the password. It expires in 1 hour.'

// The email work for a real account starts once the answer has gone out. Started at once, it
// competed with the answer for the isolate (and, locally, for the database): on the dev stack a
// real address was answered 10-20 ms later than an unknown one (tests/e2e/enumeration-timing.test.ts).
const AFTER_ANSWER_MS = 50
const afterAnswer = (work: () => Promise<unknown>) => scheduler.wait(AFTER_ANSWER_MS).then(work)

export async function resendVerification(ctx: AccountContext, email: string) {
  const user = await ctx.db.query.users.findFirst({ where: eq(users.email, email) })
  if (user && !user.isVerified) ctx.background(afterAnswer(() => sendVerification(ctx, user)))
  return { message: RESEND_MESSAGE }
}

export async function requestPasswordReset(ctx: AccountContext, email: string) {
  const user = await ctx.db.query.users.findFirst({ where: eq(users.email, email) })
  if (user) {
    ctx.background(
      afterAnswer(async () => {
        const token = await issueEmailToken(ctx.db, user.id, 'reset_password')
        await sendEmail(ctx.env, ctx.db, passwordResetEmail(ctx.env, user.email, user.name, token))
      }),
    )
  }
  return { message: RESET_REQUEST_MESSAGE }
}

// A new password signs out every session: the token version moves on.
async function setPassword(ctx: AccountContext, user: UserRow, password: string, extra: Partial<typeof users.$inferInsert> = {}) {
  const passwordHash = await hashPassword(password)
  const rows = await ctx.db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date(), ...extra })
    .where(eq(users.id, user.id))
    .returning()
  return rows[0] as UserRow
}

export async function resetPassword(ctx: AccountContext, token: string, newPassword: string) {
  const userId = await redeemEmailToken(ctx.db, token, 'reset_password')
  if (!userId) {
    throw new ApiError(400, 'This password reset link is invalid or has expired. Please request a new one.', { code: 'invalid_token' })
  }
  const user = await findUser(ctx.db, userId)
  // Following the emailed link proves the address, so the account counts as verified.
  const updated = await setPassword(ctx, user, newPassword, user.isVerified ? {} : { isVerified: true, verifiedAt: new Date() })
  ctx.background(sendEmail(ctx.env, ctx.db, passwordChangedEmail(ctx.env, updated.email, updated.name, 'reset')))
  return { message: 'Password reset successfully. You can now sign in with your new password.' }
}

export async function changePassword(ctx: AccountContext, userId: number, currentPassword: string, newPassword: string) {
  const user = await findUser(ctx.db, userId)
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new ApiError(400, 'Current password is incorrect', { code: 'wrong_password' })
  }
  if (currentPassword === newPassword) throw new ApiError(400, 'New password must be different from current password')
  const updated = await setPassword(ctx, user, newPassword)
  ctx.background(sendEmail(ctx.env, ctx.db, passwordChangedEmail(ctx.env, updated.email, updated.name, 'changed')))
  // This device stays signed in with a token of the new version; every other one is out.
  return { message: 'Password changed successfully', access_token: await signSession(ctx.env, { userId: updated.id, tokenVersion: updated.tokenVersion }) }
}

export async function updateFplTeam(ctx: AccountContext, userId: number, teamId: number) {
  const user = await findUser(ctx.db, userId)
  if (user.fplTeamId || user.fplTeamIdLocked) {
    throw new ApiError(400, 'Your FPL Team ID is already set and locked.', { code: 'fpl_team_locked' })
  }
  await ensureTeamFree(ctx, teamId)
  await checkTeamExists(ctx, teamId)
  await ctx.db
    .update(users)
    .set({ fplTeamId: teamId, fplTeamSeason: await seasonOfSource(ctx), fplTeamIdLocked: true, updatedAt: new Date() })
    .where(eq(users.id, userId))
  const publicId = await publicTournamentId(ctx.db)
  if (publicId && user.isVerified) await joinTournaments(ctx.db, userId, [publicId])
  return {
    message: 'FPL Team ID saved.',
    fpl_team_id: teamId,
    fpl_team_id_locked: true,
    auto_joined_count: 0,
    discovered_leagues: await safeDiscover(ctx, teamId, userId),
  }
}

/** Joins the chosen tournaments among those whose FPL league contains the user's team. */
export async function autoJoinLeagues(ctx: AccountContext, userId: number, leagueIds: number[]) {
  const user = await findUser(ctx.db, userId)
  if (!user.fplTeamId) throw new ApiError(400, 'Add your FPL Team ID first.', { code: 'no_fpl_team' })
  const eligible = await discoverLeagues(ctx.db, ctx.source, user.fplTeamId, userId)
  const chosen = eligible.filter((l) => leagueIds.includes(l.league_id) && !l.already_member)
  if (chosen.length === 0) throw new ApiError(400, 'None of the chosen leagues can be joined with your FPL team.', { code: 'nothing_to_join' })
  const joined = await joinTournaments(ctx.db, userId, chosen.map((l) => l.league_id))
  const joinedLeagues = chosen.filter((l) => joined.includes(l.league_id)).map((l) => ({ league_id: l.league_id, league_name: l.league_name }))
  return {
    message: `Joined ${joinedLeagues.length} league${joinedLeagues.length === 1 ? '' : 's'}.`,
    joined_count: joinedLeagues.length,
    joined_leagues: joinedLeagues,
  }
}
