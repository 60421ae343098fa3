import { createApp } from './app'
import { runScheduled } from './cron/scheduled'
import { getDb } from './db/client'
import type { Bindings } from './env'
import { checkSecrets } from './lib/config-check'
import { log, withLogScope } from './lib/log'
import { timeQueueMessage } from './lib/metrics'
import { forgetPublicReads } from './lib/public-read-cache'
import { messageKind } from './lib/queues'
import { deadLetterSource, keepDeadLetters, keepPoisoned, poisonedBecause, rememberFirstError } from './services/dead-letters'
import { isLiveNewsMessage, type LiveNewsMessage, tellHubs } from './services/live/fanout'
import { fetchSheets, isLiveSheetsMessage, type LiveSheetsMessage } from './services/live/sheets'
import { handleNotifyMessage, isNotifyMessage, type NotifyMessage } from './services/notifications'
import { handleRefreshMessage } from './services/refresh'
import type { RefreshMessage } from './services/refresh/types'
import { handleSeasonArchiveMessage, isSeasonArchiveMessage, type SeasonArchiveMessage } from './services/season-archive'

export { LiveHub } from './durable-objects/hub'
export { LivePoller } from './durable-objects/poller'

const app = createApp()

export default {
  fetch: app.fetch,
  scheduled(controller, env, ctx) {
    checkSecrets(env)
    const scope = { cron: controller.cron, scheduled_time: new Date(controller.scheduledTime).toISOString() }
    ctx.waitUntil(withLogScope(scope, () => runScheduled(env, controller.scheduledTime)))
  },
  // One message per invocation (wrangler.toml max_batch_size = 1): its own subrequest budget.
  // The refresh queue carries the refresh's fetches, the live engine's picks and its news for the
  // hubs, and the season archive's moves; the notify queue carries notifications. A dead-letter queue's messages are kept in D1 for
  // an operator, and so is a message no consumer can read, at once: retrying it cannot help.
  async queue(batch, env) {
    checkSecrets(env)
    const deadLettersOf = deadLetterSource(batch.queue)
    if (deadLettersOf) return keepDeadLetters(env, getDb(env.DB), deadLettersOf, batch)
    for (const message of batch.messages) {
      const scope = { queue: batch.queue, message_id: message.id, attempts: message.attempts, ...messageFields(message.body) }
      await withLogScope(scope, () => consume(env, batch.queue, message))
    }
  },
} satisfies ExportedHandler<Bindings, QueueBody>

/** One message of a work queue: handled and acked, or retried (and in the end dead-lettered) with its error logged. */
async function consume(env: Bindings, queue: string, message: Message<QueueBody>) {
  const handled = timeQueueMessage(env, queue, message)
  try {
    const body = message.body
    const poisoned = poisonedBecause(queue, body)
    if (poisoned) await keepPoisoned(getDb(env.DB), queue, message, poisoned)
    else if (isNotifyMessage(body)) await handleNotifyMessage({ env, db: getDb(env.DB), queue: env.NOTIFY_QUEUE }, body)
    else if (isLiveSheetsMessage(body)) await fetchSheets({ env, db: getDb(env.DB) }, body)
    else if (isLiveNewsMessage(body)) await tellHubs(env, body)
    else if (isSeasonArchiveMessage(body)) await handleSeasonArchiveMessage(env, body)
    else await handleRefreshMessage({ env, queue: env.REFRESH_QUEUE, onFinalized: forgetPublicReads }, body)
    message.ack()
    handled('ack')
  } catch (error) {
    log.warn('Queue message failed; it will be retried', { error })
    await rememberFirstError(env, queue, message, error).catch(() => {})
    message.retry({ delaySeconds: 30 })
    handled('retry')
  }
}

type QueueBody = RefreshMessage | LiveSheetsMessage | LiveNewsMessage | SeasonArchiveMessage | NotifyMessage

/** What a message is, for its log lines: its kind of work, and the refresh job it belongs to. */
function messageFields(body: unknown): { kind: string; job?: string } {
  const job = typeof body === 'object' && body !== null && 'job' in body && typeof body.job === 'string' ? body.job : undefined
  return { kind: messageKind(body), job }
}
