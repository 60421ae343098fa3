import { eq, inArray } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { Database } from '../../db/client'
import { uniqueViolation } from '../../db/client'
import { fplTeamChallenges } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import { sendEmail } from '../email'
import { orUnavailable } from '../fpl-lookup'
import { accountById, findUser, proveTeamStatement, releaseTeamStatement, teamProvenByOther, type UserRow, unprovenHolders } from '../users'
import type { AccountContext } from './accounts'
import { checkTeamExists, seasonOfSource } from './accounts'
import { teamClaimedEmail } from './emails'
import { teamLocked, teamRoleStatements } from './team-roles'

// Proving an FPL team is yours (decision 061). League tables are public, so a typed team id
// proves nothing: the manager puts a one-time code in their FPL team name, which only the team's
// owner can change, and we read the name straight from FPL. A verified team is locked to its
// account and replaces anyone holding it unverified.

const CHALLENGE_MS = 30 * 60_000
// A new code only when the live one is nearly over: asking again must not undo a rename in progress.
const REUSE_WHILE_MS = 5 * 60_000
// No 0/O, 1/I/L: the manager copies the code by hand into a 20-character team name.
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

/** A short one-time code, `BA-` and 4 characters drawn without bias from a CSPRNG. */
function newChallengeCode(): string {
  let code = ''
  const limit = 256 - (256 % CODE_ALPHABET.length)
  while (code.length < 4) {
    for (const byte of crypto.getRandomValues(new Uint8Array(8))) {
      if (byte < limit && code.length < 4) code += CODE_ALPHABET[byte % CODE_ALPHABET.length]
    }
  }
  return `BA-${code}`
}

// FPL keeps the name as typed; people add spaces or drop the dash ("BA 7Q2K", "ba7q2k").
const squash = (text: string) => text.replace(/[\s-]+/g, '').toUpperCase()
const nameHasCode = (teamName: string, code: string) => squash(teamName).includes(squash(code))

const alreadyVerified = () => new ApiError(400, 'Your FPL team is already verified: there is nothing more to do.', { code: 'fpl_team_already_verified' })

/** The team a request is about: the one named, or the one the account already holds. */
function teamOf(user: UserRow, requested: number | undefined): number {
  const teamId = requested ?? user.fplTeamId
  if (!teamId) throw new ApiError(400, 'Enter your FPL Team ID first.', { code: 'no_fpl_team' })
  if (user.fplTeamVerifiedAt) throw teamId === user.fplTeamId ? alreadyVerified() : teamLocked()
  return teamId
}

const provenElsewhere = () =>
  new ApiError(
    409,
    'Another account has already proven this FPL team is theirs. Check your FPL Team ID; if it is right, sign in to the account that verified it.',
    {
      code: 'fpl_team_verified_elsewhere',
    },
  )

async function ensureNotProvenElsewhere(db: Database, teamId: number, userId: number) {
  if (await teamProvenByOther(db, teamId, userId)) throw provenElsewhere()
}

/** POST /api/auth/fpl-team/challenge: a code to put in the FPL team name, valid 30 minutes. */
export async function createChallenge(ctx: AccountContext, userId: number, requested: number | undefined, now = Date.now()) {
  const user = await findUser(ctx.db, userId)
  const teamId = teamOf(user, requested)
  await ensureNotProvenElsewhere(ctx.db, teamId, userId)
  await checkTeamExists(ctx, teamId)
  const live = await ctx.db.query.fplTeamChallenges.findFirst({ where: eq(fplTeamChallenges.userId, userId) })
  const challenge =
    live && live.fplTeamId === teamId && live.expiresAt.getTime() - now > REUSE_WHILE_MS
      ? live
      : { userId, fplTeamId: teamId, code: newChallengeCode(), expiresAt: new Date(now + CHALLENGE_MS) }
  if (challenge !== live) {
    // One live challenge per user: a new one replaces the old.
    const { code, expiresAt } = challenge
    await ctx.db
      .insert(fplTeamChallenges)
      .values(challenge)
      .onConflictDoUpdate({ target: fplTeamChallenges.userId, set: { fplTeamId: teamId, code, expiresAt } })
  }
  return {
    code: challenge.code,
    expires_at: challenge.expiresAt.toISOString(),
    fpl_team_id: teamId,
    message: `Add ${challenge.code} anywhere in your team name on the FPL site (Pick Team › Team details), save, then press Check. The code works for 30 minutes.`,
  }
}

