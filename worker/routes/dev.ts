import { Hono } from 'hono'
import type { AppEnv } from '../env'
import { isProduction } from '../env'
import { notFound } from '../lib/errors'
import * as z from 'zod'
import { validate } from '../lib/validation'
import { readOutbox } from '../services/email'

// Development helpers. In production every path here answers 404, as if it did not exist.
export const devRoutes = new Hono<AppEnv>()
  .use(async (c, next) => (isProduction(c.env) ? notFound(c) : next()))
  .get(
    '/outbox',
    validate('query', z.object({ to: z.string().max(320).optional(), limit: z.coerce.number().int().min(1).max(200).optional() })),
    async (c) => {
      const { to, limit } = c.req.valid('query')
      return c.json(await readOutbox(c.var.db, to, limit))
    },
  )
