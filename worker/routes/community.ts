import type { Context } from 'hono'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { AppEnv } from '../env'
import { both } from '../db/batch'
import { currentUser, readAsUser, requireAuth } from '../lib/auth'
import { ApiError } from '../lib/errors'
import { positiveId } from '../lib/params'
import { showableText, validate } from '../lib/validation'
import { assertCanUseWall, tournamentAccessRead } from '../services/access'
import { createPost, deletePost, MAX_POST_LENGTH, postsRead, reportPost, toggleLike, wallPosts } from '../services/community'
import { clientAddress, enforce, limitsFor } from '../services/rate-limit'

const leagueParam = z.object({ leagueId: positiveId })

const UNSHOWABLE_POST = "Your post is empty or contains characters we can't show. Remove them and try again."

/** The signed-in user and a wall they may use, in one D1 round trip (user, tournament, membership). */
async function wall(c: Context<AppEnv>, leagueId: number) {
  const { user, data } = await readAsUser(c, (userId) => tournamentAccessRead(c.var.db, leagueId, userId))
  c.set('user', user)
  return assertCanUseWall(data, user)
}

// /api/community-posts/*: a tournament's wall, for its members only.
export const communityRoutes = new Hono<AppEnv>()
  .get('/:leagueId', validate('param', leagueParam), async (c) => {
    const { leagueId } = c.req.valid('param')
    const { user, data: [access, posts] } = await readAsUser(c, (userId) => both(tournamentAccessRead(c.var.db, leagueId, userId), postsRead(c.var.db, leagueId)))
    return c.json(wallPosts(assertCanUseWall(access, user), user, posts))
  })
  .post(
    '/:leagueId',
    validate('param', leagueParam),
    validate(
      'json',
      z.object({
        content: z
          .string({ error: 'Please enter a message' })
          .check(
            z.trim(),
            z.minLength(1, 'Please enter a message'),
            z.maxLength(MAX_POST_LENGTH, `Posts are limited to ${MAX_POST_LENGTH} characters`),
            showableText(UNSHOWABLE_POST, { multiline: true }),
          ),
        image_url: z.optional(z.null()),
      }),
    ),
    async (c) => {
      const tournament = await wall(c, c.req.valid('param').leagueId)
      await enforce(c.var.db, limitsFor('communityPost', clientAddress(c.req.raw.headers), String(currentUser(c).id)))
      return c.json(await createPost(c.var.db, tournament, currentUser(c), c.req.valid('json').content), 201)
    },
  )
  .post('/:leagueId/like/:postId', validate('param', z.object({ leagueId: positiveId, postId: positiveId })), async (c) => {
    const { leagueId, postId } = c.req.valid('param')
    return c.json(await toggleLike(c.var.db, await wall(c, leagueId), currentUser(c), postId))
  })
  .post('/:postId/report', requireAuth, validate('param', z.object({ postId: positiveId })), async (c) => {
    await enforce(c.var.db, limitsFor('postReport', clientAddress(c.req.raw.headers), String(currentUser(c).id)))
    return c.json(await reportPost(c.var.db, currentUser(c), c.req.valid('param').postId, async (tournamentId) => void (await wall(c, tournamentId))))
  })
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