const noChallenge = () => new ApiError(400, 'Get a verification code first, then add it to your FPL team name.', { code: 'no_challenge' })

/**
 * POST /api/auth/fpl-team/verify: reads the team name from FPL itself (never a cache, or a name
 * from before the rename would count) and, when it holds the live code, gives the team to this
 * account for good, in one batch: whoever held it unverified loses it and what it brought.
 */
export async function verifyTeam(ctx: AccountContext, userId: number, requested: number | undefined, now = Date.now()) {
  const user = await findUser(ctx.db, userId)
  const teamId = teamOf(user, requested)
  const challenge = await ctx.db.query.fplTeamChallenges.findFirst({ where: eq(fplTeamChallenges.userId, userId) })
  if (!challenge || challenge.fplTeamId !== teamId || challenge.expiresAt.getTime() <= now) throw noChallenge()
  await ensureNotProvenElsewhere(ctx.db, teamId, userId)

  const entry = await orUnavailable(
    () => ctx.source.client.entry(teamId),
    () => {
      throw new ApiError(400, 'FPL team not found. Please check your FPL Team ID.', { code: 'fpl_team_not_found' })
    },
  )
  if (!nameHasCode(entry.name, challenge.code)) {
    throw new ApiError(
      400,
      `We couldn't find ${challenge.code} in your team name "${entry.name}". Add it anywhere in your team name on the FPL site (Pick Team › Team details), save, then press Check again.`,
      { code: 'code_not_in_team_name' },
    )
  }

  const db = ctx.db
  const season = await seasonOfSource(ctx)
  const at = new Date(now)
  // Whoever else holds the team unverified: decided inside the batch, so a claim made a moment
  // ago is replaced too.
  const squatters = unprovenHolders(db, teamId, userId)
  const release = releaseTeamStatement(db, teamId, userId, at)
  // The verifier's own earlier, different team brought leagues too; those its proven team is in stay.
  const previousTeam = user.fplTeamId !== null && user.fplTeamId !== teamId
  const keep = entry.leagues.classic.map((l) => l.id)
  const statements: Array<BatchItem<'sqlite'>> = [
    ...teamRoleStatements(db, squatters),
    ...(previousTeam ? teamRoleStatements(db, accountById(db, userId), keep) : []),
    db.delete(fplTeamChallenges).where(inArray(fplTeamChallenges.userId, squatters)),
    release,
    proveTeamStatement(db, userId, teamId, season, keep, at),
    db.delete(fplTeamChallenges).where(eq(fplTeamChallenges.userId, userId)),
  ]
  let results: unknown[]
  try {
    results = await db.batch(statements as [BatchItem<'sqlite'>, ...Array<BatchItem<'sqlite'>>])
  } catch (error) {
    // Someone else proved it between our check and this batch.
    if (uniqueViolation(error) === 'users.fpl_team_id') throw provenElsewhere()
    throw error
  }
  const replaced = results[statements.indexOf(release)] as Array<{ email: string }>
  for (const squatter of replaced) ctx.background(sendEmail(ctx.env, db, teamClaimedEmail(ctx.env, squatter.email, teamId)))
  return {
    fpl_team_id: teamId,
    team_name: entry.name,
    verified: true as const,
    message: 'Your FPL team is verified and linked to your account for good. You can change its name back on the FPL site now.',
  }
}
