import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { requestId } from 'hono/request-id'
import { getDb } from './db/client'
import type { AppEnv } from './env'
import { configCheck } from './lib/config-check'
import { ApiError, handleError, notFound } from './lib/errors'
import { log, withLogScope } from './lib/log'
import { publicReadCache } from './lib/public-read-cache'
import { SECURITY_HEADERS } from './lib/security-headers'
import { offSeasonOutages } from './middleware/season-outage'
import { authRoutes, autoJoinRoutes } from './routes/auth'
import { banterRoutes } from './routes/banter'
import { clientErrorRoutes } from './routes/client-errors'
import { communityRoutes } from './routes/community'
import { devRoutes } from './routes/dev'
import { fplRoutes } from './routes/fpl'
import { gazetteRoutes } from './routes/gazette'
import { hallOfFameRoutes } from './routes/hall-of-fame'
import { healthRoutes } from './routes/health'
import { leagueRoutes } from './routes/leagues'
import { liveRoutes } from './routes/live'
import { meRoutes } from './routes/me'
import { notificationRoutes, pushRoutes } from './routes/notifications'
import { opsRoutes } from './routes/ops'
import { raceRoutes } from './routes/race'
import { seasonRoutes } from './routes/season'
import { sharePageRoutes } from './routes/share-page'
import { statsRoutes } from './routes/stats'
import { tournamentPageRoutes } from './routes/tournament-page'

const MAX_BODY_BYTES = 64 * 1024

/** The API under /api, chained so its type keeps every route: the SPA's typed client is built from it (web/src/lib/api.ts). */
function createApi() {
  return new Hono<AppEnv>()
    .use(
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        onError: () => {
          throw new ApiError(413, 'The request body is too large.', { code: 'payload_too_large' })
        },
      }),
    )
    .use(async (c, next) => {
      // API answers are per user and per moment unless a route says otherwise.
      c.header('Cache-Control', 'no-store')
      await next()
    })
    .use(publicReadCache)
    .use(offSeasonOutages)
    .route('/health', healthRoutes)
    .route('/auth', authRoutes)
    .route('/', autoJoinRoutes)
    .route('/banter', banterRoutes)
    .route('/leagues', leagueRoutes)
    .route('/leagues', liveRoutes)
    .route('/leagues', raceRoutes)
    .route('/leagues', gazetteRoutes)
    .route('/leagues', hallOfFameRoutes)
    .route('/me', meRoutes)
    .route('/community-posts', communityRoutes)
    .route('/push', pushRoutes)
    .route('/notifications', notificationRoutes)
    .route('/', fplRoutes)
    .route('/', statsRoutes)
    .route('/season', seasonRoutes)
    .route('/dev', devRoutes)
    .route('/ops', opsRoutes)
    .route('/client-errors', clientErrorRoutes)
    .notFound(notFound)
}

export function createApp() {
  const app = new Hono<AppEnv>()

  // Every answer names its request (X-Request-Id; an error's body quotes it as request_id) and every
  // log line of its work carries the same id. Cloudflare's ray id when there is one, so the id a user
  // quotes also finds the request in the dashboard's traces.
  app.use(requestId({ limitLength: 64, generator: (c) => c.req.header('cf-ray') ?? crypto.randomUUID() }))
  app.use((c, next) => withLogScope({ request_id: c.var.requestId, method: c.req.method, path: c.req.path }, () => timed(next)))

  app.use(async (c, next) => {
    // Cheap to build per request: it only wraps the binding.
    c.set('db', getDb(c.env.DB))
    await next()
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value)
    // Hono's c.json says only `application/json`: name the charset so no client has to guess it.
    if (c.res.headers.get('content-type') === 'application/json') c.header('Content-Type', 'application/json; charset=utf-8')
  })

  app.use(configCheck)
  app.route('/api', createApi())
  app.route('/share', sharePageRoutes)
  app.route('/tournaments', tournamentPageRoutes)
  app.notFound(notFound)
  app.onError(handleError)
  return app
}

/** Requests slower than this are logged, so slow paths show up before users report them. */
const SLOW_REQUEST_MS = 2_000

async function timed(next: () => Promise<void>) {
  const started = Date.now()
  await next()
  const ms = Date.now() - started
  if (ms >= SLOW_REQUEST_MS) log.warn('Slow request', { ms })
}

/**
 * The contract between worker and SPA: `hc<Api>('/api')` (hono/client). The SPA imports it from the
 * declarations `worker/tsconfig.api.json` emits, which knip does not follow.
 * @public
 */
export type Api = ReturnType<typeof createApi>
