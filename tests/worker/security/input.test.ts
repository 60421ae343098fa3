import { env } from 'cloudflare:workers'
import { decode } from 'fast-png'
import { beforeAll, describe, expect, it } from 'vitest'
import { UNNAMED_MANAGER } from '../../../worker/services/shares'
import { attack } from '../../security/attack'
import { freshIp, lastEmailTo, PASSWORD, post, verifiedAccount } from '../helpers/accounts'
import { routeFplToSimulator, SIM_LEAGUES } from '../helpers/fpl'
import { call } from '../helpers/http'
import { ogRenderer } from '../helpers/renderer'
import { addMember, addTournament, addUser, bearer } from '../helpers/world'

// Hostile input against every endpoint that reads a body, an id or free text: malformed and
// mistyped JSON, odd numbers, oversized, deep and wide bodies, SQL and LIKE metacharacters, and
// markup that must come back as text in JSON and escaped in HTML (share page, emails).

const TOO_LARGE = { detail: 'The request body is too large.', code: 'payload_too_large' }
const NOT_JSON = 'The request body is not valid JSON.'
const LIMIT = 64 * 1024

// Each is short enough for every text field (display names take 50 characters).
const HOSTILE = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(document.cookie)',
  'admin\u202Egnp.exe',
  '⚽🔥 👨‍👩‍👧‍👦 🏴󠁧󠁢󠁥󠁮󠁧󠁿',
  'nul\u0000byte',
  "'; DROP TABLE users; --",
  '100%_off \\ %',
]
const LONG = 'x'.repeat(10_000)
// What free text may hold: all of HOSTILE but the NUL, which no text field takes (see "unshowable text").
const SHOWABLE = HOSTILE.filter((text) => !text.includes('\u0000'))

let pubId = 0
let commissionerId = 0
let commissioner: Record<string, string> = {}
let admin: Record<string, string> = {}

beforeAll(async () => {
  routeFplToSimulator()
  commissionerId = await addUser('boss@example.com', 'Boss', 1000001)
  pubId = await addTournament('The Pub League', SIM_LEAGUES.pub, commissionerId)
  await addMember(pubId, commissionerId)
  commissioner = await bearer(commissionerId)
  admin = await bearer(await addUser('admin@banter-arena.test', 'Admin', null))
})

interface Answer {
  status: number
  body: Record<string, any>
}

async function send(method: string, path: string, body: BodyInit | null, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await call(path, { method, body, headers: { 'content-type': 'application/json', 'cf-connecting-ip': freshIp(), ...headers } })
  expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  return { status: res.status, body: (await res.json()) as Record<string, any> }
}

/** Every row of every table, to show that a rejected request wrote nothing anywhere (attempt counters aside). */
async function everyRow(): Promise<string> {
  const { results: tables } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT IN ('d1_migrations', 'rate_limits') ORDER BY name",
  ).all<{ name: string }>()
  const dump: Record<string, unknown> = {}
  for (const { name } of tables) dump[name] = (await env.DB.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all()).results
  return JSON.stringify(dump)
}

/** Runs the attempts and checks that none of them changed a row. */
async function writesNothing(attempts: () => Promise<void>) {
  const before = await everyRow()
  await attempts()
  expect(await everyRow()).toBe(before)
}

interface JsonEndpoint {
  method: 'POST' | 'PUT'
  path: () => string
  auth: () => Record<string, string>
  /** A body the endpoint would accept. */
  valid: () => unknown
  /** The detail for a body without the expected fields (what a wrong Content-Type amounts to). */
  empty: string
  /** The detail for a JSON value of the wrong kind (a string, null, an array for an object). */
  wrongKind?: string
}

