import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { MAX_PINNED_POSTS, MAX_POST_LENGTH, PIN_LIMIT_MESSAGE } from '../../../../contract/community'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { analytics } from '../../lib/analytics'
import { ApiError } from '../../lib/api'
import { useConfirmedMutation } from '../../lib/useConfirmedMutation'
import { useTimedMessage } from '../../lib/useTimedMessage'
import { useAuth } from '../auth/AuthProvider'
import { Gazette } from './Gazette'
import { usePinPost } from './moderation'
import { createPost, deletePost, postsQuery, reportPost, timeAgo, toggleLike } from './posts-api'
import { samplePosts } from './sample-posts'
import type { CommunityPost } from './types'
import { WallIntro, type WallWayIn } from './WallIntro'

interface WallProps {
  leagueId: number | string
  /** The tournament's type: a public one is joined by verifying an email, not with a button. */
  type?: string | null
  /** The viewer is the tournament's commissioner: they pin and unpin posts. */
  moderator?: boolean
  /** Opens the join flow, when the viewer can join. */
  onJoin?: () => void
}

/**
 * Not on the wall: signed out, or the API says the viewer is not a member (or was removed); their
 * way in follows. Null for members, and while the wall loads or when it failed to.
 */
function wayInFor(signedIn: boolean, error: Error | null, type: string | null | undefined, onJoin: (() => void) | undefined): WallWayIn | null {
  if (!signedIn) return { kind: 'sign-in' }
  if (!(error instanceof ApiError) || error.status !== 403) return null
  if (error.code === 'membership_inactive') return { kind: 'removed' }
  if (error.code !== 'not_a_member') return null
  if (onJoin) return { kind: 'join', onJoin }
  return type === 'public' ? { kind: 'verify-email' } : { kind: 'invite' }
}

/**
 * A tournament's community wall: post, like, report, and delete your own posts; the commissioner
 * also pins and unpins. Text is always rendered as text. A non-member sees what the wall is and
 * how to join. Only when a member's wall cannot be loaded (no answer, or a failing one:
 * decisions 080 and 181, R11) do clearly marked sample posts stand in, and then without a post
 * box.
 */
export default function CommunityWall({ leagueId, type, moderator = false, onJoin }: WallProps) {
  const { user, isAuthenticated } = useAuth()
  const [text, setText] = useState('')
  const banner = useTimedMessage()
  const notice = useTimedMessage()
  const id = useId()
  const queryClient = useQueryClient()
  const wall = postsQuery(leagueId)
  const query = useQuery({ ...wall, enabled: isAuthenticated })
  const pin = usePinPost(leagueId)
  const wayIn = wayInFor(isAuthenticated, query.error, type, onJoin)
  // A wall that cannot be loaded shows the sample posts instead (kept while it loads again).
  const sample = query.isError && wayIn === null
  const [samples] = useState(samplePosts)
  const posts: CommunityPost[] | null = sample ? samples : (query.data ?? null)
  const pinned = posts?.filter((p) => p.isPinned).length ?? 0
  const load = () => queryClient.invalidateQueries({ queryKey: wall.queryKey })

  const newPost = useMutation({
    mutationFn: (content: string) => createPost(leagueId, content),
    onSuccess: () => {
      analytics.communityPost(leagueId)
      setText('')
      banner.show('success', 'Post added successfully!')
      return load()
    },
    onError: () => banner.show('error', 'Could not save post. Try again.'),
  })
  const posting = newPost.isPending

  const submit = (event: FormEvent<HTMLFormElement>) => {
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
    newPost.mutate(content)
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

  const deletion = useConfirmedMutation({
    mutationFn: (post: CommunityPost) => deletePost(leagueId, post.id),
    onError: (error) => console.error(error instanceof Error ? error.message : 'Delete failed'),
    onSettled: () => {
      deletion.close()
      void load()
    },
  })

  const togglePin = (post: CommunityPost) => {
    if (!post.isPinned && pinned >= MAX_PINNED_POSTS) {
      notice.show('error', PIN_LIMIT_MESSAGE)
      return
    }
    pin.mutate(
      { postId: post.id, pinned: !post.isPinned },
      { onError: (error) => notice.show('error', error instanceof ApiError && error.detail ? error.detail : 'Could not change the pin. Try again.') },
    )
  }

  const remaining = MAX_POST_LENGTH - text.length

  if (wayIn) return <WallIntro wayIn={wayIn} />

  return (
    <section className="wall" aria-labelledby={`${id}-title`}>
      <header className="wall__head">
        <h2 id={`${id}-title`}>Community Wall</h2>
        <p className="muted">Share your FPL journey</p>
      </header>

      {query.data && !sample ? (
        <form className="card wall__form" onSubmit={submit}>
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
      ) : null}

      <div className="wall__notice-slot" role="status" aria-live="polite">
        {notice.message ? <p className={`form-message form-message--${notice.message.tone}`}>{notice.message.text}</p> : null}
      </div>

      {query.data && !sample ? <Gazette leagueId={String(leagueId)} moderator={moderator} /> : null}

      {sample ? (
        <div className="notice wall__sample-note" role="status">
          <p>The wall couldn&apos;t be loaded right now, so here are some sample posts to show what it looks like. They are examples, not real posts.</p>
          <button type="button" className="button button--ghost button--sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
            Try again
          </button>
        </div>
      ) : null}

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
                  {sample ? <span className="badge badge--neutral post__example">Example</span> : null}
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
                  {moderator && !sample ? (
                    <button type="button" className="post__action" onClick={() => togglePin(post)}>
                      <span aria-hidden="true">📌 </span>
                      {post.isPinned ? 'Unpin' : 'Pin'}
                    </button>
                  ) : null}
                  {mine ? (
                    <button type="button" className="post__action post__action--danger" onClick={() => deletion.ask(post)}>
                      <span aria-hidden="true">🗑️ </span>Delete
                    </button>
                  ) : null}
                </div>
              </li>
            )
          })}
        </ul>
      )}

      {deletion.target ? (
        <ConfirmDialog title="Delete post?" confirmLabel="Delete" busyLabel="Deleting..." {...deletion.dialog}>
          <p>Are you sure you want to delete this post?</p>
        </ConfirmDialog>
      ) : null}
    </section>
  )
}
