// Distinct signed-in viewers for the live bench (decision 142): users made members of
// a tournament and their sessions written straight into the bench's D1, their tokens signed with
// the development key the stack runs with (worker/services/auth/tokens.ts: DEV_SECRET and the
// claims verifySession checks), each socket from its own address (wrangler dev keeps the
// CF-Connecting-IP a client sends), so neither the per-user and per-address caps nor the upgrade
// rate limit stand between the bench and the thousand screens it measures.
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { SignJWT } from 'jose'
import { addressSequence } from '../stack/addresses.ts'
import { sql } from './live-match.ts'
import { openScreen, type Screen } from './live-socket.ts'

/** worker/services/auth/tokens.ts's key for development and tests (public there too). */
const DEV_SECRET = 'banter-arena-development-secret-not-for-production'
const LIFETIME_S = 7 * 24 * 3600
const nextAddress = addressSequence()

/** Viewers written per `wrangler d1 execute` (its command is one argument: at most 128 kB). */
const VIEWERS_PER_COMMAND = 250

/** `count` users, active members of `tournament`, each with a session: their bearer tokens. */
export async function benchViewers(persistDir: string, tournament: number, count: number, tag: string): Promise<string[]> {
  const now = Date.now()
  const viewers = Array.from({ length: count }, (_, i) => ({ email: `bench-${tag}-${i}@bench.test`, jti: randomBytes(16).toString('base64url') }))
  for (let i = 0; i < count; i += VIEWERS_PER_COMMAND) {
    const list = JSON.stringify(viewers.slice(i, i + VIEWERS_PER_COMMAND).map((v) => [v.email, v.jti]))
    await sql(
      persistDir,
      `INSERT INTO users (email, name, password_hash, is_verified) SELECT value ->> 0, 'Bench viewer', 'x', 1 FROM json_each('${list}');
       INSERT INTO memberships (tournament_id, user_id, status) SELECT ${tournament}, u.id, 'active' FROM json_each('${list}') j JOIN users u ON u.email = j.value ->> 0;
       INSERT INTO sessions (jti, user_id, last_seen_at, expires_at) SELECT j.value ->> 1, u.id, ${now}, ${now + LIFETIME_S * 1000} FROM json_each('${list}') j JOIN users u ON u.email = j.value ->> 0;`,
    )
  }
  const ids = new Map(
    (await sql<{ id: number; email: string }>(persistDir, `SELECT id, email FROM users WHERE email LIKE 'bench-${tag}-%@bench.test'`)).map((r) => [
      r.email,
      r.id,
    ]),
  )
  const key = new TextEncoder().encode(DEV_SECRET)
  const issuedAt = Math.floor(now / 1000)
  return Promise.all(
    viewers.map((v) =>
      new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer('banter-arena')
        .setAudience('banter-arena-api')
        .setSubject(String(ids.get(v.email)))
        .setJti(v.jti)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + LIFETIME_S)
        .sign(key),
    ),
  )
}

/** A screen of one viewer, from an address of its own. */
const openViewer = (base: string, tournament: number, token: string, timeoutMs = 20_000) => openScreen(base, tournament, token, timeoutMs, nextAddress())

/** One screen per token, `concurrency` upgrades at a time. */
export async function openViewers(base: string, tournament: number, tokens: string[], concurrency = 25): Promise<Screen[]> {
  const screens: Screen[] = []
  for (let i = 0; i < tokens.length; i += concurrency) {
    screens.push(...(await Promise.all(tokens.slice(i, i + concurrency).map((token) => openViewer(base, tournament, token)))))
  }
  return screens
}

/** What a churn thread is given (live-churn.ts). */
export interface ChurnOrder {
  base: string
  tournament: number
  tokens: string[]
  loops: number
}

/** The churn's addresses: the other half of the benchmark range (198.19.0.0/16), never one of addressSequence's. */
const churnAddress = (n: number) => `198.19.${Math.floor(n / 250) % 256}.${(n % 250) + 1}`

/**
 * `loops` parallel connect-disconnect loops (each upgrade a signed-in request from its own address,
 * the tokens taken in turn) until `running()` turns false; answers the upgrades made and refused.
 */
export async function churnLoops(order: ChurnOrder, running: () => boolean): Promise<{ opened: number; refused: number }> {
  let turn = 0
  const counts = { opened: 0, refused: 0 }
  const loop = async () => {
    while (running()) {
      const token = order.tokens[turn++ % order.tokens.length] as string
      try {
        const screen = await openScreen(order.base, order.tournament, token, 10_000, churnAddress(turn))
        counts.opened += 1
        screen.socket.close(1000, 'churn')
      } catch {
        counts.refused += 1
      }
      // A refused upgrade can fail without a turn of the event loop: let "stop" in.
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
  await Promise.all(Array.from({ length: order.loops }, loop))
  return counts
}

/**
 * The loops in a worker thread of their own (live-churn.ts): the FPL simulator answers the poller
 * from the bench's main thread, whose event loop the loops would otherwise hold up, slowing every
 * poll for the bench's own sake. `stop` answers the upgrades made and refused.
 */
export function churn(order: ChurnOrder) {
  const thread = new Worker(path.join(import.meta.dirname, 'live-churn.ts'), { workerData: order })
  const done = new Promise<{ opened: number; refused: number }>((resolve, reject) => {
    thread.once('message', resolve)
    thread.once('error', reject)
  })
  return {
    stop: async () => {
      thread.postMessage('stop')
      const counts = await done
      await thread.terminate()
      return counts
    },
  }
}
