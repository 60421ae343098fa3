import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { ApiError, handleError } from '../lib/errors'
import { FPL_UNAVAILABLE } from '../services/fpl-lookup'
import { offSeasonOutage } from '../services/season'

/**
 * A look-up FPL could not answer (`fpl_unavailable`, thrown by any route that asks FPL while a user
 * waits): between seasons FPL is down for weeks, so the answer says why and when it comes back
 * instead of "try again in a few minutes" (decision 183). One place for every such route.
 */
export const offSeasonOutages = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  if (!(c.error instanceof ApiError) || c.error.code !== FPL_UNAVAILABLE) return
  const outage = await offSeasonOutage(c.var.db)
  if (!outage) return
  // Unset first: assigning over an answer would keep its headers (the first answer's Retry-After).
  c.res = undefined
  c.res = handleError(outage, c)
})
