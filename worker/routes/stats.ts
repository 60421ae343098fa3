import { eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { users } from '../db/schema'
import type { AppEnv } from '../env'
import { markPublicRead } from '../lib/public-read-cache'
import { readPublicStats } from '../services/public-stats'

// Site-wide numbers for the landing page.
export const statsRoutes = new Hono<AppEnv>()
  .get('/user-stats', async (c) => {
    const [row] = await c.var.db.select({ n: sql<number>`count(*)` }).from(users).where(eq(users.isVerified, true))
    markPublicRead(c)
    return c.json({ total_users: row?.n ?? 0 })
  })
  .get('/public-banter-stats', async (c) => {
    const stats = await readPublicStats(c.var.db)
    if (stats.data_source !== 'error') markPublicRead(c)
    return c.json(stats)
  })
