import { queryOptions } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { ApiError, api, pathParam } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'
import type { CommunityPost } from './types'

const wall = api['community-posts']

/** Pinned posts first; otherwise the server's order (newest first). */
function sortPosts(posts: CommunityPost[]): CommunityPost[] {
  return [...posts].sort((a, b) => Number(b.isPinned) - Number(a.isPinned))
}

/** A tournament's wall, shared by the wall itself and the commissioner's moderation tab. */
export const postsQuery = (leagueId: number | string) =>
  queryOptions({
    queryKey: queryKeys.communityPosts(leagueId),
    queryFn: ({ signal }) => parseResponse(wall[':leagueId'].$get({ param: { leagueId: pathParam(leagueId) } }, { init: { signal } })),
    select: sortPosts,
  })

export function createPost(leagueId: number | string, content: string) {
  return parseResponse(wall[':leagueId'].$post({ param: { leagueId: pathParam(leagueId) }, json: { content, image_url: null } }))
}

export function toggleLike(leagueId: number | string, postId: number) {
  return parseResponse(wall[':leagueId'].like[':postId'].$post({ param: { leagueId: pathParam(leagueId), postId: pathParam(postId) } }))
}

export function reportPost(postId: number) {
  return parseResponse(wall[':postId'].report.$post({ param: { postId: pathParam(postId) } }))
}

/** Deletes a post (its author, or the commissioner). The error text comes in the field `message`. */
export async function deletePost(leagueId: number | string, postId: number): Promise<void> {
  try {
    await parseResponse(wall[':leagueId'].posts[':postId'].$delete({ param: { leagueId: pathParam(leagueId), postId: pathParam(postId) } }))
  } catch (error) {
    const body = error instanceof ApiError ? (error.body as { message?: unknown } | undefined) : undefined
    throw new Error(typeof body?.message === 'string' ? body.message : 'Delete failed', { cause: error })
  }
}

/** "just now", "5m ago", "3h ago", "2d ago", then the date. */
export function timeAgo(iso: string, now = Date.now()): string {
  const at = new Date(iso).getTime()
  if (Number.isNaN(at)) return ''
  const seconds = Math.max(0, Math.round((now - at) / 1000))
  if (seconds < 60) return 'just now'
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes}m ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours}h ago`
  const days = Math.floor(hours / 24)
  if (days < 7) return `${days}d ago`
  return new Date(at).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })
}
