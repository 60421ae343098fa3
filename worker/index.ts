import { createApp } from './app'
import { runScheduled } from './cron/scheduled'
import { getDb } from './db/client'
import type { Bindings } from './env'
import { forgetPublicReads } from './lib/public-read-cache'
import { isLiveNewsMessage, type LiveNewsMessage, tellHubs } from './live/fanout'
import { fetchSheets, isLiveSheetsMessage, type LiveSheetsMessage } from './live/sheets'
import { handleNotifyMessage, isNotifyMessage, type NotifyMessage } from './services/notifications'
import { handleRefreshMessage } from './services/refresh'
import type { RefreshMessage } from './services/refresh/types'

export { LiveHub } from './live/hub'
export { LivePoller } from './live/poller'

const app = createApp()

export default {
  fetch: app.fetch,
  scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(env, controller.scheduledTime))
  },
  // One message per invocation (wrangler.toml max_batch_size = 1): its own subrequest budget.
  // The refresh queue carries the refresh's fetches, the live engine's picks and its news for the
  // hubs; the notify queue carries notifications.
  async queue(batch, env) {
    for (const message of batch.messages) {
      try {
        const body = message.body
        if (isNotifyMessage(body)) await handleNotifyMessage({ env, db: getDb(env.DB), queue: env.NOTIFY_QUEUE }, body)
        else if (isLiveSheetsMessage(body)) await fetchSheets({ env, db: getDb(env.DB) }, body)
        else if (isLiveNewsMessage(body)) await tellHubs(env, body)
        else await handleRefreshMessage({ env, queue: env.REFRESH_QUEUE, onFinalized: forgetPublicReads }, body)
        message.ack()
      } catch (error) {
        console.error('Queue message failed; it will be retried', error)
        message.retry({ delaySeconds: 30 })
      }
    }
  },
} satisfies ExportedHandler<Bindings, RefreshMessage | LiveSheetsMessage | LiveNewsMessage | NotifyMessage>
