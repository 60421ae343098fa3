import { and, eq, gt, inArray, isNull, type SQLWrapper } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { type EmailTokenPurpose, emailTokens } from '../../db/schema'

// Single-use email tokens (verification 24 h, reset 1 h). The token exists only in the email:
// the database keeps its SHA-256, and redeeming is one conditional UPDATE, so two concurrent
// uses of the same link cannot both succeed.

const TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 3600 * 1000,
  reset_password: 3600 * 1000,
}

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')

export async function sha256(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * A new token for the user. A new verification link replaces the earlier ones. Reset links are
 * not replaced: anyone may ask for one for any address once a minute, and each new link would
 * spoil the one the owner is about to use; setting the password retires them all instead.
 */
export async function issueEmailToken(db: Database, userId: number, purpose: EmailTokenPurpose, now = Date.now()): Promise<string> {
  const token = toBase64Url(crypto.getRandomValues(new Uint8Array(32)))
  const insert = db.insert(emailTokens).values({ userId, purpose, tokenHash: await sha256(token), expiresAt: new Date(now + TOKEN_LIFETIME_MS[purpose]) })
  if (purpose === 'reset_password') await insert
  else {
    await db.batch([
      db
        .update(emailTokens)
        .set({ usedAt: new Date(now) })
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt))),
      insert,
    ])
  }
  return token
}

/** Marks the token used and returns its user, or null when it is unknown, used, expired or for another purpose. */
export async function redeemEmailToken(db: Database, token: string, purpose: EmailTokenPurpose, now = Date.now()): Promise<number | null> {
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: new Date(now) })
    .where(and(eq(emailTokens.tokenHash, await sha256(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)))
    .returning({ userId: emailTokens.userId, expiresAt: emailTokens.expiresAt })
  const row = rows[0]
  return row && row.expiresAt.getTime() > now ? row.userId : null
}

/** An unused, unexpired reset link with this hash. */
const redeemableReset = (tokenHash: string, now: number) =>
  and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, 'reset_password'), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, new Date(now)))

/** Whether a reset link can still be used: a made-up token costs one read, not a password hash. */
export async function resetLinkUsable(db: Database, tokenHash: string, now = Date.now()): Promise<boolean> {
  return (await db.query.emailTokens.findFirst({ where: redeemableReset(tokenHash, now), columns: { id: true } })) !== undefined
}

/** The user of a usable reset link, as a subquery for the batch that sets the password (empty once it is used or expired). */
export const resetLinkHolder = (db: Database, tokenHash: string, now = Date.now()) =>
  db.select({ id: emailTokens.userId }).from(emailTokens).where(redeemableReset(tokenHash, now))

/** Marks every unused reset link of the users of `userIds` (a subquery) used, as a statement to batch with the new password. */
export const spendResetLinksStatement = (db: Database, userIds: SQLWrapper, now = Date.now()) =>
  db
    .update(emailTokens)
    .set({ usedAt: new Date(now) })
    .where(and(inArray(emailTokens.userId, userIds), eq(emailTokens.purpose, 'reset_password'), isNull(emailTokens.usedAt)))