const anonymous = () => ({})
const JSON_ENDPOINTS: Record<string, JsonEndpoint> = {
  register: {
    method: 'POST',
    path: () => '/api/auth/register',
    auth: anonymous,
    valid: () => ({ name: 'New Manager', email: 'new@example.com', password: PASSWORD }),
    empty: 'Name is required',
  },
  login: {
    method: 'POST',
    path: () => '/api/auth/login',
    auth: anonymous,
    valid: () => ({ email: 'boss@example.com', password: PASSWORD }),
    empty: 'Email is required',
  },
  'verify-email': {
    method: 'POST',
    path: () => '/api/auth/verify-email',
    auth: anonymous,
    valid: () => ({ token: 't'.repeat(43) }),
    empty: 'The link is missing its token',
  },
  'resend-verification': {
    method: 'POST',
    path: () => '/api/auth/resend-verification',
    auth: anonymous,
    valid: () => ({ email: 'boss@example.com' }),
    empty: 'Email is required',
  },
  'request-password-reset': {
    method: 'POST',
    path: () => '/api/auth/request-password-reset',
    auth: anonymous,
    valid: () => ({ email: 'boss@example.com' }),
    empty: 'Email is required',
  },
  'reset-password': {
    method: 'POST',
    path: () => '/api/auth/reset-password',
    auth: anonymous,
    valid: () => ({ token: 't'.repeat(43), new_password: 'N3w-Secret!' }),
    empty: 'The link is missing its token',
  },
  'change-password': {
    method: 'POST',
    path: () => '/api/auth/change-password',
    auth: () => commissioner,
    valid: () => ({ current_password: PASSWORD, new_password: 'N3w-Secret!' }),
    empty: 'Password is required',
  },
  'update-display-name': {
    method: 'PUT',
    path: () => '/api/auth/update-display-name',
    auth: () => commissioner,
    valid: () => ({ new_name: 'Renamed' }),
    empty: 'Display name cannot be empty.',
  },
  'update-fpl-team': {
    method: 'POST',
    path: () => '/api/auth/update-fpl-team',
    auth: () => commissioner,
    valid: () => ({ fpl_team_id: 1000009 }),
    empty: 'FPL Team ID must be a positive number',
  },
  'auto-join-leagues': {
    method: 'POST',
    path: () => '/api/auto-join-leagues',
    auth: () => commissioner,
    valid: () => [pubId],
    empty: 'Choose at least one league',
    wrongKind: 'Choose at least one league',
  },
  'banter/share': {
    method: 'POST',
    path: () => '/api/banter/share',
    auth: () => commissioner,
    valid: () => ({ league_id: pubId, stat_type: 'benched_beast', stat_data: {} }),
    empty: 'Stat type is required',
  },
  'banter/privacy': {
    method: 'PUT',
    path: () => '/api/banter/privacy',
    auth: () => commissioner,
    valid: () => ({ banter_sharing_enabled: false }),
    empty: 'Banter sharing enabled is required',
  },
  'community-posts': {
    method: 'POST',
    path: () => `/api/community-posts/${pubId}`,
    auth: () => commissioner,
    valid: () => ({ content: 'hello' }),
    empty: 'Please enter a message',
  },
  'join-by-invite': {
    method: 'POST',
    path: () => '/api/leagues/join-by-invite',
    auth: () => commissioner,
    valid: () => ({ invite_code: `invite-${SIM_LEAGUES.pub}` }),
    empty: 'Invite code is required',
  },
  'curated-teams': {
    method: 'POST',
    path: () => '/api/leagues/2/curated-teams',
    auth: () => admin,
    valid: () => ({ fpl_team_id: 1000501 }),
    empty: 'FPL Team ID must be a positive number',
  },
  settings: {
    method: 'PUT',
    path: () => `/api/leagues/${pubId}/settings`,
    auth: () => commissioner,
    valid: () => ({ name: 'Renamed League', description: '', is_public: true }),
    empty: 'League name is required',
  },
}

/** Broken versions of a valid body, each with the detail it must get. */
function malformed(endpoint: JsonEndpoint): Array<{ body: string; contentType?: string; detail: string }> {
  const valid = endpoint.valid()
  const text = JSON.stringify(valid)
  const wrongKind = endpoint.wrongKind
  return [
    { body: text.slice(0, -1), detail: NOT_JSON },
    { body: `${text.slice(0, -1)},${text.slice(-1)}`, detail: NOT_JSON },
    // RFC 8259 lets a parser skip a leading byte order mark (fetch's json() does); one inside is an error.
    { body: `${text[0]}\uFEFF${text.slice(1)}`, detail: NOT_JSON },
    { body: '', detail: NOT_JSON },
    { body: JSON.stringify(text), detail: wrongKind ?? 'The request body must be an object' },
    { body: 'null', detail: wrongKind ?? 'The request body must be an object' },
    { body: JSON.stringify(Array.isArray(valid) ? { ...valid } : [valid]), detail: wrongKind ?? 'The request body must be an object' },
    { body: text, contentType: 'text/plain', detail: endpoint.empty },
  ]
}

