import { Hono } from 'hono'
import * as z from 'zod'
import type { AppEnv } from '../env'
import { requestSource } from '../fpl/source'
import { positiveId } from '../lib/params'
import { validate } from '../lib/validation'
import { validateLeague, validateTeam } from '../services/fpl-lookup'

// Checks against FPL made while someone fills in a form.
export const fplRoutes = new Hono<AppEnv>()
  .get('/validate-league/:leagueId', validate('param', z.object({ leagueId: positiveId })), async (c) =>
    c.json(await validateLeague(c.var.db, requestSource(c.env), c.req.valid('param').leagueId)),
  )
  .get('/validate-team/:id/:code', validate('param', z.object({ id: positiveId, code: positiveId })), async (c) => {
    const { id, code } = c.req.valid('param')
    return c.json(await validateTeam(requestSource(c.env), id, code))
  })
