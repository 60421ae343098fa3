/// <reference types="vite/client" />
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import webIndexHtml from '../../../web/index.html?raw'
import { assetHeadersFile } from '../../../worker/lib/security-headers'
import { attack } from '../../security/attack'
import { routeFplToSimulator, SIM_LEAGUES } from '../helpers/fpl'
import { call, callRaw } from '../helpers/http'
import { addMember, addTournament, addUser, bearer } from '../helpers/world'

// The browser posture of everything the app answers: the worker's own answers (API successes
// and errors, share pages), the static assets' `_headers` file and the SPA's HTML. A browser
// enforces these; the tests read them the way it would.

const EVIL = 'https://evil.example'
const STRICT_REFERRER = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']
// Sources that let script run from the page itself or from anywhere: inline, eval, wildcards and bare schemes.
const UNSAFE_SOURCE = /^'unsafe-(inline|eval|hashes)'$|^'wasm-unsafe-eval'$|\*|^[a-z][a-z0-9+.-]*:$/i
const CORS_HEADERS = [
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-expose-headers',
]

// The built SPA, when `npm run build` has run (the worker tests do not need it).
const built = import.meta.glob<string>(['/dist/client/index.html', '/dist/client/_headers'], { query: '?raw', import: 'default', eager: true })

let member: Record<string, string> = {}
let shareId = ''
let pubId = 0

beforeAll(async () => {
  routeFplToSimulator()
  const userId = await addUser('posture@example.com', 'Posture', 1000001)
  pubId = await addTournament('The Pub League', SIM_LEAGUES.pub, userId)
  await addMember(pubId, userId)
  member = await bearer(userId)
  const res = await call('/api/banter/share', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...member },
    body: JSON.stringify({ league_id: pubId, stat_type: 'benched_beast', stat_data: { title: 'Benched Beast' } }),
  })
  shareId = ((await res.json()) as { share_id: string }).share_id
})

/** The CSP's directives by name, each with its sources. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  )
}

/** The policy a browser applies: the last value it recognises (Referrer Policy, section 8.1). */
const effectiveReferrerPolicy = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter((token) => [...STRICT_REFERRER, 'origin', 'origin-when-cross-origin', 'no-referrer-when-downgrade', 'unsafe-url'].includes(token))
    .at(-1)

/** What a browser needs to see on every page and answer of the app. */
function expectPosture(headers: Headers) {
  const hsts = headers.get('strict-transport-security') ?? ''
  expect(Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0)).toBeGreaterThanOrEqual(31_536_000)

  const csp = directives(headers.get('content-security-policy') ?? '')
  const scriptDirectives = [...csp.keys()].filter((name) => name.startsWith('script-src'))
  expect(scriptDirectives).toContain('script-src')
  for (const name of scriptDirectives) expect({ name, unsafe: csp.get(name)!.filter((s) => UNSAFE_SOURCE.test(s)) }).toEqual({ name, unsafe: [] })
  expect(csp.get('frame-ancestors')).toEqual(["'none'"])
  expect(csp.get('object-src')).toEqual(["'none'"])

  expect(headers.get('x-content-type-options')).toBe('nosniff')
  expect(STRICT_REFERRER).toContain(effectiveReferrerPolicy(headers.get('referrer-policy')))
  for (const name of CORS_HEADERS) expect({ name, value: headers.get(name) }).toEqual({ name, value: null })
}

/**
 * Fails when a page would run script written into the HTML itself. JSON data blocks (the build's
 * chunk list, a tournament page's answers) are not run; they must parse and hold no "<".
 */
