// `npm run load`: bounded concurrent traffic against the real local stack (wrangler dev, local
// D1/KV/Queues, the FPL simulator), on loopback only, a fixed number of requests, then it stops.
// Reads and writes run side by side: standings, lists, the tournament page, the wall and the
// profile; posts by several members, like toggles, sign-ins, and a password guesser the rate
// limiter must stop. Rows are counted straight from the D1 SQLite file before and after. Prints
// one table, writes it to tests/.artifacts/load.md, records the Load row of the security table
// (tests/.artifacts/security/load.json, then docs/security.md) and prints a JSON line. Not part of
// `npm test`; exits non-zero when a check fails.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { SecurityRecord } from '../security/attack.ts'
import { publishSecuritySummary } from '../security/summary-reporter.ts'
import { ROOT } from '../stack/commands.ts'
import { ADMIN_EMAIL, DEMO_PASSWORD } from '../stack/seed.ts'
import { refreshData, type Stack, startStack } from '../stack/stack.ts'

const PORT = 8970
const SIM_PORT = 8971
const CONNECTIONS = 32
const READS_PER_ROUTE = 400
const POSTS_PER_MEMBER = 25
const TOGGLES_PER_LIKE = 5 // odd: every like ends the other way round
const LOGINS_PER_MEMBER = 3
const PASSWORD_GUESSES = 40
// Failed sign-ins slow down per account and address after 5 failures (LOGIN_BACKOFF.pair in
// worker/services/rate-limit.ts; worker modules do not load in Node); guesses already in flight
// when that count is reached (at most MAX_PASSWORD_WORK, 8) still get their 401.
const PAIR_ATTEMPTS = 5
const MAX_GUESSES_ANSWERED = PAIR_ATTEMPTS + 8
const TIMEOUT_MS = 20_000

// Tables whose rows must all survive; posts and likes are checked against the answers.
const TABLES = [
  'users',
  'memberships',
  'tournaments',
  'curated_teams',
  'community_posts',
  'post_likes',
  'post_reports',
  'shared_achievements',
  'tournament_snapshots',
  'standings_rows',
  'email_tokens',
]

const work = mkdtempSync(path.join(tmpdir(), 'banter-load-'))
const persistDir = path.join(work, 'state')
const assetsDir = path.join(work, 'client')
let stack: Stack | undefined

async function cleanup() {
  await stack?.stop().catch((error: unknown) => console.error('stopping the stack:', error))
  stack = undefined
  rmSync(work, { recursive: true, force: true })
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanup().finally(() => process.exit(130)))

/** The local D1 database file of this stack (wrangler keeps one SQLite file per database). */
function openD1(): DatabaseSync {
  const dir = path.join(persistDir, 'v3/d1/miniflare-D1DatabaseObject')
  const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite')
  if (!file) throw new Error(`No D1 database under ${dir}`)
  return new DatabaseSync(path.join(dir, file), { readOnly: true })
}

function countRows(db: DatabaseSync): Record<string, number> {
  const present = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map((t) => t.name))
  return Object.fromEntries(
    TABLES.filter((t) => present.has(t)).map((t) => [t, Number((db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n)]),
  )
}

const likeKey = (postId: number, userId: number) => `${postId}:${userId}`
const likesIn = (db: DatabaseSync) =>
  new Set(
    (db.prepare('SELECT post_id, user_id FROM post_likes').all() as Array<{ post_id: number; user_id: number }>).map((r) => likeKey(r.post_id, r.user_id)),
  )

interface Answer {
  kind: string
  status: number
  ms: number
  body: Record<string, unknown> | null
  retryAfter: string | null
}

const answers: Answer[] = []

/** Password work the server shed under load: 503 `busy` with Retry-After. */
const isShed = (a: Answer) => a.status === 503 && a.body?.code === 'busy' && a.retryAfter !== null
const between = (n: number, low: number, high: number) => n >= low && n <= high

async function send(
  kind: string,
  pathname: string,
  { method = 'GET', token, ip = '127.0.0.1', body }: { method?: string; token?: string; ip?: string; body?: unknown } = {},
): Promise<Answer> {
  const started = performance.now()
  let answer: Answer
  try {
    const res = await fetch(`${stack!.url}${pathname}`, {
      method,
      headers: {
        'cf-connecting-ip': ip,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    const text = await res.text()
    let parsed: Record<string, unknown> | null = null
    try {
      parsed = JSON.parse(text) as Record<string, unknown>
    } catch {
      // not JSON: counted by its status alone
    }
    answer = { kind, status: res.status, ms: performance.now() - started, body: parsed, retryAfter: res.headers.get('retry-after') }
  } catch {
    // No answer at all (refused, reset, timed out) counts as a server failure.
    answer = { kind, status: 599, ms: performance.now() - started, body: null, retryAfter: null }
  }
  answers.push(answer)
  return answer
}

// A fixed shuffle, so every run sends the same mix in the same order.
function shuffled<T>(items: T[], seed = 20261122): T[] {
  const out = [...items]
  let state = seed
  const random = () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

/** Runs the tasks on `connections` workers; a task is one request, or a chain that must stay in order. */
async function pool(tasks: Array<() => Promise<unknown>>, connections: number) {
  let next = 0
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < tasks.length) await tasks[next++]!()
    }),
  )
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN
}

