import { Hono } from 'hono'
import type { AppEnv } from '../env'
import { markPublicRead } from '../lib/public-read-cache'
import { readPublicStats } from '../services/public-stats'
import { verifiedUserCount } from '../services/users'

// Site-wide numbers for the landing page.
export const statsRoutes = new Hono<AppEnv>()
  .get('/user-stats', async (c) => {
    const count = await verifiedUserCount(c.var.db)
    markPublicRead(c)
    return c.json(count)
  })
  .get('/public-banter-stats', async (c) => {
    const stats = await readPublicStats(c.var.db)
    if (stats.data_source !== 'error') markPublicRead(c)
    return c.json(stats)
  })
