import { eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import { users } from '../db/schema'
import type { AppEnv } from '../env'
import { requestSource } from '../fpl/source'
import { currentUser, readAsUser, requireAuth, requireSession } from '../lib/auth'
import { validate } from '../lib/validation'
import {
  type AccountContext,
  autoJoinLeagues,
  changePassword,
  login,
  logout,
  register,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  updateFplTeam,
  verifyEmail,
} from '../services/auth/accounts'
import { emailField, fplTeamIdField, nameField, passwordInput, strongPassword, tokenField } from '../services/auth/rules'
import { clientAddress, enforce, limitsFor } from '../services/rate-limit'
import { accountNotFound, profileRead, userLeaguesRead } from '../services/users'

const accountContext = (c: Context<AppEnv>): AccountContext => ({
  env: c.env,
  db: c.var.db,
  source: requestSource(c.env),
  background: (work) =>
    c.executionCtx.waitUntil(
      work.catch((error: unknown) => {
        console.error('Background account work failed', error)
      }),
    ),
})

const limit = (c: Context<AppEnv>, route: Parameters<typeof limitsFor>[0], account?: string) =>
  enforce(c.var.db, limitsFor(route, clientAddress(c.req.raw.headers), account))

// /api/auth/*: accounts, sessions and passwords (spec: accounts-and-access.md, section 7).
export const authRoutes = new Hono<AppEnv>()
  .post('/register', validate('json', z.object({ name: nameField, email: emailField, password: strongPassword(), fpl_team_id: z.optional(fplTeamIdField) })), async (c) => {
    const input = c.req.valid('json')
    await limit(c, 'register', input.email)
    return c.json(await register(accountContext(c), input), 201)
  })
  .post('/login', validate('json', z.object({ email: emailField, password: passwordInput })), async (c) => {
    const { email, password } = c.req.valid('json')
    await limit(c, 'login', email)
    return c.json(await login(accountContext(c), email, password))
  })
  .post('/verify-email', validate('json', z.object({ token: tokenField })), async (c) => {
    await limit(c, 'verify')
    return c.json(await verifyEmail(accountContext(c), c.req.valid('json').token))
  })
  .post('/resend-verification', validate('json', z.object({ email: emailField })), async (c) => {
    const { email } = c.req.valid('json')
    await limit(c, 'resend', email)
    return c.json(await resendVerification(accountContext(c), email))
  })
  .post('/request-password-reset', validate('json', z.object({ email: emailField })), async (c) => {
    const { email } = c.req.valid('json')
    await limit(c, 'requestReset', email)
    return c.json(await requestPasswordReset(accountContext(c), email))
  })
  .post('/reset-password', validate('json', z.object({ token: tokenField, new_password: strongPassword('Password does not meet security requirements') })), async (c) => {
    const { token, new_password } = c.req.valid('json')
    await limit(c, 'reset')
    return c.json(await resetPassword(accountContext(c), token, new_password))
  })
  .post(
    '/change-password',
    requireAuth,
    validate('json', z.object({ current_password: passwordInput, new_password: strongPassword('New password does not meet security requirements') })),
    async (c) => {
      const { current_password, new_password } = c.req.valid('json')
      return c.json(await changePassword(accountContext(c), currentUser(c).id, current_password, new_password))
    },
  )
  .post('/logout', async (c) => c.json(await logout(accountContext(c), (await requireSession(c)).claims)))
  .get('/me', async (c) => {
    const { data: profile } = await readAsUser(c, (userId) => profileRead(c.var.db, userId))
    if (!profile) throw accountNotFound()
    return c.json(profile)
  })
  .get('/user-leagues', async (c) => c.json({ leagues: (await readAsUser(c, (userId) => userLeaguesRead(c.var.db, userId))).data }))
  .put(
    '/update-display-name',
    requireAuth,
    validate(
      'json',
      z.object({
        new_name: z
          .string({ error: 'Display name cannot be empty.' })
          .check(
            z.trim(),
            z.minLength(1, 'Display name cannot be empty.'),
            z.minLength(2, 'Display name must be 2-50 characters.'),
            z.maxLength(50, 'Display name must be 2-50 characters.'),
          ),
      }),
    ),
    async (c) => {
      const { new_name } = c.req.valid('json')
      await c.var.db.update(users).set({ name: new_name, updatedAt: new Date() }).where(eq(users.id, currentUser(c).id))
      return c.json({ name: new_name, message: 'Display name updated successfully!' })
    },
  )
  .post('/update-fpl-team', requireAuth, validate('json', z.object({ fpl_team_id: fplTeamIdField })), async (c) =>
    c.json(await updateFplTeam(accountContext(c), currentUser(c).id, c.req.valid('json').fpl_team_id)),
  )

// POST /api/auto-join-leagues: the dashboard's discovery panel (a JSON array of league ids).
export const autoJoinRoutes = new Hono<AppEnv>().post(
  '/auto-join-leagues',
  requireAuth,
  validate(
    'json',
    z
      .array(z.number().check(z.int(), z.positive()), { error: 'Choose at least one league' })
      .check(z.minLength(1, 'Choose at least one league'), z.maxLength(50)),
  ),
  async (c) => c.json(await autoJoinLeagues(accountContext(c), currentUser(c).id, c.req.valid('json'))),
)