function expectNoInlineScript(html: string) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
  expect(scripts.length).toBeGreaterThan(0)
  for (const [, attributes, body] of scripts) {
    if (/^\s*type="application\/json"\s+id="[a-z-]+"\s*$/.test(attributes!)) {
      expect(body).not.toContain('<')
      expect(() => JSON.parse(body!)).not.toThrow()
      continue
    }
    expect(attributes).toMatch(/\bsrc\s*=\s*["']?\//)
    expect(body!.trim()).toBe('')
  }
  expect(html).not.toMatch(/<[^>]+\son[a-z]+\s*=/i)
  expect(html).not.toMatch(/javascript:/i)
}

// D1 failing on every statement: the worst storage fault a request can meet.
const OUTAGE = 'D1_ERROR: simulated outage reading users.password_hash'
const brokenD1 = {
  prepare: () => {
    throw new Error(OUTAGE)
  },
  batch: () => Promise.reject(new Error(OUTAGE)),
} as unknown as D1Database

/** A signed-in request while D1 is down; what the worker logged stays in `logged`. */
async function duringOutage(path: string): Promise<{ res: Response; logged: unknown[][] }> {
  const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  try {
    const res = await callRaw(path, { headers: member }, { DB: brokenD1 })
    return { res, logged: [...log.mock.calls] }
  } finally {
    log.mockRestore()
  }
}

describe('API answers', () => {
  it('carry the security headers and JSON on success and on every error status', async ({ task }) => {
    const answers: Array<[number, () => Promise<Response>]> = [
      [200, () => call('/api/health')],
      [400, () => call('/api/leagues/abc')],
      [400, () => call('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' })],
      [401, () => call('/api/auth/me')],
      [404, () => call('/api/no-such-thing')],
      [413, () => call('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: `"${'x'.repeat(70 * 1024)}"` })],
      [500, async () => (await duringOutage('/api/auth/me')).res],
    ]
    attack(task, { category: 'Headers and browser posture', inputs: answers.length - 2, faults: 1 })
    for (const [status, answer] of answers) {
      const res = await answer()
      expect(res.status).toBe(status)
      expectPosture(res.headers)
      expect(res.headers.get('content-type')).toMatch(/^application\/json(;|$)/)
      const body = (await res.json()) as { detail?: unknown }
      if (status >= 400) expect(typeof body.detail).toBe('string')
    }
  })

  it('answers a storage failure with a generic sentence and keeps the error in the log', async ({ task }) => {
    attack(task, { category: 'Headers and browser posture', faults: 1 })
    const { res, logged } = await duringOutage('/api/auth/me')
    expect(res.status).toBe(500)
    const text = await res.text()
    const requestId = res.headers.get('x-request-id')
    expect(requestId).toMatch(/^[\w-]{8,64}$/)
    expect(JSON.parse(text)).toEqual({ detail: 'Something went wrong on our side. Please try again.', code: 'internal_error', request_id: requestId })
    expect(text).not.toMatch(/D1_ERROR|password_hash|at \w+ \(/)
    // One structured line the operator can find by the id the user quotes, with the whole error.
    expect(logged.map(([line]) => JSON.parse(String(line)))).toEqual([
      expect.objectContaining({
        level: 'error',
        event: 'Unhandled error',
        request_id: requestId,
        method: 'GET',
        path: '/api/auth/me',
        error_message: OUTAGE,
        error_stack: expect.stringContaining(OUTAGE),
      }),
    ])
  })
})

describe('CORS', () => {
  const routes: Array<[string, string]> = [
    ['GET', '/api/health'],
    ['GET', '/api/leagues'],
    ['GET', '/api/auth/me'],
    ['POST', '/api/auth/login'],
    ['PUT', '/api/auth/update-display-name'],
    ['POST', '/api/banter/share'],
    ['DELETE', `/api/banter/share/${'0'.repeat(32)}`],
    ['POST', '/api/leagues/1/regenerate-invite'],
  ]

  it('answers no preflight from another origin on any API path', async ({ task }) => {
    attack(task, { category: 'Headers and browser posture', inputs: routes.length * 2 })
    for (const [method, path] of routes) {
      for (const origin of [EVIL, 'null']) {
        const res = await call(path, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization, content-type' },
        })
        expect({ path, origin, ok: res.ok }).toEqual({ path, origin, ok: false })
        expectPosture(res.headers)
      }
    }
  })

  it('grants another origin no read of any API answer, signed in or not', async ({ task }) => {
    attack(task, { category: 'Headers and browser posture', inputs: routes.length * 2 })
    for (const [method, path] of routes) {
      for (const credentials of [member, {}]) {
        const body = method === 'GET' || method === 'DELETE' ? undefined : '{}'
        const res = await call(path, { method, body, headers: { origin: EVIL, 'content-type': 'application/json', ...credentials } })
        expect(res.status).toBeLessThan(500)
        expectPosture(res.headers)
        expect(res.headers.get('content-type')).toMatch(/^application\/json(;|$)/)
      }
    }
  })

  it('takes credentials only from the Authorization header, so a cross-site form cannot act', async ({ task }) => {
    attack(task, { category: 'Headers and browser posture', inputs: 2 })
    const token = member.authorization!.replace('Bearer ', '')
    const before = await env.DB.prepare('SELECT count(*) AS n FROM tournaments').first('n')
    for (const cookie of [`authToken=${token}`, `token=${token}; session=${token}`]) {
      const res = await call(`/api/leagues?name=Forged&fpl_league_id=${SIM_LEAGUES.office}`, {
        method: 'POST',
        headers: { origin: EVIL, cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: `name=Forged&fpl_league_id=${SIM_LEAGUES.office}`,
      })
      expect([res.status, ((await res.json()) as { detail: string }).detail]).toEqual([401, 'Not authenticated. Please sign in again.'])
    }
    expect(await env.DB.prepare('SELECT count(*) AS n FROM tournaments').first('n')).toBe(before)
  })
})

describe('pages the worker writes (share pages, tournament pages)', () => {
  const SPA_HTML =
    '<!doctype html><html><head><title>Banter Arena</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>'
  const assets = { ASSETS: { fetch: async () => new Response(SPA_HTML, { headers: { 'content-type': 'text/html; charset=utf-8' } }) } } as never

  it('carry the security headers and no inline script, found or not', async ({ task }) => {
    attack(task, { category: 'Headers and browser posture', inputs: 4 })
    for (const [path, status] of [
      [`/share/banter/${shareId}`, 200],
      [`/share/banter/${'0'.repeat(32)}`, 404],
      ['/share/banter/%3Cscript%3E', 404],
      ['/share/anything-else', 200],
      ['/tournaments/1', 200],
      [`/tournaments/${pubId}`, 200],
      ['/tournaments/%3Cscript%3E', 200],
      ['/tournaments/1/%3Cscript%3E', 200],
    ] as const) {
      const res = await call(path, {}, assets)
      expect({ path, status: res.status }).toEqual({ path, status })
      expectPosture(res.headers)
      expect(res.headers.get('content-type')).toMatch(/^text\/html/)
      expectNoInlineScript(await res.text())
    }
  })
})

/** The `_headers` rules (Cloudflare's format): a path line, then indented `Name: value` lines. */
function parseHeadersFile(text: string): Array<{ path: string; headers: Array<[string, string]> }> {
  const rules: Array<{ path: string; headers: Array<[string, string]> }> = []
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: [] })
      continue
    }
    const [name = '', ...value] = line.trim().split(':')
    rules.at(-1)?.headers.push([name.trim(), value.join(':').trim()])
  }
  return rules
}

