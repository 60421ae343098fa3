import type { Context } from 'hono'
import { type BatchRead, batchOf, constant } from '../db/batch'
import { addLogFields } from '../lib/log'
import { markPublicRead } from '../lib/public-read-cache'
import type { SignedInEnv, ViewerEnv } from '../middleware/session'
import { assertCanManage, assertCanUseWall, assertReadable, tournamentAccessRead } from '../services/access'
import type { SessionUser } from '../services/auth/sessions'
import { clientAddress, enforce, limitsFor } from '../services/rate-limit'
import { leagueNotFound, type Tournament } from '../services/tournaments'

// How a route reaches a tournament's data: the one check of who may read it (the standings'
// rule), use its wall (members) or manage it (the commissioner), made in the same D1 round trip
// as the read itself. The tournament's id joins the request's log lines from here on.

/** When the data behind an answer was made: null while the tournament waits for its first refresh. */
interface Freshness {
  refreshed_at?: string | null
  computed_at?: string | null
}

/**
 * The signed-in commissioner (or curated-league admin) and their tournament, with whatever the
 * route reads (handed out only after the check), in one D1 round trip.
 */
export async function managedWith<T>(c: Context<SignedInEnv>, id: number, read: BatchRead<T>) {
  const {
    user,
    data: { access, data },
  } = await c.var.session.read((userId) => batchOf({ access: tournamentAccessRead(c.var.db, id, userId), data: read }))
  addLogFields({ tournament_id: id })
  if (!access.tournament) throw leagueNotFound()
  assertCanManage(c.env, access.tournament, user)
  return { tournament: access.tournament, user, data }
}

export const managed = async (c: Context<SignedInEnv>, id: number): Promise<Tournament> => (await managedWith(c, id, constant(null))).tournament

/**
 * One of a tournament's data reads (the answer's body), for whoever may see it, in a single D1 round trip (session,
 * tournament, membership and data together). Anonymous answers about an open tournament go to
 * the public read cache once its data exists.
 */
export async function tournamentData<T, Body extends Freshness>(
  c: Context<ViewerEnv>,
  id: number,
  read: (viewerUserId: number | null) => BatchRead<T>,
  answer: (tournament: Tournament, viewer: SessionUser | null, data: T) => Body,
): Promise<Body> {
  const {
    user,
    data: { access, data },
  } = await c.var.session.read((viewer) => batchOf({ access: tournamentAccessRead(c.var.db, id, viewer), data: read(viewer) }))
  addLogFields({ tournament_id: id })
  const tournament = assertReadable(access, user)
  const body = answer(tournament, user, data)
  if (!user && tournament.type !== 'private' && (body.refreshed_at ?? body.computed_at ?? null) !== null) markPublicRead(c)
  return body
}

/** The signed-in user, a wall they may use and what the route reads of it, in one D1 round trip. */
export async function wallWith<T>(c: Context<SignedInEnv>, leagueId: number, read: BatchRead<T>) {
  const {
    user,
    data: { access, data },
  } = await c.var.session.read((userId) => batchOf({ access: tournamentAccessRead(c.var.db, leagueId, userId), data: read }))
  addLogFields({ tournament_id: leagueId })
  return { tournament: assertCanUseWall(access, user), user, data }
}

/** The signed-in user and a wall they may use (user, tournament, membership in one round trip). */
export const wallOf = (c: Context<SignedInEnv>, leagueId: number) => wallWith(c, leagueId, constant(null))

/** A moderation call: the wall, its commissioner (the one check of who manages a tournament), then the shared write limit. */
export async function moderatingWall(c: Context<SignedInEnv>, leagueId: number) {
  const found = await wallOf(c, leagueId)
  assertCanManage(c.env, found.tournament, found.user)
  await enforce(c.var.db, limitsFor('wallModeration', clientAddress(c.req.raw.headers), String(found.user.id)))
  return found
}
