import { Hono } from 'hono'
import * as z from 'zod/mini'
import { STANDINGS_SEARCH_MAX_LENGTH } from '../../contract/tournaments'
import { constant } from '../db/batch'
import type { AppEnv } from '../env'
import { requestSource } from '../fpl/source'
import { log } from '../lib/log'
import { idParam, pageQuery, positiveId } from '../lib/params'
import { markPublicRead } from '../lib/public-read-cache'
import { showableText, validate, validateQueryOrForm } from '../lib/validation'
import { session } from '../middleware/session'
import { adminCheck } from '../services/access'
import { inviteCodeField } from '../services/auth/rules'
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
import { ownTeamLeagues } from '../services/fpl-lookup'
import { inviteLeague, inviteUrl, joinByInvite } from '../services/invites'
import { banterStatsResponse, monthlyWinnersResponse, standingsResponse } from '../services/league-data'
import { clientAddress, enforce, limitsFor } from '../services/rate-limit'
import { renewState, renewTournament } from '../services/renew'
import { latestSnapshotRead, standingsPageRead } from '../services/snapshot-store'
import {
  createTournament,
  curatedTeamList,
  joinTournament,
  leagueNotFound,
  tournamentDetailRead,
  tournamentListRead,
  tournamentRead,
} from '../services/tournaments'
import { managed, managedWith, tournamentData } from './tournament-access'

const inviteCode = inviteCodeField
const userIdQuery = z.object({ user_id: positiveId })
// A page of the table, or with `search` a page of the rows whose team or manager name contains
// it (blank means the whole table).
const standingsQuery = z.extend(pageQuery, {
  search: z.optional(z.string().check(z.trim(), z.maxLength(STANDINGS_SEARCH_MAX_LENGTH))),
})
const teamBody = z.object({
  fpl_team_id: z.number({ error: 'FPL Team ID must be a positive number' }).check(z.int(), z.positive('FPL Team ID must be a positive number')),
})

