import { useEffect, useRef } from 'react'
import { LIVE_REFRESH_MS, LIVE_SOCKET_CLOSE, LIVE_SOCKET_PROTOCOL, type LiveSocketMessage } from '../../../../contract/live'
import { liveSocketUrl } from './live-api'

/** The first reconnect waits this long, each next one twice as long, up to the fallback refresh. */
const RECONNECT_BASE_MS = 1_000
/** A page hidden this long lets its socket go (a background tab costs the hub nothing); it reopens on return. */
const HIDDEN_CLOSE_MS = 5 * 60_000
/** Keep-alive: the hub answers "ping" without waking (setWebSocketAutoResponse); proxies drop silent sockets. */
const PING_MS = 45_000

export const reconnectDelay = (attempt: number) => Math.min(RECONNECT_BASE_MS * 2 ** attempt, LIVE_REFRESH_MS)

interface Options {
  leagueId: string
  enabled: boolean
  /** The session token, sent as the subprotocol pair `bearer`, token (never in the address); null when signed out. */
  token: string | null
  /** A `live` message arrived (the table of a new feed generation), or the socket (re)opened after a gap: the screen re-reads its data. */
  onChange: (message: LiveSocketMessage | null) => void
  /** The hub closed the socket because the viewer may no longer read the tournament: no reconnect. */
  onRevoked: () => void
  /** Whether a socket is open now (while none is, the caller polls instead); a stable function (a state setter). */
  onOpenChange: (open: boolean) => void
}

/**
 * The tournament's live socket (decision 117): open while `enabled` and the page is not hidden
 * for long, reopened with backoff when it drops.
 */
export function useLiveSocket({ leagueId, enabled, token, onChange, onRevoked, onOpenChange }: Options): void {
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  const onRevokedRef = useRef(onRevoked)
  onRevokedRef.current = onRevoked

  useEffect(() => {
    if (!enabled) return
    let socket: WebSocket | null = null
    let attempt = 0
    let opened = false
    let retry: ReturnType<typeof setTimeout> | undefined
    let hiddenFor: ReturnType<typeof setTimeout> | undefined
    let ping: ReturnType<typeof setInterval> | undefined

    const connect = () => {
      clearTimeout(retry)
      const next = token ? new WebSocket(liveSocketUrl(leagueId), [LIVE_SOCKET_PROTOCOL, token]) : new WebSocket(liveSocketUrl(leagueId))
      socket = next
      next.onopen = () => {
        onOpenChange(true)
        ping = setInterval(() => next.readyState === WebSocket.OPEN && next.send('ping'), PING_MS)
        // Messages may have been missed while there was no socket: re-read once.
        if (opened || attempt > 0) onChangeRef.current(null)
        opened = true
        attempt = 0
      }
      next.onmessage = (event) => {
        const message = parseMessage(event.data)
        if (message) onChangeRef.current(message)
      }
      next.onclose = (event) => {
        clearInterval(ping)
        onOpenChange(false)
        if (socket !== next) return
        socket = null
        if (event.code === LIVE_SOCKET_CLOSE.revoked) return onRevokedRef.current()
        retry = setTimeout(connect, reconnectDelay(attempt))
        attempt += 1
      }
    }

    const close = () => {
      clearTimeout(retry)
      clearInterval(ping)
      const current = socket
      socket = null
      current?.close(LIVE_SOCKET_CLOSE.normal, 'left')
      onOpenChange(false)
    }

    const onVisibility = () => {
      clearTimeout(hiddenFor)
      if (document.visibilityState === 'hidden') {
        hiddenFor = setTimeout(close, HIDDEN_CLOSE_MS)
      } else if (!socket) {
        attempt = 0
        opened = true
        connect()
      }
    }

    connect()
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      document.removeEventListener('visibilitychange', onVisibility)
      clearTimeout(hiddenFor)
      close()
    }
  }, [leagueId, enabled, token, onOpenChange])
}

function parseMessage(data: unknown): LiveSocketMessage | null {
  if (typeof data !== 'string' || data === 'pong') return null
  try {
    const message = JSON.parse(data) as Partial<LiveSocketMessage> | null
    return message?.type === 'live' && typeof message.gen === 'number' ? { type: 'live', gen: message.gen } : null
  } catch {
    return null
  }
}
