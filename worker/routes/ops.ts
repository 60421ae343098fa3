import { Hono } from 'hono'
import type { AppEnv } from '../env'
import { idParam } from '../lib/params'
import { validate } from '../lib/validation'
import { operatorOnly } from '../middleware/operator'
import { session } from '../middleware/session'
import { listDeadLetters, replayDeadLetter } from '../services/dead-letters'

// /api/ops/*: what an operator of the deployment needs (middleware/operator: the accounts of ADMIN_EMAILS).

export const opsRoutes = new Hono<AppEnv>()
  .get('/dead-letters', session('required'), operatorOnly, async (c) => c.json({ dead_letters: await listDeadLetters(c.var.db) }))
  .post('/dead-letters/:id/replay', session('required'), operatorOnly, validate('param', idParam), async (c) =>
    c.json(await replayDeadLetter(c.env, c.var.db, c.req.valid('param').id)),
  )