describe('malformed JSON', () => {
  it.for(Object.keys(JSON_ENDPOINTS))('answers 400 with a readable detail and writes nothing (%s)', async (name, { task }) => {
    const endpoint = JSON_ENDPOINTS[name]!
    const cases = malformed(endpoint)
    attack(task, { category: 'Input', inputs: cases.length })
    await writesNothing(async () => {
      for (const { body, contentType, detail } of cases) {
        const res = await send(endpoint.method, endpoint.path(), body, { ...endpoint.auth(), ...(contentType ? { 'content-type': contentType } : {}) })
        expect({ body, status: res.status, detail: res.body.detail }).toEqual({ body, status: 400, detail })
      }
    })
  })

  it('skips one leading byte order mark, as RFC 8259 allows, and stores the text without it', async ({ task }) => {
    attack(task, { category: 'Input', inputs: 1 })
    const res = await send('POST', `/api/community-posts/${pubId}`, `\uFEFF${JSON.stringify({ content: 'bom first' })}`, commissioner)
    expect(res.status).toBe(201)
    expect(await env.DB.prepare('SELECT content FROM community_posts WHERE id = ?').bind(res.body.id).first('content')).toBe('bom first')
  })
})

describe('wrong types', () => {
  const cases: Array<{ name: string; body: () => unknown; detail: string }> = [
    { name: 'register', body: () => ({ name: { first: 'Sam' }, email: 'typed@example.com', password: PASSWORD }), detail: 'Name is required' },
    { name: 'register', body: () => ({ name: 'Sam', email: 12345, password: PASSWORD }), detail: 'Email is required' },
    {
      name: 'register',
      body: () => ({ name: 'Sam', email: 'typed@example.com', password: PASSWORD, fpl_team_id: '1000009' }),
      detail: 'FPL Team ID must be a positive number',
    },
    { name: 'login', body: () => ({ email: ['boss@example.com'], password: PASSWORD }), detail: 'Email is required' },
    { name: 'change-password', body: () => ({ current_password: 12345678, new_password: 'N3w-Secret!' }), detail: 'Password is required' },
    { name: 'update-display-name', body: () => ({ new_name: 42 }), detail: 'Display name cannot be empty.' },
    { name: 'update-fpl-team', body: () => ({ fpl_team_id: '1000009' }), detail: 'FPL Team ID must be a positive number' },
    { name: 'update-fpl-team', body: () => ({ fpl_team_id: true }), detail: 'FPL Team ID must be a positive number' },
    { name: 'auto-join-leagues', body: () => [String(pubId)], detail: 'The request must be a number' },
    { name: 'auto-join-leagues', body: () => [true], detail: 'The request must be a number' },
    { name: 'banter/share', body: () => ({ league_id: true, stat_type: 'benched_beast', stat_data: {} }), detail: 'League ID must be a number' },
    { name: 'banter/share', body: () => ({ league_id: [pubId], stat_type: 'benched_beast', stat_data: {} }), detail: 'League ID must be a number' },
    { name: 'banter/share', body: () => ({ league_id: { id: pubId }, stat_type: 'benched_beast', stat_data: {} }), detail: 'League ID must be a number' },
    { name: 'banter/share', body: () => ({ league_id: pubId, stat_type: 42, stat_data: {} }), detail: 'Stat type must be a string' },
    { name: 'banter/share', body: () => ({ league_id: pubId, stat_type: 'benched_beast', stat_data: 'text' }), detail: 'Stat data must be an object' },
    { name: 'banter/privacy', body: () => ({ banter_sharing_enabled: 'false' }), detail: 'Banter sharing enabled must be a boolean' },
    { name: 'banter/privacy', body: () => ({ banter_sharing_enabled: 0 }), detail: 'Banter sharing enabled must be a boolean' },
    { name: 'community-posts', body: () => ({ content: { text: 'hi' } }), detail: 'Please enter a message' },
    { name: 'community-posts', body: () => ({ content: 'hi', image_url: 'javascript:alert(1)' }), detail: 'Image URL must be null' },
    { name: 'join-by-invite', body: () => ({ invite_code: 123456 }), detail: 'Invite code must be a string' },
    { name: 'curated-teams', body: () => ({ fpl_team_id: '1000501' }), detail: 'FPL Team ID must be a positive number' },
    { name: 'settings', body: () => ({ name: ['League'] }), detail: 'League name is required' },
    { name: 'settings', body: () => ({ name: 'League', is_public: 'yes' }), detail: 'Is public must be a boolean' },
    { name: 'settings', body: () => ({ name: 'League', description: { html: '<b>' } }), detail: 'Description must be a string' },
  ]

  it.for(cases)('rejects a mistyped $name body with "$detail"', async ({ name, body, detail }, { task }) => {
    attack(task, { category: 'Input', inputs: 1 })
    const endpoint = JSON_ENDPOINTS[name]!
    await writesNothing(async () => {
      const res = await send(endpoint.method, endpoint.path(), JSON.stringify(body()), endpoint.auth())
      expect([res.status, res.body.detail]).toEqual([400, detail])
    })
  })
})

