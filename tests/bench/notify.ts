// Notifications (decision 139): one notification type fanned out to 10,000 subscribers, through the
// worker's own queue handlers (worker/services/notifications) on a real local D1 (miniflare), one
// message per invocation as the consumer runs them. The push service is a stub answering 201 at
// once (its work is not ours); one push is checked end to end on the fake push service first
// (decrypted with the device's keys). Reported: queue messages, the heaviest invocation's
// subrequests and time, each stage against its baseline in the same run, how it scales from
// 1,000 to 10,000 subscribers, and the payload sizes of each type.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { runnerImport } from 'vite'
import { NOTIFICATION_TYPES, type NotificationType } from '../../contract/notifications.ts'
import { createFakePushService } from '../fake-push/service.ts'
import { ROOT } from '../stack/commands.ts'
import { add, fmt, ratio, section } from './table.ts'

type Json = Record<string, unknown>
type Message = { kind: string; deliveries?: unknown[] } & Json

const PUSH_ORIGIN = 'https://push.bench.test'
const KEY_POOL = 100

async function load<T>(file: string): Promise<T> {
  return (await runnerImport<T>(`${ROOT}/${file}`)).module
}

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? Number.NaN

/** D1 calls (a statement run or a batch): each is a subrequest of the invocation that makes it. */
function countingD1(db: D1Database) {
  const counter = { calls: 0 }
  const statement = (s: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(s, {
      get(target, key) {
        const value = Reflect.get(target, key)
        if (key === 'bind') return (...args: unknown[]) => statement((value as (...a: unknown[]) => D1PreparedStatement).apply(target, args))
        if (['all', 'run', 'first', 'raw'].includes(String(key)))
          return (...args: unknown[]) => {
            counter.calls++
            return (value as (...a: unknown[]) => unknown).apply(target, args)
          }
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
  const wrapped = new Proxy(db, {
    get(target, key) {
      const value = Reflect.get(target, key)
      if (key === 'prepare') return (sql: string) => statement(target.prepare(sql))
      if (key === 'batch')
        return (statements: D1PreparedStatement[]) => {
          counter.calls++
          return target.batch(statements)
        }
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { db: wrapped, counter }
}

async function notifyBench(quick: boolean) {
  // The worker's own D1 binding, on a database of this run's own (wrangler's platform proxy).
  const persist = mkdtempSync(path.join(tmpdir(), 'bench-notify-'))
  const { getPlatformProxy } = await import('wrangler')
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: path.join(ROOT, 'wrangler.toml'), persist: { path: persist } })
  try {
    const raw = proxy.env.DB
    for (const file of readdirSync(path.join(ROOT, 'migrations'))
      .filter((f) => f.endsWith('.sql'))
      .sort()) {
      for (const sql of readFileSync(path.join(ROOT, 'migrations', file), 'utf8').split('--> statement-breakpoint')) {
        if (sql.replace(/--.*$/gm, '').trim()) await raw.prepare(sql).run()
      }
    }
    const { getDb } = await load<{ getDb: (d1: D1Database) => unknown }>('worker/db/client.ts')
    const { handleNotifyMessage } = await load<{ handleNotifyMessage: (deps: Json, message: Message) => Promise<unknown> }>(
      'worker/services/notifications/index.ts',
    )
    const { pushSender, vapidKeys, vapidSubject } = await load<{
      pushSender: (keys: unknown, subject: string, fetcher: typeof fetch) => (target: Json, push: Json) => Promise<number>
      vapidKeys: (env: Json) => unknown
      vapidSubject: (env: Json) => string
    }>('worker/services/notifications/push.ts')
    const notices = await load<Record<string, (...args: unknown[]) => Json>>('worker/services/notifications/notices.ts')
    const env = { ENVIRONMENT: 'development', APP_URL: 'https://banter.example' }

    // Devices: a pool of real browser key pairs (the fake push service's), each endpoint its own.
    const push = createFakePushService()
    const pool = await Promise.all(Array.from({ length: KEY_POOL }, () => push.subscribe(PUSH_ORIGIN)))
    const seed = async (tournamentId: number, from: number, count: number) => {
      const ids = Array.from({ length: count }, (_, i) => from + i)
      await raw
        .prepare(
          `INSERT INTO users (id, email, name, password_hash, is_verified) SELECT value, 'u' || value || '@bench.test', 'Manager ' || value, 'x', 1 FROM json_each(?1)`,
        )
        .bind(JSON.stringify(ids))
        .run()
      await raw
        .prepare("INSERT INTO tournaments (id, name, type, invite_code) VALUES (?1, 'Bench League ' || ?1, 'private', 'BENCH' || ?1)")
        .bind(tournamentId)
        .run()
      await raw.prepare('INSERT INTO memberships (tournament_id, user_id) SELECT ?1, value FROM json_each(?2)').bind(tournamentId, JSON.stringify(ids)).run()
      for (let i = 0; i < ids.length; i += 2_000) {
        const rows = ids.slice(i, i + 2_000).map((id) => {
          const device = pool[id % KEY_POOL]!
          return [`d${id}`, id, `${device.endpoint}?device=${id}`, device.keys.p256dh, device.keys.auth]
        })
        await raw
          .prepare(`INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth) SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'),
            json_extract(value, '$[2]'), json_extract(value, '$[3]'), json_extract(value, '$[4]') FROM json_each(?1)`)
          .bind(JSON.stringify(rows))
          .run()
      }
    }

    /** One notice to a tournament's members, message by message: each one invocation's work. */
    const fanOut = async (tournamentId: number) => {
      const { db, counter } = countingD1(raw)
      const queue: Message[] = []
      const sender = {
        sends: 0,
        send: async (body: Message) => {
          sender.sends++
          queue.push(body)
        },
        sendBatch: async (messages: Iterable<{ body: Message }>) => {
          sender.sends++
          for (const m of messages) queue.push(m.body)
        },
      }
      let pushes = 0
      const stub = (async () => {
        pushes++
        return new Response(null, { status: 201 })
      }) as unknown as typeof fetch
      const notice = notices.gazetteNotice!(
        { id: tournamentId, name: 'Bench League' },
        '2026/27',
        13,
        'Priya storms clear as the chasers blank',
        Date.parse('2026-11-28T15:00:00Z'),
      )
      queue.push({ kind: 'notify:broadcast', notice, audience: { tournamentId } })
      const invocations: Array<{ kind: string; ms: number; subrequests: number }> = []
      while (queue.length) {
        const message = queue.shift() as Message
        const before = { d1: counter.calls, sends: sender.sends, pushes }
        const t = performance.now()
        await handleNotifyMessage({ env, db: getDb(db), queue: sender, fetch: stub, now: () => Date.parse('2026-11-28T15:00:00Z') }, message)
        const ms = performance.now() - t
        invocations.push({ kind: message.kind, ms, subrequests: counter.calls - before.d1 + sender.sends - before.sends + pushes - before.pushes })
      }
      return { invocations, pushes, total: invocations.reduce((sum, i) => sum + i.ms, 0) }
    }

    // The end-to-end check: a real push built by the worker, decrypted as the browser would.
    const keys = vapidKeys(env)
    const target = { endpoint: pool[0]!.endpoint, p256dh: pool[0]!.keys.p256dh, auth: pool[0]!.keys.auth }
    const payload = {
      type: 'gazette',
      title: 'The GW 13 Gazette is out',
      body: 'Bench League: Priya storms clear',
      url: '/tournaments/1?tab=community',
      tag: 'gazette:1',
    }
    const pushFetch = (async (input: RequestInfo | URL, init?: RequestInit) => push.fetch(new Request(input, init))) as typeof fetch
    if ((await pushSender(keys, vapidSubject(env), pushFetch)(target, { payload, ttl: 600, urgency: 'normal' })) !== 201)
      throw new Error('The fake push service refused the push')
    const decrypted = await push.decryptJson(push.received[0]!)
    if (JSON.stringify(decrypted) !== JSON.stringify(payload)) throw new Error('The push did not decrypt to its payload')

    // Baseline: one push built and "sent" alone, no network: its encryption and its VAPID
    // signature (a sender of its own each time, so nothing is shared), wall time and CPU time.
    const ok = (async () => new Response(null, { status: 201 })) as unknown as typeof fetch
    const single: number[] = []
    const singleCpu: number[] = []
    for (let i = 0; i < (quick ? 20 : 100); i++) {
      const t = performance.now()
      const cpu = process.cpuUsage()
      await pushSender(keys, vapidSubject(env), ok)(target, { payload, ttl: 600, urgency: 'normal' })
      const used = process.cpuUsage(cpu)
      single.push(performance.now() - t)
      singleCpu.push((used.user + used.system) / 1000)
    }
    const perPush = median(single)
    // The same in one sender, as a delivery message sends them: the signature is shared.
    const shared = pushSender(keys, vapidSubject(env), ok)
    const cpuBefore = process.cpuUsage()
    for (let i = 0; i < 40; i++) await shared(target, { payload, ttl: 600, urgency: 'normal' })
    const sharedCpu = process.cpuUsage(cpuBefore)
    const perPushShared = (sharedCpu.user + sharedCpu.system) / 1000 / 40

    await seed(1_001, 1_000, 1_000)
    const small = await fanOut(1_001)
    if (!quick) await seed(1_002, 100_001, 10_000)
    const big = quick ? small : await fanOut(1_002)
    const subscribers = quick ? 1_000 : 10_000
    const deliver = big.invocations.filter((i) => i.kind === 'notify:deliver')
    const decide = big.invocations.filter((i) => i.kind === 'notify:broadcast')
    const heaviest = Math.max(...big.invocations.map((i) => i.subrequests))

    add(
      `Fan-out to ${subscribers.toLocaleString('en-GB')} subscribers: queue messages`,
      `${big.invocations.length} (${decide.length} deciding pages of 500, ${deliver.length} delivering ≤40)`,
    )
    add('Pushes sent', `${big.pushes.toLocaleString('en-GB')}`, `${subscribers.toLocaleString('en-GB')} devices`, ratio(big.pushes, subscribers))
    add('Most subrequests in one invocation', `${heaviest}`, '50 (free plan limit)', ratio(heaviest, 50), '≤ 50')
    add(
      'CPU per push (encrypt; VAPID signed once per message)',
      `${fmt(perPushShared, 2)} ms`,
      `${fmt(median(singleCpu), 2)} ms (signed for each push)`,
      ratio(perPushShared, median(singleCpu)),
    )
    add(
      'Deciding invocation (500 users), median',
      `${fmt(median(decide.map((i) => i.ms)))} ms`,
      `${fmt(perPush, 2)} ms (one push built)`,
      ratio(median(decide.map((i) => i.ms)), perPush),
    )
    add(
      'Delivering invocation (40 pushes), median',
      `${fmt(median(deliver.map((i) => i.ms)))} ms`,
      `${fmt(40 * perPush)} ms (40 pushes built one by one)`,
      ratio(median(deliver.map((i) => i.ms)), 40 * perPush),
    )
    add(
      `Whole fan-out, ${subscribers.toLocaleString('en-GB')} vs 1,000 subscribers (one consumer, serial)`,
      `${fmt(big.total / 1000, 2)} s`,
      `${fmt(small.total / 1000, 2)} s`,
      ratio(big.total, small.total),
      'linear (10×)',
    )
    // Queues bill reads, writes and deletes: three operations per message.
    add(
      'Queue operations per fan-out',
      `${(big.invocations.length * 3).toLocaleString('en-GB')}`,
      `${subscribers.toLocaleString('en-GB')} subscribers`,
      ratio(big.invocations.length * 3, subscribers, 3),
    )

    // Payload sizes: each type's JSON, and the encrypted body a push service carries (aes128gcm:
    // an 86-byte header, the text, a delimiter and a 16-byte tag).
    const now = Date.parse('2026-11-28T15:00:00Z')
    const league = { id: 1234, name: 'The Pub League' }
    const examples: Record<NotificationType, Json> = {
      deadline: notices.deadlineNotice!('2026/27', 14, now + 90 * 60_000, '90m'),
      gazette: notices.gazetteNotice!(league, '2026/27', 13, 'Priya storms clear as the chasers blank', now),
      overtaken: notices.overtakenNotice!(league, 13, '2026-11-28T15:00:00Z', { entry: 1, name: 'Priya Nair' }, 4, now),
      manager_of_the_month: notices.managerOfTheMonthNotice!(league, '2026/27', 'November', ['Priya Nair'], 231, now),
      wall: notices.likeNotice!(
        league,
        { id: 9, content: 'Captained the keeper as a differential. Never again, lads, never again.' },
        { id: 2, name: 'Tom' },
        now,
      ),
      member_joined: notices.memberJoinedNotice!(league, { id: 3, name: 'Sam Jones' }, now),
    }
    const sizes = NOTIFICATION_TYPES.map((type) => {
      const { title, body, url, tag } = examples[type] as { title: string; body: string; url: string; tag: string }
      const bytes = new TextEncoder().encode(JSON.stringify({ type, title, body, url, tag })).length
      return `${type} ${bytes}/${86 + bytes + 17}`
    })
    add('Push payload bytes per type (JSON/encrypted)', sizes.join(', '), '4,096 (RFC 8030 minimum)')
  } finally {
    await proxy.dispose()
    rmSync(persist, { recursive: true, force: true })
  }
}

export const notifySection = (quick: boolean) =>
  section(
    'Notifications fan-out',
    ['Fan-out to 10,000 subscribers: queue messages', 'Most subrequests in one invocation', 'Push payload bytes per type (JSON/encrypted)'],
    () => notifyBench(quick),
    900_000,
  )
