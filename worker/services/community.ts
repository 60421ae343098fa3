import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm'
import { MAX_PINNED_POSTS, PIN_LIMIT_MESSAGE } from '../../contract/community'
import { batchOf, rowsOf } from '../db/batch'
import type { Database } from '../db/client'
import { communityPosts, postLikes, postReports, users } from '../db/schema'
import { ApiError } from '../lib/errors'
import type { SessionUser } from './auth/sessions'
import type { Tournament } from './tournaments'

// The community wall of a tournament. Moderation (pin, dismiss) is for the commissioner: its
// route has checked assertCanManage. Text is stored as written and always rendered as text by
// the client; nothing here builds HTML.

const postNotFound = () => new ApiError(404, 'Post not found', { code: 'post_not_found' })

const WALL_SIZE = 200

/** A wall's newest posts (pinned first) with their likes and reports, as one batch read. */
export function postsRead(db: Database, tournamentId: number) {
  const newest = db
    .select({ post: communityPosts, userName: users.name })
    .from(communityPosts)
    .innerJoin(users, eq(users.id, communityPosts.userId))
    .where(eq(communityPosts.tournamentId, tournamentId))
    .orderBy(desc(communityPosts.isPinned), desc(communityPosts.createdAt), desc(communityPosts.id))
    .limit(WALL_SIZE)
  const onWall = db
    .select({ id: communityPosts.id })
    .from(communityPosts)
    .where(eq(communityPosts.tournamentId, tournamentId))
    .orderBy(desc(communityPosts.isPinned), desc(communityPosts.createdAt), desc(communityPosts.id))
    .limit(WALL_SIZE)
  return batchOf({
    posts: rowsOf(newest),
    likes: rowsOf(db.select({ postId: postLikes.postId, userId: postLikes.userId }).from(postLikes).where(inArray(postLikes.postId, onWall))),
    reports: rowsOf(
      db
        .select({ postId: postReports.postId, userId: postReports.userId, dismissedAt: postReports.dismissedAt })
        .from(postReports)
        .where(inArray(postReports.postId, onWall)),
    ),
  })
}

type WallData = ReturnType<ReturnType<typeof postsRead>['parse']>

export function wallPosts(tournament: Tournament, viewer: SessionUser, { posts, likes, reports }: WallData) {
  // The commissioner sees the reports still in their queue (not dismissed); a member sees whether
  // they reported it.
  const moderator = tournament.commissionerId === viewer.id
  return posts.map(({ post, userName }) => {
    const likers = likes.filter((l) => l.postId === post.id).map((l) => l.userId)
    const postReportsList = reports.filter((r) => r.postId === post.id && !(moderator && r.dismissedAt))
    return {
      id: post.id,
      user_id: post.userId,
      user_name: userName,
      content: post.content,
      image_url: post.imageUrl,
      created_at: post.createdAt.toISOString(),
      likes: likers.length,
      likes_list: likers,
      reported: moderator ? postReportsList.length > 0 : postReportsList.some((r) => r.userId === viewer.id),
      report_count: moderator ? postReportsList.length : undefined,
      isPinned: post.isPinned,
      is_author: post.userId === viewer.id,
    }
  })
}

export async function createPost(db: Database, tournament: Tournament, author: SessionUser, content: string) {
  const rows = await db.insert(communityPosts).values({ tournamentId: tournament.id, userId: author.id, content, imageUrl: null }).returning()
  const post = rows[0]!
  return {
    id: post.id,
    user_id: author.id,
    user_name: author.name,
    content: post.content,
    image_url: null,
    created_at: post.createdAt.toISOString(),
    likes: 0,
    likes_list: [],
    reported: false,
    isPinned: false,
    is_author: true,
    message: 'Post added successfully!',
  }
}

async function postIn(db: Database, postId: number, tournamentId?: number) {
  const post = await db.query.communityPosts.findFirst({ where: eq(communityPosts.id, postId) })
  if (!post || (tournamentId !== undefined && post.tournamentId !== tournamentId)) throw postNotFound()
  return post
}

