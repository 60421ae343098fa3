/**
 * A fake Web Push service for the tests and the dev stack: it plays the part of FCM or Mozilla's
 * autopush for subscriptions it made itself. It records every push the worker sends, checks it the
 * way a real push service does (a valid VAPID token for its own origin, RFC 8292; aes128gcm
 * content, RFC 8188; a TTL), and can decrypt the payload with the subscription's private keys, as
 * the browser would (RFC 8291). Web Crypto and jose only: it runs in Node and inside workerd.
 */
import { jwtVerify } from 'jose'

export interface FakeSubscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

export interface RecordedPush {
  /** The subscription's id (the last segment of its endpoint). */
  id: string
  endpoint: string
  /** The request's headers, names in lower case. */
  headers: Record<string, string>
  body: Uint8Array
  receivedAt: number
  /** The VAPID claims and the application server's public key (base64url). */
  vapid: { aud: string; sub: string; exp: number; publicKey: string }
}

export interface RejectedPush {
  endpoint: string
  status: number
  reason: string
}

interface Device {
  keys: CryptoKeyPair
  publicKey: Uint8Array
  auth: Uint8Array
  /** Answers every push with this status (410: the user unsubscribed). */
  gone: boolean
  failNext: number[]
}

const encoder = new TextEncoder()

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
const fromBase64Url = (text: string) => Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0))

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, bytes: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', ikm as BufferSource, 'HKDF', false, ['deriveBits'])
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: salt as BufferSource, info: info as BufferSource }, key, bytes * 8),
  )
}

export class FakePushService {
  readonly received: RecordedPush[] = []
  readonly rejected: RejectedPush[] = []
  private readonly devices = new Map<string, Device>()

  /** A browser's subscription on this service: its endpoint under `origin`, its public keys. */
  async subscribe(origin: string): Promise<FakeSubscription> {
    const keys = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair
    const publicKey = new Uint8Array((await crypto.subtle.exportKey('raw', keys.publicKey)) as ArrayBuffer)
    const auth = crypto.getRandomValues(new Uint8Array(16))
    const id = toBase64Url(crypto.getRandomValues(new Uint8Array(12)))
    this.devices.set(id, { keys, publicKey, auth, gone: false, failNext: [] })
    return { endpoint: `${origin.replace(/\/+$/, '')}/push/${id}`, keys: { p256dh: toBase64Url(publicKey), auth: toBase64Url(auth) } }
  }

  /** The user turned notifications off in the browser: every push answers 410 Gone. */
  expire(endpointOrId: string) {
    this.device(endpointOrId).gone = true
  }

  /** The next push answers `status` (a busy service: 429, 503). */
  failNext(endpointOrId: string, status: number) {
    this.device(endpointOrId).failNext.push(status)
  }

  clear() {
    this.received.length = 0
    this.rejected.length = 0
  }

  /** The push endpoint: POST /push/{id}. */
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url)
    const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(url.pathname)?.[1]
    const device = id ? this.devices.get(id) : undefined
    if (request.method !== 'POST' || !id || !device) return new Response('No such subscription', { status: 404 })
    const reject = (status: number, reason: string) => {
      this.rejected.push({ endpoint: request.url, status, reason })
      return new Response(reason, { status })
    }
    if (device.gone) return reject(410, 'The subscription has expired')
    const failure = device.failNext.shift()
    if (failure !== undefined) return reject(failure, 'Try again later')
    const headers = Object.fromEntries([...request.headers].map(([name, value]) => [name.toLowerCase(), value]))
    if (headers['content-encoding'] !== 'aes128gcm') return reject(415, 'Content-Encoding must be aes128gcm')
    if (!/^\d+$/.test(headers.ttl ?? '')) return reject(400, 'A TTL header is required')
    const vapid = await this.checkVapid(headers.authorization ?? '', url)
    if (typeof vapid === 'string') return reject(403, vapid)
    this.received.push({ id, endpoint: request.url, headers, body: new Uint8Array(await request.arrayBuffer()), receivedAt: Date.now(), vapid })
    return new Response(null, { status: 201, headers: { location: `${url.origin}/message/${this.received.length}` } })
  }

  /** The payload as the browser reads it: RFC 8291 key derivation, RFC 8188 aes128gcm, one record. */
  async decrypt(push: RecordedPush): Promise<string> {
    const device = this.devices.get(push.id)
    if (!device) throw new Error(`No subscription ${push.id}`)
    const body = push.body
    const salt = body.slice(0, 16)
    const idLength = body[20] ?? 0
    const senderKey = body.slice(21, 21 + idLength)
    const ciphertext = body.slice(21 + idLength)
    const sender = await crypto.subtle.importKey('raw', senderKey, { name: 'ECDH', namedCurve: 'P-256' }, false, [])
    // `public` is the Web Crypto name; workerd's type declarations spell it `$public`.
    const ecdh = { name: 'ECDH', public: sender } as unknown as Parameters<typeof crypto.subtle.deriveBits>[0]
    const shared = new Uint8Array(await crypto.subtle.deriveBits(ecdh, device.keys.privateKey, 256))
    const ikm = await hkdf(device.auth, shared, concat(encoder.encode('WebPush: info\0'), device.publicKey, senderKey), 32)
    const cek = await hkdf(salt, ikm, encoder.encode('Content-Encoding: aes128gcm\0'), 16)
    const nonce = await hkdf(salt, ikm, encoder.encode('Content-Encoding: nonce\0'), 12)
    const key = await crypto.subtle.importKey('raw', cek as BufferSource, 'AES-GCM', false, ['decrypt'])
    const padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce as BufferSource }, key, ciphertext))
    // The last record ends in the delimiter 2, then zero padding.
    let end = padded.length - 1
    while (end >= 0 && padded[end] === 0) end--
    if (padded[end] !== 2) throw new Error('The record does not end with the last-record delimiter')
    return new TextDecoder().decode(padded.slice(0, end))
  }

  async decryptJson(push: RecordedPush): Promise<unknown> {
    return JSON.parse(await this.decrypt(push))
  }

  private device(endpointOrId: string): Device {
    const id = endpointOrId.split('/').at(-1) ?? ''
    const device = this.devices.get(id)
    if (!device) throw new Error(`No subscription ${endpointOrId}`)
    return device
  }

  /** RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`, the audience this service's origin. */
  private async checkVapid(authorization: string, url: URL): Promise<RecordedPush['vapid'] | string> {
    const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization)
    if (!match?.[1] || !match[2]) return 'Authorization must be a VAPID token'
    const [, token, publicKey] = match
    try {
      const key = await crypto.subtle.importKey('raw', fromBase64Url(publicKey), { name: 'ECDSA', namedCurve: 'P-256' }, true, ['verify'])
      const { payload } = await jwtVerify(token, key, { algorithms: ['ES256'] })
      // Browsers' push services are https; this fake is plain http on loopback, and the worker
      // signs for the https twin of its address.
      const origins = [url.origin, url.origin.replace(/^http:/, 'https:')]
      if (typeof payload.aud !== 'string' || !origins.includes(payload.aud)) return `The token's audience must be ${url.origin}`
      const now = Math.floor(Date.now() / 1000)
      if (typeof payload.exp !== 'number' || payload.exp <= now || payload.exp > now + 24 * 3600) return 'The token must expire within 24 hours'
      if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) return 'The token must name a contact (sub)'
      return { aud: payload.aud, sub: payload.sub, exp: payload.exp, publicKey }
    } catch (error) {
      return `The VAPID token does not verify: ${(error as Error).message}`
    }
  }
}

export const createFakePushService = () => new FakePushService()
