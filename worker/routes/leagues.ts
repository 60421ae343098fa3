import { Hono } from 'hono'
import type { AppEnv } from '../env'
import { optionalAuth } from '../lib/auth'
import { idParam, pageQuery } from '../lib/params'
import { validate } from '../lib/validation'
import { banterStatsResponse, findTournament, monthlyWinnersResponse, standingsResponse } from '../services/league-data'

// /api/leagues/{id}/...: the tournament's data, read from the refresh's snapshots.
export const leagueRoutes = new Hono<AppEnv>()
  .get('/:id/standings', validate('param', idParam), validate('query', pageQuery), optionalAuth, async (c) => {
    const tournament = await findTournament(c.var.db, c.req.valid('param').id)
    const { page, limit } = c.req.valid('query')
    return c.json(await standingsResponse(c.var.db, tournament, { page, limit, viewerTeamId: c.var.viewerTeamId ?? null }))
  })
  .get('/:id/monthly-winners', validate('param', idParam), async (c) => {
    const tournament = await findTournament(c.var.db, c.req.valid('param').id)
    return c.json(await monthlyWinnersResponse(c.var.db, tournament.id))
  })
  .get('/:id/banter-stats', validate('param', idParam), async (c) => {
    const tournament = await findTournament(c.var.db, c.req.valid('param').id)
    return c.json(await banterStatsResponse(c.var.db, tournament.id))
  })
