import { env } from 'cloudflare:workers'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { PushPayload } from '../../contract/notifications'
import { getDb } from '../../worker/db/client'
import { type LiveNewsMessage, queueLiveNews, tellHubs } from '../../worker/services/live/fanout'
import { hubOf } from '../../worker/services/live/hubs'
import { alertedTournaments, notifyOvertakes } from '../../worker/services/live/overtakes'
import { announce } from '../../worker/services/notifications/announce'
import { deadlineNotice, gazetteNotice } from '../../worker/services/notifications/notices'
import { runNotificationSchedule } from '../../worker/services/notifications/schedule'
import { createFakePushService, type FakePushService } from '../fake-push/service.ts'
import { call } from './helpers/http'
import { NotifyQueue } from './helpers/notify'
import { addMember, addTournament, addUser, bearer, PUBLIC_TOURNAMENT_ID } from './helpers/world'

// Notifications end to end inside workerd: the API a device subscribes through, the queue that
// decides and delivers, a fake push service that records what the worker sends (its payloads are
// decrypted with the subscription's own keys, RFC 8291), and the events that start it all.

const PUSH_ORIGIN = 'https://push.fake.test'
let push: FakePushService
let leagueId = 0
let carlId = 0
let aliceId = 0
let bobId = 0
let carl: Record<string, string> = {}
let alice: Record<string, string> = {}
let bob: Record<string, string> = {}

const send = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
  const res = await call(path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  // biome-ignore lint/suspicious/noExplicitAny: answers of every shape, read field by field.
  return { status: res.status, body: (await res.json()) as Record<string, any> }
}
const subscribe = async (who: Record<string, string>) => {
  const subscription = await push.subscribe(PUSH_ORIGIN)
  const answer = await send('POST', '/api/push/subscriptions', who, subscription)
  expect(answer.status).toBe(201)
  return { subscription, id: answer.body.id as string }
}
const pushFetch = (async (input: RequestInfo | URL, init?: RequestInit) => push.fetch(new Request(input, init))) as typeof fetch
const logOf = async (userId: number) =>
  (await env.DB.prepare('SELECT type, key, outcome FROM notification_log WHERE user_id = ? ORDER BY created_at').bind(userId).all()).results
// Saturday afternoon in London: outside the default quiet hours.
const AFTERNOON = Date.parse('2026-11-28T15:00:00Z')

beforeAll(async () => {
  push = createFakePushService()
  carlId = await addUser('carl@example.com', 'Carl', 1000001)
  aliceId = await addUser('alice@example.com', 'Alice', 1000002)
  bobId = await addUser('bob@example.com', 'Bob', 1000003)
  leagueId = await addTournament('The Pub League', 123456, carlId)
  for (const id of [carlId, aliceId, bobId]) await addMember(leagueId, id)
  carl = await bearer(carlId)
  alice = await bearer(aliceId)
  bob = await bearer(bobId)
})

beforeEach(() => push.clear())

