import { eq } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import { users } from '../db/schema'
import type { AppEnv } from '../env'
import type { Database } from '../db/client'
import { type SessionClaims, verifySession } from '../services/auth/tokens'
import { ApiError } from './errors'

// Who is calling: a bearer token, checked against the user's current token version on every
// request, so a token stops working the moment the password changes.

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

/** The user a session needs, as a query that can share a batch with the route's own reads. */
export const sessionUserQuery = (db: Database, claims: SessionClaims) =>
  db
    .select({ id: users.id, name: users.name, email: users.email, isVerified: users.isVerified, fplTeamId: users.fplTeamId, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, claims.userId))
    .limit(1)

export type SessionUserRow = Awaited<ReturnType<typeof sessionUserQuery>>[number]

/** The signed-in user, if their row still accepts the token (password changes bump the version). */
export function sessionUser(row: SessionUserRow | undefined, claims: SessionClaims): SessionUser {
  if (!row || row.tokenVersion !== claims.tokenVersion) throw unauthenticated()
  return { id: row.id, name: row.name, email: row.email, isVerified: row.isVerified, fplTeamId: row.fplTeamId }
}

async function resolveUser(c: AuthContext): Promise<SessionUser | null> {
  const claims = await bearerClaims(c)
  if (!claims) return null
  const [row] = await sessionUserQuery(c.var.db, claims)
  return sessionUser(row, claims)
}

/** Signed in or not; a token that is present must be valid. */
export const optionalAuth = createMiddleware<AppEnv>(async (c, next) => {
  const user = await resolveUser(c)
  c.set('user', user)
  c.set('viewerTeamId', user?.fplTeamId ?? null)
  await next()
})

export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const user = await resolveUser(c)
  if (!user) throw unauthenticated()
  c.set('user', user)
  c.set('viewerTeamId', user.fplTeamId)
  await next()
})

export function currentUser(c: { var: AppEnv['Variables'] }): SessionUser {
  if (!c.var.user) throw unauthenticated()
  return c.var.user
}
