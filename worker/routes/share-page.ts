import { Hono } from 'hono'
import type { AppEnv } from '../env'

// /share/* runs in the worker (wrangler.toml run_worker_first) so that share pages can carry
// server-side social metadata. Until that lands, it hands the request to the SPA shell.
export const sharePageRoutes = new Hono<AppEnv>().get('*', (c) =>
  c.env.ASSETS.fetch(new Request(new URL('/index.html', c.req.url), { headers: c.req.raw.headers })),
)
