/**
 * A tournament's open screens (hibernating WebSockets held by its hub, worker/durable-objects/hub.ts): how the
 * route hands an upgrade to the hub, the caps on sockets per user and per address, and the
 * re-check of every socket's session before a push.
 */
import { LIVE_SOCKET_CLOSE } from '../../../contract/live'
import type { Database } from '../../db/client'
import { errorBody } from '../../lib/errors'
import { type SocketSession, stillReadable } from '../access'

/** The route's header naming an upgrade's socket (JSON of `LiveSocketRequest`): only the route reaches the hub. */
export const LIVE_SOCKET_HEADER = 'x-live-socket'

/** What the hub keeps of a socket (its attachment, which survives hibernation). */
export interface LiveSocketRequest {
  tournamentId: number
  /** The session the socket was opened with, re-checked at every push; null when signed out. */
  session: SocketSession | null
  /** The caller's address (rate-limit.ts's clientAddress), for the per-address cap. */
  address: string
}

/**
 * Open sockets a hub takes per signed-in user and per address (decision 142): a manager's phone,
 * laptop and a few tabs; a pub's or an office's shared address. Past them the upgrade is refused
 * with 429; a user's sockets across tournaments are bounded by the route's upgrade rate limit.
 */
export const SOCKETS_PER_USER = 10
export const SOCKETS_PER_ADDRESS = 100

export const socketRequestOf = (socket: WebSocket) => socket.deserializeAttachment() as LiveSocketRequest | null

/** The tags a socket is accepted with, and the cap of each: the hub counts the open sockets of a tag. */
export const socketTags = (socket: LiveSocketRequest): Array<[tag: string, cap: number]> => [
  [`address:${socket.address}`, SOCKETS_PER_ADDRESS],
  ...(socket.session ? [[`user:${socket.session.userId}`, SOCKETS_PER_USER] as [string, number]] : []),
]

export const tooManySockets = () =>
  Response.json(errorBody('Too many live connections are open. Close another tab or device and try again.', 'too_many_sockets'), {
    status: 429,
    headers: { 'Retry-After': '60' },
  })

/**
 * The open sockets whose viewer may still read the tournament with the session they opened it
 * with; the others (a member removed, a session signed out, reset or expired) are closed as
 * revoked. All of them checked in one query.
 */
export async function stillReading(db: Database, tournamentId: number, sockets: WebSocket[]): Promise<WebSocket[]> {
  if (sockets.length === 0) return []
  const sessionOf = (s: WebSocket) => socketRequestOf(s)?.session ?? null
  const sessions = new Map<string, SocketSession>()
  for (const socket of sockets) {
    const session = sessionOf(socket)
    if (session) sessions.set(session.tokenId, session)
  }
  const allowed = await stillReadable(db, tournamentId, [...sessions.values()])
  return sockets.filter((socket) => {
    if (allowed.has(sessionOf(socket)?.tokenId ?? null)) return true
    socket.close(LIVE_SOCKET_CLOSE.revoked, 'You can no longer see this league.')
    return false
  })
}
