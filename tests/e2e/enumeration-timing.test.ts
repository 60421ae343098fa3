import { describe, expect, inject, it } from 'vitest'
import { attack } from '../security/attack'
import { addressSequence } from '../stack/addresses'

// Known and unknown emails get the same answer over real HTTP against wrangler dev, for a sign-in
// with a wrong password and for a reset request. That they also take similar time is measured by
// `npm run bench` (tests/bench/enumeration.ts: the ratio of medians, against the same run), not
// asserted here: a timing ratio in a test only measured how busy the machine was.
//
// wrangler dev keeps a CF-Connecting-IP the client sends, so every request comes from its own
// address and every account is used once: no rate limit answers instead of the code checked.

const baseUrl = inject('baseUrl')
const SAMPLES = 3
const PASSWORD = 'Timing-Pass1!'

const run = Date.now()
const nextAddress = addressSequence()

async function post(path: string, body: Record<string, unknown>) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': nextAddress() },
    body: JSON.stringify(body),
  })
  // Each error answer names its own request (the id of its X-Request-Id): that part differs for
  // every request, known account or not; everything else must be byte for byte the same.
  const text = await res.text()
  if (res.status < 400) return `${res.status} ${text}`
  const quoted = `,"request_id":"${res.headers.get('x-request-id')}"`
  if (!text.endsWith(`${quoted}}`)) throw new Error(`No request_id of its own in ${text}`)
  return `${res.status} ${text.replace(quoted, '')}`
}

/** Accounts that exist (unverified is enough: a wrong password is refused before that check). */
async function knownAccounts(kind: string): Promise<string[]> {
  const emails = Array.from({ length: SAMPLES }, (_, i) => `enumeration-${kind}-${run}-${i}@example.com`)
  for (const email of emails) expect(await post('/api/auth/register', { name: 'Timing', email, password: PASSWORD })).toMatch(/^201 /)
  return emails
}

/** Every answer for a known and an unknown email, in turn. */
async function answers(
  path: string,
  known: string[],
  knownBody: (email: string) => Record<string, unknown>,
  unknownBody: (i: number) => Record<string, unknown>,
) {
  const seen = new Set<string>()
  for (const [i, email] of known.entries()) {
    seen.add(await post(path, knownBody(email)))
    seen.add(await post(path, unknownBody(i)))
  }
  return [...seen]
}

describe('enumeration through the answers', () => {
  it('answers a wrong password for a real account and an unknown email alike', async ({ task }) => {
    attack(task, { category: 'Credentials', inputs: 2 * SAMPLES })
    const seen = await answers(
      '/api/auth/login',
      await knownAccounts('login'),
      (email) => ({ email, password: 'Wrong-Pass1!' }),
      (i) => ({ email: `enumeration-nobody-${run}-${i}@example.com`, password: 'Wrong-Pass1!' }),
    )
    expect(seen).toEqual(['401 {"detail":"Invalid email or password","code":"invalid_credentials"}'])
  })

  it('answers a reset request for a real account and an unknown email alike', async ({ task }) => {
    attack(task, { category: 'Credentials', inputs: 2 * SAMPLES })
    const seen = await answers(
      '/api/auth/request-password-reset',
      await knownAccounts('reset'),
      (email) => ({ email }),
      (i) => ({ email: `enumeration-ghost-${run}-${i}@example.com` }),
    )
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatch(/^200 \{"message":"If an account exists for that email/)
  })
})
