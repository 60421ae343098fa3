import type { Context } from 'hono'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { AppEnv } from '../env'
import { requestSource } from '../fpl/source'
import { type BatchRead, both, constant } from '../db/batch'
import { currentUser, readAsUser, readWithSession, requireAuth, type SessionUser } from '../lib/auth'
import { idParam, pageQuery, positiveId } from '../lib/params'
import { markPublicRead } from '../lib/public-read-cache'
import { showableText, validate } from '../lib/validation'
import { inviteCodeField } from '../services/auth/rules'
import { assertCanManage, assertReadable, leagueNotFound, loadTournament, type Tournament, tournamentAccessRead } from '../services/access'
import {
  addCuratedTeam,
  inviteLink,
  kickMember,
  membersRead,
  membersView,
  reactivateMember,
  regenerateInvite,
  removeCuratedTeam,
  updateSettings,
} from '../services/commissioner'
import { inviteLeague, joinByInvite } from '../services/invites'
import { banterStatsResponse, monthlyWinnersResponse, standingsResponse } from '../services/league-data'
import { latestSnapshotRead, standingsPageRead } from '../services/snapshot-store'
import { clientAddress, enforce, limitsFor } from '../services/rate-limit'
import { adminCheck, createTournament, curatedTeamList, joinTournament, tournamentDetailRead, tournamentListRead } from '../services/tournaments'

const inviteCode = inviteCodeField
const userIdQuery = z.object({ user_id: positiveId })
const teamBody = z.object({
  fpl_team_id: z.number({ error: 'FPL Team ID must be a positive number' }).check(z.int(), z.positive('FPL Team ID must be a positive number')),
})

const UNSHOWABLE_LEAGUE_NAME = "The name contains characters we can't show (or only invisible ones). Use letters, numbers or emoji."

const createFields = z.object({
  name: z
    .string({ error: 'Tournament name is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Tournament name is required'),
      z.maxLength(100, 'Tournament name must be at most 100 characters'),
      showableText(UNSHOWABLE_LEAGUE_NAME),
    ),
  fpl_league_id: z.coerce
    .number({ error: 'FPL league ID must be a number' })
    .check(z.int('FPL league ID must be a number'), z.positive('FPL league ID must be a number'), z.maximum(2_147_483_647)),
  // Prize features are off; whatever fee is sent, tournaments are free.
  entry_fee: z.optional(z.coerce.number().check(z.minimum(0), z.maximum(10_000))),
})

/** The spec's create call sends query parameters with a form-encoded body; accept either. */
async function createInput(c: Context<AppEnv>) {
  const form = /application\/x-www-form-urlencoded|multipart\/form-data/.test(c.req.header('content-type') ?? '') ? await c.req.parseBody() : {}
  const pick = (key: string) => c.req.query(key) ?? (typeof form[key] === 'string' ? form[key] : undefined)
  return createFields.parse({ name: pick('name'), fpl_league_id: pick('fpl_league_id'), entry_fee: pick('entry_fee') })
}

/**
 * The signed-in commissioner (or curated-league admin) and their tournament, with whatever the
 * route reads (handed out only after the check), in one D1 round trip.
 */
async function managedWith<T>(c: Context<AppEnv>, id: number, read: BatchRead<T>) {
  const { user, data: [access, data] } = await readAsUser(c, (userId) => both(tournamentAccessRead(c.var.db, id, userId), read))
  if (!access.tournament) throw leagueNotFound()
  c.set('user', user)
  assertCanManage(c.env, access.tournament, user)
  return { tournament: access.tournament, data }
}

const managed = async (c: Context<AppEnv>, id: number) => (await managedWith(c, id, constant(null))).tournament

/**
 * One of a tournament's data reads, for whoever may see it, in a single D1 round trip (session,
 * tournament, membership and data together). Anonymous answers about an open tournament go to
 * the public read cache once its data exists.
 */
async function tournamentData<T, Body extends { refreshed_at: string | null }>(
  c: Context<AppEnv>,
  id: number,
  read: (viewerUserId: number | null) => BatchRead<T>,
  answer: (tournament: Tournament, viewer: SessionUser | null, data: T) => Body,
) {
  const { user, data: [access, data] } = await readWithSession(c, (viewer) => both(tournamentAccessRead(c.var.db, id, viewer), read(viewer)))
  const tournament = assertReadable(access, user)
  const body = answer(tournament, user, data)
  if (!user && tournament.type !== 'private' && body.refreshed_at !== null) markPublicRead(c)
  return c.json(body)
}

