import { Hono } from 'hono'
import * as z from 'zod/mini'
import { MAX_POST_LENGTH } from '../../contract/community'
import type { AppEnv } from '../env'
import { errorTextAsMessage } from '../lib/errors'
import { log } from '../lib/log'
import { positiveId } from '../lib/params'
import { showableText, validate } from '../lib/validation'
import { session } from '../middleware/session'
import { createPost, deletePost, dismissReports, postsRead, reportPost, setPinned, toggleLike, wallPosts } from '../services/community'
import { claimEvent } from '../services/notifications/announce'
import { likeNotice } from '../services/notifications/notices'
import { clientAddress, enforce, limitsFor } from '../services/rate-limit'
import { moderatingWall, wallOf, wallWith } from './tournament-access'

const leagueParam = z.object({ leagueId: positiveId })
const postParam = z.object({ leagueId: positiveId, postId: positiveId })

const UNSHOWABLE_POST = "Your post is empty or contains characters we can't show. Remove them and try again."

// /api/community-posts/*: a tournament's wall, for its members only.
export const communityRoutes = new Hono<AppEnv>()
  .get('/:leagueId', validate('param', leagueParam), session('required'), async (c) => {
    const { leagueId } = c.req.valid('param')
    const { tournament, user, data } = await wallWith(c, leagueId, postsRead(c.var.db, leagueId))
    return c.json(wallPosts(tournament, user, data))
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
    session('required'),
    async (c) => {
      const { tournament, user } = await wallOf(c, c.req.valid('param').leagueId)
      await enforce(c.var.db, limitsFor('communityPost', clientAddress(c.req.raw.headers), String(user.id)))
      return c.json(await createPost(c.var.db, tournament, user, c.req.valid('json').content), 201)
    },
  )
  .post('/:leagueId/like/:postId', validate('param', z.object({ leagueId: positiveId, postId: positiveId })), session('required'), async (c) => {
    const { leagueId, postId } = c.req.valid('param')
    const { tournament, user } = await wallOf(c, leagueId)
    await enforce(c.var.db, limitsFor('communityLike', clientAddress(c.req.raw.headers), String(user.id)))
    const { answer, post } = await toggleLike(c.var.db, tournament, user, postId)
    // The author hears of a like once, never of their own, and never at the liker's expense. The
    // notice's key is claimed before it is queued, so liking, unliking and liking again queues
    // nothing more (decision 152).
    if (answer.liked && post.userId !== user.id) {
      const notice = likeNotice(tournament, post, user, Date.now())
      c.executionCtx.waitUntil(
        claimEvent({ db: c.var.db, queue: c.env.NOTIFY_QUEUE }, `${notice.type}:${notice.key}`, {
          kind: 'notify:users',
          items: [{ userId: post.userId, notice }],
        }).catch((error: unknown) => log.warn('Like not notified', { error })),
      )
    }
    return c.json(answer)
  })
  .post('/:postId/report', session('required'), validate('param', z.object({ postId: positiveId })), async (c) => {
    const user = await c.var.session.user()
    await enforce(c.var.db, limitsFor('postReport', clientAddress(c.req.raw.headers), String(user.id)))
    return c.json(await reportPost(c.var.db, user, c.req.valid('param').postId, async (tournamentId) => void (await wallOf(c, tournamentId))))
  })
  // The client reads this call's error text from `message` (decision 052).
  .delete(
    '/:leagueId/posts/:postId',
    errorTextAsMessage,
    validate('param', z.object({ leagueId: positiveId, postId: positiveId })),
    session('required'),
    async (c) => {
      const { leagueId, postId } = c.req.valid('param')
      const { tournament, user } = await wallOf(c, leagueId)
      return c.json(await deletePost(c.var.db, tournament, user, postId))
    },
  )
  // The commissioner's moderation (ours, decisions 081 and 082): pin, unpin, dismiss reports.
  .post('/:leagueId/posts/:postId/pin', validate('param', postParam), session('required'), async (c) => {
    const { leagueId, postId } = c.req.valid('param')
    const { tournament, user } = await moderatingWall(c, leagueId)
    return c.json(await setPinned(c.var.db, tournament, user, postId, true))
  })
  .delete('/:leagueId/posts/:postId/pin', validate('param', postParam), session('required'), async (c) => {
    const { leagueId, postId } = c.req.valid('param')
    const { tournament, user } = await moderatingWall(c, leagueId)
    return c.json(await setPinned(c.var.db, tournament, user, postId, false))
  })
  .post('/:leagueId/posts/:postId/reports/dismiss', validate('param', postParam), session('required'), async (c) => {
    const { leagueId, postId } = c.req.valid('param')
    const { tournament, user } = await moderatingWall(c, leagueId)
    return c.json(await dismissReports(c.var.db, tournament, user, postId))
  })
