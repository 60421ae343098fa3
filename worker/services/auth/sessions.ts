import { and, eq, gt } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { sessions, users } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import { SESSION_IDLE_MS, SESSION_TOUCH_MS, type SessionClaims, touchSession } from './tokens'

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

export const unauthenticated = () =>
  new ApiError(401, 'Not authenticated. Please sign in again.', { code: 'not_authenticated', headers: { 'WWW-Authenticate': 'Bearer' } })

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
 * A session last seen over SESSION_TOUCH_MS ago is marked seen after the answer (`background`):
 * the idle timeout counts from there, and the other requests of those minutes write nothing.
 */
export function sessionUser(
  db: Database,
  row: SessionUserRow | undefined,
  claims: SessionClaims,
  background: (work: Promise<unknown>) => void,
  now = Date.now(),
): SessionUser {
  if (!row || row.tokenVersion !== claims.tokenVersion) throw unauthenticated()
  if (row.lastSeenAt.getTime() <= now - SESSION_TOUCH_MS) {
    background(touchSession(db, claims.tokenId, now).then(undefined, (error: unknown) => console.error('Marking a session as seen failed', error)))
  }
  return { id: row.id, name: row.name, email: row.email, isVerified: row.isVerified, fplTeamId: row.fplTeamId }
}
