import { env } from 'cloudflare:workers'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getDb } from '../../worker/db/client'
import { devOutbox } from '../../worker/db/schema'
import { sendEmail } from '../../worker/services/email'
import { call } from './helpers/http'

const message = (to: string, subject: string) => ({ to, subject, text: `${subject} text`, html: `<p>${subject}</p>` })

describe('email service and dev outbox', () => {
  const db = getDb(env.DB)
  beforeEach(async () => {
    await db.delete(devOutbox)
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('keeps messages in the outbox without a Resend key, newest first', async () => {
    await sendEmail(env, db, message('first@example.com', 'First'))
    await new Promise((resolve) => setTimeout(resolve, 5))
    await sendEmail(env, db, message('second@example.com', 'Second'))

    const res = await call('/api/dev/outbox')
    expect(res.status).toBe(200)
    const outbox = (await res.json()) as Array<Record<string, string>>
    expect(outbox.map((m) => m.subject)).toEqual(['Second', 'First'])
    expect(outbox[0]).toEqual({
      to: 'second@example.com',
      subject: 'Second',
      text: 'Second text',
      html: '<p>Second</p>',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
  })

  it('filters the outbox by recipient', async () => {
    await sendEmail(env, db, message('a@example.com', 'For A'))
    await sendEmail(env, db, message('b@example.com', 'For B'))
    const outbox = (await (await call('/api/dev/outbox?to=B@Example.com')).json()) as Array<{ subject: string }>
    expect(outbox.map((m) => m.subject)).toEqual(['For B'])
  })

  it('answers 404 in production', async () => {
    const res = await call('/api/dev/outbox', {}, { ENVIRONMENT: 'production' })
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ detail: 'Not found.' })
  })

  it('sends through Resend when a key is set, and keeps nothing in the outbox', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ id: 'email_123' }, { status: 200 }))
    await sendEmail({ ...env, RESEND_API_KEY: 're_test_key', EMAIL_FROM: 'Banter <hi@banter.test>' }, db, message('c@example.com', 'Real'))

    expect(fetchSpy).toHaveBeenCalledOnce()
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit]
    expect(String(url)).toBe('https://api.resend.com/emails')
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer re_test_key')
    expect(JSON.parse(String(init.body))).toMatchObject({ to: 'c@example.com', from: 'Banter <hi@banter.test>', subject: 'Real' })
    expect(await db.select().from(devOutbox)).toHaveLength(0)
  })

  it('fails loudly when Resend refuses the message', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ name: 'validation_error', message: 'bad from', statusCode: 422 }, { status: 422 }))
    await expect(sendEmail({ ...env, RESEND_API_KEY: 're_test_key' }, db, message('d@example.com', 'X'))).rejects.toThrow(/Resend refused/)
  })

  it('refuses to drop mail silently in production without a key', async () => {
    await expect(sendEmail({ ...env, ENVIRONMENT: 'production' }, db, message('e@example.com', 'X'))).rejects.toThrow(/RESEND_API_KEY/)
  })
})
