import { and, eq, inArray, lte, or, type SQLWrapper } from 'drizzle-orm'
import { errors, jwtVerify, SignJWT } from 'jose'
import type { Database } from '../../db/client'
import { sessions } from '../../db/schema'
import type { Bindings } from '../../env'
import { checkSecrets, lacksSecret, misconfigured } from '../../lib/config-check'

// Session tokens: HS256 JWTs (the algorithm is pinned on verify) naming their issuer, audience
// and type, with `iat`, `exp` and a random id (`jti`, 128 bits). A token is only good while its
// session row exists (see lib/auth.ts): signing one writes the row, logout deletes it, "Sign out
// everywhere" deletes them all. Each token also carries the user's token version; bumping it
// (password change, reset, sign out everywhere) retires every older token at once.

const TOKEN_LIFETIME_SECONDS = 7 * 24 * 3600
/** A session unused for this long ends: a device left signed in does not stay so for a week. */
export const SESSION_IDLE_MS = 72 * 3600 * 1000
/** last_seen_at is only rewritten when older than this, so most requests write nothing. */
export const SESSION_TOUCH_MS = 15 * 60 * 1000
/** How far a token's `iat` may be ahead of our clock (clock skew between edge locations). */
const CLOCK_TOLERANCE_SECONDS = 60

const ALGORITHM = 'HS256'
const ISSUER = 'banter-arena'
const AUDIENCE = 'banter-arena-api'
const TYPE = 'JWT'
// Development only (ENVIRONMENT exactly development; the tests run as development): it is public, in this file.
const DEV_SECRET = 'banter-arena-development-secret-not-for-production'

export interface SessionSubject {
  userId: number
  tokenVersion: number
}

export interface SessionClaims extends SessionSubject {
  /** The token's own id (`jti`): the key of its session row. */
  tokenId: string
  /** When the token expires (ms since the epoch). */
  expiresAt: number
}

const USER_ID = /^[1-9][0-9]{0,14}$/
const TOKEN_ID = /^[A-Za-z0-9_-]{22}$/

/** 128 random bits, base64url: a token's id, a device cookie's nonce. */
export const randomTokenId = () =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')

type KeyEnv = Pick<Bindings, 'JWT_SECRET' | 'ENVIRONMENT'>

// Importing the HMAC key costs more than verifying a token with it: once per secret per isolate.
const importedKeys = new Map<string, Promise<CryptoKey>>()

/**
 * The signing key. Without a JWT_SECRET of at least 32 characters only development falls back to
 * the public development secret; anywhere else nothing is signed or checked with a key anyone can
 * read: the app answers 503 before any route runs (lib/config-check.ts), and this refuses too, for
 * the scheduled and queued work (the digest's links) that no request guards.
 */
function secretKey(env: KeyEnv): Promise<CryptoKey> {
  if (lacksSecret(env, 'JWT_SECRET')) {
    checkSecrets(env)
    throw misconfigured()
  }
  const secret = env.JWT_SECRET || DEV_SECRET
  let key = importedKeys.get(secret)
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
    importedKeys.set(secret, key)
  }
  return key
}

/** Throws the 503 before a sign-in spends a password hash on a session it could not sign. */
export async function ensureSessionsAvailable(env: KeyEnv): Promise<void> {
  await secretKey(env)
}

// Per session key, the keys derived from it by label.
const purposeKeys = new WeakMap<CryptoKey, Map<string, Promise<CryptoKey>>>()

/**
 * A key of its own for one purpose (unsubscribe links, device cookies): HMAC-SHA-256(session key,
 * label), so there is one secret to keep, and nothing signed for one purpose is good for another
 * or for a session.
 */
