import { Hono } from 'hono'
import type { AppEnv } from '../env'
import { idParam } from '../lib/params'
import { validate } from '../lib/validation'
import { session } from '../middleware/session'
import { raceRead } from '../services/race'
import { tournamentData } from './tournament-access'

// /api/leagues/{id}/race: the Race Centre (decision 132), for whoever may read the standings
// (services/race.ts reads and shapes it).

export const raceRoutes = new Hono<AppEnv>().get('/:id/race', validate('param', idParam), session('optional'), async (c) => {
  const { id } = c.req.valid('param')
  return c.json(
    await tournamentData(
      c,
      id,
      () => raceRead(c.var.db, id),
      (_t, _v, answer) => answer,
    ),
  )
})
