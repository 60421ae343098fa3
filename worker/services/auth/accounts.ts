import { type Database, uniqueViolation } from '../../db/client'
import type { Bindings } from '../../env'
import { FplError, FplNotFoundError } from '../../fpl/errors'
import { backgroundSource, type FplSource } from '../../fpl/source'
import { ApiError } from '../../lib/errors'
import { sendEmail } from '../email'
import { type DiscoveredLeague, discoverLeagues, FPL_UNAVAILABLE, validateTeam } from '../fpl-lookup'
import { byInviteCode } from '../invites'
import { changePasswordBackoff, checkBackoff, clearBackoff, deviceBackoff, LOGIN_BACKOFF, loginBackoffs, recordFailure } from '../rate-limit'
import { publicTournamentId } from '../tournaments'
import {
  accountById,
  bumpTokenVersionStatement,
  findUser,
  insertUser,
  joinStatement,
  joinTournaments,
  newPasswordStatement,
  setTeamStatement,
  teamHeld,
  type UserRow,
  userByEmail,
  userPayload,
  userWithPasswordHash,
  verifyUserStatement,
} from '../users'
import { issueEmailToken, redeemEmailToken, resetLinkHolder, resetLinkUsable, sha256, spendResetLinksStatement } from './email-tokens'
import { passwordChangedEmail, passwordResetEmail, signInAttemptsEmail, verificationEmail } from './emails'
import { DUMMY_HASH, hashPassword, verifyPassword, withPasswordSlot } from './password'
import { teamLocked, teamRoleStatements } from './team-roles'
import { endSession, endSessionsOf, ensureSessionsAvailable, type SessionClaims, startSession } from './tokens'

// The account flows (the calls of decision 181, R7): registration, verification, sign-in,
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
  const access_token = await startSession(ctx.env, ctx.db, { userId: user.id, tokenVersion: user.tokenVersion })
  const payload = await userPayload(ctx.db, user)
  return {
    access_token,
    token_type: 'bearer' as const,
    user_id: user.id,
    name: user.name,
    email: user.email,
    joined_leagues: payload.joined_leagues,
    user: payload,
  }
}

async function safeDiscover(ctx: AccountContext, teamId: number | null, userId: number, onFplDown?: (teamId: number) => void): Promise<DiscoveredLeague[]> {
  if (!teamId) return []
  try {
    return await discoverLeagues(ctx.db, ctx.source, teamId, userId)
  } catch (error) {
    // FPL being down must not block signing up; discovery can be repeated from the dashboard.
    if (error instanceof ApiError && error.code === FPL_UNAVAILABLE) onFplDown?.(teamId)
    if (error instanceof ApiError || error instanceof FplError) return []
    throw error
  }
}

/**
 * The `discovered_leagues` of an answer: those found within the request's FPL time budget. When
 * FPL was too slow, discovery goes on after the answer (waitUntil) with a longer budget, warming
 * the cache so the dashboard's discovery (`discovery_pending` tells it to run one) answers at once.
 */
async function discoveryAnswer(ctx: AccountContext, teamId: number | null, userId: number) {
  let pending = false
  const discovered = await safeDiscover(ctx, teamId, userId, (id) => {
    pending = true
    ctx.background(discoverLeagues(ctx.db, backgroundSource(ctx.env), id, userId))
  })
  return { discovered_leagues: discovered, discovery_pending: pending }
}

/**
 * The team must exist in FPL this season; FPL being unreachable is not the user's fault. Answers
 * the FPL leagues the team is in (none known when FPL could not be asked).
 */
export async function checkTeamExists(ctx: AccountContext, teamId: number): Promise<number[]> {
  try {
    const { state } = await ctx.source.state()
    return (await ctx.source.entry(teamId, state)).data.leagues.classic.map((l) => l.id)
  } catch (error) {
    if (error instanceof FplNotFoundError) throw new ApiError(400, 'FPL team not found. Please check your FPL Team ID.', { code: 'fpl_team_not_found' })
    if (!(error instanceof FplError)) throw error
    return []
  }
}

// One account per FPL team (the unique index enforces it; this check only answers early). Whoever
// holds it unverified can be replaced by its owner, through the verification code.
const TEAM_TAKEN = 'This FPL team is already linked to another account.'
const TEAM_TAKEN_AT_SIGN_UP = `${TEAM_TAKEN} If it's yours, create your account without it, then prove it's yours from your dashboard.`
const TEAM_TAKEN_ON_CHANGE = `${TEAM_TAKEN} If it's yours, prove it with the verification code from your dashboard.`
const teamTaken = (detail: string) => new ApiError(409, detail, { code: 'fpl_team_taken' })

