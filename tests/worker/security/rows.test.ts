import { env } from 'cloudflare:workers'
import { SignJWT } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import type { PushPayload } from '../../../contract/notifications'
import { signUnsubscribeToken, UNSUBSCRIBE_LINK_LIFETIME_SECONDS } from '../../../worker/services/auth/tokens'
import { deadlineNotice } from '../../../worker/services/notifications/notices'
import { LIMITS } from '../../../worker/services/rate-limit'
import { createFakePushService, type FakePushService } from '../../fake-push/service.ts'
import { attack } from '../../security/attack'
import { freshIp } from '../helpers/accounts'
import { call } from '../helpers/http'
import { NotifyQueue } from '../helpers/notify'
import { addMember, addTournament, addUser, bearer } from '../helpers/world'

// Rows bound to their owners (decision 152): a removed member cannot
// link their old league's history into a league of their own, a push endpoint stays with the
// account that registered it, an unsubscribe link has a key, a version and a life of its own, and
// likes (each of which may notify someone) are throttled and notify once.

// biome-ignore lint/suspicious/noExplicitAny: answers of every shape, read field by field.
type Body = Record<string, any>
type Answer = { status: number; headers: Headers; body: Body }

const send = async (method: string, path: string, headers: Record<string, string>, body?: unknown, overrides = {}): Promise<Answer> => {
  const res = await call(
    path,
    { method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) },
    overrides,
  )
  return { status: res.status, headers: res.headers, body: (await res.json()) as Body }
}

const row = (sql: string, ...params: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...params)
    .first<Body>()

describe('Hall of Fame lineage', () => {
  it('refuses a member the commissioner removed from last season’s league, and writes nothing', async ({ task }) => {
    attack(task, { category: 'Authorization', inputs: 1 })
    // League A, 2025/26: run by its own commissioner; Mallory played in it until she was removed.
    const owner = await addUser('lineage-owner@example.com', 'Owner', null)
    const mallory = await addUser('mallory@example.com', 'Mallory', 1000401)
    const leagueA = (
      await row(
        "INSERT INTO tournaments (name, type, fpl_league_id, fpl_season, commissioner_id) VALUES ('Old Group 25/26', 'private', 880001, '2025/26', ?) RETURNING id",
        owner,
      )
    )?.id as number
    await addMember(leagueA, mallory, 'inactive')
    // League B, 2026/27: Mallory's own.
    const leagueB = await addTournament('Mallory’s League', 880002, mallory)
    await addMember(leagueB, mallory)

    const refused = await send('PUT', `/api/leagues/${leagueB}/lineage`, await bearer(mallory), { previous_fpl_league_id: 880001 })
    expect([refused.status, refused.body.code, refused.body.detail]).toEqual([
      403,
      'lineage_not_yours',
      'You can link a league you ran or played in last season. Ask its commissioner to link it.',
    ])
    expect(await row('SELECT previous_fpl_league_id, previous_tournament_id FROM tournaments WHERE id = ?', leagueB)).toEqual({
      previous_fpl_league_id: null,
      previous_tournament_id: null,
    })

    // An active member of A still links it into a league they run.
    const ruth = await addUser('ruth@example.com', 'Ruth', 1000402)
    await addMember(leagueA, ruth)
    const leagueC = await addTournament('Ruth’s League', 880003, ruth)
    const linked = await send('PUT', `/api/leagues/${leagueC}/lineage`, await bearer(ruth), { previous_fpl_league_id: 880001 })
    expect([linked.status, linked.body.previous_tournament?.id]).toEqual([200, leagueA])
  })
})