// /api/leagues/...: the tournament list, create and join, invites, each tournament's data (read
// from the refresh's snapshots) and the commissioner's tools.
export const leagueRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { user, data } = await readWithSession(c, (viewer) => tournamentListRead(c.var.db, c.env, viewer))
    if (!user) markPublicRead(c)
    return c.json(data)
  })
  .post('/', requireAuth, async (c) => {
    const input = await createInput(c)
    return c.json(await createTournament(c.var.db, requestSource(c.env), currentUser(c), { name: input.name, fplLeagueId: input.fpl_league_id }), 201)
  })
  .get('/invite/:inviteCode', validate('param', z.object({ inviteCode })), async (c) => {
    await enforce(c.var.db, limitsFor('inviteLookup', clientAddress(c.req.raw.headers)))
    return c.json(await inviteLeague(c.var.db, c.req.valid('param').inviteCode))
  })
  .post('/join-by-invite', requireAuth, validate('json', z.object({ invite_code: inviteCode })), async (c) => {
    await enforce(c.var.db, limitsFor('inviteJoin', clientAddress(c.req.raw.headers), String(currentUser(c).id)))
    return c.json(await joinByInvite(c.var.db, requestSource(c.env), currentUser(c).id, c.req.valid('json').invite_code))
  })
  .get('/:id', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param')
    const { user, data } = await readWithSession(c, (viewer) => tournamentDetailRead(c.var.db, c.env, id, viewer))
    if (!data) throw leagueNotFound()
    if (!user) markPublicRead(c)
    return c.json(data)
  })
  .post('/:id/join', requireAuth, validate('param', idParam), async (c) =>
    c.json(await joinTournament(c.var.db, requestSource(c.env), currentUser(c), c.req.valid('param').id)),
  )
  .get('/:id/standings', validate('param', idParam), validate('query', pageQuery), async (c) => {
    const { id } = c.req.valid('param')
    const { page, limit } = c.req.valid('query')
    return tournamentData(
      c,
      id,
      (viewer) => standingsPageRead(c.var.db, id, page, limit, viewer),
      (tournament, viewer, data) => standingsResponse(tournament, { page, limit, viewerTeamId: viewer?.fplTeamId ?? null }, data),
    )
  })
  .get('/:id/monthly-winners', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param')
    return tournamentData(c, id, () => latestSnapshotRead(c.var.db, id, 'monthlyWinners'), (_t, _v, snapshot) => monthlyWinnersResponse(snapshot))
  })
  .get('/:id/banter-stats', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param')
    return tournamentData(c, id, () => latestSnapshotRead(c.var.db, id, 'banterStats'), (_t, _v, snapshot) => banterStatsResponse(snapshot))
  })
  .get('/:id/admin-check', requireAuth, validate('param', idParam), async (c) =>
    c.json(adminCheck(c.env, await loadTournament(c.var.db, c.req.valid('param').id), currentUser(c))),
  )
  .get('/:id/curated-teams', validate('param', idParam), async (c) => c.json({ curated_teams: await curatedTeamList(c.var.db, c.req.valid('param').id) }))
  .post('/:id/curated-teams', validate('param', idParam), validate('json', teamBody), async (c) => {
    const tournament = await managed(c, c.req.valid('param').id)
    return c.json(await addCuratedTeam(c.var.db, requestSource(c.env), tournament, currentUser(c), c.req.valid('json').fpl_team_id), 201)
  })
  .delete('/:id/curated-teams/:teamId', validate('param', z.object({ id: positiveId, teamId: positiveId })), async (c) => {
    const { id, teamId } = c.req.valid('param')
    return c.json(await removeCuratedTeam(c.var.db, await managed(c, id), teamId))
  })
  .get('/:id/invite-link', validate('param', idParam), async (c) => c.json(inviteLink(c.env.APP_URL, await managed(c, c.req.valid('param').id))))
  .post('/:id/regenerate-invite', validate('param', idParam), async (c) =>
    c.json(await regenerateInvite(c.var.db, c.env.APP_URL, await managed(c, c.req.valid('param').id))),
  )
  .get('/:id/members', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param')
    const { tournament, data: members } = await managedWith(c, id, membersRead(c.var.db, id))
    return c.json(membersView(tournament, members))
  })
  .put(
    '/:id/settings',
    validate('param', idParam),
    validate(
      'json',
      z.object({
        name: z
          .string({ error: 'League name is required' })
          .check(z.trim(), z.minLength(1, 'League name is required'), z.maxLength(100, 'League name must be at most 100 characters'), showableText(UNSHOWABLE_LEAGUE_NAME)),
        description: z._default(z.string().check(z.trim(), z.maxLength(500, 'Description must be at most 500 characters')), ''),
        is_public: z._default(z.boolean(), false),
      }),
    ),
    async (c) => c.json(await updateSettings(c.var.db, await managed(c, c.req.valid('param').id), c.req.valid('json'))),
  )
  .post('/:id/kick-user', validate('param', idParam), validate('query', userIdQuery), async (c) =>
    c.json(await kickMember(c.var.db, await managed(c, c.req.valid('param').id), c.req.valid('query').user_id)),
  )
  .post('/:id/reactivate-user', validate('param', idParam), validate('query', userIdQuery), async (c) =>
    c.json(await reactivateMember(c.var.db, await managed(c, c.req.valid('param').id), c.req.valid('query').user_id)),
  )
