import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { COMMON_PASSWORD_MESSAGE } from '../../../worker/lib/common-passwords'
import { LIMITS } from '../../../worker/services/rate-limit'
import { attack } from '../../security/attack'
import { freshIp, PASSWORD, post, tokenFromEmail, verifiedAccount } from '../helpers/accounts'
import { routeFplToSimulator, SIM_LEAGUES } from '../helpers/fpl'
import { call } from '../helpers/http'
import { ogRenderer } from '../helpers/renderer'
import { addMember, addTournament, addUser, bearer } from '../helpers/world'

// Abuse of what any account or visitor may do: the most common passwords, floods of posts,
// reports, invite guesses, counter inflation, slow guessing of the current password, anonymous
// traffic driven to FPL, and a crowd of unfurlers asking for one new share image at once.

const COMMON = ['Password1!', 'P@ssw0rd1', 'Passw0rd!2024', 'Qwerty123!', 'Welcome1!', 'Football1!', 'Dr@gon2024?', 'Iloveyou1!', 'Sunshine1!', 'Letmein1!']

let pubId = 0
let memberId = 0
let member: Record<string, string> = {}

beforeAll(async () => {
  routeFplToSimulator()
  memberId = await addUser('abuse@example.com', 'Member', 1000001)
  pubId = await addTournament('The Pub League', SIM_LEAGUES.pub, memberId)
  await addMember(pubId, memberId)
  member = await bearer(memberId)
})

const send = async (method: string, path: string, body: unknown, headers: Record<string, string>) => {
  const res = await call(path, { method, headers: { 'content-type': 'application/json', ...headers }, body: body === null ? null : JSON.stringify(body) })
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> }
}

/** The first 429 of `attempts` calls: it must carry Retry-After and a readable detail. */
async function expectLimited(attempts: number, attempt: (i: number) => Promise<{ status: number; headers: Headers; body: Record<string, any> }>) {
  const statuses: number[] = []
  for (let i = 0; i < attempts; i += 1) {
    const res = await attempt(i)
    statuses.push(res.status)
    if (res.status === 429) {
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(res.body.detail).toMatch(/^Too many attempts\. Please try again in \d+ (second|minute)s?\.$/)
      return statuses
    }
  }
  throw new Error(`never limited: ${statuses.join(',')}`)
}