describe('odd numbers', () => {
  // Only plain decimal text is a number: not exponents, hex, NaN or Infinity, padding or booleans.
  const ODD: Array<[string, string]> = [
    ['1e308', 'must be a number'],
    ['9007199254740993', 'must be at most {max}'],
    ['-1', '{min}'],
    ['0', '{min}'],
    ['1.5', 'must be a whole number'],
    ['NaN', 'must be a number'],
    ['Infinity', 'must be a number'],
    ['0x10', 'must be a number'],
    ['1e3', 'must be a number'],
    ['%201', 'must be a number'],
    ['true', 'must be a number'],
  ]
  const expected = (template: string, field: string, min: string, max: number) => `${field} ${template.replace('{min}', min).replace('{max}', String(max))}`

  it('answers 400 to odd ids in paths, for reads and writes alike', async ({ task }) => {
    attack(task, { category: 'Input', inputs: ODD.length * 3 })
    await writesNothing(async () => {
      for (const [value, template] of ODD) {
        for (const [method, path, field] of [
          ['GET', `/api/leagues/${value}`, 'ID'],
          ['POST', `/api/leagues/${value}/regenerate-invite`, 'ID'],
          ['POST', `/api/community-posts/${pubId}/like/${value}`, 'Post ID'],
        ] as const) {
          const detail = expected(template, field, 'must be greater than 0', 2_147_483_647)
          const res = await send(method, path, null, commissioner)
          expect({ path, status: res.status, detail: res.body.detail }).toEqual({ path, status: 400, detail })
        }
      }
    })
  })

  it('answers 400 to odd ?page=, ?limit= and ?user_id=', async ({ task }) => {
    attack(task, { category: 'Input', inputs: ODD.length * 3 })
    await writesNothing(async () => {
      for (const [value, template] of ODD) {
        const probes: Array<[string, string, string]> = [
          ['GET', `/api/leagues/${pubId}/standings?page=${value}`, expected(template, 'Page', 'must be at least 1', 100_000)],
          ['GET', `/api/leagues/${pubId}/standings?limit=${value}`, expected(template, 'Limit', 'must be at least 1', 100)],
          ['POST', `/api/leagues/${pubId}/kick-user?user_id=${value}`, expected(template, 'User ID', 'must be greater than 0', 2_147_483_647)],
        ]
        for (const [method, path, detail] of probes) {
          const res = await send(method, path, null, commissioner)
          expect({ path, status: res.status, detail: res.body.detail }).toEqual({ path, status: 400, detail })
        }
      }
    })
  })

  it('answers 400 to huge, negative, zero and fractional JSON numbers', async ({ task }) => {
    const numbers: Array<[number, string]> = [
      [1e308, 'must be at most 2147483647'],
      [2 ** 53 + 1, 'must be at most 2147483647'],
      [-1, 'must be greater than 0'],
      [0, 'must be greater than 0'],
      [1.5, 'must be a whole number'],
    ]
    attack(task, { category: 'Input', inputs: numbers.length * 2 })
    await writesNothing(async () => {
      for (const [value, detail] of numbers) {
        const team = await send('POST', '/api/auth/update-fpl-team', JSON.stringify({ fpl_team_id: value }), commissioner)
        expect([team.status, team.body.detail]).toEqual([400, 'FPL Team ID must be a positive number'])
        const share = await send('POST', '/api/banter/share', JSON.stringify({ league_id: value, stat_type: 'benched_beast', stat_data: {} }), commissioner)
        expect([share.status, share.body.detail]).toEqual([400, `League ID ${detail}`])
      }
    })
  })
})

/** A body that arrives in 1 KiB chunks with no Content-Length, as a chunked upload does. */
function streamed(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text)
  let offset = 0
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close()
      controller.enqueue(bytes.slice(offset, offset + 1024))
      offset += 1024
    },
  })
}

/** The Content-Length a client declares for this body. */
const declared = (body: string) => ({ 'content-length': String(new TextEncoder().encode(body).length) })

/** A post body of exactly `size` bytes. */
const postOfSize = (size: number) => {
  const frame = JSON.stringify({ content: '' })
  return JSON.stringify({ content: 'p'.repeat(size - frame.length) })
}

