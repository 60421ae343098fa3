import { Hono } from 'hono'
import type { AppEnv } from '../env'
import { requestSource } from '../fpl/source'
import { markPublicRead } from '../lib/public-read-cache'
import { seasonAnswer } from '../services/season'

// Where FPL's year stands, for the app's season banner (decision 183).
export const seasonRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const answer = await seasonAnswer(c.var.db, () => requestSource(c.env))
  markPublicRead(c)
  return c.json(answer)
})
