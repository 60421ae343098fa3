import { createMiddleware } from 'hono/factory'
import { ApiError } from '../lib/errors'
import { isAdmin } from '../services/access'
import type { SignedInEnv } from './session'

/**
 * The operators of the deployment: the accounts of ADMIN_EMAILS, the same check as the curated
 * league's administrators (services/access isAdmin). After `session('required')`; anyone else is
 * answered 403.
 */
export const operatorOnly = createMiddleware<SignedInEnv>(async (c, next) => {
  if (!isAdmin(c.env, await c.var.session.user())) throw new ApiError(403, 'Only the operators of this site can do this.', { code: 'not_an_operator' })
  await next()
})
