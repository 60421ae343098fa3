import { describe, expect, inject, it } from 'vitest'
import { attack } from '../security/attack'

// "Similar timing for known and unknown emails": measured over real HTTP against wrangler dev,
// because inside workerd's test pool the clock does not move during CPU work. A sign-in with an
// unknown email verifies the password against a dummy argon2id hash, so it costs what a wrong
// password for a real account costs; a reset request answers before any email work either way.
//
// wrangler dev keeps a CF-Connecting-IP the client sends, so every request comes from its own
// address and every account is used once: no rate limit answers instead of the code measured.
//
// The bound: both kinds of request run the same code, so their medians differ only by noise. On
// the 2-core machine with other test layers running (load average 1.5-5.5), ten runs of 30
// interleaved samples gave ratios of 0.95-1.06 for sign-in and 0.85-1.20 for reset requests;
// 0.6-1.6 leaves room for a busier machine. A real leak lands far outside it: an unknown email
// that skips the dummy hash answers 3x sooner than a wrong password.

const baseUrl = inject('baseUrl')
const SAMPLES = 30
const WARM_UP = 4
const BOUNDS = { min: 0.6, max: 1.6 }
const PASSWORD = 'Timing-Pass1!'

const run = Date.now()
let addresses = 0
// 198.18.0.0/15 is set aside for benchmarks: never a real client.
const nextAddress = () => {
  addresses += 1
  return `198.18.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`
}

async function timed(path: string, body: Record<string, unknown>) {
  const started = performance.now()
  const res = await fetch(`${baseUrl}${path}`, {
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

/** Accounts that exist (unverified is enough: a wrong password is refused before that check). */
async function knownAccounts(kind: string, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => `timing-${kind}-${run}-${i}@example.com`)
  for (const email of emails) {
    const { answer } = await timed('/api/auth/register', { name: 'Timing', email, password: PASSWORD })
    expect(answer).toMatch(/^201 /)
  }
  return emails
}

/**
 * Sends the request for a known and an unknown email in turn (who goes first alternates, so
 * drift in the machine's load hits both alike) and compares the medians and the answers.
 */
async function compare(path: string, knownBody: (email: string) => Record<string, unknown>, unknownBody: (i: number) => Record<string, unknown>, known: string[]) {
  const times = { known: [] as number[], unknown: [] as number[] }
  const answers = new Set<string>()
  for (let i = 0; i < known.length; i++) {
    const pair = [
      ['known', () => timed(path, knownBody(known[i]!))],
      ['unknown', () => timed(path, unknownBody(i))],
    ] as const
    for (const [kind, send] of i % 2 ? pair : [...pair].reverse()) {
      const { ms, answer } = await send()
      answers.add(answer)
      if (i >= WARM_UP) times[kind].push(ms)
    }
  }
  const ratio = median(times.known) / median(times.unknown)
  console.info(`${path}: median known ${median(times.known).toFixed(1)} ms, unknown ${median(times.unknown).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`)
  return { ratio, answers: [...answers] }
}

describe('enumeration by timing', () => {
  it('signs in a wrong password for a real account and an unknown email in similar time, with the same answer', async ({ task }) => {
    attack(task, { category: 'Credentials', inputs: 2 * (SAMPLES + WARM_UP) })
    const known = await knownAccounts('login', SAMPLES + WARM_UP)
    const { ratio, answers } = await compare(
      '/api/auth/login',
      (email) => ({ email, password: 'Wrong-Pass1!' }),
      (i) => ({ email: `timing-nobody-${run}-${i}@example.com`, password: 'Wrong-Pass1!' }),
      known,
    )
    expect(answers).toEqual(['401 {"detail":"Invalid email or password","code":"invalid_credentials"}'])
    expect(ratio).toBeGreaterThanOrEqual(BOUNDS.min)
    expect(ratio).toBeLessThanOrEqual(BOUNDS.max)
  })

  it('answers a reset request for a real account and an unknown email in similar time, with the same answer', async ({ task }) => {
    attack(task, { category: 'Credentials', inputs: 2 * (SAMPLES + WARM_UP) })
    const known = await knownAccounts('reset', SAMPLES + WARM_UP)
    const { ratio, answers } = await compare(
      '/api/auth/request-password-reset',
      (email) => ({ email }),
      (i) => ({ email: `timing-ghost-${run}-${i}@example.com` }),
      known,
    )
    expect(answers).toHaveLength(1)
    expect(answers[0]).toMatch(/^200 \{"message":"If an account exists for that email/)
    expect(ratio).toBeGreaterThanOrEqual(BOUNDS.min)
    expect(ratio).toBeLessThanOrEqual(BOUNDS.max)
  })
})