describe('a device subscribes', () => {
  it('with the public VAPID key the API gives: an uncompressed P-256 point', async () => {
    const res = await send('GET', '/api/push/vapid-public-key', {})
    expect(res.status).toBe(200)
    const bytes = Uint8Array.from(atob(res.body.public_key.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0))
    expect([bytes.length, bytes[0]]).toEqual([65, 4])
  })

  it('once per endpoint: the app re-syncing on open refreshes it; another account on the same phone takes it over', async () => {
    const subscription = await push.subscribe(PUSH_ORIGIN)
    const first = await send('POST', '/api/push/subscriptions', alice, subscription)
    const again = await send('POST', '/api/push/subscriptions', alice, subscription)
    expect([first.status, again.status]).toEqual([201, 200])
    expect(again.body.id).toBe(first.body.id)
    await send('POST', '/api/push/subscriptions', bob, subscription)
    const owner = await env.DB.prepare('SELECT user_id FROM push_subscriptions WHERE id = ?').bind(first.body.id).first<number>('user_id')
    expect(owner).toBe(bobId)
    // Only its owner removes it; to anyone else it does not exist.
    expect((await send('DELETE', `/api/push/subscriptions/${first.body.id}`, alice)).status).toBe(404)
    expect((await send('DELETE', `/api/push/subscriptions/${first.body.id}`, bob)).body).toEqual({ deleted: true })
  })

  it('refuses what is not a browser push service, bad keys, and strangers', async () => {
    const subscription = await push.subscribe(PUSH_ORIGIN)
    expect((await send('POST', '/api/push/subscriptions', {}, subscription)).status).toBe(401)
    const relay = await send('POST', '/api/push/subscriptions', alice, { ...subscription, endpoint: 'https://evil.example/collect' })
    expect([relay.status, relay.body.code]).toEqual([400, 'push_endpoint_refused'])
    const internal = await send('POST', '/api/push/subscriptions', alice, { ...subscription, endpoint: 'http://169.254.169.254/latest' })
    expect(internal.status).toBe(400)
    const badKey = await send('POST', '/api/push/subscriptions', alice, { ...subscription, keys: { ...subscription.keys, p256dh: 'short' } })
    expect([badKey.status, badKey.body.detail]).toEqual([400, 'keys.p256dh must be the browser’s P-256 public key.'])
  })
})

describe('preferences', () => {
  it('start as everything on, quiet 23:00-08:00, no digest; each field saves on its own', async () => {
    const user = await bearer(await addUser('prefs@example.com', 'Prefs', null))
    const fresh = await send('GET', '/api/notifications/preferences', user)
    expect(fresh.body).toEqual({
      preferences: { muted: [], quiet_hours: { enabled: true, start: '23:00', end: '08:00' }, time_zone: 'Europe/London', email_digest: false },
      push_devices: 0,
    })
    await send('PUT', '/api/notifications/preferences', user, { muted: ['wall', 'deadline'] })
    const saved = await send('PUT', '/api/notifications/preferences', user, {
      quiet_hours: { start: '22:30' },
      time_zone: 'Australia/Sydney',
      email_digest: true,
    })
    expect(saved.body.preferences).toEqual({
      // In the dashboard's order, whatever order they came in.
      muted: ['deadline', 'wall'],
      quiet_hours: { enabled: true, start: '22:30', end: '08:00' },
      time_zone: 'Australia/Sydney',
      email_digest: true,
    })
  })

  it('refuses an unknown type, a time that is not HH:MM and a time zone nobody has', async () => {
    expect((await send('PUT', '/api/notifications/preferences', alice, { muted: ['spam'] })).status).toBe(400)
    expect((await send('PUT', '/api/notifications/preferences', alice, { quiet_hours: { start: '25:00' } })).body.detail).toBe('Times must look like 23:00.')
    expect((await send('PUT', '/api/notifications/preferences', alice, { time_zone: 'Mars/Olympus' })).body.detail).toBe('That time zone is not one we know.')
    expect((await send('GET', '/api/notifications/preferences', {})).status).toBe(401)
  })
})

