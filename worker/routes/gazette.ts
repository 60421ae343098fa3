import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { AppEnv } from '../env'
import { positiveId } from '../lib/params'
import { validate } from '../lib/validation'
import { session } from '../middleware/session'
import { deleteEdition, editionsRead, gazetteAnswer, setGazette } from '../services/gazette'
import { moderatingWall, wallWith } from './tournament-access'

// /api/leagues/{id}/gazette: the Gameweek Gazette on the wall (decision 134). Read by the wall's
// members; deleted or switched off by its commissioner.

const leagueParam = z.object({ id: positiveId })
const editionParam = z.object({
  id: positiveId,
  // "2026-27" in the address ("2026/27" with the slash written as a dash).
  season: z.string().check(z.regex(/^\d{4}-\d{2}$/, 'Season must look like 2026-27')),
  gameweek: z.coerce.number().check(z.int('Gameweek must be a whole number'), z.minimum(1, 'Gameweek must be 1-38'), z.maximum(38, 'Gameweek must be 1-38')),
})
const settingsBody = z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) })

export const gazetteRoutes = new Hono<AppEnv>()
  .get('/:id/gazette', validate('param', leagueParam), session('required'), async (c) => {
    const { id } = c.req.valid('param')
    const { tournament, user, data } = await wallWith(c, id, editionsRead(c.var.db, id))
    return c.json(gazetteAnswer(tournament, user, data))
  })
  .delete('/:id/gazette/:season/:gameweek', validate('param', editionParam), session('required'), async (c) => {
    const { id, season, gameweek } = c.req.valid('param')
    const { tournament, user } = await moderatingWall(c, id)
    return c.json(await deleteEdition(c.var.db, tournament, user, season.replace('-', '/'), gameweek))
  })
  .put('/:id/gazette/settings', validate('param', leagueParam), validate('json', settingsBody), session('required'), async (c) => {
    const { tournament } = await moderatingWall(c, c.req.valid('param').id)
    return c.json(await setGazette(c.var.db, tournament, c.req.valid('json').enabled))
  })