async function ensureTeamFree(ctx: AccountContext, teamId: number, detail: string) {
  if (await teamHeld(ctx.db, teamId)) throw teamTaken(detail)
}

export const seasonOfSource = async (ctx: AccountContext) => (await ctx.source.state().catch(() => null))?.state.season ?? null

/**
 * Signing up from an invite: the team must be in that tournament's FPL league before anything
 * is written, or the account would be created (and auto-joined elsewhere) for nothing.
 */
async function checkInvite(ctx: AccountContext, inviteCode: string, teamId: number | null) {
  const tournament = await byInviteCode(ctx.db, inviteCode)
  if (!teamId) throw new ApiError(400, `Enter your FPL Team ID to join ${tournament.name}.`, { code: 'no_fpl_team' })
  if (tournament.fplLeagueId && !(await validateTeam(ctx.source, tournament.fplLeagueId, teamId)).valid) {
    throw new ApiError(400, `This FPL team is not in ${tournament.name}. Check your FPL Team ID, or join the league on the FPL site first.`, {
      code: 'team_not_in_league',
    })
  }
}

const emailTaken = () => new ApiError(409, 'An account with this email already exists.', { code: 'email_taken' })

export async function register(
  ctx: AccountContext,
  input: { name: string; email: string; password: string; fpl_team_id?: number | undefined; invite_code?: string | undefined },
) {
  if (await userByEmail(ctx.db, input.email)) throw emailTaken()
  const teamId = input.fpl_team_id ?? null
  if (input.invite_code !== undefined) await checkInvite(ctx, input.invite_code, teamId)
  if (teamId) {
    await ensureTeamFree(ctx, teamId, TEAM_TAKEN_AT_SIGN_UP)
    await checkTeamExists(ctx, teamId)
  }

  const passwordHash = await withPasswordSlot(() => hashPassword(input.password))
  const fplTeamSeason = teamId ? await seasonOfSource(ctx) : null
  let user: UserRow
  try {
    // Unverified and not locked: a typed team id is a claim until its owner proves it.
    user = await insertUser(ctx.db, { email: input.email, name: input.name, passwordHash, fplTeamId: teamId, fplTeamSeason })
  } catch (error) {
    // Parallel sign-ups with one email or one team all pass the checks above; the unique
    // indexes let one through and the others get the same answer as if they had come later.
    const column = uniqueViolation(error)
    if (column === 'users.email') throw emailTaken()
    if (column === 'users.fpl_team_id') throw teamTaken(TEAM_TAKEN_AT_SIGN_UP)
    throw error
  }

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
    ...(await discoveryAnswer(ctx, teamId, user.id)),
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
  await sendEmail(ctx.env, ctx.db, verificationEmail(ctx.env, user.email, token))
}

export async function verifyEmail(ctx: AccountContext, token: string) {
  // It ends in a session: without a signing key, the link is kept for later, not spent.
  await ensureSessionsAvailable(ctx.env)
  const userId = await redeemEmailToken(ctx.db, token, 'verify_email')
  if (!userId) throw new ApiError(400, 'This verification link is invalid or has expired.', { code: 'invalid_token' })
  const user = await findUser(ctx.db, userId)

  // Auto-join: the public tournament and our tournaments whose FPL league contains the team.
  const discovered = (await safeDiscover(ctx, user.fplTeamId, user.id)).filter((l) => !l.already_member)
  const publicId = await publicTournamentId(ctx.db)
  const leagueIds = [...(publicId ? [publicId] : []), ...discovered.map((l) => l.league_id)]
  // Verified and joined in one batch: if it fails, the account still awaits verification and
  // "Resend Email" starts over, rather than a verified account left out of its tournaments.
  const verify = verifyUserStatement(ctx.db, userId)
  let joined: number[] = []
  if (leagueIds.length === 0) await verify
  else joined = (await ctx.db.batch([verify, joinStatement(ctx.db, userId, leagueIds)]))[1].map((r) => r.id)
  const autoJoined = discovered.filter((l) => joined.includes(l.league_id)).map((l) => ({ league_id: l.league_id, league_name: l.league_name }))
  return {
    message: 'Email verified successfully!',
    auto_joined_count: autoJoined.length,
    auto_joined_leagues: autoJoined,
    ...(await session(ctx, { ...user, isVerified: true })),
  }
}

/**
 * Sign-in (decision 150). `device` is the nonce of the caller's device cookie for this email, if
 * it brought one: a device that signed in to the account before counts failures against itself
 * alone. Any other device counts them against the account and address pair, the address, and the
 * account as a whole past a higher count, so guessing from many addresses slows down too while the
 * owner's own devices sign in as usual. Crossing the account's count tells the owner by email.
 */
