import { ApiError, apiFetch } from '../../lib/api'
import type { CommunityPost } from './types'

/** Pinned posts first; otherwise the server's order (newest first). */
export function sortPosts(posts: CommunityPost[]): CommunityPost[] {
  return [...posts].sort((a, b) => Number(Boolean(b.isPinned)) - Number(Boolean(a.isPinned)))
}

export async function fetchPosts(leagueId: number | string, signal?: AbortSignal): Promise<CommunityPost[]> {
  const answer = await apiFetch<CommunityPost[]>(`/api/community-posts/${leagueId}`, { signal })
  return sortPosts(Array.isArray(answer) ? answer : [])
}

export function createPost(leagueId: number | string, content: string): Promise<CommunityPost> {
  return apiFetch<CommunityPost>(`/api/community-posts/${leagueId}`, { method: 'POST', body: { content, image_url: null } })
}

export function toggleLike(leagueId: number | string, postId: number): Promise<{ liked: boolean; likes: number }> {
  return apiFetch(`/api/community-posts/${leagueId}/like/${postId}`, { method: 'POST' })
}

export function reportPost(postId: number): Promise<{ message?: string }> {
  return apiFetch(`/api/community-posts/${postId}/report`, { method: 'POST' })
}

/** Deletes a post (its author, or the commissioner). The error text comes in the field `message`. */
export async function deletePost(leagueId: number | string, postId: number): Promise<void> {
  try {
    await apiFetch(`/api/community-posts/${leagueId}/posts/${postId}`, { method: 'DELETE', headers: { 'Content-Type': 'application/json' } })
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
