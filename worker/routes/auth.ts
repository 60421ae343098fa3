import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import * as z from 'zod/mini'
import type { AppEnv, RequestContext } from '../env'
import { requestSource } from '../fpl/source'
import { requireSecrets } from '../lib/config-check'
import { showableText, validate } from '../lib/validation'
import { session } from '../middleware/session'
import {
  type AccountContext,
  autoJoinLeagues,
  changePassword,
  login,
  logout,
  logoutEverywhere,
  register,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  updateFplTeam,
  verifyEmail,
} from '../services/auth/accounts'
import { knownDevice, rememberDevice } from '../services/auth/device-cookies'
import { withPasswordSlot } from '../services/auth/password'
import { emailField, fplTeamIdField, inviteCodeField, nameField, passwordInput, strongPassword, tokenField, UNSHOWABLE_NAME } from '../services/auth/rules'
import { createChallenge, verifyTeam } from '../services/auth/team-ownership'
import { clientAddress, enforce, limitsFor, withinLimits } from '../services/rate-limit'
import { accountNotFound, profileRead, updateDisplayName, userLeaguesRead } from '../services/users'

const accountContext = (c: RequestContext): AccountContext => ({
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

const limit = (c: RequestContext, route: Parameters<typeof limitsFor>[0], account?: string) =>
  enforce(c.var.db, limitsFor(route, clientAddress(c.req.raw.headers), account))

// Whether an email may go out; the answer is the same either way.
const mayEmail = (c: RequestContext, route: 'resend' | 'requestReset', account: string) =>
  withinLimits(c.var.db, limitsFor(route, clientAddress(c.req.raw.headers), account))

// Routes that check a password: a few at a time per isolate, 503 `busy` beyond. Registration
// takes a slot only for its hash (accounts.ts): its FPL checks may wait seconds and must not
// hold one.
const passwordWork = createMiddleware<AppEnv>((_c, next) => withPasswordSlot(next))

// Routes that promise an email answer 503 on a deployment that cannot send one (decision 151),
// the same for every address, rather than "we have sent you a link" when nothing will arrive.
const sendsEmail = requireSecrets('RESEND_API_KEY', 'EMAIL_FROM')

// The team to prove: omitted means the one the account already holds.
const teamClaim = z.object({ fpl_team_id: z.optional(fplTeamIdField) })

// /api/auth/*: accounts, sessions and passwords (the calls of decision 181, R7).
export const authRoutes = new Hono<AppEnv>()
  .post(
    '/register',
    sendsEmail,
    validate(
      'json',
      z.object({
        name: nameField,
        email: emailField,
        password: strongPassword(),
        fpl_team_id: z.optional(fplTeamIdField),
        invite_code: z.optional(inviteCodeField),
      }),
    ),
    async (c) => {
      const input = c.req.valid('json')
      await limit(c, 'register', input.email)
      return c.json(await register(accountContext(c), input), 201)
    },
  )
  .post('/login', validate('json', z.object({ email: emailField, password: passwordInput })), passwordWork, async (c) => {
    const { email, password } = c.req.valid('json')
    const answer = await login(accountContext(c), email, password, clientAddress(c.req.raw.headers), await knownDevice(c, email))
    // Only a success leaves a cookie, so a refusal is the same for every email (decision 150).
    await rememberDevice(c, email)
    return c.json(answer)
  })
  .post('/verify-email', validate('json', z.object({ token: tokenField })), async (c) => {
    await limit(c, 'verify')
    return c.json(await verifyEmail(accountContext(c), c.req.valid('json').token))
  })
  .post('/resend-verification', sendsEmail, validate('json', z.object({ email: emailField })), async (c) => {
    const { email } = c.req.valid('json')
    return c.json(await resendVerification(accountContext(c), email, await mayEmail(c, 'resend', email)))
  })
  .post('/request-password-reset', sendsEmail, validate('json', z.object({ email: emailField })), async (c) => {
    const { email } = c.req.valid('json')
    return c.json(await requestPasswordReset(accountContext(c), email, await mayEmail(c, 'requestReset', email)))
  })
  .post(
    '/reset-password',
    validate('json', z.object({ token: tokenField, new_password: strongPassword('Password does not meet security requirements') })),
    passwordWork,
    async (c) => {
      const { token, new_password } = c.req.valid('json')
      await limit(c, 'reset')
      return c.json(await resetPassword(accountContext(c), token, new_password))
    },
  )
  .post(
    '/change-password',
    session('required'),
    validate('json', z.object({ current_password: passwordInput, new_password: strongPassword('New password does not meet security requirements') })),
    passwordWork,
    async (c) => {
      const { current_password, new_password } = c.req.valid('json')
      return c.json(await changePassword(accountContext(c), (await c.var.session.user()).id, current_password, new_password))
    },
  )
  .post('/logout', session('required'), async (c) => c.json(await logout(accountContext(c), await c.var.session.claims())))
  // "Sign out everywhere" on the dashboard: every device, this one included.
  .post('/logout-all', session('required'), async (c) => c.json(await logoutEverywhere(accountContext(c), (await c.var.session.user()).id)))
  .get('/me', session('required'), async (c) => {
    const { data: profile } = await c.var.session.read((userId) => profileRead(c.var.db, userId))
    if (!profile) throw accountNotFound()
    return c.json(profile)
  })
  .get('/user-leagues', session('required'), async (c) => c.json({ leagues: (await c.var.session.read((userId) => userLeaguesRead(c.var.db, userId))).data }))
  .put(
    '/update-display-name',
    session('required'),
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
            showableText(UNSHOWABLE_NAME),
          ),
      }),
    ),
    async (c) => c.json(await updateDisplayName(c.var.db, (await c.var.session.user()).id, c.req.valid('json').new_name)),
  )
  .post('/update-fpl-team', session('required'), validate('json', z.object({ fpl_team_id: fplTeamIdField })), async (c) =>
    c.json(await updateFplTeam(accountContext(c), (await c.var.session.user()).id, c.req.valid('json').fpl_team_id)),
  )
  // Proving a team is yours: a code for the FPL team name, then a check against FPL.
  .post('/fpl-team/challenge', session('required'), validate('json', teamClaim), async (c) => {
    const userId = (await c.var.session.user()).id
    await limit(c, 'fplTeamChallenge', `user:${userId}`)
    return c.json(await createChallenge(accountContext(c), userId, c.req.valid('json').fpl_team_id))
  })
  .post('/fpl-team/verify', session('required'), validate('json', teamClaim), async (c) => {
    const userId = (await c.var.session.user()).id
    await limit(c, 'fplTeamVerify', `user:${userId}`)
    return c.json(await verifyTeam(accountContext(c), userId, c.req.valid('json').fpl_team_id))
  })

// POST /api/auto-join-leagues: the dashboard's discovery panel (a JSON array of league ids).
export const autoJoinRoutes = new Hono<AppEnv>().post(
  '/auto-join-leagues',
  session('required'),
  validate(
    'json',
    z
      .array(z.number().check(z.int(), z.positive()), { error: 'Choose at least one league' })
      .check(z.minLength(1, 'Choose at least one league'), z.maxLength(50)),
  ),
  async (c) => c.json(await autoJoinLeagues(accountContext(c), (await c.var.session.user()).id, c.req.valid('json'))),
)