export async function login(ctx: AccountContext, email: string, password: string, address: string, device: string | null = null) {
  await ensureSessionsAvailable(ctx.env)
  const throttle = loginBackoffs(address, email)
  // The key a success clears: the device's, or the pair's.
  const own = device ? deviceBackoff(device) : throttle.pair
  const backoffs = device ? [own] : [own, throttle.ip, throttle.account]
  // Checked before the password, so a waiting guesser costs no hashing; the same for every email.
  await checkBackoff(ctx.db, backoffs)
  const user = await userByEmail(ctx.db, email)
  // Verify against a dummy hash for unknown emails: the same work, the same answer time.
  const valid = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, password)
  if (!user || !valid) {
    const [, , accountFailures] = await recordFailure(ctx.db, backoffs)
    // Exactly one failure per window reaches the count (the upsert counts atomically): one email.
    if (user?.isVerified && accountFailures === LOGIN_BACKOFF.account.after) {
      ctx.background(afterAnswer(() => sendEmail(ctx.env, ctx.db, signInAttemptsEmail(ctx.env, user))))
    }
    throw new ApiError(401, INVALID_LOGIN, { code: 'invalid_credentials' })
  }
  if (!user.isVerified) throw new ApiError(403, 'Please verify your email address before signing in.', { code: 'email_not_verified' })
  // The account's count stays: the strangers' failures still happened (decision 150).
  await clearBackoff(ctx.db, own.key)
  return session(ctx, user)
}

/** Ends the session of one token (a stolen copy stops working too); the user's other devices stay signed in. */
export async function logout(ctx: AccountContext, session: SessionClaims) {
  await endSession(ctx.db, session.tokenId)
  return { message: 'Logged out' }
}

/** "Sign out everywhere": every session of the user ends, this one included, and every token retires. */
export async function logoutEverywhere(ctx: AccountContext, userId: number) {
  await ctx.db.batch([bumpTokenVersionStatement(ctx.db, userId), endSessionsOf(ctx.db, userId)])
  return { message: 'Signed out on every device.' }
}

export const RESEND_MESSAGE = 'If an account with that email is waiting for verification, we have sent a new link. It may take up to 5 minutes to arrive.'
export const RESET_REQUEST_MESSAGE = 'If an account exists for that email, we have sent a link to reset the password. It expires in 1 hour.'

// The email work for a real account starts once the answer has gone out. Started at once, it
// competed with the answer for the isolate (and, locally, for the database): on the dev stack a
// real address was answered 10-20 ms later than an unknown one (measured by tests/bench/enumeration.ts).
const AFTER_ANSWER_MS = 50
const afterAnswer = (work: () => Promise<unknown>) => scheduler.wait(AFTER_ANSWER_MS).then(work)

/** `send` false (a throttle said no): the same answer, and no email. */
export async function resendVerification(ctx: AccountContext, email: string, send = true) {
  const user = await userByEmail(ctx.db, email)
  if (send && user && !user.isVerified) ctx.background(afterAnswer(() => sendVerification(ctx, user)))
  return { message: RESEND_MESSAGE }
}

/** `send` false (a throttle said no): the same answer, and no email. */
export async function requestPasswordReset(ctx: AccountContext, email: string, send = true) {
  const user = await userByEmail(ctx.db, email)
  if (send && user) {
    ctx.background(
      afterAnswer(async () => {
        const token = await issueEmailToken(ctx.db, user.id, 'reset_password')
        await sendEmail(ctx.env, ctx.db, passwordResetEmail(ctx.env, user, token))
      }),
    )
  }
  return { message: RESET_REQUEST_MESSAGE }
}

const RESET_LINK_INVALID = 'This password reset link is invalid or has expired. Please request a new one.'

/**
 * Sets the password of a reset link. The new password is hashed first; then one batch writes it
 * only if the link is unused and unexpired, and marks the link used (with the account's other
 * reset links) only if the password was written. A failure anywhere leaves the link usable.
 */
export async function resetPassword(ctx: AccountContext, token: string, newPassword: string, now = Date.now()) {
  const tokenHash = await sha256(token)
  if (!(await resetLinkUsable(ctx.db, tokenHash, now))) throw new ApiError(400, RESET_LINK_INVALID, { code: 'invalid_token' })

  const passwordHash = await hashPassword(newPassword)
  const written = userWithPasswordHash(ctx.db, passwordHash)
  const [updated] = await ctx.db.batch([
    // Following the emailed link proves the address, so the account counts as verified.
    newPasswordStatement(ctx.db, resetLinkHolder(ctx.db, tokenHash, now), passwordHash, true, now),
    // Every session ends: whoever knew the old password is out.
    endSessionsOf(ctx.db, written),
    spendResetLinksStatement(ctx.db, written, now),
  ])
  const user = updated[0]
  // Used or expired between the read and the batch (a concurrent reset with the same link).
  if (!user) throw new ApiError(400, RESET_LINK_INVALID, { code: 'invalid_token' })
  ctx.background(sendEmail(ctx.env, ctx.db, passwordChangedEmail(ctx.env, user, 'reset')))
  return { message: 'Password reset successfully. You can now sign in with your new password.' }
}