describe('body size', () => {
  const postPath = () => `/api/community-posts/${pubId}`

  it('answers 413 to a body over 64 KiB that declares its Content-Length, and stores nothing', async ({ task }) => {
    attack(task, { category: 'Input', inputs: 2 })
    await writesNothing(async () => {
      const body = postOfSize(LIMIT + 1)
      const res = await send('POST', postPath(), body, { ...commissioner, ...declared(body) })
      expect([res.status, res.body]).toEqual([413, TOO_LARGE])
      const name = JSON.stringify({ name: 'n'.repeat(LIMIT), email: 'big@example.com', password: PASSWORD })
      const register = await send('POST', '/api/auth/register', name, declared(name))
      expect([register.status, register.body]).toEqual([413, TOO_LARGE])
    })
  })

  it('answers 413 to a streamed body over 64 KiB without Content-Length, and stores nothing', async ({ task }) => {
    attack(task, { category: 'Input', inputs: 2 })
    await writesNothing(async () => {
      const res = await send('POST', postPath(), streamed(postOfSize(LIMIT + 1)), commissioner)
      expect([res.status, res.body]).toEqual([413, TOO_LARGE])
      const huge = await send('POST', postPath(), streamed(postOfSize(10 * LIMIT)), commissioner)
      expect([huge.status, huge.body]).toEqual([413, TOO_LARGE])
    })
  })

  it('reads a body of exactly 64 KiB either way: the limit is the app rule, not a transport accident', async ({ task }) => {
    attack(task, { category: 'Input', inputs: 2 })
    await writesNothing(async () => {
      const body = postOfSize(LIMIT)
      for (const res of [
        await send('POST', postPath(), body, { ...commissioner, ...declared(body) }),
        await send('POST', postPath(), streamed(body), commissioner),
      ]) {
        expect([res.status, res.body.detail]).toEqual([400, 'Posts are limited to 1000 characters'])
      }
    })
  })
})

describe('deep and wide JSON', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
  const shareWith = (statData: string) => `{"league_id":${pubId},"stat_type":"benched_beast","stat_data":${statData}}`
  /** An object with this many distinct keys. */
  const wide = (keys: number) => `{${Array.from({ length: keys }, (_, i) => `"k${i}":0`).join(',')}}`

  it('answers 413 to 100,000 nested arrays and to 50,000 keys, streamed or not', async ({ task }) => {
    const bodies = [nested(100_000), shareWith(`{"a":${nested(100_000)}}`), shareWith(wide(50_000))]
    attack(task, { category: 'Input', inputs: bodies.length * 2 })
    await writesNothing(async () => {
      for (const body of bodies) {
        const path = body.startsWith('[') ? '/api/auto-join-leagues' : '/api/banter/share'
        for (const res of [await send('POST', path, body, { ...commissioner, ...declared(body) }), await send('POST', path, streamed(body), commissioner)]) {
          expect([res.status, res.body]).toEqual([413, TOO_LARGE])
        }
      }
    })
  })

  it('answers 400, never 500, to nesting and width that fit under the limit', async ({ task }) => {
    const depth = Math.floor((LIMIT - 100) / 2)
    const cases: Array<[string, string, string]> = [
      ['/api/auto-join-leagues', nested(depth), 'The request must be a number'],
      ['/api/banter/share', shareWith(`{"a":${nested(depth - 40)}}`), 'Stat data is too large'],
      ['/api/banter/share', shareWith(wide(6_000)), 'Stat data is too large'],
      ['/api/auth/register', wide(6_000), 'Name is required'],
    ]
    attack(task, { category: 'Input', inputs: cases.length })
    await writesNothing(async () => {
      for (const [path, body, detail] of cases) {
        expect(body.length).toBeLessThanOrEqual(LIMIT)
        const res = await send('POST', path, body, path === '/api/auth/register' ? {} : commissioner)
        expect([res.status, res.body.detail]).toEqual([400, detail])
      }
    })
  })
})