describe('common passwords', () => {
  it('refuses the most common passwords that meet the composition rules on register, reset and change', async ({ task }) => {
    attack(task, { category: 'Lockout and abuse', inputs: COMMON.length * 3 })
    for (const password of COMMON) {
      const res = await post('/api/auth/register', { name: 'Common', email: 'common@example.com', password }, { 'cf-connecting-ip': freshIp() })
      expect({ password, status: res.status, detail: res.body.detail }).toEqual({ password, status: 400, detail: COMMON_PASSWORD_MESSAGE })
    }
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = 'common@example.com'").first('n')).toBe(0)

    const { token } = await verifiedAccount('changer@example.com')
    for (const password of COMMON) {
      const res = await send(
        'POST',
        '/api/auth/change-password',
        { current_password: PASSWORD, new_password: password },
        { authorization: `Bearer ${token}`, 'cf-connecting-ip': freshIp() },
      )
      expect({ password, status: res.status, detail: res.body.detail }).toEqual({ password, status: 400, detail: COMMON_PASSWORD_MESSAGE })
    }

    expect((await post('/api/auth/request-password-reset', { email: 'changer@example.com' }, { 'cf-connecting-ip': freshIp() })).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const resetToken = await tokenFromEmail('changer@example.com', '/reset-password')
    for (const password of COMMON) {
      const res = await post('/api/auth/reset-password', { token: resetToken, new_password: password }, { 'cf-connecting-ip': freshIp() })
      expect({ password, status: res.status, detail: res.body.detail }).toEqual({ password, status: 400, detail: COMMON_PASSWORD_MESSAGE })
    }
    // The link was not used up by the refusals, and an uncommon password still works.
    expect((await post('/api/auth/reset-password', { token: resetToken, new_password: 'Banter-Quartz-77!' }, { 'cf-connecting-ip': freshIp() })).status).toBe(
      200,
    )
  })
})

describe('attempt limits', () => {
  it('limits posts per user, and answers 429 with Retry-After and a readable detail', async ({ task }) => {
    attack(task, { category: 'Lockout and abuse', inputs: LIMITS.communityPost.account.max + 1 })
    // Rotating addresses does not help: the limit is the account's.
    const statuses = await expectLimited(LIMITS.communityPost.account.max + 1, (i) =>
      send('POST', `/api/community-posts/${pubId}`, { content: `flood ${i}` }, { ...member, 'cf-connecting-ip': freshIp() }),
    )
    expect(statuses.filter((s) => s === 201)).toHaveLength(LIMITS.communityPost.account.max)
    expect(await env.DB.prepare('SELECT count(*) AS n FROM community_posts WHERE user_id = ?').bind(memberId).first('n')).toBe(LIMITS.communityPost.account.max)
  })

  it('limits the commissioner’s pins, unpins and dismissals per user', async ({ task }) => {
    attack(task, { category: 'Lockout and abuse', inputs: LIMITS.wallModeration.account.max + 1 })
    const post = await env.DB.prepare('SELECT id FROM community_posts WHERE user_id = ? LIMIT 1').bind(memberId).first<{ id: number }>()
    const statuses = await expectLimited(LIMITS.wallModeration.account.max + 1, (i) =>
      send(i % 2 ? 'DELETE' : 'POST', `/api/community-posts/${pubId}/posts/${post!.id}/pin`, null, { ...member, 'cf-connecting-ip': freshIp() }),
    )
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMITS.wallModeration.account.max)
  })

  it('limits reports per user', async ({ task }) => {
    attack(task, { category: 'Lockout and abuse', inputs: LIMITS.postReport.account.max + 1 })
    const post = await env.DB.prepare('SELECT id FROM community_posts WHERE user_id = ? LIMIT 1').bind(memberId).first<{ id: number }>()
    await expectLimited(LIMITS.postReport.account.max + 1, () =>
      send('POST', `/api/community-posts/${post!.id}/report`, null, { ...member, 'cf-connecting-ip': freshIp() }),
    )
  })

  it('limits invite lookups per address, and joins by code per user', async ({ task }) => {
    attack(task, { category: 'Lockout and abuse', inputs: LIMITS.inviteLookup.ip.max + LIMITS.inviteJoin.account.max + 2 })
    const ip = freshIp()
    await expectLimited(LIMITS.inviteLookup.ip.max + 1, (i) => send('GET', `/api/leagues/invite/guess-${100000 + i}`, null, { 'cf-connecting-ip': ip }))
    const joiner = await bearer(await addUser('joiner@example.com', 'Joiner', null))
    await expectLimited(LIMITS.inviteJoin.account.max + 1, (i) =>
      send('POST', '/api/leagues/join-by-invite', { invite_code: `guess-${200000 + i}` }, { ...joiner, 'cf-connecting-ip': freshIp() }),
    )
  })

  it('limits the anonymous validate-team and validate-league per address', async ({ task }) => {
    attack(task, { category: 'Lockout and abuse', inputs: LIMITS.fplValidate.ip.max + 1 })
    const ip = freshIp()
    await expectLimited(LIMITS.fplValidate.ip.max + 1, (i) =>
      send('GET', i % 2 ? `/api/validate-league/${SIM_LEAGUES.pub}` : `/api/validate-team/1000001/${SIM_LEAGUES.pub}`, null, { 'cf-connecting-ip': ip }),
    )
    // Another address is not affected.
    expect((await send('GET', `/api/validate-league/${SIM_LEAGUES.pub}`, null, { 'cf-connecting-ip': freshIp() })).status).not.toBe(429)
  })

  it('stops counting views and clicks from one address past the limit, while the card is still served', async ({ task }) => {
    attack(task, { category: 'Lockout and abuse', inputs: LIMITS.shareView.ip.max + LIMITS.shareClick.ip.max + 20 })
    const created = await send('POST', '/api/banter/share', { league_id: pubId, stat_type: 'benched_beast', stat_data: { title: 'Benched Beast' } }, member)
    const id = created.body.share_id as string
    const ip = { 'cf-connecting-ip': freshIp() }
    for (let i = 0; i < LIMITS.shareView.ip.max + 10; i += 1) expect((await send('GET', `/api/banter/share/${id}`, null, ip)).status).toBe(200)
    for (let i = 0; i < LIMITS.shareClick.ip.max + 10; i += 1) expect((await send('POST', `/api/banter/share/${id}/click`, null, ip)).status).toBe(200)
    const last = await send('GET', `/api/banter/share/${id}`, null, ip)
    expect([last.status, last.body.view_count, last.body.click_count]).toEqual([200, LIMITS.shareView.ip.max, LIMITS.shareClick.ip.max])
  })

  it('slows down wrong current passwords on change-password, per user, whatever the address', async ({ task }) => {
    attack(task, { category: 'Lockout and abuse', inputs: 7 })
    const { token } = await verifiedAccount('guessed@example.com')
    const change = (current: string) =>
      send(
        'POST',
        '/api/auth/change-password',
        { current_password: current, new_password: 'Banter-Quartz-78!' },
        { authorization: `Bearer ${token}`, 'cf-connecting-ip': freshIp() },
      )
    const statuses = await expectLimited(7, (i) => change(`Wrong-Guess-${i}!`))
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400])
    // While waiting, even the right password is not checked: guessing cannot go on at full speed.
    expect((await change(PASSWORD)).status).toBe(429)
  })
})

describe('share image renders', () => {
  it('draws a new card once for ten concurrent first requests', async ({ task }) => {
    attack(task, { category: 'Lockout and abuse', concurrent: 10 })
    const created = await send(
      'POST',
      '/api/banter/share',
      { league_id: pubId, stat_type: 'wooden_spoon_warrior', stat_data: { title: 'Wooden Spoon' } },
      member,
    )
    let renders = 0
    const renderer = ogRenderer(() => {
      renders += 1
    })
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(`/api/banter/share/${created.body.share_id}/image`, {}, { OG_RENDERER: renderer })))
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200))
    const bytes = await Promise.all(answers.map(async (r) => (await r.arrayBuffer()).byteLength))
    expect(new Set(bytes).size).toBe(1)
    expect(bytes[0]).toBeGreaterThan(1000)
    expect(renders).toBe(1)
  }, 30_000)
})
