import { useEffect, useRef, useState } from 'react'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { StatusMessage } from '../../components/StatusMessage'
import { ApiError } from '../../lib/api'
import { useConfirmedMutation } from '../../lib/useConfirmedMutation'
import { useTimedMessage } from '../../lib/useTimedMessage'
import { useDismissReports } from '../community/moderation'
import { deletePost, timeAgo } from '../community/posts-api'
import type { CommunityPost } from '../community/types'

/**
 * Every post of the wall, reported ones first and marked "Reported"; Remove asks first. Dismiss
 * takes a reported post out of the queue at once (put back if the server refuses) and keeps it.
 */
export function ModerationTab({
  leagueId,
  posts,
  error,
  onChanged,
}: {
  leagueId: number
  posts: CommunityPost[] | null
  error: string | null
  onChanged: () => Promise<void> | void
}) {
  const banner = useTimedMessage()
  const ordered = posts ? [...posts].sort((a, b) => Number(b.reported) - Number(a.reported)) : null
  const dismissReports = useDismissReports(leagueId)
  // A dismissed post moves down the list and loses its Dismiss button: focus follows it to Remove.
  const removeButtons = useRef(new Map<number, HTMLButtonElement>())
  const [refocus, setRefocus] = useState<number | null>(null)
  useEffect(() => {
    if (refocus === null || posts?.find((p) => p.id === refocus)?.reported) return
    removeButtons.current.get(refocus)?.focus()
    setRefocus(null)
  }, [refocus, posts])

  const dismiss = (post: CommunityPost) => {
    setRefocus(post.id)
    dismissReports.mutate(
      { postId: post.id },
      {
        onSuccess: () => banner.show('success', 'Report dismissed.'),
        onError: (err) => banner.show('error', err instanceof ApiError && err.detail ? err.detail : 'Could not dismiss the report. Try again.'),
      },
    )
  }

  const removal = useConfirmedMutation({
    mutationFn: (post: CommunityPost) => deletePost(leagueId, post.id),
    onSuccess: async () => {
      banner.show('success', 'Post removed.')
      await onChanged()
    },
    onError: (err) => banner.show('error', err instanceof Error ? err.message : 'Delete failed'),
    onSettled: () => {
      removal.close()
    },
  })

  return (
    <section className="card" aria-labelledby="moderation-title">
      <h2 id="moderation-title" className="commissioner-section__title">
        Community posts
      </h2>
      <StatusMessage message={banner.message} error={error} />
      {ordered === null && !error ? (
        <p className="inline-loading" role="status">
          <span className="spinner spinner--sm" aria-hidden="true" /> Loading posts...
        </p>
      ) : null}
      {ordered && ordered.length === 0 ? <p className="muted">No posts on the wall yet.</p> : null}
      {ordered && ordered.length > 0 ? (
        <ul className="row-list" aria-label="Posts">
          {ordered.map((post) => (
            <li key={post.id} className={post.reported ? 'row-list__item row-list__item--reported' : 'row-list__item'}>
              <div className="row-list__main">
                <p className="row-list__meta">
                  <strong>{post.user_name}</strong> · <time dateTime={post.created_at}>{timeAgo(post.created_at)}</time>
                  {post.reported ? (
                    <span className="badge reported-badge">
                      Reported
                      {post.report_count && post.report_count > 1 ? ` (${post.report_count})` : ''}
                    </span>
                  ) : null}
                </p>
                <p className="post__content">{post.content}</p>
              </div>
              <div className="row-list__actions">
                {post.reported ? (
                  <button
                    type="button"
                    className="button button--ghost button--sm"
                    onClick={() => dismiss(post)}
                    aria-label={`Dismiss report on post by ${post.user_name}`}
                  >
                    Dismiss report
                  </button>
                ) : null}
                <button
                  ref={(node) => {
                    if (node) removeButtons.current.set(post.id, node)
                    else removeButtons.current.delete(post.id)
                  }}
                  type="button"
                  className="button button--ghost button--sm button--danger-text"
                  onClick={() => removal.ask(post)}
                  aria-label={`Remove post by ${post.user_name}`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {removal.target ? (
        <ConfirmDialog title="Remove this post?" confirmLabel="Remove" busyLabel="Removing..." {...removal.dialog}>
          <p>It disappears from the wall for everyone. This can&apos;t be undone.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  )
}