describe('a broadcast to a league', () => {
  it('reaches every member’s devices once, encrypted for each device, and opens the Gazette', async () => {
    const carlDevice = await subscribe(carl)
    const aliceDevice = await subscribe(alice)
    const queue = new NotifyQueue()
    const db = getDb(env.DB)
    const notice = gazetteNotice({ id: leagueId, name: 'The Pub League' }, '2026/27', 13, 'Priya storms clear', AFTERNOON)
    expect(await announce({ db, queue }, notice, { tournamentId: leagueId })).toBe(true)
    // Announced twice (a retried refresh): queued once.
    expect(await announce({ db, queue }, notice, { tournamentId: leagueId })).toBe(false)
    await queue.drain({ fetch: pushFetch, now: () => AFTERNOON })

    expect(push.received.map((r) => r.endpoint).sort()).toEqual([carlDevice.subscription.endpoint, aliceDevice.subscription.endpoint].sort())
    for (const request of push.received) {
      const payload = (await push.decryptJson(request)) as PushPayload
      expect(payload).toEqual({
        type: 'gazette',
        title: 'The GW 13 Gazette is out',
        body: 'The Pub League: Priya storms clear',
        url: `/tournaments/${leagueId}?tab=community`,
        tag: `gazette:${leagueId}`,
      })
      expect(request.headers['content-encoding']).toBe('aes128gcm')
      expect(request.vapid.aud).toBe(PUSH_ORIGIN)
    }
    // A message delivered twice sends nothing twice.
    await queue.send({ kind: 'notify:broadcast', notice, audience: { tournamentId: leagueId } })
    await queue.drain({ fetch: pushFetch, now: () => AFTERNOON })
    expect(push.received).toHaveLength(2)
  })

  it('respects mutes and quiet hours, and waits for the morning when the news keeps', async () => {
    await send('PUT', '/api/notifications/preferences', carl, { muted: ['gazette'] })
    await send('PUT', '/api/notifications/preferences', alice, { time_zone: 'Australia/Sydney' })
    const queue = new NotifyQueue()
    const notice = gazetteNotice({ id: leagueId, name: 'The Pub League' }, '2026/27', 14, 'Another week', AFTERNOON)
    await announce({ db: getDb(env.DB), queue }, notice, { tournamentId: leagueId })
    await queue.drain({ fetch: pushFetch, now: () => AFTERNOON })
    expect(push.received).toHaveLength(0)
    expect(await logOf(carlId)).toContainEqual({ type: 'gazette', key: notice.key, outcome: 'muted' })
    // 15:00 UTC is 02:00 in Sydney: Alice's push waits until 08:00 there (21:00 UTC), six hours.
    const [deferred] = queue.of('notify:users')
    expect(deferred?.delaySeconds).toBe(6 * 3600)
    expect(deferred?.body.items.map((i) => i.userId)).toEqual([aliceId])
    // When the queue hands it back at 08:00 in Sydney, it is pushed, once.
    if (deferred) deferred.delaySeconds = undefined
    await queue.drain({ fetch: pushFetch, now: () => AFTERNOON + 6 * 3600_000 })
    expect(push.received).toHaveLength(1)
    expect(((await push.decryptJson(push.received[0] as never)) as PushPayload).title).toBe('The GW 14 Gazette is out')
    expect(await logOf(aliceId)).toContainEqual({ type: 'gazette', key: notice.key, outcome: 'sent' })
    await send('PUT', '/api/notifications/preferences', carl, { muted: [] })
    await send('PUT', '/api/notifications/preferences', alice, { time_zone: 'Europe/London' })
  })

  it('never sends one user two pushes of a type within 15 minutes', async () => {
    const queue = new NotifyQueue()
    const db = getDb(env.DB)
    const otherLeague = await addTournament('Office League', 234567, carlId)
    await addMember(otherLeague, aliceId)
    await announce({ db, queue }, gazetteNotice({ id: leagueId, name: 'The Pub League' }, '2026/27', 15, 'One', AFTERNOON), { tournamentId: leagueId })
    await queue.drain({ fetch: pushFetch, now: () => AFTERNOON })
    await announce({ db, queue }, gazetteNotice({ id: otherLeague, name: 'Office League' }, '2026/27', 15, 'Two', AFTERNOON), { tournamentId: otherLeague })
    await queue.drain({ fetch: pushFetch, now: () => AFTERNOON + 10 * 60_000 })
    expect(await logOf(aliceId)).toContainEqual({ type: 'gazette', key: `${otherLeague}:2026/27:15`, outcome: 'capped' })
  })
})

