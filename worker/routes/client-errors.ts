import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import * as z from 'zod/mini'
import type { AppEnv } from '../env'
import { ApiError } from '../lib/errors'
import { log } from '../lib/log'
import { type MapReader, readableStack } from '../lib/source-maps'
import { validate } from '../lib/validation'
import { clientAddress, enforce, limitsFor } from '../services/rate-limit'

// POST /api/client-errors: the SPA's uncaught errors (web/src/lib/report-error.ts), so an operator
// hears of a broken page before a user writes in (decision 156). Anyone may send
// one, signed in or not; the answer is always an empty 204 and says nothing back.

/** A report is a few kilobytes; the client trims its fields well below this. */
const MAX_REPORT_BYTES = 16 * 1024

const text = (max: number) => z.string().check(z.maxLength(max))
const clientError = z.object({
  message: text(2000),
  stack: z.optional(text(12_000)),
  url: text(2048),
  release: z.optional(text(200)),
  user_agent: z.optional(text(512)),
})

/** The SPA's source maps, read through the assets binding (never public: wrangler.toml run_worker_first). */
const assetMaps =
  (assets: Fetcher): MapReader =>
  async (path) => {
    const res = await assets.fetch(new Request(new URL(path, 'https://assets.internal')))
    return res.ok ? res.text() : null
  }

export const clientErrorRoutes = new Hono<AppEnv>().post(
  '/',
  bodyLimit({
    maxSize: MAX_REPORT_BYTES,
    onError: () => {
      throw new ApiError(413, 'The error report is too large.', { code: 'payload_too_large' })
    },
  }),
  validate('json', clientError),
  async (c) => {
    await enforce(c.var.db, limitsFor('clientErrors', clientAddress(c.req.raw.headers)))
    const report = c.req.valid('json')
    // A map that cannot be read leaves the stack as the browser wrote it: the report is still logged.
    const stack = report.stack ? await readableStack(report.stack, assetMaps(c.env.ASSETS)).catch(() => report.stack) : undefined
    log.error('Client error', {
      client_message: report.message,
      client_url: report.url,
      release: report.release,
      user_agent: report.user_agent,
      stack,
      raw_stack: report.stack,
    })
    return c.body(null, 204)
  },
)
