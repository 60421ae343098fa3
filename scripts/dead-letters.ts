// The operator's command for dead letters (decision 156): queue messages that used
// up their retries or could never be processed, kept in D1 by the worker.
//
//   npm run dead-letters -- list --url https://banter-arena.example
//   npm run dead-letters -- replay 12 --url https://banter-arena.example
//   npm run dead-letters -- replay-all --url http://127.0.0.1:8787
//
// BANTER_OPS_TOKEN is the session token of an account in ADMIN_EMAILS (sign in, then copy the
// access_token). Replaying sends a message back to the queue it was meant for, once.
import { parseArgs } from 'node:util'

interface DeadLetter {
  id: number
  queue: string
  message_id: string | null
  body: unknown
  attempts: number
  first_error: string | null
  received_at: string
  replayed_at: string | null
}

const USAGE = 'Usage: npm run dead-letters -- list|replay <id>|replay-all --url <base URL>   (token in BANTER_OPS_TOKEN)'

async function api<T>(base: string, token: string, path: string, method = 'GET'): Promise<T> {
  const res = await fetch(new URL(`/api/ops${path}`, base), { method, headers: { authorization: `Bearer ${token}` } })
  const body = (await res.json().catch(() => ({}))) as T & { detail?: string }
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${body.detail ?? ''}`.trim())
  return body
}

const list = async (base: string, token: string) => (await api<{ dead_letters: DeadLetter[] }>(base, token, '/dead-letters')).dead_letters

const replay = (base: string, token: string, id: number) =>
  api<{ id: number; queue: string; replayed_at: string }>(base, token, `/dead-letters/${id}/replay`, 'POST')

function show(letter: DeadLetter) {
  const state = letter.replayed_at ? `replayed ${letter.replayed_at}` : 'waiting'
  console.log(`#${letter.id}  ${letter.queue}  ${letter.received_at}  attempts ${letter.attempts}  ${state}`)
  if (letter.first_error) console.log(`    error: ${letter.first_error}`)
  console.log(`    body:  ${JSON.stringify(letter.body).slice(0, 300)}`)
}

async function main() {
  const { values, positionals } = parseArgs({ options: { url: { type: 'string' } }, allowPositionals: true })
  const [command, id] = positionals
  const token = process.env.BANTER_OPS_TOKEN
  if (!values.url || !token || !command) throw new Error(USAGE)
  if (command === 'list') {
    const letters = await list(values.url, token)
    if (letters.length === 0) console.log('No dead letters.')
    for (const letter of letters) show(letter)
  } else if (command === 'replay' && id && /^\d+$/.test(id)) {
    const done = await replay(values.url, token, Number(id))
    console.log(`Replayed #${done.id} onto ${done.queue}.`)
  } else if (command === 'replay-all') {
    const waiting = (await list(values.url, token)).filter((letter) => !letter.replayed_at)
    for (const letter of waiting) {
      const done = await replay(values.url, token, letter.id)
      console.log(`Replayed #${done.id} onto ${done.queue}.`)
    }
    console.log(`${waiting.length} replayed.`)
  } else {
    throw new Error(USAGE)
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