describe('push subscriptions', () => {
  const PUSH_ORIGIN = 'https://push.fake.test'
  // Saturday afternoon in London: outside the default quiet hours.
  const AFTERNOON = Date.parse('2026-11-28T15:00:00Z')
  let push: FakePushService
  let victimId = 0
  let victim: Record<string, string> = {}
  let attacker: Record<string, string> = {}

  beforeAll(async () => {
    push = createFakePushService()
    victimId = await addUser('push-victim@example.com', 'Victim', null)
    victim = await bearer(victimId)
    attacker = await bearer(await addUser('push-attacker@example.com', 'Attacker', null))
  })

  it('keeps an endpoint with its owner when another account posts it with keys of its own, and the owner still gets pushes', async ({ task }) => {
    attack(task, { category: 'Authorization', inputs: 1 })
    const device = await push.subscribe(PUSH_ORIGIN)
    const registered = await send('POST', '/api/push/subscriptions', victim, device)
    expect(registered.status).toBe(201)
    // The attacker learnt the endpoint and posts it with a key pair of their own.
    const { keys } = await push.subscribe(PUSH_ORIGIN)
    const takeover = await send('POST', '/api/push/subscriptions', attacker, { endpoint: device.endpoint, keys })
    // Answered as any new device is, so the endpoint's being registered here is not told either.
    expect(takeover.status).toBe(201)
    expect(Object.keys(takeover.body).sort()).toEqual(['created_at', 'id'])
    expect(takeover.body.id).not.toBe(registered.body.id)
    expect(await row('SELECT id, user_id, p256dh, auth FROM push_subscriptions WHERE endpoint = ?', device.endpoint)).toEqual({
      id: registered.body.id,
      user_id: victimId,
      p256dh: device.keys.p256dh,
      auth: device.keys.auth,
    })
    expect((await send('DELETE', `/api/push/subscriptions/${takeover.body.id}`, attacker)).status).toBe(404)

    // The victim's next push reaches their device, encrypted for their keys.
    const queue = new NotifyQueue()
    await queue.send({ kind: 'notify:users', items: [{ userId: victimId, notice: deadlineNotice('2026/27', 14, AFTERNOON + 90 * 60_000, '90m') }] })
    await queue.drain({
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => push.fetch(new Request(input, init))) as typeof fetch,
      now: () => AFTERNOON,
    })
    expect(push.received.map((r) => r.endpoint)).toEqual([device.endpoint])
    const [received] = push.received
    expect(((await push.decryptJson(received as (typeof push.received)[number])) as PushPayload).type).toBe('deadline')

    // The owner's own device re-syncing (the app opening) is the same device, refreshed.
    const again = await send('POST', '/api/push/subscriptions', victim, device)
    expect([again.status, again.body.id]).toEqual([200, registered.body.id])
  })

  it('limits how often one account registers devices', async ({ task }) => {
    const max = LIMITS.pushSubscribe.account.max
    attack(task, { category: 'Lockout and abuse', inputs: max + 1 })
    const device = await push.subscribe(PUSH_ORIGIN)
    const spammer = await bearer(await addUser('push-spammer@example.com', 'Spammer', null))
    const statuses: number[] = []
    let limited: Answer | undefined
    for (let i = 0; i <= max && !limited; i += 1) {
      const res = await send('POST', '/api/push/subscriptions', { ...spammer, 'cf-connecting-ip': freshIp() }, device)
      statuses.push(res.status)
      if (res.status === 429) limited = res
    }
    expect(statuses.slice(0, max).every((s) => s === 200 || s === 201)).toBe(true)
    expect(limited?.status).toBe(429)
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(limited?.body.detail).toMatch(/^Too many attempts\. Please try again in \d+ (second|minute)s?\.$/)
  }, 30_000)
})

