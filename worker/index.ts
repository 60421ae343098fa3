import { createApp } from './app'
import { runScheduled } from './cron/scheduled'
import type { Bindings } from './env'

const app = createApp()

export default {
  fetch: app.fetch,
  scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(env, controller.scheduledTime))
  },
} satisfies ExportedHandler<Bindings>
