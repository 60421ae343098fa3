import { vi } from 'vitest'

/** What a mocked endpoint answers: a JSON reply, a thrown error (network failure), or a function of the call. */
export type Reply = { status?: number; body?: unknown; headers?: Record<string, string> } | Error | ((call: ApiCall) => Reply | Promise<Reply>)

interface ApiCall {
  method: string
  path: string
  body: unknown
  headers: Headers
}

/**
 * Stubs fetch with a small router: keys are "METHOD /path" (query included). A list of replies
 * answers successive calls (the last one repeats). Unmocked calls answer 500 and are recorded in
 * `unexpected`, so a test can assert that nothing else was called.
 */
export function mockApi(routes: Record<string, Reply | Reply[]> = {}) {
  const calls: ApiCall[] = []
  const unexpected: string[] = []
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase()
    const path = String(input)
    const raw = init?.body
    let body: unknown = raw
    if (typeof raw === 'string') {
      try {
        body = JSON.parse(raw)
      } catch {
        body = raw
      }
    }
    const call: ApiCall = { method, path, body, headers: new Headers(init?.headers) }
    calls.push(call)
    const key = `${method} ${path}`
    let reply: Reply | Reply[] | undefined = routes[key]
    if (Array.isArray(reply)) reply = reply.length > 1 ? reply.shift() : reply[0]
    if (reply === undefined) {
      unexpected.push(key)
      return json({ detail: `unmocked ${key}` }, 500)
    }
    while (typeof reply === 'function') reply = await reply(call)
    if (reply instanceof Error) throw reply
    const status = reply.status ?? 200
    return json(reply.body, status, reply.headers)
  })
  vi.stubGlobal('fetch', fn)
  return {
    fn,
    calls,
    unexpected,
    /** Calls to "METHOD /path". */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
    /** Adds or replaces a route. */
    on: (key: string, reply: Reply | Reply[]) => {
      routes[key] = reply
    },
  }
}

function json(body: unknown, status: number, headers: Record<string, string> = {}) {
  const nullBody = status === 204 || body === undefined
  return new Response(nullBody ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })
}

/** A reply the test resolves by hand (to observe busy states). */
export function deferred() {
  let resolve!: (reply: Reply) => void
  const promise = new Promise<Reply>((r) => {
    resolve = r
  })
  return { reply: () => promise, resolve }
}

export const networkDown = () => new TypeError('Failed to fetch')

/**
 * A WebSocket the test drives: records each one opened (address and subprotocols) and what it
 * sent; `accept()` opens it, `receive()` delivers a message, `drop()` closes it from the server's
 * side. Installed with mockWebSocket().
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSING = 2
  static readonly CLOSED = 3
  static instances: FakeWebSocket[] = []

  readyState = FakeWebSocket.CONNECTING
  readonly sent: string[] = []
  closedBy: 'client' | 'server' | null = null
  onopen: ((event: Event) => void) | null = null
  onmessage: ((event: MessageEvent) => void) | null = null
  onclose: ((event: CloseEvent) => void) | null = null
  onerror: ((event: Event) => void) | null = null

  constructor(
    readonly url: string,
    readonly protocols?: string | string[],
  ) {
    FakeWebSocket.instances.push(this)
  }

  send(data: string) {
    this.sent.push(data)
  }

  close(code = 1000, reason = '') {
    if (this.readyState === FakeWebSocket.CLOSED) return
    this.readyState = FakeWebSocket.CLOSED
    this.closedBy = 'client'
    this.onclose?.(new CloseEvent('close', { code, reason }))
  }

  accept() {
    this.readyState = FakeWebSocket.OPEN
    this.onopen?.(new Event('open'))
  }

  receive(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: typeof message === 'string' ? message : JSON.stringify(message) }))
  }

  drop(code = 1006, reason = '') {
    this.readyState = FakeWebSocket.CLOSED
    this.closedBy = 'server'
    this.onclose?.(new CloseEvent('close', { code, reason }))
  }

  /** The socket opened last. */
  static last(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1)
    if (!socket) throw new Error('no WebSocket was opened')
    return socket
  }
}

/** Replaces the global WebSocket with FakeWebSocket (undo with vi.unstubAllGlobals()). */
export function mockWebSocket() {
  FakeWebSocket.instances = []
  vi.stubGlobal('WebSocket', FakeWebSocket)
  return FakeWebSocket
}
