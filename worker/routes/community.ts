import type { Context } from 'hono'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { AppEnv } from '../env'
import { currentUser, requireAuth } from '../lib/auth'
import { ApiError } from '../lib/errors'
import { positiveId } from '../lib/params'
import { validate } from '../lib/validation'
import { assertCanUseWall, loadTournament } from '../services/access'
import { createPost, deletePost, listPosts, MAX_POST_LENGTH, reportPost, toggleLike } from '../services/community'

const leagueParam = z.object({ leagueId: positiveId })

async function wall(c: Context<AppEnv>, leagueId: number) {
  const tournament = await loadTournament(c.var.db, leagueId)
  await assertCanUseWall(c.var.db, tournament, currentUser(c))
  return tournament
}

// /api/community-posts/*: a tournament's wall, for its members only.
export const communityRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/:leagueId', validate('param', leagueParam), async (c) => {
    const tournament = await wall(c, c.req.valid('param').leagueId)
    return c.json(await listPosts(c.var.db, tournament, currentUser(c)))
  })
  .post(
    '/:leagueId',
    validate('param', leagueParam),
    validate(
      'json',
      z.object({
        content: z
          .string({ error: 'Please enter a message' })
          .check(z.trim(), z.minLength(1, 'Please enter a message'), z.maxLength(MAX_POST_LENGTH, `Posts are limited to ${MAX_POST_LENGTH} characters`)),
        image_url: z.optional(z.null()),
      }),
    ),
    async (c) => {
      const tournament = await wall(c, c.req.valid('param').leagueId)
      return c.json(await createPost(c.var.db, tournament, currentUser(c), c.req.valid('json').content), 201)
    },
  )
  .post('/:leagueId/like/:postId', validate('param', z.object({ leagueId: positiveId, postId: positiveId })), async (c) => {
    const { leagueId, postId } = c.req.valid('param')
    return c.json(await toggleLike(c.var.db, await wall(c, leagueId), currentUser(c), postId))
  })
  .post('/:postId/report', validate('param', z.object({ postId: positiveId })), async (c) =>
    c.json(await reportPost(c.var.db, currentUser(c), c.req.valid('param').postId, async (tournamentId) => void (await wall(c, tournamentId)))),
  )
  .delete('/:leagueId/posts/:postId', validate('param', z.object({ leagueId: positiveId, postId: positiveId })), async (c) => {
    const { leagueId, postId } = c.req.valid('param')
    try {
      return c.json(await deletePost(c.var.db, await wall(c, leagueId), currentUser(c), postId))
    } catch (error) {
      // The client reads this call's error text from `message`.
      if (error instanceof ApiError) return c.json({ detail: error.message, message: error.message, code: error.code }, error.status)
      throw error
    }
  })
