// "Similar timing for known and unknown emails", measured: a sign-in with an unknown email
// verifies the password against a dummy argon2id hash, so it should cost what a wrong password for
// a real account costs; a reset request answers before any email work either way. The answers
// themselves (one text for both) are checked by tests/e2e/enumeration-timing.test.ts; the timing is a
// ratio of medians taken in this run, here rather than in a test, where a busy machine made it flaky.
//
// Each request comes from its own address (wrangler dev keeps the CF-Connecting-IP a client sends)
// and every account is used once, so no rate limit answers instead of the code measured. Who goes
// first alternates, so drift in the machine's load hits both kinds alike. A real leak lands far
// outside 0.6-1.6×: an unknown email that skips the dummy hash answers 3× sooner.

import { addressSequence } from '../stack/addresses.ts'
import { add, fmt, ratio } from './table.ts'

const WARM_UP = 4
const PASSWORD = 'Timing-Pass1!'
const run = Date.now()
const nextAddress = addressSequence()

async function timed(url: string, body: Record<string, unknown>) {
  const started = performance.now()
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': nextAddress() },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  return { ms: performance.now() - started, answer: `${res.status} ${text}` }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length / 2
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

async function knownAccounts(base: string, kind: string, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => `bench-${kind}-${run}-${i}@example.com`)
  for (const email of emails) {
    const { answer } = await timed(`${base}/api/auth/register`, { name: 'Timing', email, password: PASSWORD })
    if (!answer.startsWith('201 ')) throw new Error(`registering ${email}: ${answer.slice(0, 120)}`)
  }
  return emails
}

/** Medians of one endpoint's time for the known accounts and as many unknown emails (`bench-<stranger>-…`). */
async function compare(url: string, known: string[], stranger: string, body: (email: string) => Record<string, unknown>) {
  const times = { known: [] as number[], unknown: [] as number[] }
  const answers = new Set<string>()
  for (let i = 0; i < known.length; i++) {
    const pair = [
      ['known', () => timed(url, body(known[i]!))],
      ['unknown', () => timed(url, body(`bench-${stranger}-${run}-${i}@example.com`))],
    ] as const
    for (const [kind, send] of i % 2 ? pair : [...pair].reverse()) {
      const { ms, answer } = await send()
      answers.add(answer)
      if (i >= WARM_UP) times[kind].push(ms)
    }
  }
  if (answers.size !== 1) throw new Error(`known and unknown emails got different answers: ${[...answers].join(' / ').slice(0, 200)}`)
  return { known: median(times.known), unknown: median(times.unknown) }
}

const ENDPOINTS = [
  {
    title: 'Sign-in, wrong password',
    path: '/api/auth/login',
    kind: 'login',
    stranger: 'nobody',
    body: (email: string) => ({ email, password: 'Wrong-Pass1!' }),
  },
  { title: 'Reset request', path: '/api/auth/request-password-reset', kind: 'reset', stranger: 'ghost', body: (email: string) => ({ email }) },
]

/** Sign-in (wrong password) and reset request, a real account's email against an unknown one. */
export async function enumerationTiming(base: string, samples: number) {
  for (const { title, path, kind, stranger, body } of ENDPOINTS) {
    const times = await compare(`${base}${path}`, await knownAccounts(base, kind, samples + WARM_UP), stranger, body)
    add(`${title}: real account vs unknown email (median ms)`, fmt(times.known), `${fmt(times.unknown)} unknown`, ratio(times.known, times.unknown), '0.6-1.6×')
  }
}
