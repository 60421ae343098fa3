import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { getDb } from './db/client'
import type { AppEnv } from './env'
import { errorBody, handleError, notFound } from './lib/errors'
import { publicReadCache } from './lib/public-read-cache'
import { SECURITY_HEADERS } from './lib/security-headers'
import { authRoutes, autoJoinRoutes } from './routes/auth'
import { banterRoutes } from './routes/banter'
import { communityRoutes } from './routes/community'
import { devRoutes } from './routes/dev'
import { fplRoutes } from './routes/fpl'
import { healthRoutes } from './routes/health'
import { leagueRoutes } from './routes/leagues'
import { sharePageRoutes } from './routes/share-page'
import { statsRoutes } from './routes/stats'
import { tournamentPageRoutes } from './routes/tournament-page'

const MAX_BODY_BYTES = 64 * 1024

export function createApp() {
  const app = new Hono<AppEnv>()

  app.use(async (c, next) => {
    // Cheap to build per request: it only wraps the binding.
    c.set('db', getDb(c.env.DB))
    await next()
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value)
    // Hono's c.json says only `application/json`: name the charset so no client has to guess it.
    if (c.res.headers.get('content-type') === 'application/json') c.header('Content-Type', 'application/json; charset=utf-8')
  })

  const api = new Hono<AppEnv>()
    .use(
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        onError: (c) => c.json(errorBody('The request body is too large.', 'payload_too_large'), 413),
      }),
    )
    .use(async (c, next) => {
      // API answers are per user and per moment unless a route says otherwise.
      c.header('Cache-Control', 'no-store')
      await next()
    })
    .use(publicReadCache)
    .route('/health', healthRoutes)
    .route('/auth', authRoutes)
    .route('/', autoJoinRoutes)
    .route('/banter', banterRoutes)
    .route('/leagues', leagueRoutes)
    .route('/community-posts', communityRoutes)
    .route('/', fplRoutes)
    .route('/', statsRoutes)
    .route('/dev', devRoutes)
    .notFound(notFound)

  app.route('/api', api)
  app.route('/share', sharePageRoutes)
  app.route('/tournaments', tournamentPageRoutes((request, env, ctx) => app.fetch(request, env, ctx)))
  app.notFound(notFound)
  app.onError(handleError)
  return app
}

export type App = ReturnType<typeof createApp>
