// Open screens of the Live tab as the app holds them: a WebSocket to /api/leagues/{id}/live/socket
// with the session token as the `bearer` subprotocol (Node 24's global WebSocket), each arrival of a
// `live` message stamped with the wall clock (the worker stamps the feed with the same clock).
import { LIVE_SOCKET_PROTOCOL, type LiveSocketMessage } from '../../contract/live.ts'

export interface Screen {
  socket: WebSocket
  /** Messages received, oldest first, with when they arrived (epoch ms). */
  received: Array<{ at: number; message: LiveSocketMessage }>
  /** Called on each arrival (nextMessage's waiters: no timers spinning on a thousand screens). */
  waiting: Set<() => void>
}

/**
 * A screen's socket. `address` sets the CF-Connecting-IP wrangler dev keeps (Node's WebSocket takes
 * headers, a browser's does not): the caps and the upgrade rate limit count per address.
 */
export function openScreen(base: string, tournament: number, token: string, timeoutMs = 20_000, address?: string): Promise<Screen> {
  const url = `${base.replace(/^http/, 'ws')}/api/leagues/${tournament}/live/socket`
  const protocols = [LIVE_SOCKET_PROTOCOL, token]
  const init = address ? ({ protocols, headers: { 'cf-connecting-ip': address } } as unknown as string[]) : protocols
  const socket = new WebSocket(url, init)
  const screen: Screen = { socket, received: [], waiting: new Set() }
  socket.addEventListener('message', (event) => {
    const at = Date.now()
    if (typeof event.data !== 'string') return
    screen.received.push({ at, message: JSON.parse(event.data) as LiveSocketMessage })
    for (const wake of screen.waiting) wake()
  })
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket ${url} not open within ${timeoutMs} ms`)), timeoutMs)
    socket.addEventListener('open', () => {
      clearTimeout(timer)
      if (socket.protocol !== LIVE_SOCKET_PROTOCOL) reject(new Error(`socket protocol "${socket.protocol}", expected "${LIVE_SOCKET_PROTOCOL}"`))
      else resolve(screen)
    })
    socket.addEventListener('error', () => {
      clearTimeout(timer)
      reject(new Error(`socket ${url} failed to open`))
    })
  })
}

export function closeScreens(screens: Screen[]): void {
  for (const s of screens) s.socket.close(1000, 'bench done')
}

/** Resolves with `screen`'s message number `index` (0-based) once it has arrived, or rejects after `timeoutMs`. */
export function nextMessage(screen: Screen, index: number, timeoutMs: number): Promise<{ at: number; message: LiveSocketMessage }> {
  const arrived = screen.received[index]
  if (arrived) return Promise.resolve(arrived)
  return new Promise((resolve, reject) => {
    const wake = () => {
      const message = screen.received[index]
      if (!message) return
      clearTimeout(timer)
      screen.waiting.delete(wake)
      resolve(message)
    }
    const timer = setTimeout(() => {
      screen.waiting.delete(wake)
      reject(new Error(`no live message within ${timeoutMs / 1000} s`))
    }, timeoutMs)
    screen.waiting.add(wake)
  })
}
