import type { Context } from 'hono'
import { Hono } from 'hono'
import * as z from 'zod'
import type { AppEnv } from '../env'
import { requestSource } from '../fpl/source'
import { currentUser, optionalAuth, requireAuth } from '../lib/auth'
import { idParam, pageQuery, positiveId } from '../lib/params'
import { markPublicRead } from '../lib/public-read-cache'
import { validate } from '../lib/validation'
import { assertCanManage, assertCanRead, loadTournament } from '../services/access'
import {
  addCuratedTeam,
  inviteLink,
  kickMember,
  listMembers,
  reactivateMember,
  regenerateInvite,
  removeCuratedTeam,
  updateSettings,
} from '../services/commissioner'
import { inviteLeague, joinByInvite } from '../services/invites'
import { banterStatsResponse, monthlyWinnersResponse, standingsResponse } from '../services/league-data'
import { adminCheck, createTournament, curatedTeamList, joinTournament, listTournaments, tournamentDetail } from '../services/tournaments'

const inviteCode = z.string().trim().min(6, 'Invalid invite link').max(64, 'Invalid invite link').regex(/^[A-Za-z0-9_-]+$/, 'Invalid invite link')
const userIdQuery = z.object({ user_id: positiveId })
const teamBody = z.object({ fpl_team_id: z.number({ error: 'FPL Team ID must be a positive number' }).int().positive('FPL Team ID must be a positive number') })

const createFields = z.object({
  name: z.string({ error: 'Tournament name is required' }).trim().min(1, 'Tournament name is required').max(100, 'Tournament name must be at most 100 characters'),
  fpl_league_id: z.coerce.number({ error: 'FPL league ID must be a number' }).int('FPL league ID must be a number').positive('FPL league ID must be a number').max(2_147_483_647),
  // Prize features are off; whatever fee is sent, tournaments are free.
  entry_fee: z.coerce.number().min(0).max(10_000).optional(),
})

/** The spec's create call sends query parameters with a form-encoded body; accept either. */
async function createInput(c: Context<AppEnv>) {
  const form = /application\/x-www-form-urlencoded|multipart\/form-data/.test(c.req.header('content-type') ?? '') ? await c.req.parseBody() : {}
  const pick = (key: string) => c.req.query(key) ?? (typeof form[key] === 'string' ? form[key] : undefined)
  return createFields.parse({ name: pick('name'), fpl_league_id: pick('fpl_league_id'), entry_fee: pick('entry_fee') })
}

const managed = async (c: Context<AppEnv>, id: number) => {
  const tournament = await loadTournament(c.var.db, id)
  assertCanManage(c.env, tournament, currentUser(c))
  return tournament
}

const readable = async (c: Context<AppEnv>, id: number) => {
  const tournament = await loadTournament(c.var.db, id)
  await assertCanRead(c.var.db, tournament, c.var.user)
  return tournament
}

/** Answers with a tournament's snapshot data, shared by every anonymous visitor of an open tournament once it exists. */
const snapshotJson = <T extends { refreshed_at: string | null }>(c: Context<AppEnv>, tournament: { type: string }, body: T) => {
  if (tournament.type !== 'private' && body.refreshed_at !== null) markPublicRead(c)
  return c.json(body)
}

