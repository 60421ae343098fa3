import { describe, expect, it, vi } from 'vitest'
import { log } from '../../worker/lib/log'
import { callRaw as call } from './helpers/http'
import { loggedDuring as logged } from './helpers/logs'
import { addUser, bearer } from './helpers/world'

// Decision 155: every answer names its request, an error's body quotes the same id, and every
// line the worker logs for that request carries it (with the user once the token is checked).

const brokenD1 = {
  prepare: () => {
    throw new Error('D1_ERROR: simulated outage')
  },
  batch: () => Promise.reject(new Error('D1_ERROR: simulated outage')),
} as unknown as D1Database

describe('request ids', () => {
  it('are on every answer, and an error body quotes its own', async () => {
    const ok = await call('/api/health')
    const missing = await call('/api/no-such-route')
    const bad = await call('/api/leagues/abc')
    const ids = [ok, missing, bad].map((res) => res.headers.get('x-request-id'))
    for (const id of ids) expect(id).toMatch(/^[\w-]{8,64}$/)
    expect(new Set(ids).size).toBe(3)
    expect(((await missing.json()) as { request_id: string }).request_id).toBe(ids[1])
    expect(((await bad.json()) as { request_id: string }).request_id).toBe(ids[2])
  })

  it("use Cloudflare's ray id when the edge gave one, so the quoted id finds the request's trace", async () => {
    const res = await call('/api/health', { headers: { 'cf-ray': '8e5f1a2b3c4d5e6f-LHR' } })
    expect(res.headers.get('x-request-id')).toBe('8e5f1a2b3c4d5e6f-LHR')
  })

  it('never take a caller-made id that could forge a log line or overflow it', async () => {
    for (const hostile of ['abc"} {"level":"error', '<script>', 'x'.repeat(65)]) {
      const res = await call('/api/health', { headers: { 'x-request-id': hostile } })
      expect(res.headers.get('x-request-id')).not.toBe(hostile)
      expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,64}$/)
    }
  })

  it("put the request's id, route and user on the lines logged for it", async () => {
    const userId = await addUser('request-id@example.com', 'Logged Manager', null)
    const headers = await bearer(userId)
    const { result: res, lines } = await logged('error', () => call('/api/auth/me', { headers }, { DB: brokenD1 }))
    expect(res.status).toBe(500)
    const id = res.headers.get('x-request-id')
    expect(((await res.json()) as { request_id: string }).request_id).toBe(id)
    expect(lines).toEqual([
      expect.objectContaining({ level: 'error', event: 'Unhandled error', request_id: id, method: 'GET', path: '/api/auth/me', user_id: userId }),
    ])
  })
})

describe('log lines', () => {
  it("never carry a failed query's bound values (an address, a password hash)", async () => {
    const failed = new Error(
      'Failed query: insert into "users" ("email", "password_hash") values (?, ?)\nparams: someone@example.com,$argon2id$v=19$secret\nline two',
    )
    failed.stack = `${failed.message}\n    at register (worker/services/auth/accounts.ts:149:16)`
    const { lines } = await logged('error', async () => log.error('Unhandled error', { error: failed }))
    const text = JSON.stringify(lines)
    expect(text).not.toMatch(/someone@example\.com|argon2id|line two/)
    expect(lines[0]).toMatchObject({ error_message: 'Failed query: insert into "users" ("email", "password_hash") values (?, ?)\nparams: [redacted]' })
    expect(lines[0]?.error_stack).toContain('at register (worker/services/auth/accounts.ts:149:16)')
  })
})
