import { Hono } from 'hono'
import * as z from 'zod/mini'
import { runScheduled } from '../cron/scheduled'
import type { AppEnv } from '../env'
import { isDevelopment } from '../env'
import { notFound } from '../lib/errors'
import { validate } from '../lib/validation'
import { pollerOf } from '../live/hubs'
import { readOutbox } from '../services/email'
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
  // Polls FPL's live data now (after stepping the simulator's match day, say); the loop goes on from there.
  .post('/live/poll', async (c) => c.json(await pollerOf(c.env).pollNow()))