describe('delivery', () => {
  it('forgets a device the push service no longer knows, and retries a busy one later', async () => {
    const user = await addUser('gone@example.com', 'Gone', null)
    const headers = await bearer(user)
    const gone = await subscribe(headers)
    const busy = await subscribe(headers)
    push.expire(gone.subscription.endpoint)
    push.failNext(busy.subscription.endpoint, 503)
    const queue = new NotifyQueue()
    await queue.send({ kind: 'notify:users', items: [{ userId: user, notice: deadlineNotice('2026/27', 14, AFTERNOON + 90 * 60_000, '90m') }] })
    await queue.drain({ fetch: pushFetch, now: () => AFTERNOON })
    const left = await env.DB.prepare('SELECT id FROM push_subscriptions WHERE user_id = ?').bind(user).all<{ id: string }>()
    expect(left.results.map((r) => r.id)).toEqual([busy.id])
    const [retry] = queue.of('notify:deliver')
    expect(retry?.delaySeconds).toBe(60)
    expect(retry?.body.attempt).toBe(1)
    expect(retry?.body.deliveries.map((d) => d.subscriptionId)).toEqual([busy.id])
  })
})

describe('the events', () => {
  it('a like tells the post’s author, once, and never the author about their own like', async () => {
    const queue = new NotifyQueue()
    const post = await send('POST', `/api/community-posts/${leagueId}`, alice, { content: 'Who captained the keeper?' })
    const like = (who: Record<string, string>) =>
      call(`/api/community-posts/${leagueId}/like/${post.body.id}`, { method: 'POST', headers: who }, { NOTIFY_QUEUE: queue as never })
    await like(alice)
    expect(queue.sent).toHaveLength(0)
    await like(bob)
    const [told] = queue.of('notify:users')
    expect(told?.body.items).toEqual([
      {
        userId: aliceId,
        notice: expect.objectContaining({ type: 'wall', title: 'Bob liked your post', url: `/tournaments/${leagueId}?tab=community` }),
      },
    ])
  })

  it('deadline reminders go out 24 hours and 90 minutes before, once each', async () => {
    const queue = new NotifyQueue()
    const db = getDb(env.DB)
    const deadline = Date.parse('2026-12-05T11:00:00Z')
    const from = {
      state: { gameweek: 14, status: 'checked' as const, season: '2026/27', version: '14:checked' },
      bootstrap: { events: [{ id: 15, deadline_time: '2026-12-05T11:00:00Z' }] as never },
    }
    expect((await runNotificationSchedule({ db, queue }, from, deadline - 25 * 3600_000)).reminders).toEqual([])
    expect((await runNotificationSchedule({ db, queue }, from, deadline - 24 * 3600_000 + 5 * 60_000)).reminders).toEqual(['24h'])
    expect((await runNotificationSchedule({ db, queue }, from, deadline - 24 * 3600_000 + 15 * 60_000)).reminders).toEqual([])
    expect((await runNotificationSchedule({ db, queue }, from, deadline - 85 * 60_000)).reminders).toEqual(['90m'])
    expect(queue.of('notify:broadcast').map((m) => [m.body.notice.title, m.body.audience])).toEqual([
      ['GW 15 deadline in 24 hours', { everyone: true }],
      ['GW 15 deadline in 90 minutes', { everyone: true }],
    ])
  })

  it('the digest starts once per checked gameweek, when no league is still refreshing it', async () => {
    const queue = new NotifyQueue()
    const db = getDb(env.DB)
    const checked = { state: { gameweek: 30, status: 'checked' as const, season: '2026/27', version: '30:checked' }, bootstrap: { events: [] } }
    await env.DB.prepare("INSERT INTO refresh_jobs (id, tournament_id, data_version, pending, plan) VALUES ('job-30', ?, '30:checked', 1, '{}')")
      .bind(leagueId)
      .run()
    expect((await runNotificationSchedule({ db, queue }, checked, Date.now())).digest).toBe(false)
    await env.DB.prepare("UPDATE refresh_jobs SET status = 'done' WHERE id = 'job-30'").run()
    expect((await runNotificationSchedule({ db, queue }, checked, Date.now())).digest).toBe(true)
    expect((await runNotificationSchedule({ db, queue }, checked, Date.now())).digest).toBe(false)
    expect(queue.of('notify:digest').map((m) => m.body)).toEqual([{ kind: 'notify:digest', season: '2026/27', gameweek: 30 }])
  })

  it('an overtake in the live table tells the member passed, naming the rival now closest above, once per rival per window', async () => {
    // Carl (1000001) and Alice (1000002) have devices; Bob (1000003) keeps a low profile.
    await env.DB.prepare('UPDATE users SET banter_sharing_enabled = 0 WHERE id = ?').bind(bobId).run()
    expect(await alertedTournaments(getDb(env.DB))).toContain(leagueId)
    const queue = new NotifyQueue()
    const deps = { db: getDb(env.DB), queue }
    const before = new Map([
      [1000001, 1],
      [1000002, 2],
      [1000003, 3],
    ])
    const rows = [
      { fpl_team_id: 1000003, player_name: 'Bob Real Name', live_rank: 1 },
      { fpl_team_id: 1000001, player_name: 'Carl', live_rank: 2 },
      { fpl_team_id: 1000002, player_name: 'Alice', live_rank: 3 },
    ]
    const window = { id: leagueId, gameweek: 13, window: '2026-11-28T15:00:00Z' }
    expect(await notifyOvertakes(deps, window, before, rows, AFTERNOON)).toBe(2)
    const told = queue.of('notify:users').flatMap((m) => m.body.items)
    expect(told.map((t) => [t.userId, t.notice.title, t.notice.body])).toEqual([
      [carlId, 'A manager who keeps a low profile just overtook you', "The Pub League live table: you're 2nd now."],
      [aliceId, 'A manager who keeps a low profile just overtook you', "The Pub League live table: you're 3rd now."],
    ])
    // Once per rival per window: the same overtake again is skipped by its key.
    await queue.drain({ fetch: pushFetch, now: () => AFTERNOON })
    const sent = push.received.length
    await notifyOvertakes(deps, window, before, rows, AFTERNOON + 20 * 60_000)
    await queue.drain({ fetch: pushFetch, now: () => AFTERNOON + 20 * 60_000 })
    expect(push.received.length).toBe(sent)
    await env.DB.prepare('UPDATE users SET banter_sharing_enabled = 1 WHERE id = ?').bind(bobId).run()
  })

  it('the live poller’s news reaches the hubs of alerted leagues through the refresh queue, 40 a message', async () => {
    const queued: LiveNewsMessage[] = []
    const alerted = await alertedTournaments(getDb(env.DB))
    const sender = { sendBatch: async (batch: Iterable<MessageSendRequest<LiveNewsMessage>>) => queued.push(...[...batch].map((m) => m.body)) }
    expect(await queueLiveNews(sender, { watched: [], alerted, window: null })).toBe(1)
    const [news] = queued
    expect(news?.live_news.hubs).toContainEqual({ id: leagueId, push: false, compare: true })
    // Between match windows a hub only remembers its table (to compare the next one with): no screen hears of it.
    expect(await tellHubs(env, news as LiveNewsMessage)).toBe(0)
    const { runInDurableObject } = await import('cloudflare:test')
    expect(await runInDurableObject(hubOf(env, leagueId), (_hub, state) => state.storage.get('ranks'))).toMatchObject({ ranks: expect.any(Array) })
  })

  it('a league whose members all muted overtakes is not compared at all', async () => {
    const league = await addTournament('Muted League', 567890, aliceId)
    const mutedId = await addUser('muted@example.com', 'Muted', null)
    await addMember(league, mutedId)
    const muted = await bearer(mutedId)
    await subscribe(muted)
    await send('PUT', '/api/notifications/preferences', muted, { muted: ['overtaken'] })
    expect(await alertedTournaments(getDb(env.DB))).not.toContain(league)
    await send('PUT', '/api/notifications/preferences', muted, { muted: [] })
    expect(await alertedTournaments(getDb(env.DB))).toContain(league)
  })

  it('a commissioner hears that someone joined their league', async () => {
    const queue = new NotifyQueue()
    const newcomer = await addUser('newcomer@example.com', 'Newcomer Nia', 1000009)
    await addMember(leagueId, newcomer)
    const from = { state: { gameweek: 14, status: 'live' as const, season: '2026/27', version: '14:live' }, bootstrap: { events: [] } }
    await runNotificationSchedule({ db: getDb(env.DB), queue }, from, Date.now())
    const told = queue.of('notify:users').flatMap((m) => m.body.items)
    expect(told).toContainEqual({
      userId: carlId,
      notice: expect.objectContaining({ type: 'member_joined', title: 'Newcomer Nia joined The Pub League', url: '/commissioner' }),
    })
  })
})

