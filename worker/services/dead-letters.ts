import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import * as z from 'zod/mini'
import type { Database } from '../db/client'
import { deadLetters } from '../db/schema'
import type { Bindings } from '../env'
import { ApiError } from '../lib/errors'
import { errorSummary, log } from '../lib/log'

// Nothing a user was promised (an email, a push, a refresh) disappears without a trace
// (decision 156). A message that used up its retries moves to its queue's dead-letter queue, whose
// consumer keeps it here; a message that can never succeed (a kind no consumer knows, a body that
// fails validation) is kept at once instead of being retried. An operator lists them and replays
// one, after a fix, onto the queue it was meant for.

/** The queues this worker consumes (wrangler.toml), each with its dead-letter queue and the binding that sends to it. */
const QUEUES = {
  'banter-arena-refresh': { deadLetterQueue: 'banter-arena-refresh-dlq', binding: 'REFRESH_QUEUE' },
  'banter-arena-notify': { deadLetterQueue: 'banter-arena-notify-dlq', binding: 'NOTIFY_QUEUE' },
} as const satisfies Record<string, { deadLetterQueue: string; binding: 'REFRESH_QUEUE' | 'NOTIFY_QUEUE' }>

type QueueName = keyof typeof QUEUES

const isQueueName = (name: string): name is QueueName => Object.hasOwn(QUEUES, name)

/** The queue whose dead letters arrive on `name`; null when `name` is not a dead-letter queue. */
export function deadLetterSource(name: string): QueueName | null {
  return (Object.keys(QUEUES) as QueueName[]).find((queue) => QUEUES[queue].deadLetterQueue === name) ?? null
}

// The envelope of every message kind: enough to know a consumer exists for it and can read it.
// Deeper shapes (a refresh's tasks, a notice) are the consumers' own; a message that fails there
// fails every attempt and reaches the dead letters after its retries.
const gameweek = z.int().check(z.positive())
const refreshMessage = z.object({ job: z.string().check(z.minLength(1)), tasks: z.array(z.object({ t: z.string() })) })
const liveSheetsMessage = z.object({ live_sheets: z.object({ gameweek, entries: z.array(z.int()) }) })
const liveNewsMessage = z.object({
  live_news: z.object({ window: z.nullable(z.string()), hubs: z.array(z.object({ id: z.int(), push: z.boolean(), compare: z.boolean() })) }),
})
const seasonArchiveMessage = z.object({
  season_archive: z.object({ tournament_id: z.int().check(z.positive()), season: z.string().check(z.regex(/^\d{4}\/\d{2}$/)) }),
})
const NOTIFY_KINDS = ['notify:broadcast', 'notify:users', 'notify:deliver', 'notify:digest'] as const
const notifyMessage = z.object({ kind: z.enum(NOTIFY_KINDS) })

// Each kind by the key that names it.
const ENVELOPES: Record<QueueName, Record<string, z.ZodMiniType>> = {
  'banter-arena-refresh': { job: refreshMessage, live_sheets: liveSheetsMessage, live_news: liveNewsMessage, season_archive: seasonArchiveMessage },
  'banter-arena-notify': { kind: notifyMessage },
}

/**
 * Why a message can never be processed on `queue`, or null when a consumer can take it. Unknown
 * queues are poisoned too: this worker consumes no others.
 */
export function poisonedBecause(queue: string, body: unknown): string | null {
  if (!isQueueName(queue)) return `No consumer for queue ${queue}`
  const key = Object.keys(ENVELOPES[queue]).find((k) => typeof body === 'object' && body !== null && k in body)
  const schema = key === undefined ? undefined : ENVELOPES[queue][key]
  if (!schema) return `No consumer on ${queue} knows this kind of message`
  const issue = z.safeParse(schema, body).error?.issues[0]
  if (!issue) return null
  const where = issue.path.length ? ` (${issue.path.join('.')})` : ''
  return `Not a valid ${key} message: ${issue.message}${where}`
}

// The first error of a message, kept until its dead letter arrives (at most max_retries x 30 s
// later; a dead-letter queue keeps a message for 4 days) so the operator sees why it failed.
const FIRST_ERROR_TTL_SECONDS = 4 * 24 * 3600
const firstErrorKey = (queue: string, messageId: string) => `dead-letters:first-error:${queue}:${messageId}`
const MAX_ERROR_CHARS = 2000

const errorText = (error: unknown) => errorSummary(error).slice(0, MAX_ERROR_CHARS)

