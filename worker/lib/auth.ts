import { and, eq, gt } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import { sessions, users } from '../db/schema'
import type { AppEnv } from '../env'
import { type BatchRead, both, rowsOf, runBatch } from '../db/batch'
import type { Database } from '../db/client'
import { SESSION_IDLE_MS, SESSION_TOUCH_MS, type SessionClaims, verifySession } from '../services/auth/tokens'
import { ApiError } from './errors'

// Who is calling: a bearer token, checked on every request against the user's current token
// version and its session row (which logout deletes, and which ends after SESSION_IDLE_MS
// unused), so a token stops working the moment the password changes or its session ends.

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
type SessionContext = Pick<AuthContext, 'req' | 'env' | 'var' | 'executionCtx'>

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
 * logged-out, signed-out-everywhere or idle token finds no row: the session check is part of
 * this one statement, so it costs no extra round trip.
 */
export const sessionUserQuery = (db: Database, claims: SessionClaims, now = Date.now()) =>
  db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      isVerified: users.isVerified,
      fplTeamId: users.fplTeamId,
      tokenVersion: users.tokenVersion,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(users)
    .innerJoin(sessions, and(eq(sessions.jti, claims.tokenId), eq(sessions.userId, users.id), gt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS))))
    .where(eq(users.id, claims.userId))
    .limit(1)

type SessionUserRow = Awaited<ReturnType<typeof sessionUserQuery>>[number]

/**
 * The signed-in user, if their row still accepts the token (password changes bump the version).
 * A session last seen over SESSION_TOUCH_MS ago is marked seen after the answer: the idle timeout
 * counts from there, and the other requests of those minutes write nothing.
 */
export function sessionUser(c: Pick<SessionContext, 'var' | 'executionCtx'>, row: SessionUserRow | undefined, claims: SessionClaims, now = Date.now()): SessionUser {
  if (!row || row.tokenVersion !== claims.tokenVersion) throw unauthenticated()
  if (row.lastSeenAt.getTime() <= now - SESSION_TOUCH_MS) {
    const touch = c.var.db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.jti, claims.tokenId))
    c.executionCtx.waitUntil(touch.then(undefined, (error: unknown) => console.error('Marking a session as seen failed', error)))
  }
  return { id: row.id, name: row.name, email: row.email, isVerified: row.isVerified, fplTeamId: row.fplTeamId }
}

async function withSession<T>(c: SessionContext, claims: SessionClaims, read: BatchRead<T>) {
  const [[row], data] = await runBatch(c.var.db, both(rowsOf(sessionUserQuery(c.var.db, claims)), read))
  return { user: sessionUser(c, row, claims), data }
}

/**
 * The viewer's session and a route's reads in one D1 round trip. `read` gets the user id the
 * token claims (null when nobody is signed in); its result is only returned once the token is
 * known to be current.
 */
export async function readWithSession<T>(c: SessionContext, read: (viewerUserId: number | null) => BatchRead<T>): Promise<{ user: SessionUser | null; data: T }> {
  const claims = await bearerClaims(c)
  if (!claims) return { user: null, data: await runBatch(c.var.db, read(null)) }
  return withSession(c, claims, read(claims.userId))
}

/** readWithSession for routes that need someone signed in. */
export async function readAsUser<T>(c: SessionContext, read: (userId: number) => BatchRead<T>): Promise<{ user: SessionUser; data: T }> {
  const claims = await bearerClaims(c)
  if (!claims) throw unauthenticated()
  return withSession(c, claims, read(claims.userId))
}

/** The signed-in user and their token's claims (logout ends that session); 401 for anyone else. */
export async function requireSession(c: SessionContext): Promise<{ user: SessionUser; claims: SessionClaims }> {
  const claims = await bearerClaims(c)
  if (!claims) throw unauthenticated()
  const [row] = await sessionUserQuery(c.var.db, claims)
  return { user: sessionUser(c, row, claims), claims }
}

export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', (await requireSession(c)).user)
  await next()
})

export function currentUser(c: { var: AppEnv['Variables'] }): SessionUser {
  if (!c.var.user) throw unauthenticated()
  return c.var.user
}
