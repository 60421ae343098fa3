import { and, eq, notExists } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import { revokedTokens, users } from '../db/schema'
import type { AppEnv } from '../env'
import { type BatchRead, both, rowsOf, runBatch } from '../db/batch'
import type { Database } from '../db/client'
import { type SessionClaims, verifySession } from '../services/auth/tokens'
import { ApiError } from './errors'

// Who is calling: a bearer token, checked against the user's current token version and the
// revoked token ids on every request, so a token stops working the moment the password changes
// or its session logs out.

export interface SessionUser {
  id: number
  name: string
  email: string
  isVerified: boolean
  fplTeamId: number | null
}

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/

const unauthenticated = () => new ApiError(401, 'Not authenticated. Please sign in again.', { code: 'not_authenticated', headers: { 'WWW-Authenticate': 'Bearer' } })

type AuthContext = Parameters<Parameters<typeof createMiddleware<AppEnv>>[0]>[0]

/** The claims of the bearer token; null without an Authorization header, 401 for a bad one. */
export async function bearerClaims(c: Pick<AuthContext, 'req' | 'env'>): Promise<SessionClaims | null> {
  const header = c.req.header('authorization')
  if (header === undefined) return null
  const token = BEARER.exec(header)?.[1]
  const claims = token ? await verifySession(c.env, token) : null
  if (!claims) throw unauthenticated()
  return claims
}

/**
 * The user a session needs, as a query that can share a batch with the route's own reads. A
 * logged-out token finds no row: the revocation check is part of this one statement, so it
 * costs no extra round trip.
 */
export const sessionUserQuery = (db: Database, claims: SessionClaims) =>
  db
    .select({ id: users.id, name: users.name, email: users.email, isVerified: users.isVerified, fplTeamId: users.fplTeamId, tokenVersion: users.tokenVersion })
    .from(users)
    .where(and(eq(users.id, claims.userId), notExists(db.select({ jti: revokedTokens.jti }).from(revokedTokens).where(eq(revokedTokens.jti, claims.tokenId)))))
    .limit(1)

type SessionUserRow = Awaited<ReturnType<typeof sessionUserQuery>>[number]

/** The signed-in user, if their row still accepts the token (password changes bump the version). */
export function sessionUser(row: SessionUserRow | undefined, claims: SessionClaims): SessionUser {
  if (!row || row.tokenVersion !== claims.tokenVersion) throw unauthenticated()
  return { id: row.id, name: row.name, email: row.email, isVerified: row.isVerified, fplTeamId: row.fplTeamId }
}

async function withSession<T>(db: Database, claims: SessionClaims, read: BatchRead<T>) {
  const [[row], data] = await runBatch(db, both(rowsOf(sessionUserQuery(db, claims)), read))
  return { user: sessionUser(row, claims), data }
}

/**
 * The viewer's session and a route's reads in one D1 round trip. `read` gets the user id the
 * token claims (null when nobody is signed in); its result is only returned once the token is
 * known to be current.
 */
export async function readWithSession<T>(c: Pick<AuthContext, 'req' | 'env' | 'var'>, read: (viewerUserId: number | null) => BatchRead<T>): Promise<{ user: SessionUser | null; data: T }> {
  const claims = await bearerClaims(c)
  if (!claims) return { user: null, data: await runBatch(c.var.db, read(null)) }
  return withSession(c.var.db, claims, read(claims.userId))
}

/** readWithSession for routes that need someone signed in. */
export async function readAsUser<T>(c: Pick<AuthContext, 'req' | 'env' | 'var'>, read: (userId: number) => BatchRead<T>): Promise<{ user: SessionUser; data: T }> {
  const claims = await bearerClaims(c)
  if (!claims) throw unauthenticated()
  return withSession(c.var.db, claims, read(claims.userId))
}

/** The signed-in user and their token's claims (logout revokes that token); 401 for anyone else. */
export async function requireSession(c: Pick<AuthContext, 'req' | 'env' | 'var'>): Promise<{ user: SessionUser; claims: SessionClaims }> {
  const claims = await bearerClaims(c)
  if (!claims) throw unauthenticated()
  const [row] = await sessionUserQuery(c.var.db, claims)
  return { user: sessionUser(row, claims), claims }
}

export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', (await requireSession(c)).user)
  await next()
})

export function currentUser(c: { var: AppEnv['Variables'] }): SessionUser {
  if (!c.var.user) throw unauthenticated()
  return c.var.user
}