/**
 * The headers a page gets from the asset store: every matching rule applies, and a header set
 * by several rules is sent once with the values joined by commas.
 */
function assetHeaders(file: string, path: string): Headers {
  const headers = new Headers()
  for (const rule of parseHeadersFile(file)) {
    const pattern = new RegExp(`^${rule.path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`)
    if (pattern.test(path)) for (const [name, value] of rule.headers) headers.append(name, value)
  }
  return headers
}

describe('static assets', () => {
  const files: Array<[string, string]> = [['assetHeadersFile()', assetHeadersFile()]]
  if (built['/dist/client/_headers']) files.push(['dist/client/_headers', built['/dist/client/_headers']])

  it.for(files)('%s gives every page the security headers', ([, file], { task }) => {
    attack(task, { category: 'Headers and browser posture' })
    for (const path of ['/', '/tournaments/1', '/assets/index.js', '/dashboard']) {
      expectPosture(assetHeaders(file, path))
    }
  })

  it.for(files)('%s sends no referrer from the pages whose URL carries a token', ([, file], { task }) => {
    attack(task, { category: 'Headers and browser posture' })
    for (const path of ['/reset-password', '/verify-email', '/verification-success']) {
      const headers = assetHeaders(file, path)
      expect({ path, policy: effectiveReferrerPolicy(headers.get('referrer-policy')) }).toEqual({ path, policy: 'no-referrer' })
      expectPosture(headers)
    }
  })

  const pages: Array<[string, string]> = [['web/index.html', webIndexHtml]]
  if (built['/dist/client/index.html']) pages.push(['dist/client/index.html', built['/dist/client/index.html']])

  it.for(pages)('%s loads every script from a file, none inline', ([, html], { task }) => {
    attack(task, { category: 'Headers and browser posture' })
    expectNoInlineScript(html)
  })
})

describe('base URI and JSON charset (decision 003)', () => {
  it("sets base-uri 'none' and names the charset of every JSON answer, success or error", async ({ task }) => {
    attack(task, { category: 'Headers and browser posture', inputs: 5 })
    const answers = [
      await call('/api/health'),
      await call(`/api/leagues/${pubId}`, { headers: member }),
      await call('/api/auth/me'),
      await call('/api/no-such-route'),
      await call('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
    ]
    for (const res of answers) {
      expect({ url: res.url, type: res.headers.get('content-type') }).toEqual({ url: res.url, type: 'application/json; charset=utf-8' })
      expect(directives(res.headers.get('content-security-policy') ?? '').get('base-uri')).toEqual(["'none'"])
    }
    expect(directives(/Content-Security-Policy: (.*)/.exec(assetHeadersFile())?.[1] ?? '').get('base-uri')).toEqual(["'none'"])
  })
})
