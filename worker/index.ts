import { createApp } from './app'
import { runScheduled } from './cron/scheduled'
import type { Bindings } from './env'
import { forgetPublicReads } from './lib/public-read-cache'
import { handleRefreshMessage } from './services/refresh'
import type { RefreshMessage } from './services/refresh/types'

const app = createApp()

export default {
  fetch: app.fetch,
  scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(env, controller.scheduledTime))
  },
  // One message per invocation (wrangler.toml max_batch_size = 1): its own subrequest budget.
  async queue(batch, env) {
    for (const message of batch.messages) {
      try {
        await handleRefreshMessage({ env, queue: env.REFRESH_QUEUE, onFinalized: forgetPublicReads }, message.body)
        message.ack()
      } catch (error) {
        console.error('Refresh message failed; it will be retried', error)
        message.retry({ delaySeconds: 30 })
      }
    }
  },
} satisfies ExportedHandler<Bindings, RefreshMessage>
