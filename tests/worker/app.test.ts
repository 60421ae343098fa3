import { describe, expect, it } from 'vitest'
import { call } from './helpers/http'

describe('GET /api/health', () => {
  it('answers 200 JSON without touching storage', async () => {
    const res = await call('/api/health')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    expect(await res.json()).toEqual({ status: 'ok', service: 'Banter Arena', environment: 'development' })
  })
})

describe('error envelope', () => {
  it('answers unknown /api paths with a JSON 404 detail, never the SPA', async () => {
    const res = await call('/api/no-such-thing')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    expect(await res.json()).toEqual({ detail: 'Not found.', code: 'not_found' })
  })

  it('rejects bodies over the limit with 413 and a readable detail', async () => {
    const res = await call('/api/health', { method: 'POST', body: 'x'.repeat(70 * 1024) })
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ detail: 'The request body is too large.' })
  })

  it('answers invalid query input with 400 and one readable sentence', async () => {
    const res = await call('/api/dev/outbox?limit=abc')
    expect(res.status).toBe(400)
    const body = (await res.json()) as { detail: unknown }
    expect(typeof body.detail).toBe('string')
    expect(body.detail).toBe('Limit must be a number')
  })
})

describe('security headers', () => {
  it.each(['/api/health', '/api/no-such-thing'])('are on every worker answer (%s)', async (path) => {
    const res = await call(path)
    const hsts = res.headers.get('strict-transport-security') ?? ''
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000)
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toMatch(/script-src 'self'(;|$)/)
    expect(csp).not.toMatch(/unsafe-eval/)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('keeps API answers out of shared caches', async () => {
    expect((await call('/api/health')).headers.get('cache-control')).toBe('no-store')
  })
})
