import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import type { Bindings } from '../../worker/env'
import worker from '../../worker/index'
import { deadlineNotice } from '../../worker/services/notifications/notices'
import { verifiedAccount } from './helpers/accounts'
import { call } from './helpers/http'

// Dead letters (decision 156) inside workerd with the real local queues of
// wrangler.toml: what used up its retries, or could never be processed, is kept in D1, listed to
// operators (ADMIN_EMAILS) and replayed once onto the queue it was meant for.

interface Row {
  id: number
  queue: string
  message_id: string | null
  body: string
  attempts: number
  first_error: string | null
  replayed_at: number | null
}

const deadLetters = async () => (await env.DB.prepare('SELECT * FROM dead_letters ORDER BY id').all<Row>()).results
const until = <T>(read: () => Promise<T | undefined>) =>
  vi.waitFor(
    async () => {
      const value = await read()
      if (value === undefined) throw new Error('not yet')
      return value
    },
    { timeout: 15_000, interval: 100 },
  )

/** Runs the worker's queue handler on one message, as the queue would; answers what it acked or retried. */
async function consume(queue: string, message: { id: string; attempts: number; body: unknown }) {
  const batch = createMessageBatch(queue, [{ ...message, timestamp: new Date() }])
  await worker.queue(batch as never, env as Bindings)
  return getQueueResult(batch, createExecutionContext())
}

const notifyUsers = (userId: number) => ({
  kind: 'notify:users' as const,
  items: [{ userId, notice: deadlineNotice('2026/27', 14, Date.now() + 3 * 3600_000, '90m') }],
})

describe('dead letters', () => {
  it('a poisoned message goes to the dead letters at once, without a retry', async () => {
    await env.REFRESH_QUEUE.send({ kind: 'refresh:everything' } as never)
    const [row] = await until(async () => ((await deadLetters()).length ? deadLetters() : undefined))
    expect(row).toMatchObject({ queue: 'banter-arena-refresh', attempts: 1, replayed_at: null })
    expect(JSON.parse(row!.body)).toEqual({ kind: 'refresh:everything' })
    expect(row!.first_error).toBe('No consumer on banter-arena-refresh knows this kind of message')

    // A known kind whose body fails validation is poisoned too; the handler acks both.
    const result = await consume('banter-arena-notify', { id: 'bad-kind', attempts: 1, body: { kind: 'notify:everyone' } })
    expect(result.explicitAcks).toEqual(['bad-kind'])
    expect(result.retryMessages).toEqual([])
    const sheets = await consume('banter-arena-refresh', { id: 'bad-sheets', attempts: 1, body: { live_sheets: { gameweek: 'x', entries: [] } } })
    expect(sheets.explicitAcks).toEqual(['bad-sheets'])
    expect((await deadLetters()).map((r) => [r.message_id, r.first_error])).toEqual([
      [row!.message_id, row!.first_error],
      ['bad-kind', 'Not a valid kind message: Kind must be one of: notify:broadcast, notify:users, notify:deliver, notify:digest (kind)'],
      ['bad-sheets', 'Not a valid live_sheets message: Gameweek must be a number (live_sheets.gameweek)'],
    ])
  })

  it('a message that fails past its retries is kept with its queue, body and first error; operators list and replay it once', async () => {
    const admin = await verifiedAccount('admin@banter-arena.test')
    const member = await verifiedAccount('member-dl@example.com')
    const body = notifyUsers(member.userId)

    // The notify consumer fails (its table is gone): every attempt retries, and the first error is remembered.
    await env.DB.exec('ALTER TABLE notification_preferences RENAME TO notification_preferences_away')
    for (const attempts of [1, 2, 3, 4]) {
      const failed = await consume('banter-arena-notify', { id: 'msg-1', attempts, body })
      expect(failed.explicitAcks).toEqual([])
      expect(failed.retryMessages).toEqual([{ msgId: 'msg-1' }])
    }
    await env.DB.exec('ALTER TABLE notification_preferences_away RENAME TO notification_preferences')

    // Past max_retries the queue moves it to banter-arena-notify-dlq, whose consumer keeps it.
    const kept = await consume('banter-arena-notify-dlq', { id: 'msg-1', attempts: 1, body })
    expect(kept.explicitAcks).toEqual(['msg-1'])
    const row = (await deadLetters()).find((r) => r.message_id === 'msg-1')!
    expect(row).toMatchObject({ queue: 'banter-arena-notify', replayed_at: null })
    expect(row.first_error).toMatch(/notification_preferences/)
    expect(JSON.parse(row.body)).toEqual(body)

    // Operators only.
    const asMember = await call('/api/ops/dead-letters', { headers: { authorization: `Bearer ${member.token}` } })
    expect(asMember.status).toBe(403)
    expect(await asMember.json()).toMatchObject({ detail: 'Only the operators of this site can do this.' })
    expect((await call('/api/ops/dead-letters')).status).toBe(401)
    const listed = await call('/api/ops/dead-letters', { headers: { authorization: `Bearer ${admin.token}` } })
    expect(listed.status).toBe(200)
    const { dead_letters } = (await listed.json()) as { dead_letters: Array<Record<string, unknown>> }
    expect(dead_letters[0]).toMatchObject({ id: row.id, queue: 'banter-arena-notify', body, first_error: row.first_error, replayed_at: null })
    const forbiddenReplay = await call(`/api/ops/dead-letters/${row.id}/replay`, { method: 'POST', headers: { authorization: `Bearer ${member.token}` } })
    expect(forbiddenReplay.status).toBe(403)

    // The replay goes onto the real notify queue, whose consumer now processes it: the member's outcome is logged.
    const replay = () =>
      call(
        `/api/ops/dead-letters/${row.id}/replay`,
        { method: 'POST', headers: { authorization: `Bearer ${admin.token}` } },
        { NOTIFY_QUEUE: env.NOTIFY_QUEUE },
      )
    const replayed = await replay()
    expect(replayed.status).toBe(200)
    expect(await replayed.json()).toMatchObject({ id: row.id, queue: 'banter-arena-notify' })
    const outcome = await until(() =>
      env.DB.prepare("SELECT outcome FROM notification_log WHERE user_id = ? AND type = 'deadline'")
        .bind(member.userId)
        .first<{ outcome: string }>()
        .then((r) => r ?? undefined),
    )
    expect(outcome.outcome).toBe('no_device')

    // Twice is refused, in words.
    const again = await replay()
    expect(again.status).toBe(409)
    expect(((await again.json()) as { detail: string }).detail).toMatch(/already replayed/)
    expect((await call('/api/ops/dead-letters/999999/replay', { method: 'POST', headers: { authorization: `Bearer ${admin.token}` } })).status).toBe(404)
  })
})