/** Likes or unlikes; a double click from two tabs still counts one like (primary key). */
export async function toggleLike(db: Database, tournament: Tournament, user: SessionUser, postId: number) {
  const post = await postIn(db, postId, tournament.id)
  const removed = await db
    .delete(postLikes)
    .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, user.id)))
    .returning({ postId: postLikes.postId })
  if (removed.length === 0) await db.insert(postLikes).values({ postId, userId: user.id }).onConflictDoNothing()
  const [count] = await db.select({ n: sql<number>`count(*)` }).from(postLikes).where(eq(postLikes.postId, postId))
  return { answer: { liked: removed.length === 0, likes: Number(count?.n ?? 0) }, post }
}

export async function reportPost(db: Database, user: SessionUser, postId: number, assertWall: (tournamentId: number) => Promise<void>) {
  const post = await postIn(db, postId)
  // A post on a wall the reporter may not use is answered exactly like one that does not exist,
  // so reports cannot tell which post ids exist in other leagues.
  await assertWall(post.tournamentId).catch((error: unknown) => {
    throw error instanceof ApiError && error.status !== 401 ? postNotFound() : error
  })
  await db.insert(postReports).values({ postId, userId: user.id }).onConflictDoNothing()
  return { message: 'Thanks, the commissioner will take a look.', reported: true }
}

/** The author deletes their own post; the commissioner removes any post of their league. */
export async function deletePost(db: Database, tournament: Tournament, user: SessionUser, postId: number) {
  const post = await postIn(db, postId, tournament.id)
  if (post.userId !== user.id && tournament.commissionerId !== user.id) {
    throw new ApiError(403, 'You can only delete your own posts.', { code: 'not_author' })
  }
  await db.delete(communityPosts).where(eq(communityPosts.id, postId))
  return { message: 'Post deleted' }
}

const pinLimit = () => new ApiError(409, PIN_LIMIT_MESSAGE, { code: 'pin_limit' })

/**
 * Pins or unpins a post of the commissioner's wall, recording who pinned it and when. Pinning is
 * one conditional statement, so two pins at once cannot pass the limit together.
 */
export async function setPinned(db: Database, tournament: Tournament, moderator: SessionUser, postId: number, pinned: boolean) {
  const post = await postIn(db, postId, tournament.id)
  if (!pinned) {
    await db.update(communityPosts).set({ isPinned: false, pinnedAt: null, pinnedBy: null }).where(eq(communityPosts.id, postId))
    return { message: 'Post unpinned.', isPinned: false }
  }
  if (post.isPinned) return { message: 'Post pinned.', isPinned: true }
  const pinnedOnWall = db.$count(communityPosts, and(eq(communityPosts.tournamentId, tournament.id), eq(communityPosts.isPinned, true)))
  const rows = await db
    .update(communityPosts)
    .set({ isPinned: true, pinnedAt: new Date(), pinnedBy: moderator.id })
    .where(and(eq(communityPosts.id, postId), lt(pinnedOnWall, MAX_PINNED_POSTS)))
    .returning({ id: communityPosts.id })
  if (rows.length === 0) throw pinLimit()
  return { message: 'Post pinned.', isPinned: true }
}

/** Takes a post's open reports out of the commissioner's queue (who and when); the post stays. */
export async function dismissReports(db: Database, tournament: Tournament, moderator: SessionUser, postId: number) {
  await postIn(db, postId, tournament.id)
  const dismissed = await db
    .update(postReports)
    .set({ dismissedAt: new Date(), dismissedBy: moderator.id })
    .where(and(eq(postReports.postId, postId), isNull(postReports.dismissedAt)))
    .returning({ userId: postReports.userId })
  return { message: 'Report dismissed.', dismissed: dismissed.length, reported: false }
}