describe('unsubscribe links', () => {
  let userId = 0
  const digestOn = async () => {
    await env.DB.prepare('INSERT OR REPLACE INTO notification_preferences (user_id, email_digest) VALUES (?, 1)').bind(userId).run()
  }
  const digest = async () => (await row('SELECT email_digest FROM notification_preferences WHERE user_id = ?', userId))?.email_digest
  const version = async () => (await row('SELECT token_version FROM users WHERE id = ?', userId))?.token_version as number
  /** The page's form post, or the mail client's one-click POST (RFC 8058) with the token in the query. */
  const unsubscribe = async (token: string, oneClick = false) => {
    const res = oneClick
      ? await call(`/api/notifications/unsubscribe?token=${token}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        })
      : await call('/api/notifications/unsubscribe', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `token=${token}`,
        })
    return { status: res.status, body: (await res.json()) as Body }
  }
  const TURN_IT_OFF = 'Please use the link in your latest digest, or sign in and turn the digest off in your dashboard.'

  beforeAll(async () => {
    userId = await addUser('digest-reader@example.com', 'Reader', null)
  })

  it('refuses a link signed the old way, with the session secret itself', async ({ task }) => {
    attack(task, { category: 'Tokens', inputs: 1 })
    await digestOn()
    const old = await new SignJWT({ purpose: 'unsubscribe-digest' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('banter-arena')
      .setAudience('banter-arena-link')
      .setSubject(String(userId))
      .sign(new TextEncoder().encode(env.JWT_SECRET))
    expect(await unsubscribe(old, true)).toEqual({
      status: 400,
      body: expect.objectContaining({ code: 'invalid_unsubscribe_link', detail: 'This unsubscribe link is not valid.' }),
    })
    expect(await digest()).toBe(1)
  })

  it('refuses a link sent before the account’s token version moved on', async ({ task }) => {
    attack(task, { category: 'Tokens', inputs: 1 })
    await digestOn()
    const link = await signUnsubscribeToken(env, { userId, tokenVersion: await version() })
    // "Sign out everywhere" (like a password change or reset) moves the version on.
    const signedOut = await send('POST', '/api/auth/logout-all', await bearer(userId))
    expect(signedOut.status).toBe(200)
    expect(await unsubscribe(link, true)).toEqual({
      status: 400,
      body: expect.objectContaining({ code: 'unsubscribe_link_retired', detail: `This unsubscribe link is no longer valid. ${TURN_IT_OFF}` }),
    })
    expect(await digest()).toBe(1)
  })

  it('refuses a link older than its 90 days, pointing to the dashboard', async ({ task }) => {
    attack(task, { category: 'Tokens', inputs: 1 })
    await digestOn()
    const sent = Date.now() - (UNSUBSCRIBE_LINK_LIFETIME_SECONDS + 3600) * 1000
    const link = await signUnsubscribeToken(env, { userId, tokenVersion: await version() }, sent)
    expect(await unsubscribe(link)).toEqual({
      status: 400,
      body: expect.objectContaining({ code: 'unsubscribe_link_expired', detail: `This unsubscribe link has expired. ${TURN_IT_OFF}` }),
    })
    expect(await digest()).toBe(1)
  })

  it('takes a recent link, from the page and by one click', async () => {
    await digestOn()
    const lastMonth = await signUnsubscribeToken(env, { userId, tokenVersion: await version() }, Date.now() - 30 * 24 * 3600 * 1000)
    expect(await unsubscribe(lastMonth)).toEqual({ status: 200, body: { unsubscribed: true } })
    expect(await digest()).toBe(0)
    await digestOn()
    expect(await unsubscribe(await signUnsubscribeToken(env, { userId, tokenVersion: await version() }), true)).toEqual({
      status: 200,
      body: { unsubscribed: true },
    })
    expect(await digest()).toBe(0)
  })
})

describe('likes', () => {
  let leagueId = 0
  let authorId = 0
  let fan: Record<string, string> = {}

  beforeAll(async () => {
    authorId = await addUser('like-author@example.com', 'Author', 1000411)
    const fanId = await addUser('like-fan@example.com', 'Fan', 1000412)
    leagueId = await addTournament('The Like League', 880011, authorId)
    for (const id of [authorId, fanId]) await addMember(leagueId, id)
    fan = await bearer(fanId)
  })

  const newPost = async (content: string) =>
    (await row('INSERT INTO community_posts (tournament_id, user_id, content) VALUES (?, ?, ?) RETURNING id', leagueId, authorId, content))?.id as number
  const like = (postId: number, queue: NotifyQueue) =>
    send('POST', `/api/community-posts/${leagueId}/like/${postId}`, fan, undefined, { NOTIFY_QUEUE: queue as never })

  it('liking, unliking and liking again tells the author once', async () => {
    const queue = new NotifyQueue()
    const postId = await newPost('Captained the keeper again')
    const answers = [await like(postId, queue), await like(postId, queue), await like(postId, queue)]
    expect(answers.map((a) => a.body.liked)).toEqual([true, false, true])
    expect(queue.of('notify:users').map((m) => m.body.items.map((i) => [i.userId, i.notice.key]))).toEqual([
      [[authorId, expect.stringMatching(`^like:${postId}:`)]],
    ])
  })

  it('a burst beyond the limit is refused with Retry-After and queues no more notices than the limit', async ({ task }) => {
    const max = LIMITS.communityLike.account.max
    attack(task, { category: 'Lockout and abuse', inputs: max + 1 })
    const queue = new NotifyQueue()
    const inserted = await env.DB.batch(
      Array.from({ length: max + 1 }, (_, i) =>
        env.DB.prepare('INSERT INTO community_posts (tournament_id, user_id, content) VALUES (?, ?, ?) RETURNING id').bind(leagueId, authorId, `Post ${i}`),
      ),
    )
    const posts = inserted.map((r) => (r.results[0] as { id: number }).id)
    let limited: Answer | undefined
    let accepted = 0
    for (const postId of posts) {
      const res = await like(postId, queue)
      if (res.status === 429) {
        limited = res
        break
      }
      expect(res.status).toBe(200)
      accepted += 1
    }
    // The test before spent three likes of the same account in the same window.
    expect(accepted).toBeLessThanOrEqual(max)
    expect(limited?.status).toBe(429)
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(limited?.body.detail).toMatch(/^Too many attempts\. Please try again in \d+ (second|minute)s?\.$/)
    expect(queue.of('notify:users').length).toBe(accepted)
    expect(queue.of('notify:users').length).toBeLessThanOrEqual(max)
    // The refused like wrote nothing.
    expect(await row('SELECT count(*) AS n FROM post_likes WHERE post_id = ?', posts[accepted])).toEqual({ n: 0 })
  }, 30_000)
})