// This season's FPL league of a tournament renewed for the new season (decision 185).
const renewBody = z.object({
  fpl_league_id: z
    .number({ error: 'FPL league ID must be a positive number' })
    .check(z.int('FPL league ID must be a whole number'), z.positive('FPL league ID must be a positive number'), z.maximum(2_147_483_647)),
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

// /api/leagues/...: the tournament list, create and join, invites, each tournament's data (read
// from the refresh's snapshots) and the commissioner's tools.
export const leagueRoutes = new Hono<AppEnv>()
  .get('/', session('optional'), async (c) => {
    const { user, data } = await c.var.session.read((viewer) => tournamentListRead(c.var.db, c.env, viewer))
    if (!user) markPublicRead(c)
    const unread = data.unreadTeam
    if (unread) {
      // Once per user (until their team changes), after the answer: one cached FPL entry read.
      const learn = ownTeamLeagues(c.var.db, requestSource(c.env), unread.userId, unread.teamId)
      c.executionCtx.waitUntil(learn.catch((error: unknown) => log.warn("The viewer's FPL leagues were not read", { error })))
    }
    return c.json(data.leagues)
  })
  .post('/', session('required'), validateQueryOrForm(createFields), async (c) => {
    const input = c.req.valid('form')
    const created = await createTournament(c.var.db, requestSource(c.env), c.env.REFRESH_QUEUE, await c.var.session.user(), {
      name: input.name,
      fplLeagueId: input.fpl_league_id,
    })
    // The link the created dialog hands out, built as the invite tab builds it.
    return c.json({ ...created, invite_url: created.invite_code ? inviteUrl(c.env.APP_URL, created.invite_code) : null }, 201)
  })
  .get('/invite/:inviteCode', validate('param', z.object({ inviteCode })), async (c) => {
    await enforce(c.var.db, limitsFor('inviteLookup', clientAddress(c.req.raw.headers)))
    return c.json(await inviteLeague(c.var.db, c.req.valid('param').inviteCode))
  })
  .post('/join-by-invite', session('required'), validate('json', z.object({ invite_code: inviteCode })), async (c) => {
    const userId = (await c.var.session.user()).id
    await enforce(c.var.db, limitsFor('inviteJoin', clientAddress(c.req.raw.headers), String(userId)))
    return c.json(await joinByInvite(c.var.db, requestSource(c.env), userId, c.req.valid('json').invite_code))
  })
  .get('/:id', validate('param', idParam), session('optional'), async (c) => {
    const { id } = c.req.valid('param')
    const { user, data } = await c.var.session.read((viewer) => tournamentDetailRead(c.var.db, c.env, id, viewer))
    if (!data) throw leagueNotFound()
    // A page waiting for its first refresh polls this answer: it must not be kept while waiting.
    if (!user && data.refresh.state === 'ready') markPublicRead(c)
    return c.json(data)
  })
  .post('/:id/join', session('required'), validate('param', idParam), async (c) =>
    c.json(await joinTournament(c.var.db, requestSource(c.env), await c.var.session.user(), c.req.valid('param').id)),
  )
  .get('/:id/standings', validate('param', idParam), validate('query', standingsQuery), session('optional'), async (c) => {
    const { id } = c.req.valid('param')
    const { page, limit, search } = c.req.valid('query')
    const slice = { page, limit, search: search || null }
    return c.json(
      await tournamentData(
        c,
        id,
        (viewer) => standingsPageRead(c.var.db, id, slice, viewer),
        (tournament, viewer, data) => standingsResponse(tournament, { ...slice, viewerTeamId: viewer?.fplTeamId ?? null }, data),
      ),
    )
  })
  .get('/:id/monthly-winners', validate('param', idParam), session('optional'), async (c) => {
    const { id } = c.req.valid('param')
    return c.json(
      await tournamentData(
        c,
        id,
        () => latestSnapshotRead(c.var.db, id, 'monthlyWinners'),
        (_t, _v, snapshot) => monthlyWinnersResponse(snapshot),
      ),
    )
  })
  .get('/:id/banter-stats', validate('param', idParam), session('optional'), async (c) => {
    const { id } = c.req.valid('param')
    return c.json(
      await tournamentData(
        c,
        id,
        () => latestSnapshotRead(c.var.db, id, 'banterStats'),
        (_t, _v, snapshot) => banterStatsResponse(snapshot),
      ),
    )
  })
  .get('/:id/admin-check', session('required'), validate('param', idParam), async (c) => {
    const { user, data: tournament } = await c.var.session.read(() => tournamentRead(c.var.db, c.req.valid('param').id))
    if (!tournament) throw leagueNotFound()
    return c.json(adminCheck(c.env, tournament, user))
  })
  .get('/:id/curated-teams', validate('param', idParam), async (c) => c.json({ curated_teams: await curatedTeamList(c.var.db, c.req.valid('param').id) }))
  .post('/:id/curated-teams', validate('param', idParam), validate('json', teamBody), session('required'), async (c) => {
    const { tournament, user } = await managedWith(c, c.req.valid('param').id, constant(null))
    return c.json(await addCuratedTeam(c.var.db, requestSource(c.env), tournament, user, c.req.valid('json').fpl_team_id), 201)
  })
  .delete('/:id/curated-teams/:teamId', validate('param', z.object({ id: positiveId, teamId: positiveId })), session('required'), async (c) => {
    const { id, teamId } = c.req.valid('param')
    return c.json(await removeCuratedTeam(c.var.db, await managed(c, id), teamId))
  })
  .get('/:id/invite-link', validate('param', idParam), session('required'), async (c) =>
    c.json(inviteLink(c.env.APP_URL, await managed(c, c.req.valid('param').id))),
  )
  .post('/:id/regenerate-invite', validate('param', idParam), session('required'), async (c) =>
    c.json(await regenerateInvite(c.var.db, c.env.APP_URL, await managed(c, c.req.valid('param').id))),
  )
  .get('/:id/members', validate('param', idParam), session('required'), async (c) => {
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
          .check(
            z.trim(),
            z.minLength(1, 'League name is required'),
            z.maxLength(100, 'League name must be at most 100 characters'),
            showableText(UNSHOWABLE_LEAGUE_NAME),
          ),
        description: z._default(z.string().check(z.trim(), z.maxLength(500, 'Description must be at most 500 characters')), ''),
        is_public: z._default(z.boolean(), false),
      }),
    ),
    session('required'),
    async (c) => c.json(await updateSettings(c.var.db, await managed(c, c.req.valid('param').id), c.req.valid('json'))),
  )
  .post('/:id/kick-user', validate('param', idParam), validate('query', userIdQuery), session('required'), async (c) =>
    c.json(await kickMember(c.var.db, await managed(c, c.req.valid('param').id), c.req.valid('query').user_id)),
  )
  .post('/:id/reactivate-user', validate('param', idParam), validate('query', userIdQuery), session('required'), async (c) =>
    c.json(await reactivateMember(c.var.db, await managed(c, c.req.valid('param').id), c.req.valid('query').user_id)),
  )
  .get('/:id/renew', validate('param', idParam), session('required'), async (c) => {
    const { id } = c.req.valid('param')
    const { tournament, user, data } = await managedWith(c, id, latestSnapshotRead(c.var.db, id, 'standingsMeta'))
    return c.json(await renewState(c.var.db, requestSource(c.env), tournament, user, data))
  })
  .post('/:id/renew', validate('param', idParam), validate('json', renewBody), session('required'), async (c) => {
    const { tournament, user } = await managedWith(c, c.req.valid('param').id, constant(null))
    return c.json(await renewTournament(c.var.db, requestSource(c.env), c.env.REFRESH_QUEUE, tournament, user, c.req.valid('json').fpl_league_id))
  })