describe('SQL and LIKE metacharacters in free text', () => {
  let wildcardId = 0

  beforeAll(async () => {
    wildcardId = (await verifiedAccount('wild.card@example.com', { name: 'Wild Card' })).userId
  })

  it('signs in only with the exact email: _ and quotes match nothing else', async ({ task }) => {
    const attempts = ['wild_card@example.com', 'wild.car_@example.com', "wild.card'--@example.com", 'WILD_CARD@EXAMPLE.COM']
    attack(task, { category: 'Input', inputs: attempts.length })
    for (const email of attempts) {
      const res = await post('/api/auth/login', { email, password: PASSWORD }, { 'cf-connecting-ip': freshIp() })
      expect({ email, status: res.status, detail: res.body.detail }).toEqual({ email, status: 401, detail: 'Invalid email or password' })
    }
    expect((await post('/api/auth/login', { email: 'wild.card@example.com', password: PASSWORD }, { 'cf-connecting-ip': freshIp() })).body.user_id).toBe(
      wildcardId,
    )
  })

  it('sends no reset email to another account whose address a wildcard would match', async ({ task }) => {
    attack(task, { category: 'Input', inputs: 2 })
    const before = await lastEmailTo('wild.card@example.com')
    for (const email of ['wild_card@example.com', 'wild.car_@example.com']) {
      expect((await post('/api/auth/request-password-reset', { email }, { 'cf-connecting-ip': freshIp() })).status).toBe(200)
    }
    expect(await lastEmailTo('wild.card@example.com')).toEqual(before)
  })

  it('filters the dev outbox by the literal address', async ({ task }) => {
    const filters = ['%', '_', '%@example.com', "' OR '1'='1"]
    attack(task, { category: 'Input', inputs: filters.length })
    for (const to of filters) {
      const res = await call(`/api/dev/outbox?to=${encodeURIComponent(to)}`)
      expect({ to, messages: await res.json() }).toEqual({ to, messages: [] })
    }
  })

  it('finds invites by the exact code only', async ({ task }) => {
    const code = `invite-${SIM_LEAGUES.pub}`
    const lookalikes: Array<[string, number]> = [
      [code.replace('-', '_'), 404],
      [`${code.slice(0, -1)}_`, 404],
      ['%25%25%25%25%25%25', 400],
      [encodeURIComponent("x' OR '1'='1"), 400],
      [encodeURIComponent('invite\\-123456'), 400],
    ]
    attack(task, { category: 'Input', inputs: lookalikes.length + 2 })
    for (const [attempt, status] of lookalikes) {
      const res = await send('GET', `/api/leagues/invite/${attempt}`, null)
      expect({ attempt, status: res.status, detail: res.body.detail }).toEqual({ attempt, status, detail: 'Invalid invite link' })
    }
    const joiner = await bearer(wildcardId)
    await writesNothing(async () => {
      for (const invite_code of [code.replace('-', '_'), '%%%%%%']) {
        const res = await send('POST', '/api/leagues/join-by-invite', JSON.stringify({ invite_code }), joiner)
        expect(res.body.detail).toBe('Invalid invite link')
      }
    })
  })
})

