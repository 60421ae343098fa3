import { Hono } from 'hono'
import type { AppEnv } from '../env'

// Liveness only: it touches no storage, so it is also the baseline of the benchmarks.
export const healthRoutes = new Hono<AppEnv>().get('/', (c) => c.json({ status: 'ok', service: c.env.PRODUCT_NAME, environment: c.env.ENVIRONMENT }))