function statusClasses(list: Answer[]) {
  const of = (lo: number, hi: number) => list.filter((a) => a.status >= lo && a.status < hi).length
  return { '2xx': of(200, 300), '4xx': of(400, 500), '5xx': of(500, 600) }
}

const table = (header: string[], rows: Array<Array<string | number>>) =>
  [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n')

const runStarted = performance.now()
const load0 = loadavg()
let failedChecks = 0
try {
  mkdirSync(assetsDir, { recursive: true })
  // The load is on the API only: a placeholder page spares the SPA build.
  writeFileSync(path.join(assetsDir, 'index.html'), '<!doctype html><title>Banter Arena load run</title>')
  console.log('starting the stack (migrate, seed, wrangler dev, FPL simulator)...')
  stack = await startStack({ port: PORT, simPort: SIM_PORT, persistDir, assetsDir, build: false, seed: true })
  const refresh = await refreshData(stack.url, 150_000)
  console.log(`first refresh: ${refresh.done}/${refresh.jobs} jobs done (${refresh.gameweek})`)

  const d1 = openD1()
  const ids = (sql: string) => (d1.prepare(sql).all() as Array<{ id: number }>).map((r) => r.id)
  const [publicId] = ids("SELECT id FROM tournaments WHERE type = 'public'")
  const [pubId] = ids('SELECT id FROM tournaments WHERE fpl_league_id = 123456')
  const members = d1
    .prepare("SELECT u.id, u.email FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.tournament_id = ? AND m.status = 'active' ORDER BY u.id")
    .all(pubId!) as Array<{ id: number; email: string }>
  const seededPosts = ids(`SELECT id FROM community_posts WHERE tournament_id = ${pubId} ORDER BY id`)
  const rowsBefore = countRows(d1)
  const likesBefore = likesIn(d1)

  // Each member is a client of its own, at its own address; the guesser is another.
  const clients = await Promise.all(
    members.map(async (m, i) => {
      const ip = `198.51.100.${i + 1}`
      const res = await send('setup login', '/api/auth/login', { method: 'POST', ip, body: { email: m.email, password: DEMO_PASSWORD } })
      if (res.status !== 200) throw new Error(`login ${m.email}: ${res.status} ${JSON.stringify(res.body)}`)
      return { ...m, ip, token: String(res.body?.access_token) }
    }),
  )
  const someone = (i: number) => clients[i % clients.length]!

  const tasks: Array<() => Promise<unknown>> = []
  const reads: Array<[string, string, boolean]> = [
    ['standings (anonymous)', `/api/leagues/${publicId}/standings`, false],
    ['standings (signed in)', `/api/leagues/${pubId}/standings`, true],
    ['tournament list (anonymous)', '/api/leagues', false],
    ['tournament list (signed in)', '/api/leagues', true],
    ['tournament page (signed in)', `/api/leagues/${pubId}`, true],
    ['wall (signed in)', `/api/community-posts/${pubId}`, true],
    ['profile /api/auth/me', '/api/auth/me', true],
  ]
  for (const [kind, pathname, signedIn] of reads) {
    for (let i = 0; i < READS_PER_ROUTE; i++) {
      const c = someone(i)
      tasks.push(() => send(kind, pathname, signedIn ? { token: c.token, ip: c.ip } : {}))
    }
  }
  for (const c of clients) {
    for (let i = 0; i < POSTS_PER_MEMBER; i++) {
      tasks.push(() =>
        send('post', `/api/community-posts/${pubId}`, {
          method: 'POST',
          token: c.token,
          ip: c.ip,
          body: { content: `Load run post ${i + 1} by member ${c.id}` },
        }),
      )
    }
    for (let i = 0; i < LOGINS_PER_MEMBER; i++) {
      // A shed sign-in (503 busy) is tried again after its Retry-After, as the app does.
      tasks.push(async () => {
        for (;;) {
          const res = await send('sign-in', '/api/auth/login', { method: 'POST', ip: c.ip, body: { email: c.email, password: DEMO_PASSWORD } })
          if (!isShed(res)) return
          await new Promise((resolve) => setTimeout(resolve, Number(res.retryAfter) * 1000))
        }
      })
    }
  }
  // One chain per member and seeded post: its toggles in order, so its last answer is the truth.
  const finalLike = new Map<string, boolean>()
  for (const c of clients) {
    for (const postId of seededPosts) {
      tasks.push(async () => {
        for (let i = 0; i < TOGGLES_PER_LIKE; i++) {
          const res = await send('like toggle', `/api/community-posts/${pubId}/like/${postId}`, { method: 'POST', token: c.token, ip: c.ip })
          if (res.status === 200) finalLike.set(likeKey(postId, c.id), res.body?.liked === true)
        }
      })
    }
  }
  for (let i = 0; i < PASSWORD_GUESSES; i++) {
    tasks.push(() =>
      send('wrong password', '/api/auth/login', { method: 'POST', ip: '203.0.113.66', body: { email: ADMIN_EMAIL, password: `Guess-${i}-Wrong!` } }),
    )
  }

  console.log(`load: ${tasks.length} tasks on ${CONNECTIONS} connections...`)
  const loadStarted = performance.now()
  await pool(shuffled(tasks), CONNECTIONS)
  const seconds = (performance.now() - loadStarted) / 1000

  const rowsAfter = countRows(d1)
  const likesAfter = likesIn(d1)
  d1.close()

  const measured = answers.filter((a) => a.kind !== 'setup login')
  const ofKind = (kind: string) => measured.filter((a) => a.kind === kind)
  const posted = ofKind('post').filter((a) => a.status === 201).length
  let likeDelta = 0
  const likeMismatches: string[] = []
  for (const [key, liked] of finalLike) {
    const was = likesBefore.has(key)
    likeDelta += Number(liked) - Number(was)
    if (likesAfter.has(key) !== liked || liked === was) likeMismatches.push(key)
  }
  const expected: Record<string, number> = {
    ...rowsBefore,
    community_posts: rowsBefore.community_posts! + posted,
    post_likes: rowsBefore.post_likes! + likeDelta,
  }
  const lostOf = (t: string) => Math.max(0, expected[t]! - rowsAfter[t]!)
  const rowsLost = Object.keys(rowsBefore).reduce((n, t) => n + lostOf(t), 0)
  const rowsUnexpected = Object.keys(rowsBefore).reduce((n, t) => n + Math.max(0, rowsAfter[t]! - expected[t]!), 0)

  const guesses = ofKind('wrong password')
  const shed = measured.filter(isShed)
  const totals = statusClasses(measured.filter((a) => !isShed(a)))
  const checks: Array<[string, boolean, string]> = [
    [
      'no 5xx but shed password work (503 busy with Retry-After), and no request without an answer',
      totals['5xx'] === 0,
      `${totals['5xx']} of ${measured.length}, ${shed.length} shed`,
    ],
    [
      'every read answered 200',
      reads.every(([kind]) => ofKind(kind).every((a) => a.status === 200)),
      reads.map(([kind]) => `${ofKind(kind).filter((a) => a.status === 200).length}/${ofKind(kind).length}`).join(', '),
    ],
    [
      'every post answered 201 and is in the table',
      posted === clients.length * POSTS_PER_MEMBER && rowsAfter.community_posts === rowsBefore.community_posts! + posted,
      `${posted} posted, ${rowsBefore.community_posts} -> ${rowsAfter.community_posts} rows`,
    ],
    [
      'every like is as its last toggle answered',
      finalLike.size === clients.length * seededPosts.length && likeMismatches.length === 0 && rowsAfter.post_likes === expected.post_likes,
      `${finalLike.size} likes toggled ${TOGGLES_PER_LIKE}x, ${likeMismatches.length} mismatches, ${rowsBefore.post_likes} -> ${rowsAfter.post_likes} rows (expected ${expected.post_likes})`,
    ],
    [
      'every sign-in with the right password answered 200 (after Retry-After when shed)',
      ofKind('sign-in').every((a) => a.status === 200 || isShed(a)),
      `${ofKind('sign-in').filter((a) => a.status === 200).length} x 200, ${ofKind('sign-in').filter(isShed).length} shed and tried again`,
    ],
    [
      `wrong passwords: 401 up to the account-and-address allowance (${PAIR_ATTEMPTS}, at most ${MAX_GUESSES_ANSWERED} with those in flight), then slowed down (429) or shed (503), each with Retry-After`,
      between(guesses.filter((a) => a.status === 401).length, PAIR_ATTEMPTS, MAX_GUESSES_ANSWERED) &&
        guesses.every((a) => a.status === 401 || ((a.status === 429 || isShed(a)) && a.retryAfter)),
      `${guesses.filter((a) => a.status === 401).length} x 401, ${guesses.filter((a) => a.status === 429).length} x 429, ${guesses.filter(isShed).length} shed`,
    ],
    ['no row lost, none unexpected', rowsLost === 0 && rowsUnexpected === 0, `${rowsLost} lost, ${rowsUnexpected} unexpected`],
  ]
  failedChecks = checks.filter(([, ok]) => !ok).length

  const latencies = measured.map((a) => a.ms)
  const summary = {
    requests: measured.length,
    concurrency: CONNECTIONS,
    seconds: Number(seconds.toFixed(1)),
    rps: Math.round(measured.length / seconds),
    p50_ms: Math.round(percentile(latencies, 50)),
    p99_ms: Math.round(percentile(latencies, 99)),
    ...totals,
    rows_before: Object.values(rowsBefore).reduce((a, b) => a + b, 0),
    rows_after: Object.values(rowsAfter).reduce((a, b) => a + b, 0),
    rows_lost: rowsLost,
    checks_passed: checks.length - failedChecks,
    checks: checks.length,
  }
  const kinds = [...new Set(measured.map((a) => a.kind))]
  const header = [
    '# Banter Arena load run',
    '',
    `${new Date().toISOString()}, ${cpus().length} cores, load average ${load0.map((l) => l.toFixed(2)).join(' ')} at start; ${summary.requests} requests on ${CONNECTIONS} connections in ${summary.seconds} s (whole run ${((performance.now() - runStarted) / 1000).toFixed(0)} s). Local workerd, D1/KV/Queues (miniflare) and the FPL simulator on loopback; the client shares the cores with the server.`,
  ].join('\n')
  const report = [
    header,
    '',
    table(
      ['requests', 'concurrency', 'rps', 'p50 ms', 'p99 ms', '2xx', '4xx', '5xx', 'rows before', 'rows after', 'rows lost'],
      [
        [
          summary.requests,
          CONNECTIONS,
          summary.rps,
          summary.p50_ms,
          summary.p99_ms,
          totals['2xx'],
          totals['4xx'],
          totals['5xx'],
          summary.rows_before,
          summary.rows_after,
          rowsLost,
        ],
      ],
    ),
    '',
    table(
      ['traffic', 'requests', '2xx', '4xx', '5xx', 'p50 ms', 'p99 ms'],
      kinds.map((kind) => {
        const list = ofKind(kind)
        const c = statusClasses(list)
        return [
          kind,
          list.length,
          c['2xx'],
          c['4xx'],
          c['5xx'],
          Math.round(
            percentile(
              list.map((a) => a.ms),
              50,
            ),
          ),
          Math.round(
            percentile(
              list.map((a) => a.ms),
              99,
            ),
          ),
        ]
      }),
    ),
    '',
    table(
      ['table', 'rows before', 'rows after', 'expected', 'lost'],
      Object.keys(rowsBefore).map((t) => [t, rowsBefore[t]!, rowsAfter[t]!, expected[t]!, lostOf(t)]),
    ),
    '',
    table(
      ['check', 'result', 'detail'],
      checks.map(([name, ok, detail]) => [name, ok ? 'pass' : '**FAIL**', detail]),
    ),
    '',
  ].join('\n')

  console.log(`\n${report}`)
  console.log(`LOAD_JSON ${JSON.stringify(summary)}`)
  mkdirSync(path.join(ROOT, 'tests/.artifacts/security'), { recursive: true })
  writeFileSync(path.join(ROOT, 'tests/.artifacts/load.md'), report)
  // The Load row of the security table in docs/security.md, which is written again with it.
  const record: SecurityRecord = { category: 'Load', inputs: PASSWORD_GUESSES, concurrent: CONNECTIONS, rowsLost }
  const row = {
    test: `tests/load/run.ts > ${summary.requests} requests on ${CONNECTIONS} connections, reads and writes side by side`,
    state: failedChecks === 0 ? 'passed' : 'failed',
    record,
  }
  writeFileSync(path.join(ROOT, 'tests/.artifacts/security/load.json'), JSON.stringify([row], null, 2))
  publishSecuritySummary()
  console.log('\nwritten to tests/.artifacts/load.md and docs/security.md')
} catch (error) {
  console.error('load run failed:', error)
  failedChecks = Math.max(failedChecks, 1)
} finally {
  await cleanup()
}
process.exit(failedChecks === 0 ? 0 : 1)
