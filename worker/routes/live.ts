import { type Context, Hono } from 'hono'
import * as z from 'zod/mini'
import type { AppEnv } from '../env'
import { ApiError } from '../lib/errors'
import { idParam, pageQuery, positiveId } from '../lib/params'
import { validate } from '../lib/validation'
import { LIVE_TOURNAMENT_HEADER, LIVE_VIEWER_HEADER } from '../live/hub'
import { hubOf } from '../live/hubs'
import { session, type ViewerEnv } from '../middleware/session'
import { assertReadable, tournamentAccessRead } from '../services/access'

// /api/leagues/{id}/live...: Matchday Live (issue 15). The tournament's hub answers from the live
// table it computed from the poller's last feed: no request touches FPL. Who may read is decided
// here, as for the standings (a private tournament's live data is for its members), before any
// call reaches the hub; the socket's upgrade is authorized the same way (its token travels as the
// WebSocket subprotocol, see middleware/session).

const teamParam = z.object({ id: positiveId, fplTeamId: positiveId })

/** The viewer, once the tournament's data is theirs to read (the standings' rule), in one D1 round trip. */
async function readableBy(c: Context<ViewerEnv>, id: number) {
  const { user, data: access } = await c.var.session.read((viewer) => tournamentAccessRead(c.var.db, id, viewer))
  assertReadable(access, user)
  return user
}

export const liveRoutes = new Hono<AppEnv>()
  .get('/:id/live', validate('param', idParam), validate('query', pageQuery), session('optional'), async (c) => {
    const { id } = c.req.valid('param')
    const { page, limit } = c.req.valid('query')
    const user = await readableBy(c, id)
    return c.json(await hubOf(c.env, id).live(id, { page, limit, viewerTeamId: user?.fplTeamId ?? null }))
  })
  .get('/:id/live/socket', validate('param', idParam), session('optional'), async (c) => {
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
      throw new ApiError(426, 'This address takes a WebSocket connection.', { code: 'websocket_expected' })
    }
    const { id } = c.req.valid('param')
    const user = await readableBy(c, id)
    const upgrade = new Request(c.req.raw)
    upgrade.headers.set(LIVE_TOURNAMENT_HEADER, String(id))
    if (user) upgrade.headers.set(LIVE_VIEWER_HEADER, String(user.id))
    else upgrade.headers.delete(LIVE_VIEWER_HEADER)
    return hubOf(c.env, id).fetch(upgrade)
  })
  .get('/:id/live/:fplTeamId', validate('param', teamParam), session('optional'), async (c) => {
    const { id, fplTeamId } = c.req.valid('param')
    await readableBy(c, id)
    const team = await hubOf(c.env, id).team(id, fplTeamId)
    if (!team) throw new ApiError(404, 'This manager is not in the league.', { code: 'manager_not_found' })
    return c.json(team)
  })