describe('the weekly digest', () => {
  it('is emailed after a checked gameweek to those who opted in, with a one-click unsubscribe that needs no sign-in', async () => {
    await send('PUT', '/api/notifications/preferences', bob, { email_digest: true })
    await env.DB.batch([
      env.DB.prepare("INSERT INTO gameweek_results (tournament_id, season, gameweek, source, rows) VALUES (?1, '2026/27', 12, 'fpl_api', ?2)").bind(
        leagueId,
        JSON.stringify([
          [1000001, 50, 700, 1, 5, 0, 10],
          [1000002, 40, 690, 2, 3, 0, 8],
          [1000003, 30, 680, 3, 9, 4, 2],
        ]),
      ),
      env.DB.prepare("INSERT INTO gameweek_results (tournament_id, season, gameweek, source, rows) VALUES (?1, '2026/27', 13, 'fpl_api', ?2)").bind(
        leagueId,
        JSON.stringify([
          [1000003, 67, 747, 1, 2, 0, 24],
          [1000001, 41, 741, 2, 5, 0, 6],
          [1000002, 35, 725, 3, 3, 0, 8],
        ]),
      ),
    ])
    const queue = new NotifyQueue()
    await queue.send({ kind: 'notify:digest', season: '2026/27', gameweek: 13 })
    await queue.drain()
    const outbox = (await (await call('/api/dev/outbox?to=bob%40example.com')).json()) as Array<{
      subject: string
      text: string
      headers?: Record<string, string>
    }>
    const [digest] = outbox
    expect(digest?.subject).toBe('GW 13: 67 points, 1st in The Pub League')
    expect(digest?.text).toContain("The Pub League: 67 points in GW 13. You're 1st of 3 (up 2).")
    expect(digest?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const oneClick = /^<(.+)>$/.exec(digest?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? ''
    expect(oneClick).toMatch(/^https:\/\/banter\.test\/api\/notifications\/unsubscribe\?token=/)
    expect(digest?.text).toContain('https://banter.test/unsubscribe?token=')

    // The mail client's one-click POST (RFC 8058): a form, no session.
    const url = new URL(oneClick)
    const res = await call(`${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect([res.status, await res.json()]).toEqual([200, { unsubscribed: true }])
    expect((await send('GET', '/api/notifications/preferences', bob)).body.preferences.email_digest).toBe(false)
    // Sent once per gameweek, however often the message comes.
    await queue.send({ kind: 'notify:digest', season: '2026/27', gameweek: 13 })
    await send('PUT', '/api/notifications/preferences', bob, { email_digest: true })
    await queue.drain()
    expect((await (await call('/api/dev/outbox?to=bob%40example.com')).json()) as unknown[]).toHaveLength(1)
  })

  it("lists the leagues in the dashboard's order: own leagues by name, the global tournament last and said for what it is", async () => {
    const danaId = await addUser('dana@example.com', 'Dana', 1000004)
    const gusId = await addUser('gus@example.com', 'Gus', 1000005)
    const zebra = await addTournament('Zebra League', 654321, danaId)
    const acorn = await addTournament('Acorn League', 654322, danaId)
    // Joined the global tournament first, at verification, as every account does.
    for (const id of [PUBLIC_TOURNAMENT_ID, zebra, acorn]) await addMember(id, danaId)
    await addMember(PUBLIC_TOURNAMENT_ID, gusId)
    for (const id of [danaId, gusId]) await send('PUT', '/api/notifications/preferences', await bearer(id), { email_digest: true })
    const results = (id: number, gameweek: number, rows: number[][]) =>
      env.DB.prepare("INSERT INTO gameweek_results (tournament_id, season, gameweek, source, rows) VALUES (?1, '2026/27', ?2, 'fpl_api', ?3)").bind(
        id,
        gameweek,
        JSON.stringify(rows),
      )
    await env.DB.batch([
      // The global tournament first in the database, as it is for every account.
      results(PUBLIC_TOURNAMENT_ID, 13, [
        [1000005, 50, 800, 5, 0, 0, 0],
        [1000004, 50, 700, 12, 0, 0, 0],
      ]),
      results(PUBLIC_TOURNAMENT_ID, 14, [
        [1000005, 70, 870, 4, 0, 0, 0],
        [1000004, 61, 761, 9, 0, 0, 0],
      ]),
      results(zebra, 14, [[1000004, 61, 761, 1, 0, 0, 0]]),
      results(acorn, 14, [[1000004, 61, 761, 1, 0, 0, 0]]),
      env.DB.prepare(
        "INSERT INTO tournament_snapshots (tournament_id, season, gameweek, gameweek_status, data_version, standings_meta, monthly_winners) VALUES (?, '2026/27', 14, 'checked', '14:checked', ?, '[]')",
      ).bind(PUBLIC_TOURNAMENT_ID, JSON.stringify({ total_members: 1234 })),
    ])
    const queue = new NotifyQueue()
    await queue.send({ kind: 'notify:digest', season: '2026/27', gameweek: 14 })
    await queue.drain()
    const latest = async (to: string) =>
      ((await (await call(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as Array<{ subject: string; text: string }>)[0]
    const dana = await latest('dana@example.com')
    expect(dana?.subject).toBe('GW 14: 61 points, 1st in Acorn League')
    const lines = (dana?.text ?? '').split('\n').filter((line) => / points in GW 14\./.test(line))
    expect(lines).toEqual([
      "Acorn League: 61 points in GW 14. You're 1st of 1.",
      "Zebra League: 61 points in GW 14. You're 1st of 1.",
      "Banter Arena Tournament (everyone on Banter Arena): 61 points in GW 14. You're 9th of 1,234 (up 3).",
    ])
    // A manager whose one table is the global tournament hears of it, for what it is.
    const gus = await latest('gus@example.com')
    expect(gus?.subject).toBe('GW 14: 70 points, 4th of 1,234 in Banter Arena Tournament')
    expect(gus?.text).toContain("Banter Arena Tournament (everyone on Banter Arena): 70 points in GW 14. You're 4th of 1,234 (up 1).")
  })

  it('refuses a forged or altered unsubscribe link', async () => {
    const forged = await call('/api/notifications/unsubscribe?token=eyJhbGciOiJIUzI1NiJ9.e30.abc', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect([forged.status, ((await forged.json()) as { detail: string }).detail]).toEqual([400, 'This unsubscribe link is not valid.'])
    // A session token is not an unsubscribe link.
    const session = carl.authorization?.replace('Bearer ', '') ?? ''
    const reused = await call('/api/notifications/unsubscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${session}`,
    })
    expect(reused.status).toBe(400)
  })
})
