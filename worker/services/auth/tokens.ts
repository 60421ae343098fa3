import { errors, jwtVerify, SignJWT } from 'jose'
import type { Bindings } from '../../env'
import { isProduction } from '../../env'

// Session tokens: HS256 JWTs (the algorithm is pinned on verify, `exp` is required). Each
// carries the user's token version; bumping it in the database (password change, reset,
// logout everywhere) makes every older token useless at once. Each also has a random id
// (`jti`, 128 bits), so that logout can end one session and leave the user's other devices in.

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 3600
const ALGORITHM = 'HS256'
// Development and tests only: production refuses to run without JWT_SECRET.
const DEV_SECRET = 'banter-arena-development-secret-not-for-production'

export interface SessionSubject {
  userId: number
  tokenVersion: number
}

export interface SessionClaims extends SessionSubject {
  /** The token's own id (`jti`): what logout revokes. */
  tokenId: string
  /** When the token expires (ms since the epoch): a revocation is kept until then. */
  expiresAt: number
}

const USER_ID = /^[1-9][0-9]{0,14}$/
const TOKEN_ID = /^[A-Za-z0-9_-]{22}$/

const randomTokenId = () =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')

export class MissingSecretError extends Error {}

// Importing the HMAC key costs more than verifying a token with it: once per secret per isolate.
const importedKeys = new Map<string, Promise<CryptoKey>>()

function secretKey(env: Pick<Bindings, 'JWT_SECRET' | 'ENVIRONMENT'>): Promise<CryptoKey> {
  const secret = env.JWT_SECRET || (isProduction(env) ? '' : DEV_SECRET)
  if (secret.length < 32) throw new MissingSecretError('JWT_SECRET must be set to at least 32 characters')
  let key = importedKeys.get(secret)
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
    importedKeys.set(secret, key)
  }
  return key
}

export async function signSession(env: Pick<Bindings, 'JWT_SECRET' | 'ENVIRONMENT'>, subject: SessionSubject, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000)
  return new SignJWT({ ver: subject.tokenVersion })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(subject.userId))
    .setJti(randomTokenId())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
    .sign(await secretKey(env))
}

/** The claims of a valid token, or null for anything else (bad signature, alg, expiry...). */
export async function verifySession(env: Pick<Bindings, 'JWT_SECRET' | 'ENVIRONMENT'>, token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await secretKey(env), { algorithms: [ALGORITHM], requiredClaims: ['exp', 'sub', 'iat', 'jti'] })
    // Only a string in the canonical decimal form: Number() would also read 7, " 7", "0x7" or "7e0".
    const userId = typeof payload.sub === 'string' && USER_ID.test(payload.sub) ? Number(payload.sub) : Number.NaN
    const tokenVersion = payload.ver
    const tokenId = payload.jti ?? ''
    if (!Number.isSafeInteger(userId) || typeof tokenVersion !== 'number' || !TOKEN_ID.test(tokenId)) return null
    return { userId, tokenVersion, tokenId, expiresAt: (payload.exp ?? 0) * 1000 }
  } catch (error) {
    if (error instanceof errors.JOSEError) return null
    throw error
  }
}
