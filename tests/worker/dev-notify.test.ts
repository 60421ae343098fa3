import { describe, expect, it } from 'vitest'
import { verifiedAccount } from './helpers/accounts'
import { call, json } from './helpers/http'
import { NotifyQueue } from './helpers/notify'

// POST /api/dev/notify (development only): a sample notice for a user found by email, queued for
// their devices (services/notifications/samples.ts does the lookup, the sample and the queueing).

describe('POST /api/dev/notify', () => {
  it('queues a sample of the type for the user with that email, whatever its case and spaces', async () => {
    const { userId } = await verifiedAccount('sample.notice@example.com')
    const queue = new NotifyQueue()
    const res = await call('/api/dev/notify', json({ email: '  Sample.Notice@Example.com ', type: 'gazette' }), { NOTIFY_QUEUE: queue as unknown as Queue })
    expect(res.status).toBe(200)
    const { queued } = (await res.json()) as { queued: { type: string; key: string } }
    expect(queued).toMatchObject({ type: 'gazette', key: expect.stringMatching(/^sample:\d+:/) })
    expect(queue.of('notify:users').map((m) => m.body.items)).toEqual([[{ userId, notice: queued }]])
  })

  it('answers 404 for an email nobody registered, and queues nothing', async () => {
    const queue = new NotifyQueue()
    const res = await call('/api/dev/notify', json({ email: 'nobody@example.com', type: 'deadline' }), { NOTIFY_QUEUE: queue as unknown as Queue })
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ code: 'not_found', detail: 'No such user.' })
    expect(queue.sent).toEqual([])
  })
})
