import { describe, expect, it } from 'vitest'
import boomMap from '../fixtures/client-errors/boom.map.json'
import { freshIp } from './helpers/accounts'
import { call, json } from './helpers/http'
import { loggedDuring } from './helpers/logs'

// POST /api/client-errors (decision 156): the SPA's uncaught errors reach the
// worker's log with the request id and a stack mapped through the bundle's hidden source map.
//
// The map is real: esbuild's build of a small file (its source is the map's sourcesContent; the
// command is in its first lines), served by a stand-in for the ASSETS binding the worker reads it
// through, under a hashed bundle name as the SPA's build writes them.

const BUNDLE = '/assets/boom-4f2a9c.js'
// boom.js thrown in a browser: `explode` (minified `r`) throws at 1:83, called from the module at 1:139.
const STACK = [
  'Error: The table could not be drawn (4 points)',
  `    at r (https://banter-arena.example${BUNDLE}:1:83)`,
  `    at https://banter-arena.example${BUNDLE}:1:139`,
  '    at https://cdn.example/other.js:10:5',
].join('\n')

const assets = {
  fetch: async (request: Request) =>
    new URL(request.url).pathname === `${BUNDLE}.map` ? new Response(JSON.stringify(boomMap)) : new Response('Not found', { status: 404 }),
} as unknown as Fetcher

const report = (extra: Record<string, unknown> = {}) => ({
  message: 'Uncaught Error: The table could not be drawn (4 points)',
  stack: STACK,
  url: 'https://banter-arena.example/tournaments/7',
  release: 'index-Bq3x9.js',
  user_agent: 'Mozilla/5.0 (test)',
  ...extra,
})

const send = (body: unknown, ip = freshIp()) => call('/api/client-errors', json(body, { headers: { 'cf-connecting-ip': ip } }), { ASSETS: assets })

/** The answer, and the lines the worker logged at error level meanwhile. */
async function errorLines(work: () => Promise<Response>) {
  const { result: res, lines } = await loggedDuring('error', work)
  return { res, lines }
}

describe('client errors', () => {
  it('a report is logged with its request id and a readable stack, and answered 204 with nothing in it', async () => {
    const { res, lines } = await errorLines(() => send(report()))
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
    const [line] = lines.filter((l) => l.event === 'Client error')
    expect(line).toMatchObject({
      level: 'error',
      request_id: res.headers.get('x-request-id'),
      client_message: 'Uncaught Error: The table could not be drawn (4 points)',
      client_url: 'https://banter-arena.example/tournaments/7',
      release: 'index-Bq3x9.js',
      user_agent: 'Mozilla/5.0 (test)',
    })
    // Our bundle's frames name the source line (the throw, then the call); another host's stays as it was.
    expect(String(line?.stack).split('\n')).toEqual([
      'Error: The table could not be drawn (4 points)',
      '    at r (boom.ts:15:9)',
      '    at boom.ts:18:1',
      '    at https://cdn.example/other.js:10:5',
    ])
    expect(line?.raw_stack).toBe(STACK)
  })

  it('a stack whose map cannot be read is logged as the browser wrote it', async () => {
    const stack = 'Error: x\n    at f (https://banter-arena.example/assets/gone-1.js:1:10)'
    const { res, lines } = await errorLines(() => send(report({ stack })))
    expect(res.status).toBe(204)
    expect(lines.find((l) => l.event === 'Client error')?.stack).toBe(stack)
  })

  it('refuses an oversized body (413) and an invalid one (400), in words', async () => {
    const big = await send(report({ stack: 'x'.repeat(20 * 1024) }))
    expect(big.status).toBe(413)
    expect(await big.json()).toMatchObject({ detail: 'The error report is too large.' })
    const invalid = await send({ stack: STACK })
    expect(invalid.status).toBe(400)
    expect(await invalid.json()).toMatchObject({ detail: 'Message is required' })
    expect((await send(report({ message: 42 }))).status).toBe(400)
  })

  it('is rate limited per address', async () => {
    const ip = freshIp()
    for (let i = 0; i < 30; i++) expect((await send(report({ stack: undefined }), ip)).status).toBe(204)
    const limited = await send(report({ stack: undefined }), ip)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    // Another address is not held back.
    expect((await send(report({ stack: undefined }))).status).toBe(204)
  })

  it('source maps are not public: the worker answers a request for one 404', async () => {
    const res = await call(`${BUNDLE}.map`)
    expect(res.status).toBe(404)
  })
})
