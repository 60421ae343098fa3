import { Hono } from 'hono'
import * as z from 'zod/mini'
import { constant } from '../db/batch'
import type { AppEnv } from '../env'
import { idParam } from '../lib/params'
import { validate } from '../lib/validation'
import { session } from '../middleware/session'
import { recordsRead, seasonsRead } from '../services/hall-of-fame'
import { lineageOf, linkLineage } from '../services/lineage'
import { managed, managedWith, tournamentData } from './tournament-access'

// /api/leagues/{id}/records, /seasons and /lineage: the Hall of Fame (decisions 136, 137), for whoever may
// read the standings (services/hall-of-fame.ts reads and shapes it); the season lineage is the
// commissioner's.

const lineageBody = z.object({
  previous_fpl_league_id: z.nullable(
    z
      .number({ error: 'FPL league ID must be a positive number, or null to unlink' })
      .check(z.int('FPL league ID must be a whole number'), z.positive('FPL league ID must be a positive number'), z.maximum(2_147_483_647)),
  ),
})

export const hallOfFameRoutes = new Hono<AppEnv>()
  .get('/:id/records', validate('param', idParam), session('optional'), async (c) => {
    const { id } = c.req.valid('param')
    return c.json(
      await tournamentData(
        c,
        id,
        () => recordsRead(c.var.db, id),
        (_t, _v, answer) => answer,
      ),
    )
  })
  .get('/:id/seasons', validate('param', idParam), session('optional'), async (c) => {
    const { id } = c.req.valid('param')
    return c.json(
      await tournamentData(
        c,
        id,
        () => seasonsRead(c.var.db, id),
        (_t, _v, answer) => answer,
      ),
    )
  })
  .get('/:id/lineage', validate('param', idParam), session('required'), async (c) =>
    c.json(await lineageOf(c.var.db, await managed(c, c.req.valid('param').id))),
  )
  .put('/:id/lineage', validate('param', idParam), validate('json', lineageBody), session('required'), async (c) => {
    const { tournament, user } = await managedWith(c, c.req.valid('param').id, constant(null))
    return c.json(await linkLineage(c.var.db, tournament, user, c.req.valid('json').previous_fpl_league_id))
  })
