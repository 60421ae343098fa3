import { and, eq, lte, or } from 'drizzle-orm'
import { errors, jwtVerify, SignJWT } from 'jose'
import type { Database } from '../../db/client'
import { sessions } from '../../db/schema'
import type { Bindings } from '../../env'
import { isDevelopment } from '../../env'
import { ApiError } from '../../lib/errors'

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
// Development and tests only (ENVIRONMENT development or test): it is public, in this file.
const DEV_SECRET = 'banter-arena-development-secret-not-for-production'
const MIN_SECRET_LENGTH = 32

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

const randomTokenId = () =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')

type KeyEnv = Pick<Bindings, 'JWT_SECRET' | 'ENVIRONMENT'>

const sessionsUnavailable = () => new ApiError(503, 'Sign-in is unavailable right now. Please try again later.', { code: 'auth_unavailable' })

// Importing the HMAC key costs more than verifying a token with it: once per secret per isolate.
const importedKeys = new Map<string, Promise<CryptoKey>>()

/**
 * The signing key. Without a JWT_SECRET of at least 32 characters only development and the tests
 * fall back to the public development secret; anywhere else every request that signs or checks a
 * session is refused (503), never signed with a key anyone can read.
 */
function secretKey(env: KeyEnv): Promise<CryptoKey> {
  const secret = env.JWT_SECRET || (isDevelopment(env) ? DEV_SECRET : '')
  if (secret.length < MIN_SECRET_LENGTH) {
    console.error(
      `JWT_SECRET is not set: sessions are refused (ENVIRONMENT=${JSON.stringify(env.ENVIRONMENT ?? '')}). Set it with \`wrangler secret put JWT_SECRET\` (at least ${MIN_SECRET_LENGTH} random characters).`,
    )
    throw sessionsUnavailable()
  }
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
export const endedSessions = (now: number, userId?: number) => {
  const ended = or(lte(sessions.expiresAt, new Date(now)), lte(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS)))
  return userId === undefined ? ended : and(eq(sessions.userId, userId), ended)
}

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

// Links in emails that act without signing in (the digest's one-click unsubscribe): the user and
// what the link may do, signed with the session key under an audience of their own, so a link
// token is never a session and a session never a link. They do not expire: an unsubscribe link
// in an old email must still work (RFC 8058 asks for it to keep working).
const LINK_AUDIENCE = 'banter-arena-link'

export type LinkPurpose = 'unsubscribe-digest'

export async function signLinkToken(env: KeyEnv, userId: number, purpose: LinkPurpose): Promise<string> {
  return new SignJWT({ purpose })
    .setProtectedHeader({ alg: ALGORITHM, typ: TYPE })
    .setIssuer(ISSUER)
    .setAudience(LINK_AUDIENCE)
    .setSubject(String(userId))
    .sign(await secretKey(env))
}

/** The user a link token was signed for, or null for anything else. */
export async function verifyLinkToken(env: KeyEnv, token: string, purpose: LinkPurpose): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, await secretKey(env), { algorithms: [ALGORITHM], typ: TYPE, issuer: ISSUER, audience: LINK_AUDIENCE })
    const userId = typeof payload.sub === 'string' && USER_ID.test(payload.sub) ? Number(payload.sub) : Number.NaN
    return payload.purpose === purpose && Number.isSafeInteger(userId) ? userId : null
  } catch (error) {
    if (error instanceof errors.JOSEError) return null
    throw error
  }
}