export async function changePassword(ctx: AccountContext, userId: number, currentPassword: string, newPassword: string) {
  const backoff = changePasswordBackoff(userId)
  await checkBackoff(ctx.db, [backoff])
  const user = await findUser(ctx.db, userId)
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    await recordFailure(ctx.db, [backoff])
    throw new ApiError(400, 'Current password is incorrect', { code: 'wrong_password' })
  }
  await clearBackoff(ctx.db, backoff.key)
  if (currentPassword === newPassword) throw new ApiError(400, 'New password must be different from current password')
  const passwordHash = await hashPassword(newPassword)
  // A new password signs out every session: the token version moves on and the sessions go.
  const [rows] = await ctx.db.batch([newPasswordStatement(ctx.db, userId, passwordHash, false), endSessionsOf(ctx.db, userId)])
  const updated = rows[0] as UserRow
  ctx.background(sendEmail(ctx.env, ctx.db, passwordChangedEmail(ctx.env, updated, 'changed')))
  // This device stays signed in with a new session of the new version; every other one is out.
  return {
    message: 'Password changed successfully',
    access_token: await startSession(ctx.env, ctx.db, { userId: updated.id, tokenVersion: updated.tokenVersion }),
  }
}

/**
 * Sets or corrects the account's team id while it is unverified (a mistyped id must not be a dead
 * end); a verified one is locked. A changed id takes away the leagues the old team brought,
 * except those the new team is in too.
 */
export async function updateFplTeam(ctx: AccountContext, userId: number, teamId: number) {
  const user = await findUser(ctx.db, userId)
  if (user.fplTeamVerifiedAt) throw teamLocked()
  if (user.fplTeamId !== teamId) {
    await ensureTeamFree(ctx, teamId, TEAM_TAKEN_ON_CHANGE)
    const keep = await checkTeamExists(ctx, teamId)
    // The old team's leagues go with it; discovery below reads the new team's.
    const save = setTeamStatement(ctx.db, userId, teamId, await seasonOfSource(ctx))
    try {
      if (user.fplTeamId === null) await save
      else await ctx.db.batch([...teamRoleStatements(ctx.db, accountById(ctx.db, userId), keep), save])
    } catch (error) {
      if (uniqueViolation(error) === 'users.fpl_team_id') throw teamTaken(TEAM_TAKEN_ON_CHANGE)
      throw error
    }
  }
  const publicId = await publicTournamentId(ctx.db)
  if (publicId && user.isVerified) await joinTournaments(ctx.db, userId, [publicId])
  return {
    message: 'FPL Team ID saved. Prove it is yours with a verification code to lock it to your account.',
    fpl_team_id: teamId,
    fpl_team_id_locked: false,
    fpl_team_verified: false,
    auto_joined_count: 0,
    ...(await discoveryAnswer(ctx, teamId, userId)),
  }
}

/** Joins the chosen tournaments among those whose FPL league contains the user's team. */
export async function autoJoinLeagues(ctx: AccountContext, userId: number, leagueIds: number[]) {
  const user = await findUser(ctx.db, userId)
  if (!user.fplTeamId) throw new ApiError(400, 'Add your FPL Team ID first.', { code: 'no_fpl_team' })
  const eligible = await discoverLeagues(ctx.db, ctx.source, user.fplTeamId, userId)
  const chosen = eligible.filter((l) => leagueIds.includes(l.league_id) && !l.already_member)
  if (chosen.length === 0) throw new ApiError(400, 'None of the chosen leagues can be joined with your FPL team.', { code: 'nothing_to_join' })
  const joined = await joinTournaments(
    ctx.db,
    userId,
    chosen.map((l) => l.league_id),
  )
  const joinedLeagues = chosen.filter((l) => joined.includes(l.league_id)).map((l) => ({ league_id: l.league_id, league_name: l.league_name }))
  return {
    message: `Joined ${joinedLeagues.length} league${joinedLeagues.length === 1 ? '' : 's'}.`,
    joined_count: joinedLeagues.length,
    joined_leagues: joinedLeagues,
  }
}
