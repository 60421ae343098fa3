import { Hono } from 'hono'
import * as z from 'zod/mini'
import { NOTIFICATION_TYPES } from '../../contract/notifications'
import { runScheduled } from '../cron/scheduled'
import type { AppEnv } from '../env'
import { isDevelopment } from '../env'
import { notFound } from '../lib/errors'
import { recentMetrics } from '../lib/metrics'
import { validate } from '../lib/validation'
import { readOutbox } from '../services/email'
import { pollerOf } from '../services/live/hubs'
import { queueSampleNotice } from '../services/notifications/samples'
import { recentJobs } from '../services/refresh/jobs'

// Development helpers. Outside development and the tests (production, staging, previews...) every
// path here answers 404, as if it did not exist: the outbox shows everyone's emailed links.
export const devRoutes = new Hono<AppEnv>()
  .use(async (c, next) => (isDevelopment(c.env) ? next() : notFound(c)))
  .get(
    '/outbox',
    validate(
      'query',
      z.object({
        to: z.optional(z.string().check(z.maxLength(320))),
        limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200))),
      }),
    ),
    async (c) => {
      const { to, limit } = c.req.valid('query')
      return c.json(await readOutbox(c.var.db, to, limit))
    },
  )
  // Runs the cron's refresh now (after advancing the FPL simulator, say); the queue does the rest.
  .post('/refresh', async (c) => c.json(await runScheduled(c.env, Date.now(), { forceState: true })))
  .get('/refresh-jobs', async (c) => c.json(await recentJobs(c.var.db)))
  // The metrics this isolate recorded lately, where Analytics Engine cannot be read (lib/metrics): a
  // forced FPL outage (the simulator's POST /__sim/faults) shows here as fpl_failure points.
  .get('/metrics', (c) => c.json(recentMetrics()))
  // Sends a message as it is to one of the work queues: a message no consumer can read, say, to
  // watch it become a dead letter and replay it (docs/operations.md, tests/e2e/operations.test.ts).
  .post('/queue', validate('json', z.object({ queue: z.enum(['refresh', 'notify']), body: z.unknown() })), async (c) => {
    const { queue, body } = c.req.valid('json')
    await (queue === 'refresh' ? c.env.REFRESH_QUEUE : c.env.NOTIFY_QUEUE).send(body as never)
    return c.json({ queued: true }, 202)
  })
  // Polls FPL's live data now (after stepping the simulator's match day, say); the loop goes on from there.
  .post('/live/poll', async (c) => c.json(await pollerOf(c.env).pollNow()))
  // Queues a sample notification of one type for a user (by email): the push arrives on their devices.
  .post('/notify', validate('json', z.object({ email: z.string().check(z.maxLength(320)), type: z.enum(NOTIFICATION_TYPES) })), async (c) => {
    const { email, type } = c.req.valid('json')
    return c.json({ queued: await queueSampleNotice({ db: c.var.db, queue: c.env.NOTIFY_QUEUE }, email, type) })
  })
