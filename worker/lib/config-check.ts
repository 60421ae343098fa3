import { createMiddleware } from 'hono/factory'
import type { AppEnv, Bindings } from '../env'
import { isDevelopment } from '../env'
import { ApiError } from './errors'
import { log } from './log'

// A deployment that lacks its secrets says so at once instead of failing one feature at a time
// (decision 151). Workers have no start-up hook, so the check runs on every request, scheduled run
// and queue batch (a few property reads); its error is logged the first time an isolate meets a
// configuration (in a deployment, once per isolate). Development has public stand-ins for the
// session and push keys and the dev outbox for email, so it needs none of them.

const SECRETS = ['JWT_SECRET', 'RESEND_API_KEY', 'EMAIL_FROM', 'VAPID_PRIVATE_JWK'] as const
type SecretName = (typeof SECRETS)[number]

/** A shorter session secret is refused everywhere, development included: HS256 keys must not be guessable. */
const MIN_JWT_SECRET_LENGTH = 32

type ConfigEnv = Pick<Bindings, SecretName | 'ENVIRONMENT'>

/** Whether the deployment cannot use this secret: absent outside development, or a session secret too short. */
export function lacksSecret(env: ConfigEnv, name: SecretName): boolean {
  const value = env[name]
  if (name === 'JWT_SECRET' && value) return value.length < MIN_JWT_SECRET_LENGTH
  return !value && !isDevelopment(env)
}

const reported = new Set<string>()

/** The secrets the deployment lacks; the first time an isolate meets them missing, one error names them all. */
export function checkSecrets(env: ConfigEnv): SecretName[] {
  const missing = SECRETS.filter((name) => lacksSecret(env, name))
  const configuration = `${env.ENVIRONMENT}:${missing.join()}`
  if (missing.length > 0 && !reported.has(configuration)) {
    reported.add(configuration)
    log.error('Secrets are missing: set each with wrangler secret put', {
      environment: env.ENVIRONMENT,
      missing: missing.join(', '),
      commands: missing.map((name) => `wrangler secret put ${name}`).join(' && '),
      effect: missing.includes('JWT_SECRET')
        ? `every /api route but /api/health answers 503 until JWT_SECRET (at least ${MIN_JWT_SECRET_LENGTH} random characters) is set`
        : 'the routes that need them answer 503',
    })
  }
  return missing
}

/** What a caller sees: the service is down, nothing about which secret or why. */
export const misconfigured = () => new ApiError(503, 'The service is unavailable right now. Please try again later.', { code: 'misconfigured' })

/**
 * For the whole app: logs a missing secret on the first request, and answers every /api route but
 * /api/health with 503 while the session secret is missing (nothing signed in can work, and the
 * health check must still tell a deploy that the worker runs).
 */
export const configCheck = createMiddleware<AppEnv>(async (c, next) => {
  const missing = checkSecrets(c.env)
  const api = c.req.path.startsWith('/api/') && c.req.path !== '/api/health'
  if (api && missing.includes('JWT_SECRET')) throw misconfigured()
  await next()
})

/** For a route that promises what these secrets do (an email sent): 503 while one is missing. */
export const requireSecrets = (...names: SecretName[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (checkSecrets(c.env).some((name) => names.includes(name))) throw misconfigured()
    await next()
  })
