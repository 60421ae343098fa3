import { eq } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import { users } from '../db/schema'
import type { AppEnv } from '../env'
import { verifySession } from '../services/auth/tokens'
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

async function resolveUser(c: Parameters<Parameters<typeof createMiddleware<AppEnv>>[0]>[0]): Promise<SessionUser | null> {
  const header = c.req.header('authorization')
  if (!header) return null
  const token = BEARER.exec(header)?.[1]
  if (!token) throw unauthenticated()
  const claims = await verifySession(c.env, token)
  if (!claims) throw unauthenticated()
  const user = await c.var.db.query.users.findFirst({
    where: eq(users.id, claims.userId),
    columns: { id: true, name: true, email: true, isVerified: true, fplTeamId: true, tokenVersion: true },
  })
  if (!user || user.tokenVersion !== claims.tokenVersion) throw unauthenticated()
  return { id: user.id, name: user.name, email: user.email, isVerified: user.isVerified, fplTeamId: user.fplTeamId }
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
