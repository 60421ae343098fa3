import { Hono } from 'hono'
import type { AppEnv } from '../env'
import { operatorOnly } from '../middleware/operator'
import { session } from '../middleware/session'
import { deepHealth } from '../services/health'

export const healthRoutes = new Hono<AppEnv>()
  // Liveness only: it touches no storage, so it is also the baseline of the benchmarks.
  .get('/', (c) => c.json({ status: 'ok', service: c.env.PRODUCT_NAME, environment: c.env.ENVIRONMENT }))
  // Each part the app needs, checked now (services/health): 503 when any check fails, for a monitor to
  // alert on, quoting the request's id as every failing answer does (its log lines and trace).
  .get('/deep', session('required'), operatorOnly, async (c) => {
    const health = await deepHealth(c.env, c.var.db)
    return c.json({ ...health, request_id: c.var.requestId }, health.status === 'ok' ? 200 : 503)
  })