describe('hostile text', () => {
  const readBack = (sql: string, ...params: unknown[]) =>
    env.DB.prepare(sql)
      .bind(...params)
      .first<Record<string, unknown>>()

  it('stores posts as written and returns them literally as JSON', async ({ task }) => {
    attack(task, { category: 'Input', inputs: SHOWABLE.length })
    for (const text of SHOWABLE) {
      const res = await send('POST', `/api/community-posts/${pubId}`, JSON.stringify({ content: text }), commissioner)
      expect([res.status, res.body.content]).toEqual([201, text])
      expect((await readBack('SELECT content FROM community_posts WHERE id = ?', res.body.id))?.content).toBe(text)
    }
    const wall = await send('GET', `/api/community-posts/${pubId}`, null, commissioner)
    expect(wall.body.map((p: { content: string }) => p.content)).toEqual(expect.arrayContaining(SHOWABLE))
    expect(await env.DB.prepare('SELECT count(*) AS n FROM users').first('n')).toBeGreaterThan(0)
  })

  it('stores display names as written and returns them literally as JSON', async ({ task }) => {
    attack(task, { category: 'Input', inputs: SHOWABLE.length })
    for (const name of SHOWABLE) {
      const res = await send('PUT', '/api/auth/update-display-name', JSON.stringify({ new_name: name }), commissioner)
      expect([res.status, res.body.name]).toEqual([200, name])
      expect((await send('GET', '/api/auth/me', null, commissioner)).body.name).toBe(name)
    }
    await send('PUT', '/api/auth/update-display-name', JSON.stringify({ new_name: 'Boss' }), commissioner)
  })

  it('stores league names and descriptions as written and returns them literally as JSON', async ({ task }) => {
    attack(task, { category: 'Input', inputs: SHOWABLE.length })
    for (const text of SHOWABLE) {
      const res = await send('PUT', `/api/leagues/${pubId}/settings`, JSON.stringify({ name: text, description: text }), commissioner)
      expect(res.status).toBe(200)
      const league = await send('GET', `/api/leagues/${pubId}`, null, commissioner)
      expect([league.body.name, league.body.description]).toEqual([text, text])
    }
    await send('PUT', `/api/leagues/${pubId}/settings`, JSON.stringify({ name: 'The Pub League' }), commissioner)
  })

  it('stores share text as written and returns it literally as JSON', async ({ task }) => {
    attack(task, { category: 'Input', inputs: HOSTILE.length })
    for (const text of HOSTILE) {
      const res = await send(
        'POST',
        '/api/banter/share',
        JSON.stringify({ league_id: pubId, stat_type: 'benched_beast', stat_data: { title: text, description: text, manager: text } }),
        commissioner,
      )
      expect(res.status).toBe(201)
      const { stat_data } = (await send('GET', `/api/banter/share/${res.body.share_id}`, null)).body
      // The manager named is nobody who agreed to be on a card (privacy.test.ts): left unnamed.
      expect([stat_data.achievement_title, stat_data.achievement_description, stat_data.player_name]).toEqual([text, text, UNNAMED_MANAGER])
    }
  })

  it('refuses text that cannot be shown (NUL, controls, lone surrogates, only invisible characters), storing nothing', async ({ task }) => {
    const UNSHOWABLE = [
      'nul\u0000byte',
      'bell\u0007',
      'half \uD83D emoji',
      '\uDC00',
      '\u200B\u200B',
      '\uFEFF\u200E\u200F',
      '\u202E',
      ' \u2060 \u00AD ',
      '\u3164',
    ]
    const post = "Your post is empty or contains characters we can't show. Remove them and try again."
    const name = "Name contains characters we can't show (or only invisible ones). Use letters, numbers or emoji."
    const league = "The name contains characters we can't show (or only invisible ones). Use letters, numbers or emoji."
    attack(task, { category: 'Input', inputs: UNSHOWABLE.length * 4 })
    await writesNothing(async () => {
      for (const text of UNSHOWABLE) {
        for (const [method, path, body, detail] of [
          ['POST', `/api/community-posts/${pubId}`, { content: text }, post],
          ['PUT', '/api/auth/update-display-name', { new_name: `${text}${text}` }, name],
          ['PUT', `/api/leagues/${pubId}/settings`, { name: text }, league],
          ['POST', '/api/auth/register', { name: text, email: 'unshowable@example.com', password: PASSWORD }, name],
        ] as const) {
          const res = await send(method, path, JSON.stringify(body), path === '/api/auth/register' ? {} : commissioner)
          expect({ path, text, status: res.status, detail: res.body.detail }).toEqual({ path, text, status: 400, detail })
        }
      }
    })
    // Line breaks and tabs are fine in a post.
    expect((await send('POST', `/api/community-posts/${pubId}`, JSON.stringify({ content: 'two\nlines\tand a tab' }), commissioner)).status).toBe(201)
  })

  it('refuses 10,000-character text everywhere with the field rule, storing nothing', async ({ task }) => {
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', `/api/community-posts/${pubId}`, { content: LONG }, 'Posts are limited to 1000 characters'],
      ['PUT', '/api/auth/update-display-name', { new_name: LONG }, 'Display name must be 2-50 characters.'],
      ['PUT', `/api/leagues/${pubId}/settings`, { name: LONG }, 'League name must be at most 100 characters'],
      ['PUT', `/api/leagues/${pubId}/settings`, { name: 'League', description: LONG }, 'Description must be at most 500 characters'],
      ['POST', '/api/banter/share', { league_id: pubId, stat_type: 'benched_beast', stat_data: { title: LONG } }, 'Stat data is too large'],
      ['POST', '/api/auth/register', { name: LONG, email: 'long@example.com', password: PASSWORD }, 'Name must be at most 50 characters'],
    ]
    attack(task, { category: 'Input', inputs: cases.length })
    await writesNothing(async () => {
      for (const [method, path, body, detail] of cases) {
        const res = await send(method, path, JSON.stringify(body), path === '/api/auth/register' ? {} : commissioner)
        expect({ path, status: res.status, detail: res.body.detail }).toEqual({ path, status: 400, detail })
      }
    })
  })
})