/** Remembers why a message failed, on its first attempt only. */
export async function rememberFirstError(env: Pick<Bindings, 'CACHE'>, queue: string, message: Pick<Message, 'id' | 'attempts'>, error: unknown) {
  if (message.attempts !== 1) return
  await env.CACHE.put(firstErrorKey(queue, message.id), errorText(error), { expirationTtl: FIRST_ERROR_TTL_SECONDS })
}

interface DeadLetterInput {
  queue: string
  messageId: string | null
  body: unknown
  attempts: number
  firstError: string | null
}

async function keep(db: Database, letter: DeadLetterInput) {
  const [row] = await db.insert(deadLetters).values(letter).returning({ id: deadLetters.id })
  // An operator's alert: the user-facing work this message carried did not happen.
  log.error('Queue message dead-lettered', {
    dead_letter_id: row?.id,
    queue: letter.queue,
    message_id: letter.messageId,
    attempts: letter.attempts,
    first_error: letter.firstError,
  })
}

/** A message that can never be processed: kept at once, with the reason, and not retried. */
export async function keepPoisoned(db: Database, queue: string, message: Pick<Message, 'id' | 'attempts' | 'body'>, reason: string) {
  await keep(db, { queue, messageId: message.id, body: message.body ?? null, attempts: message.attempts, firstError: reason })
}

/** The consumer of a dead-letter queue: each message kept in D1 with its first error if known, then acked. */
export async function keepDeadLetters(env: Pick<Bindings, 'CACHE'>, db: Database, queue: QueueName, batch: MessageBatch) {
  for (const message of batch.messages) {
    const key = firstErrorKey(queue, message.id)
    const firstError = await env.CACHE.get(key)
    // The attempts on the dead-letter queue are not the original queue's: the original used all of its.
    await keep(db, { queue, messageId: message.id, body: message.body ?? null, attempts: message.attempts, firstError })
    await env.CACHE.delete(key)
    message.ack()
  }
}

const PAGE = 100

/** The newest dead letters first, replayed ones included (they say when). */
export async function listDeadLetters(db: Database) {
  const rows = await db.select().from(deadLetters).orderBy(desc(deadLetters.id)).limit(PAGE)
  return rows.map((r) => ({
    id: r.id,
    queue: r.queue,
    message_id: r.messageId,
    body: r.body,
    attempts: r.attempts,
    first_error: r.firstError,
    received_at: r.receivedAt.toISOString(),
    replayed_at: r.replayedAt?.toISOString() ?? null,
  }))
}

const deadLetterNotFound = () => new ApiError(404, 'There is no dead letter with that ID.', { code: 'dead_letter_not_found' })

/**
 * Sends a dead letter's body back to the queue it was meant for, once: the row is claimed (its
 * replayed_at set) before sending, so two operators replaying at once send it once; a failed send
 * releases the claim.
 */
export async function replayDeadLetter(env: Pick<Bindings, 'REFRESH_QUEUE' | 'NOTIFY_QUEUE'>, db: Database, id: number, now = new Date()) {
  const [claimed] = await db
    .update(deadLetters)
    .set({ replayedAt: now })
    .where(and(eq(deadLetters.id, id), isNull(deadLetters.replayedAt)))
    .returning()
  if (!claimed) {
    const existing = await db.query.deadLetters.findFirst({ where: eq(deadLetters.id, id) })
    if (!existing) throw deadLetterNotFound()
    throw new ApiError(409, `This message was already replayed on ${existing.replayedAt?.toISOString()}; it is not sent twice.`, {
      code: 'dead_letter_already_replayed',
    })
  }
  if (!isQueueName(claimed.queue)) {
    await db.update(deadLetters).set({ replayedAt: null }).where(eq(deadLetters.id, id))
    throw new ApiError(422, `This message was meant for ${claimed.queue}, which this worker does not send to.`, { code: 'dead_letter_unknown_queue' })
  }
  try {
    await env[QUEUES[claimed.queue].binding].send(claimed.body as never)
  } catch (error) {
    await db.update(deadLetters).set({ replayedAt: null }).where(eq(deadLetters.id, id))
    throw error
  }
  log.info('Dead letter replayed', { dead_letter_id: id, queue: claimed.queue })
  return { id, queue: claimed.queue, replayed_at: now.toISOString() }
}

/** Dead letters not replayed, of all time or received since `since`. */
export const waitingDeadLetterCount = (db: Database, since?: Date) =>
  db.$count(deadLetters, and(isNull(deadLetters.replayedAt), since ? gt(deadLetters.receivedAt, since) : undefined))
