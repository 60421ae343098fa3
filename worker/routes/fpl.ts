import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { AppEnv } from '../env'
import { requestSource } from '../fpl/source'
import { positiveId } from '../lib/params'
import { validate } from '../lib/validation'
import { session } from '../middleware/session'
import { discoverEveryLeague, teamSummary, validateLeague, validateTeam } from '../services/fpl-lookup'
import { clientAddress, enforce, limitsFor } from '../services/rate-limit'

// Checks against FPL made while someone fills in a form.
export const fplRoutes = new Hono<AppEnv>()
  // Signed in, it also says whether the viewer's own team is in the league (the create dialog).
  .get('/validate-league/:leagueId', validate('param', z.object({ leagueId: positiveId })), session('optional'), async (c) => {
    await enforce(c.var.db, limitsFor('fplValidate', clientAddress(c.req.raw.headers)))
    return c.json(await validateLeague(c.var.db, requestSource(c.env), c.req.valid('param').leagueId, await c.var.session.user()))
  })
  .get('/validate-team/:id/:code', validate('param', z.object({ id: positiveId, code: positiveId })), async (c) => {
    await enforce(c.var.db, limitsFor('fplValidate', clientAddress(c.req.raw.headers)))
    const { id, code } = c.req.valid('param')
    return c.json(await validateTeam(requestSource(c.env), id, code))
  })
  // "Is this your team?": the team and manager name before a team id is saved (same budget as validate-team).
  .get('/fpl-team/:id', validate('param', z.object({ id: positiveId })), async (c) => {
    await enforce(c.var.db, limitsFor('fplValidate', clientAddress(c.req.raw.headers)))
    return c.json(await teamSummary(requestSource(c.env), c.req.valid('param').id))
  })
  // Our tournaments whose FPL league contains this team (after sign-up or adding a team id), and
  // the team's invitational FPL leagues with no tournament here yet (`not_here_yet`).
  .get('/discover-leagues/:fpl_team_id', session('required'), validate('param', z.object({ fpl_team_id: positiveId })), async (c) => {
    const user = await c.var.session.user()
    return c.json(await discoverEveryLeague(c.var.db, requestSource(c.env), c.req.valid('param').fpl_team_id, user.id))
  })