export async function purposeKey(env: KeyEnv, label: string): Promise<CryptoKey> {
  const base = await secretKey(env)
  let byLabel = purposeKeys.get(base)
  if (!byLabel) {
    byLabel = new Map()
    purposeKeys.set(base, byLabel)
  }
  let key = byLabel.get(label)
  if (!key) {
    key = crypto.subtle
      .sign('HMAC', base, new TextEncoder().encode(label))
      .then((bytes) => crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']))
    byLabel.set(label, key)
  }
  return key
}

/** A signed token and its claims; the caller writes its session row (see startSession). */
export async function signSession(env: KeyEnv, subject: SessionSubject, now = Date.now()): Promise<{ token: string; claims: SessionClaims }> {
  const issuedAt = Math.floor(now / 1000)
  const tokenId = randomTokenId()
  const expiresAt = issuedAt + TOKEN_LIFETIME_SECONDS
  const token = await new SignJWT({ ver: subject.tokenVersion })
    .setProtectedHeader({ alg: ALGORITHM, typ: TYPE })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(String(subject.userId))
    .setJti(tokenId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(await secretKey(env))
  return { token, claims: { ...subject, tokenId, expiresAt: expiresAt * 1000 } }
}

/** The session row of new claims, as the insert that starts it. */
const sessionInsert = (db: Database, claims: SessionClaims, now = Date.now()) =>
  db.insert(sessions).values({ jti: claims.tokenId, userId: claims.userId, lastSeenAt: new Date(now), expiresAt: new Date(claims.expiresAt) })

/** Sessions that have ended by expiry or by the idle timeout, of one user or of everyone. */
const endedSessions = (now: number, userId?: number) => {
  const ended = or(lte(sessions.expiresAt, new Date(now)), lte(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS)))
  return userId === undefined ? ended : and(eq(sessions.userId, userId), ended)
}

/** Deletes everyone's ended sessions (the cron's tidy-up; sign-in tidies only the signing-in user's own). */
export async function deleteEndedSessions(db: Database, now = Date.now()) {
  await db.delete(sessions).where(endedSessions(now))
}

/** Marks a session seen now: its idle timeout counts from here. */
export const touchSession = (db: Database, tokenId: string, now = Date.now()) =>
  db
    .update(sessions)
    .set({ lastSeenAt: new Date(now) })
    .where(eq(sessions.jti, tokenId))

/** Ends the session of one token (logout). */
export async function endSession(db: Database, tokenId: string) {
  await db.delete(sessions).where(eq(sessions.jti, tokenId))
}

/** Ends every session of a user, or of the users of a subquery, as a statement to batch with the token version's bump. */
export const endSessionsOf = (db: Database, userIds: number | SQLWrapper) =>
  db.delete(sessions).where(typeof userIds === 'number' ? eq(sessions.userId, userIds) : inArray(sessions.userId, userIds))

/** Signs a token and starts its session; the user's ended sessions are deleted in the same batch. */
export async function startSession(env: KeyEnv, db: Database, subject: SessionSubject, now = Date.now()): Promise<string> {
  const { token, claims } = await signSession(env, subject, now)
  await db.batch([db.delete(sessions).where(endedSessions(now, subject.userId)), sessionInsert(db, claims, now)])
  return token
}

/** The claims of a valid token, or null for anything else (bad signature, alg, typ, iss, aud, times...). */
export async function verifySession(env: KeyEnv, token: string): Promise<SessionClaims | null> {
  const key = await secretKey(env)
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ALGORITHM],
      typ: TYPE,
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp', 'sub', 'iat', 'jti'],
      // Refuses an `iat` more than the tolerance ahead of now, and tokens older than a lifetime.
      maxTokenAge: TOKEN_LIFETIME_SECONDS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    })
    // Only a string in the canonical decimal form: Number() would also read 7, " 7", "0x7" or "7e0".
    const userId = typeof payload.sub === 'string' && USER_ID.test(payload.sub) ? Number(payload.sub) : Number.NaN
    const tokenVersion = payload.ver
    const tokenId = payload.jti ?? ''
    const lifetime = (payload.exp ?? 0) - (payload.iat ?? 0)
    if (!Number.isSafeInteger(userId) || typeof tokenVersion !== 'number' || !TOKEN_ID.test(tokenId)) return null
    // We never sign for longer than TOKEN_LIFETIME_SECONDS: a longer-lived token was not made here.
    if (lifetime <= 0 || lifetime > TOKEN_LIFETIME_SECONDS) return null
    return { userId, tokenVersion, tokenId, expiresAt: (payload.exp ?? 0) * 1000 }
  } catch (error) {
    if (error instanceof errors.JOSEError) return null
    throw error
  }
}

// The digest's unsubscribe links (RFC 8058 one-click, no sign-in; decision 152): the user, their
// token version and when the email was made, signed with a key of the links' own (derived from the
// session secret under its own label, so a link is never a session and a session never a link, and
// a link signed with the session key itself, the old way, is refused). A link works for 90 days,
// long after the next digest has brought a fresh one; bumping the token version (password change
// or reset, "sign out everywhere") retires every link sent before.
const UNSUBSCRIBE_AUDIENCE = 'banter-arena-unsubscribe'
const UNSUBSCRIBE_KEY_LABEL = 'banter-arena unsubscribe-link key v1'
export const UNSUBSCRIBE_LINK_LIFETIME_SECONDS = 90 * 24 * 3600

const unsubscribeKey = (env: KeyEnv) => purposeKey(env, UNSUBSCRIBE_KEY_LABEL)

export async function signUnsubscribeToken(env: KeyEnv, subject: SessionSubject, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000)
  return new SignJWT({ ver: subject.tokenVersion })
    .setProtectedHeader({ alg: ALGORITHM, typ: TYPE })
    .setIssuer(ISSUER)
    .setAudience(UNSUBSCRIBE_AUDIENCE)
    .setSubject(String(subject.userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + UNSUBSCRIBE_LINK_LIFETIME_SECONDS)
    .sign(await unsubscribeKey(env))
}

/** What an unsubscribe link says: whose it is and which token version it was sent under, or why it says nothing. */
export type UnsubscribeLink = ({ status: 'valid' } & SessionSubject) | { status: 'expired' } | { status: 'invalid' }

export async function verifyUnsubscribeToken(env: KeyEnv, token: string, now = Date.now()): Promise<UnsubscribeLink> {
  try {
    const { payload } = await jwtVerify(token, await unsubscribeKey(env), {
      algorithms: [ALGORITHM],
      typ: TYPE,
      issuer: ISSUER,
      audience: UNSUBSCRIBE_AUDIENCE,
      requiredClaims: ['exp', 'iat', 'sub'],
      currentDate: new Date(now),
      // Counted from `iat` too: a link that claims a longer life than we give was not made here.
      maxTokenAge: UNSUBSCRIBE_LINK_LIFETIME_SECONDS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    })
    const userId = typeof payload.sub === 'string' && USER_ID.test(payload.sub) ? Number(payload.sub) : Number.NaN
    const tokenVersion = payload.ver
    if (!Number.isSafeInteger(userId) || typeof tokenVersion !== 'number') return { status: 'invalid' }
    return { status: 'valid', userId, tokenVersion }
  } catch (error) {
    // jose checks the signature before the times: an expired link is one we made.
    if (error instanceof errors.JWTExpired) return { status: 'expired' }
    if (error instanceof errors.JOSEError) return { status: 'invalid' }
    throw error
  }
}
