import { Hono } from 'hono'
import type { AppEnv } from '../env'
import { session } from '../middleware/session'
import { myGameweek, myGameweekRead } from '../services/my-gameweek'

// /api/me/*: the signed-in manager's own view across every table they are in (decision 166).

export const meRoutes = new Hono<AppEnv>().get('/gameweek', session('required'), async (c) => {
  // The memberships, tables and feed are read in the session check's own round trip.
  const { user, data } = await c.var.session.read((userId) => myGameweekRead(c.var.db, userId))
  const deps = { env: c.env, background: (work: Promise<unknown>) => c.executionCtx.waitUntil(work) }
  return c.json(await myGameweek(deps, user.fplTeamId, data))
})