// /api/leagues/...: the tournament list, create and join, invites, each tournament's data (read
// from the refresh's snapshots) and the commissioner's tools.
export const leagueRoutes = new Hono<AppEnv>()
  .get('/', optionalAuth, async (c) => {
    markPublicRead(c)
    return c.json(await listTournaments(c.var.db, c.env, c.var.user ?? null))
  })
  .post('/', requireAuth, async (c) => {
    const input = await createInput(c)
    return c.json(await createTournament(c.var.db, requestSource(c.env), currentUser(c), { name: input.name, fplLeagueId: input.fpl_league_id }), 201)
  })
  .get('/invite/:inviteCode', validate('param', z.object({ inviteCode })), async (c) => c.json(await inviteLeague(c.var.db, c.req.valid('param').inviteCode)))
  .post('/join-by-invite', requireAuth, validate('json', z.object({ invite_code: inviteCode })), async (c) =>
    c.json(await joinByInvite(c.var.db, requestSource(c.env), currentUser(c).id, c.req.valid('json').invite_code)),
  )
  .get('/:id', validate('param', idParam), optionalAuth, async (c) => {
    const detail = await tournamentDetail(c.var.db, c.env, c.req.valid('param').id, c.var.user ?? null)
    markPublicRead(c)
    return c.json(detail)
  })
  .post('/:id/join', requireAuth, validate('param', idParam), async (c) =>
    c.json(await joinTournament(c.var.db, requestSource(c.env), currentUser(c), c.req.valid('param').id)),
  )
  .get('/:id/standings', validate('param', idParam), validate('query', pageQuery), optionalAuth, async (c) => {
    const tournament = await readable(c, c.req.valid('param').id)
    const { page, limit } = c.req.valid('query')
    return snapshotJson(c, tournament, await standingsResponse(c.var.db, tournament, { page, limit, viewerTeamId: c.var.viewerTeamId ?? null }))
  })
  .get('/:id/monthly-winners', validate('param', idParam), optionalAuth, async (c) => {
    const tournament = await readable(c, c.req.valid('param').id)
    return snapshotJson(c, tournament, await monthlyWinnersResponse(c.var.db, tournament.id))
  })
  .get('/:id/banter-stats', validate('param', idParam), optionalAuth, async (c) => {
    const tournament = await readable(c, c.req.valid('param').id)
    return snapshotJson(c, tournament, await banterStatsResponse(c.var.db, tournament.id))
  })
  .get('/:id/admin-check', requireAuth, validate('param', idParam), async (c) =>
    c.json(adminCheck(c.env, await loadTournament(c.var.db, c.req.valid('param').id), currentUser(c))),
  )
  .get('/:id/curated-teams', validate('param', idParam), async (c) => c.json({ curated_teams: await curatedTeamList(c.var.db, c.req.valid('param').id) }))
  .post('/:id/curated-teams', requireAuth, validate('param', idParam), validate('json', teamBody), async (c) => {
    const tournament = await managed(c, c.req.valid('param').id)
    return c.json(await addCuratedTeam(c.var.db, requestSource(c.env), tournament, currentUser(c), c.req.valid('json').fpl_team_id), 201)
  })
  .delete('/:id/curated-teams/:teamId', requireAuth, validate('param', z.object({ id: positiveId, teamId: positiveId })), async (c) => {
    const { id, teamId } = c.req.valid('param')
    return c.json(await removeCuratedTeam(c.var.db, await managed(c, id), teamId))
  })
  .get('/:id/invite-link', requireAuth, validate('param', idParam), async (c) => c.json(inviteLink(c.env.APP_URL, await managed(c, c.req.valid('param').id))))
  .post('/:id/regenerate-invite', requireAuth, validate('param', idParam), async (c) =>
    c.json(await regenerateInvite(c.var.db, c.env.APP_URL, await managed(c, c.req.valid('param').id))),
  )
  .get('/:id/members', requireAuth, validate('param', idParam), async (c) => c.json(await listMembers(c.var.db, await managed(c, c.req.valid('param').id))))
  .put(
    '/:id/settings',
    requireAuth,
    validate('param', idParam),
    validate(
      'json',
      z.object({
        name: z.string({ error: 'League name is required' }).trim().min(1, 'League name is required').max(100, 'League name must be at most 100 characters'),
        description: z.string().trim().max(500, 'Description must be at most 500 characters').default(''),
        is_public: z.boolean().default(false),
      }),
    ),
    async (c) => c.json(await updateSettings(c.var.db, await managed(c, c.req.valid('param').id), c.req.valid('json'))),
  )
  .post('/:id/kick-user', requireAuth, validate('param', idParam), validate('query', userIdQuery), async (c) =>
    c.json(await kickMember(c.var.db, await managed(c, c.req.valid('param').id), c.req.valid('query').user_id)),
  )
  .post('/:id/reactivate-user', requireAuth, validate('param', idParam), validate('query', userIdQuery), async (c) =>
    c.json(await reactivateMember(c.var.db, await managed(c, c.req.valid('param').id), c.req.valid('query').user_id)),
  )