describe('hostile text in HTML', () => {
  const SPA_HTML = `<!doctype html><html><head><meta charset="UTF-8" /><title>Banter Arena</title><meta property="og:title" content="generic" />
<script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>`
  const assets = { ASSETS: { fetch: async () => new Response(SPA_HTML, { headers: { 'content-type': 'text/html; charset=utf-8' } }) } } as never

  it('escapes share text in the title, og: and twitter: tags of the share page', async ({ task }) => {
    attack(task, { category: 'Input', inputs: 4 })
    await send('PUT', `/api/leagues/${pubId}/settings`, JSON.stringify({ name: '</title><script>alert(2)</script>' }), commissioner)
    // A card names its sharer (or a consenting user) only: the sharer's own name is the hostile one.
    await send('PUT', '/api/auth/update-display-name', JSON.stringify({ new_name: '"><img src=x onerror=alert(1)>' }), commissioner)
    const created = await send(
      'POST',
      '/api/banter/share',
      JSON.stringify({
        league_id: pubId,
        stat_type: 'captain_catastrophe',
        stat_data: { title: '<script>alert(1)</script>', manager: '"><img src=x onerror=alert(1)>', description: 'javascript:alert(1) \u202Eevil' },
      }),
      commissioner,
    )
    await send('PUT', `/api/leagues/${pubId}/settings`, JSON.stringify({ name: 'The Pub League' }), commissioner)
    await send('PUT', '/api/auth/update-display-name', JSON.stringify({ new_name: 'Boss' }), commissioner)
    const res = await call(`/share/banter/${created.body.share_id}`, {}, assets)
    expect(res.status).toBe(200)
    const html = await res.text()

    const title = '🏆 &lt;script&gt;alert(1)&lt;/script&gt;: &quot;&gt;&lt;img src=x onerror=alert(1)&gt;'
    const description = 'javascript:alert(1) \u202Eevil (&lt;/title&gt;&lt;script&gt;alert(2)&lt;/script&gt;, 1 member)'
    for (const [attr, key, value] of [
      ['property', 'og:title', title],
      ['name', 'twitter:title', title],
      ['property', 'og:description', description],
      ['name', 'twitter:description', description],
      ['name', 'description', description],
    ]) {
      expect(html).toContain(`<meta ${attr}="${key}" content="${value}" />`)
    }
    const titleText = /<title>([^<]*)<\/title>/.exec(html)?.[1]
    expect(titleText).toMatch(/^🏆 &lt;script&gt;alert\(1\)&lt;\/script&gt;: .*&lt;img src=x onerror=alert\(1\)&gt;$/)
    expect(html.match(/<script/g)).toHaveLength(1)
    expect(html).not.toMatch(/<img|<\/title><script/)
  })

  it('escapes a hostile display name in the HTML of account emails', async ({ task }) => {
    attack(task, { category: 'Input', inputs: 2 })
    const email = 'markup@example.com'
    const { token } = await verifiedAccount(email, { name: '<script>alert(1)</script>' })
    // The verification email goes to an unproved address: it carries no display name at all.
    const verification = await lastEmailTo(email)
    expect(verification?.html).not.toMatch(/script/)
    expect(verification?.text).not.toMatch(/script/)

    await send('PUT', '/api/auth/update-display-name', JSON.stringify({ new_name: '"><img src=x onerror=alert(1)>' }), { authorization: `Bearer ${token}` })
    expect((await post('/api/auth/request-password-reset', { email }, { 'cf-connecting-ip': freshIp() })).status).toBe(200)
    const reset = await lastEmailTo(email)
    expect(reset?.subject).toBe('Reset your Banter Arena password')
    expect(reset?.html).toContain('Hi &quot;&gt;&lt;img src=x onerror=alert(1)&gt;,')
    expect(reset?.html).not.toMatch(/<img|<script/)
  })
})

describe('hostile text in the share image', () => {
  it('draws markup and URLs as text and fetches nothing while rendering', { timeout: 30_000 }, async ({ task }) => {
    attack(task, { category: 'Input', inputs: 3 })
    const markup = {
      manager: '<img src="https://attacker.example/x.png">',
      title: '<svg><image href="https://attacker.example/y.svg"/></svg>',
      description: 'url(https://attacker.example/z.png) ⚽🔥',
    }
    // The card names its sharer only, so the markup is the sharer's display name here.
    await send('PUT', '/api/auth/update-display-name', JSON.stringify({ new_name: markup.manager }), commissioner)
    const created = await send(
      'POST',
      '/api/banter/share',
      JSON.stringify({ league_id: pubId, stat_type: 'transfer_tornado', stat_data: markup }),
      commissioner,
    )
    await send('PUT', '/api/auth/update-display-name', JSON.stringify({ new_name: 'Boss' }), commissioner)
    const cards: unknown[] = []
    const renderer = ogRenderer((card) => {
      cards.push(card)
    })

    const outbound = globalThis.fetch as unknown as { mock: { calls: unknown[][] } }
    const callsBefore = outbound.mock.calls.length
    const res = await call(`/api/banter/share/${created.body.share_id}/image`, {}, { OG_RENDERER: renderer })
    expect(outbound.mock.calls.slice(callsBefore)).toEqual([])

    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/png'])
    const png = decode(new Uint8Array(await res.arrayBuffer()))
    expect([png.width, png.height]).toEqual([1200, 630])
    expect(cards).toEqual([expect.objectContaining({ manager: markup.manager, title: markup.title, description: markup.description })])
  })
})
