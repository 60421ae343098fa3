import { type Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as z from 'zod/mini'
import { STANDINGS_SEARCH_MAX_LENGTH } from '../../contract/tournaments'
import type { AppEnv } from '../env'
import { ApiError } from '../lib/errors'
import { idParam, pageQuery, positiveId } from '../lib/params'
import { validate } from '../lib/validation'
import { session, type ViewerEnv } from '../middleware/session'
import { assertReadable, tournamentAccessRead } from '../services/access'
import { hubOf } from '../services/live/hubs'
import { livePage, tableVersion } from '../services/live/page-cache'
import { LIVE_SOCKET_HEADER, type LiveSocketRequest } from '../services/live/sockets'
import { clientAddress, enforce, limitsFor } from '../services/rate-limit'

// /api/leagues/{id}/live...: Matchday Live (decision 102). The tournament's hub answers from the live
// table it computed from the poller's last feed: no request touches FPL. Who may read is decided
// here, as for the standings (a private tournament's live data is for its members), before any
// call reaches the hub; the socket's upgrade is authorized the same way (its token travels as the
// WebSocket subprotocol, see middleware/session), rate-limited, and the hub re-checks its session
// and access at every push.

const teamParam = z.object({ id: positiveId, fplTeamId: positiveId })
// The matchday insight's switch: projected automatic substitutions, on unless `auto_subs=false`.
const autoSubs = z.pipe(
  z.optional(z.enum(['true', 'false'], { error: 'auto_subs must be true or false' })),
  z.transform((value) => value !== 'false'),
)
const insightQuery = z.object({ auto_subs: autoSubs })
const battleQuery = z.object({ auto_subs: autoSubs, with: z.optional(positiveId) })
// The standings' search: a page of the rows whose team or manager name contains it (blank: all).
const liveQuery = z.extend(pageQuery, {
  search: z.optional(z.string().check(z.trim(), z.maxLength(STANDINGS_SEARCH_MAX_LENGTH))),
})

/** The viewer, once the tournament's data is theirs to read (the standings' rule), in one D1 round trip. */
async function readableBy(c: Pick<Context<ViewerEnv>, 'var'>, id: number) {
  const { user, data: access } = await c.var.session.read((viewer) => tournamentAccessRead(c.var.db, id, viewer))
  assertReadable(access, user)
  return user
}

export const liveRoutes = new Hono<AppEnv>()
  .get('/:id/live', validate('param', idParam), validate('query', liveQuery), session('optional'), async (c) => {
    const { id } = c.req.valid('param')
    const { page, limit, search } = c.req.valid('query')
    // The table's version is read alongside the authorization (it tells nothing of the table itself).
    const [user, version] = await Promise.all([readableBy(c, id), tableVersion(c.var.db, id)])
    const deps = { env: c.env, background: (work: Promise<unknown>) => c.executionCtx.waitUntil(work) }
    return c.json(await livePage(deps, id, version, { page, limit, search: search || null }, user?.fplTeamId ?? null))
  })
  .get('/:id/live/socket', validate('param', idParam), session('optional'), async (c) => {
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
      throw new ApiError(426, 'This address takes a WebSocket connection.', { code: 'websocket_expected' })
    }
    const { id } = c.req.valid('param')
    const user = await readableBy(c, id)
    const address = clientAddress(c.req.raw.headers)
    await enforce(c.var.db, limitsFor('liveSocket', address, user ? String(user.id) : undefined))
    const claims = await c.var.session.claims()
    const socket: LiveSocketRequest = {
      tournamentId: id,
      session: claims && { userId: claims.userId, tokenId: claims.tokenId, tokenVersion: claims.tokenVersion },
      address,
    }
    const upgrade = new Request(c.req.raw)
    upgrade.headers.set(LIVE_SOCKET_HEADER, JSON.stringify(socket))
    const answer = await hubOf(c.env, id).fetch(upgrade)
    if (answer.status < 400) return answer
    // The hub's refusal (too many sockets) leaves through the API's one error path, with the request's id.
    const { detail, code } = (await answer.json()) as { detail: string; code?: string }
    const retryAfter = answer.headers.get('retry-after')
    throw new ApiError(answer.status as ContentfulStatusCode, detail, { code, headers: retryAfter ? { 'Retry-After': retryAfter } : undefined })
  })
  // The league's matchday insight (issue 31): for whoever may read the standings, from the hub's table.
  .get('/:id/live/ownership', validate('param', idParam), validate('query', insightQuery), session('optional'), async (c) => {
    const { id } = c.req.valid('param')
    const user = await readableBy(c, id)
    return c.json(await hubOf(c.env, id).ownership(c.req.valid('query').auto_subs, user?.fplTeamId ?? null))
  })
  .get('/:id/live/glance', validate('param', idParam), validate('query', insightQuery), session('optional'), async (c) => {
    const { id } = c.req.valid('param')
    await readableBy(c, id)
    return c.json(await hubOf(c.env, id).glance(c.req.valid('query').auto_subs))
  })
  .get('/:id/live/battle', validate('param', idParam), validate('query', battleQuery), session('required'), async (c) => {
    const { id } = c.req.valid('param')
    const { auto_subs, with: rival } = c.req.valid('query')
    const user = await readableBy(c, id)
    if (!user?.fplTeamId) throw new ApiError(409, 'Add your FPL team to battle a rival.', { code: 'no_fpl_team' })
    const answer = await hubOf(c.env, id).battle(auto_subs, user.fplTeamId, rival ?? null)
    if (!answer) throw new ApiError(404, 'Your team and your rival must both be in this league, with their picks in.', { code: 'battle_not_found' })
    return c.json(answer)
  })
  .get('/:id/live/:fplTeamId', validate('param', teamParam), session('optional'), async (c) => {
    const { id, fplTeamId } = c.req.valid('param')
    await readableBy(c, id)
    const team = await hubOf(c.env, id).team(fplTeamId)
    if (!team) throw new ApiError(404, 'This manager is not in the league.', { code: 'manager_not_found' })
    return c.json(team)
  })
