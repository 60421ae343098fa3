import { createMiddleware } from 'hono/factory'
import { type BatchRead, batchOf, constant, rowsOf, runBatch } from '../db/batch'
import type { AppEnv, RequestContext } from '../env'
import { addLogFields } from '../lib/log'
import { type SessionUser, sessionUser, sessionUserQuery, unauthenticated } from '../services/auth/sessions'
import { type SessionClaims, verifySession } from '../services/auth/tokens'

// Authentication is declared in each route's chain, and nothing else authenticates:
// `session('required')` answers 401 to a request without a bearer token, `session('optional')`
// lets visitors through; both answer 401 to a malformed or forged token. The session row (see
// services/auth/sessions) is read with the route's own reads, in the same D1 batch: the handler
// asks `c.var.session.read(...)`, or `c.var.session.user()` when it has nothing to read first.

interface Session<User extends SessionUser | null> {
  /** The viewer once their session row accepts the token: one D1 read, at most once a request. */
  user(): Promise<User>
  /**
   * The route's reads and the session check in one D1 round trip. `read` gets the user id the
   * token claims (null when nobody is signed in); its result is only handed out once the token
   * is known to be current.
   */
  read<T>(read: (viewerId: User extends SessionUser ? number : number | null) => BatchRead<T>): Promise<{ user: User; data: T }>
}

interface ViewerSession extends Session<SessionUser | null> {
  /** The token's claims once checked, null when nobody is signed in (a live socket keeps them to re-check its session). */
  claims(): Promise<SessionClaims | null>
}

interface SignedInSession extends Session<SessionUser> {
  /** The token's claims, once checked (logout ends that session). */
  claims(): Promise<SessionClaims>
}

/** Routes behind `session('required')` and `session('optional')`, for helpers that take their context. */
export type SignedInEnv = AppEnv & { Variables: { session: SignedInSession } }
export type ViewerEnv = AppEnv & { Variables: { session: ViewerSession } }

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/

/**
 * The claims of the bearer token; null without one, 401 for a bad one. The token comes in the
 * Authorization header, or on a WebSocket upgrade (browsers cannot set headers there, and tokens
 * never go in URLs) as the subprotocol pair `bearer`, `<token>`.
 */
async function bearerClaims(c: RequestContext): Promise<SessionClaims | null> {
  const header = c.req.header('authorization') ?? socketBearer(c)
  if (header === undefined) return null
  const token = BEARER.exec(header)?.[1]
  const claims = token ? await verifySession(c.env, token) : null
  if (!claims) throw unauthenticated()
  addLogFields({ user_id: claims.userId })
  return claims
}

/** `Sec-WebSocket-Protocol: bearer, <token>` of a WebSocket upgrade, as an Authorization header value. */
function socketBearer(c: RequestContext): string | undefined {
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') return undefined
  const [scheme, token, ...rest] = (c.req.header('sec-websocket-protocol') ?? '').split(',').map((p) => p.trim())
  if (scheme !== 'bearer' || token === undefined || rest.length > 0) return undefined
  return `Bearer ${token}`
}

function viewerSession(c: RequestContext, claims: SessionClaims | null): ViewerSession {
  const db = c.var.db
  let checked: SessionUser | undefined
  const read = async <T>(read: (viewerId: number | null) => BatchRead<T>) => {
    if (!claims) return { user: null, data: await runBatch(db, read(null)) }
    if (checked) return { user: checked, data: await runBatch(db, read(claims.userId)) }
    const {
      session: [row],
      data,
    } = await runBatch(db, batchOf({ session: rowsOf(sessionUserQuery(db, claims)), data: read(claims.userId) }))
    checked = sessionUser(db, row, claims, (work) => c.executionCtx.waitUntil(work))
    return { user: checked, data }
  }
  const user = async () => (await read(() => constant(null))).user
  return {
    read,
    user,
    claims: async () => {
      await user()
      return claims
    },
  }
}

function signedInSession(c: RequestContext, claims: SessionClaims): SignedInSession {
  const viewer = viewerSession(c, claims)
  // With claims there is always a user: the check throws 401 rather than answer null.
  const user = async () => (await viewer.user()) as SessionUser
  return {
    read: viewer.read as SignedInSession['read'],
    user,
    claims: viewer.claims as SignedInSession['claims'],
  }
}

const required = createMiddleware<SignedInEnv>(async (c, next) => {
  const claims = await bearerClaims(c)
  if (!claims) throw unauthenticated()
  c.set('session', signedInSession(c, claims))
  await next()
})

const optional = createMiddleware<ViewerEnv>(async (c, next) => {
  c.set('session', viewerSession(c, await bearerClaims(c)))
  await next()
})

export function session(mode: 'required'): typeof required
export function session(mode: 'optional'): typeof optional
export function session(mode: 'required' | 'optional') {
  return mode === 'required' ? required : optional
}
