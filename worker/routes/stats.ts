import { eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { users } from '../db/schema'
import type { AppEnv } from '../env'
import { readPublicStats } from '../services/public-stats'

// Site-wide numbers for the landing page.
export const statsRoutes = new Hono<AppEnv>()
  .get('/user-stats', async (c) => {
    const [row] = await c.var.db.select({ n: sql<number>`count(*)` }).from(users).where(eq(users.isVerified, true))
    return c.json({ total_users: row?.n ?? 0 })
  })
  .get('/public-banter-stats', async (c) => c.json(await readPublicStats(c.var.db)))
