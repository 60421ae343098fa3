import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { MAX_POST_LENGTH } from '../../../../contract/community'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { analytics } from '../../lib/analytics'
import { useAuth } from '../auth/AuthProvider'
import { createPost, deletePost, postsQuery, reportPost, timeAgo, toggleLike } from './posts-api'
import { samplePosts } from './sample-posts'
import type { CommunityPost } from './types'
import { useTimedMessage } from './useTimedMessage'

/**
 * A tournament's community wall: post, like, report, and delete your own posts. Text is always
 * rendered as text. When the list cannot be loaded, clearly marked sample posts stand in.
 */
export default function CommunityWall({ leagueId }: { leagueId: number | string }) {
  const { user, isAuthenticated } = useAuth()
  const [text, setText] = useState('')
  const [posting, setPosting] = useState(false)
  const [deleting, setDeleting] = useState<CommunityPost | null>(null)
  const [busyDelete, setBusyDelete] = useState(false)
  const banner = useTimedMessage()
  const notice = useTimedMessage()
  const id = useId()
  const queryClient = useQueryClient()
  const wall = postsQuery(leagueId)
  const query = useQuery(wall)
  // A wall that cannot be loaded shows the sample posts instead (kept while it loads again).
  const sample = query.isError
  const [samples] = useState(samplePosts)
  const posts: CommunityPost[] | null = sample ? samples : (query.data ?? null)
  const load = () => queryClient.invalidateQueries({ queryKey: wall.queryKey })

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (posting) return
    const content = text.trim()
    if (!content) {
      banner.show('error', 'Please enter a message')
      return
    }
    if (!isAuthenticated) {
      banner.show('error', 'Please login to post messages')
      return
    }
    setPosting(true)
    try {
      await createPost(leagueId, content)
      analytics.communityPost(leagueId)
      setText('')
      banner.show('success', 'Post added successfully!')
      await load()
    } catch {
      banner.show('error', 'Could not save post. Try again.')
    } finally {
      setPosting(false)
    }
  }

  const like = async (post: CommunityPost) => {
    if (!isAuthenticated) {
      notice.show('info', 'Please sign in to like posts.')
      return
    }
    try {
      const answer = await toggleLike(leagueId, post.id)
      analytics.communityReaction(answer.liked ? 'like' : 'unlike')
      queryClient.setQueryData(wall.queryKey, (list) => list?.map((p) => (p.id === post.id ? { ...p, likes: answer.likes } : p)))
    } catch (error) {
      console.error('Like failed', error)
    }
    await load()
  }

  const report = async (post: CommunityPost) => {
    try {
      await reportPost(post.id)
    } catch (error) {
      console.error('Report failed', error)
    }
    await load()
  }

  const confirmDelete = async () => {
    if (!deleting) return
    setBusyDelete(true)
    try {
      await deletePost(leagueId, deleting.id)
    } catch (error) {
      console.error(error instanceof Error ? error.message : 'Delete failed')
    }
    setBusyDelete(false)
    setDeleting(null)
    await load()
  }

  const remaining = MAX_POST_LENGTH - text.length

  return (
    <section className="wall" aria-labelledby={`${id}-title`}>
      <header className="wall__head">
        <h2 id={`${id}-title`}>Community Wall</h2>
        <p className="muted">Share your FPL journey</p>
      </header>

      <form className="card wall__form" onSubmit={(e) => void submit(e)}>
        <label htmlFor={`${id}-text`} className="visually-hidden">
          Your post
        </label>
        <textarea
          id={`${id}-text`}
          className="input wall__input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Share your FPL triumph or disaster..."
          rows={3}
          maxLength={MAX_POST_LENGTH}
          aria-describedby={`${id}-count`}
        />
        <div className="wall__form-row">
          <span id={`${id}-count`} className="field__counter" aria-live={remaining <= 50 ? 'polite' : 'off'}>
            {remaining} characters left
          </span>
          <button type="submit" className="button button--primary button--sm" disabled={!text.trim() || posting} aria-busy={posting || undefined}>
            {posting ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
            Post
          </button>
        </div>
        <div className="wall__banner-slot" role="status" aria-live="polite">
          {banner.message ? <p className={`form-message form-message--${banner.message.tone}`}>{banner.message.text}</p> : null}
        </div>
      </form>

      <div className="wall__notice-slot" role="status" aria-live="polite">
        {notice.message ? <p className="form-message form-message--info">{notice.message.text}</p> : null}
      </div>

      {sample ? <p className="notice wall__sample-note">The wall couldn&apos;t be loaded right now, so here are some sample posts.</p> : null}

      {posts === null ? (
        <p className="inline-loading" role="status">
          <span className="spinner spinner--sm" aria-hidden="true" /> Loading posts...
        </p>
      ) : posts.length === 0 ? (
        <p className="muted wall__empty">No posts yet. Be the first to start the banter!</p>
      ) : (
        <ul className="wall__posts" aria-label="Posts">
          {posts.map((post) => {
            const mine = Boolean(post.is_author) || (user !== null && post.user_id === user.id && !sample)
            const liked = user !== null && (post.likes_list ?? []).includes(user.id)
            return (
              <li key={post.id} className={post.isPinned ? 'card post post--pinned' : 'card post'} data-sample={sample || undefined}>
                <header className="post__head">
                  <span className="post__author">{post.user_name}</span>
                  <time className="post__time" dateTime={post.created_at} title={new Date(post.created_at).toLocaleString('en-GB')}>
                    {timeAgo(post.created_at)}
                  </time>
                  {post.isPinned ? (
                    <span className="badge badge--accent post__pin">
                      <span aria-hidden="true">📌 </span>Pinned
                    </span>
                  ) : null}
                </header>
                <p className="post__content">{post.content}</p>
                <div className="post__actions">
                  <button
                    type="button"
                    className={liked ? 'post__action post__action--on' : 'post__action'}
                    aria-pressed={liked}
                    aria-label={`Like (${post.likes} ${post.likes === 1 ? 'like' : 'likes'})`}
                    onClick={() => void like(post)}
                    disabled={sample}
                  >
                    <span aria-hidden="true">{liked ? '❤️' : '🤍'}</span> {post.likes}
                  </button>
                  <button type="button" className="post__action" onClick={() => void report(post)} disabled={sample || post.reported || !isAuthenticated}>
                    <span aria-hidden="true">🚩 </span>
                    {post.reported ? 'Reported' : 'Report'}
                  </button>
                  {mine ? (
                    <button type="button" className="post__action post__action--danger" onClick={() => setDeleting(post)}>
                      <span aria-hidden="true">🗑️ </span>Delete
                    </button>
                  ) : null}
                </div>
              </li>
            )
          })}
        </ul>
      )}

      {deleting ? (
        <ConfirmDialog
          title="Delete post?"
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={busyDelete}
          destructive
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        >
          <p>Are you sure you want to delete this post?</p>
        </ConfirmDialog>
      ) : null}
    </section>
  )
}
