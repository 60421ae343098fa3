import { errors, jwtVerify, SignJWT } from 'jose'
import type { Bindings } from '../../env'
import { isProduction } from '../../env'

// Session tokens: HS256 JWTs (the algorithm is pinned on verify, `exp` is required). Each
// carries the user's token version; bumping it in the database (password change, reset,
// logout everywhere) makes every older token useless at once.

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 3600
const ALGORITHM = 'HS256'
// Development and tests only: production refuses to run without JWT_SECRET.
const DEV_SECRET = 'banter-arena-development-secret-not-for-production'

export interface SessionClaims {
  userId: number
  tokenVersion: number
}

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

export async function signSession(env: Pick<Bindings, 'JWT_SECRET' | 'ENVIRONMENT'>, claims: SessionClaims, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000)
  return new SignJWT({ ver: claims.tokenVersion })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
    .sign(await secretKey(env))
}

/** The claims of a valid token, or null for anything else (bad signature, alg, expiry...). */
export async function verifySession(env: Pick<Bindings, 'JWT_SECRET' | 'ENVIRONMENT'>, token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await secretKey(env), { algorithms: [ALGORITHM], requiredClaims: ['exp', 'sub', 'iat'] })
    const userId = Number(payload.sub)
    const tokenVersion = payload.ver
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof tokenVersion !== 'number') return null
    return { userId, tokenVersion }
  } catch (error) {
    if (error instanceof errors.JOSEError) return null
    throw error
  }
}
