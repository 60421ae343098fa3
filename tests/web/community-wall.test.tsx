import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ComponentProps } from 'react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { AppProviders } from '../../web/src/app/AppProviders'
import CommunityWall from '../../web/src/features/community/CommunityWall'
import type { CommunityPost } from '../../web/src/features/community/types'
import { storeSession } from './helpers'
import { mockApi, networkDown, type Reply } from './mock-api'
import { advance, fakeClock, settle } from './tournament-fixtures'

const post = (id: number, extra: Partial<CommunityPost> = {}): CommunityPost => ({
  id,
  user_id: 99,
  user_name: `Poster ${id}`,
  content: `Post number ${id}`,
  image_url: null,
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  likes: 0,
  likes_list: [],
  reported: false,
  report_count: undefined,
  isPinned: false,
  is_author: false,
  ...extra,
})

function renderWall(routes: Record<string, Reply | Reply[]>, props: Omit<ComponentProps<typeof CommunityWall>, 'leagueId'> = {}) {
  const api = mockApi(routes)
  render(
    <MemoryRouter>
      <AppProviders>
        <CommunityWall leagueId={1} {...props} />
      </AppProviders>
    </MemoryRouter>,
  )
  return api
}

const postsList = async () => within(await screen.findByRole('list', { name: 'Posts' })).getAllByRole('listitem')
const textbox = () => screen.getByPlaceholderText('Share your FPL triumph or disaster...')

describe('community wall', () => {
  it('lists posts, pinned first, with author, time, pinned marker and likes', async () => {
    storeSession('jwt-1')
    renderWall({ 'GET /api/community-posts/1': { body: [post(1), post(2, { isPinned: true, likes: 3, likes_list: [7] })] } })
    expect(screen.getByText('Share your FPL journey')).toBeInTheDocument()
    const items = await postsList()
    expect(items[0]).toHaveTextContent('Poster 2')
    expect(items[0]).toHaveTextContent('Pinned')
    expect(within(items[0]!).getByRole('button', { name: 'Like (3 likes)' })).toHaveAttribute('aria-pressed', 'true')
    expect(items[1]).toHaveTextContent('Poster 1')
    expect(items[1]).toHaveTextContent('5m ago')
    expect(items[1]).not.toHaveTextContent('Pinned')
  })

  it('renders post text as text, even <script> and HTML', async () => {
    storeSession('jwt-1')
    const nasty = '<script>window.hacked = true</script><img src=x onerror="alert(1)"><b>bold</b>'
    renderWall({ 'GET /api/community-posts/1': { body: [post(1, { content: nasty, user_name: '<i>Mallory</i>' })] } })
    const [item] = await postsList()
    expect(item).toHaveTextContent(nasty)
    expect(item).toHaveTextContent('<i>Mallory</i>')
    expect(item!.querySelector('script, img, b, i')).toBeNull()
    expect((window as { hacked?: boolean }).hacked).toBeUndefined()
  })

  it('disables Post while the text is blank, posts { content, image_url: null } and says "Post added successfully!" for 3 s', async () => {
    fakeClock()
    storeSession('jwt-1')
    const api = renderWall({
      'GET /api/community-posts/1': [{ body: [] }, { body: [post(5, { content: 'What a haul', is_author: true, user_id: 7 })] }],
      'POST /api/community-posts/1': { status: 201, body: post(5) },
    })
    await settle(() => expect(screen.getByText(/No posts yet/)).toBeInTheDocument())
    const button = screen.getByRole('button', { name: 'Post' })
    expect(button).toBeDisabled()
    fireEvent.change(textbox(), { target: { value: '    ' } })
    expect(button).toBeDisabled()
    fireEvent.change(textbox(), { target: { value: '  What a haul  ' } })
    expect(button).toBeEnabled()
    fireEvent.click(button)
    await settle(() => expect(screen.getByText('Post added successfully!')).toBeInTheDocument())
    expect(api.callsTo('POST /api/community-posts/1')[0]?.body).toEqual({ content: 'What a haul', image_url: null })
    expect(textbox()).toHaveValue('')
    await settle(() => expect(screen.getByText('What a haul')).toBeInTheDocument())
    await advance(2999)
    expect(screen.getByText('Post added successfully!')).toBeInTheDocument()
    await advance(1)
    expect(screen.queryByText('Post added successfully!')).not.toBeInTheDocument()
  })

  it('says "Could not save post. Try again." when posting fails', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    renderWall({ 'GET /api/community-posts/1': { body: [] }, 'POST /api/community-posts/1': { status: 500, body: {} } })
    // The post box comes with the wall (never before the wall is known to be theirs).
    expect(screen.queryByPlaceholderText('Share your FPL triumph or disaster...')).not.toBeInTheDocument()
    await user.type(await screen.findByPlaceholderText('Share your FPL triumph or disaster...'), 'Hello')
    await user.click(screen.getByRole('button', { name: 'Post' }))
    expect(await screen.findByText('Could not save post. Try again.')).toBeInTheDocument()
  })

  it('offers Delete only on the author’s posts, asks first, deletes and reloads', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    const api = renderWall({
      'GET /api/community-posts/1': [{ body: [post(1, { is_author: true, user_id: 7 }), post(2)] }, { body: [post(2)] }],
      'DELETE /api/community-posts/1/posts/1': { body: { message: 'Post deleted' } },
    })
    const [mine, theirs] = await postsList()
    expect(within(theirs!).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument()

    await user.click(within(mine!).getByRole('button', { name: /Delete/ }))
    const confirm = screen.getByRole('alertdialog')
    expect(confirm).toHaveTextContent('Are you sure you want to delete this post?')
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(api.callsTo('DELETE /api/community-posts/1/posts/1')).toHaveLength(0)

    await user.click(within(mine!).getByRole('button', { name: /Delete/ }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(api.callsTo('DELETE /api/community-posts/1/posts/1')).toHaveLength(1))
    await waitFor(() => expect(screen.queryByText('Post number 1')).not.toBeInTheDocument())
    expect(api.callsTo('GET /api/community-posts/1')).toHaveLength(2)
  })

  it('logs a failed delete with the server’s `message`', async () => {
    const user = userEvent.setup()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    storeSession('jwt-1')
    renderWall({
      'GET /api/community-posts/1': { body: [post(1, { is_author: true })] },
      'DELETE /api/community-posts/1/posts/1': { status: 403, body: { message: 'You can only delete your own posts.' } },
    })
    const [mine] = await postsList()
    await user.click(within(mine!).getByRole('button', { name: /Delete/ }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(error).toHaveBeenCalledWith('You can only delete your own posts.'))
  })

  it('toggles likes and reports, reloading the posts after each', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    const api = renderWall({
      'GET /api/community-posts/1': [
        { body: [post(1)] },
        { body: [post(1, { likes: 1, likes_list: [7] })] },
        { body: [post(1, { likes: 1, likes_list: [7], reported: true })] },
      ],
      'POST /api/community-posts/1/like/1': { body: { liked: true, likes: 1 } },
      'POST /api/community-posts/1/report': { body: { message: 'Thanks', reported: true } },
    })
    const [item] = await postsList()
    await user.click(within(item!).getByRole('button', { name: 'Like (0 likes)' }))
    expect(await screen.findByRole('button', { name: 'Like (1 like)' })).toHaveAttribute('aria-pressed', 'true')
    await user.click(screen.getByRole('button', { name: /Report/ }))
    expect(await screen.findByRole('button', { name: /Reported/ })).toBeDisabled()
    expect(api.callsTo('GET /api/community-posts/1')).toHaveLength(3)
  })

  it('signed out: what the wall is and Sign In Now; no post box, no sample posts, no call', async () => {
    const user = userEvent.setup()
    const api = renderWall({ 'GET /api/community-posts/1': { body: [post(1)] } })
    const intro = screen.getByTestId('wall-intro')
    expect(within(intro).getByRole('heading', { name: 'Community Wall' })).toBeInTheDocument()
    expect(intro).toHaveTextContent(/Only members can read it and post/)
    expect(intro).toHaveTextContent('Sign in to take part.')
    expect(screen.queryByPlaceholderText('Share your FPL triumph or disaster...')).not.toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Posts' })).not.toBeInTheDocument()
    await user.click(within(intro).getByRole('button', { name: 'Sign In Now' }))
    expect(await screen.findByRole('dialog')).toBeInTheDocument()
    expect(api.calls).toHaveLength(0)
  })

  it('signed in, not a member: the explanation and Join Tournament (the join flow); no post box, no sample posts', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    const onJoin = vi.fn()
    renderWall(
      { 'GET /api/community-posts/1': { status: 403, body: { detail: 'Only members of this league can see this.', code: 'not_a_member' } } },
      { type: 'private', onJoin },
    )
    const intro = await screen.findByTestId('wall-intro')
    expect(intro).toHaveTextContent('Join the tournament to read the wall and post.')
    expect(screen.queryByPlaceholderText('Share your FPL triumph or disaster...')).not.toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Posts' })).not.toBeInTheDocument()
    expect(screen.queryByText(/sample posts/)).not.toBeInTheDocument()
    await user.click(within(intro).getByRole('button', { name: 'Join Tournament' }))
    expect(onJoin).toHaveBeenCalledOnce()
  })

  it('is honest when the viewer cannot join with a button: the public tournament, no join flow, or removed', async () => {
    const notMember = { status: 403, body: { detail: 'Only members of this league can see this.', code: 'not_a_member' } }
    storeSession('jwt-1')
    const cases: Array<[Reply, string | undefined, string]> = [
      [notMember, 'public', 'Everyone joins this tournament automatically after verifying their email.'],
      [notMember, 'private', 'Ask the commissioner for an invite link to join.'],
      [
        { status: 403, body: { detail: "The league's commissioner removed you from this league.", code: 'membership_inactive' } },
        'private',
        "The league's commissioner removed you from this league, so its wall is closed to you.",
      ],
    ]
    for (const [reply, type, text] of cases) {
      const view = renderWall({ 'GET /api/community-posts/1': reply }, { type })
      const intro = await screen.findByTestId('wall-intro')
      expect(intro).toHaveTextContent(text)
      expect(within(intro).queryByRole('button')).not.toBeInTheDocument()
      expect(view.calls).toHaveLength(1)
      cleanup()
    }
  })

  it('no answer or a failing one: sample posts marked as examples, read-only, without a post box; Try again loads the wall', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    const api = renderWall({ 'GET /api/community-posts/1': [networkDown(), { status: 503, body: {} }, { body: [post(1)] }] })
    const items = await postsList()
    expect(items.length).toBeGreaterThan(0)
    expect(screen.getByText(/here are some sample posts to show what it looks like\. They are examples, not real posts\./)).toBeInTheDocument()
    expect(screen.queryByPlaceholderText('Share your FPL triumph or disaster...')).not.toBeInTheDocument()
    for (const item of items) {
      expect(item).toHaveAttribute('data-sample', 'true')
      expect(item).toHaveTextContent('Example')
      expect(within(item).getByRole('button', { name: /Like/ })).toBeDisabled()
      expect(within(item).getByRole('button', { name: /Report/ })).toBeDisabled()
    }
    // A failing answer (not a membership one) is still a failure: the samples stay.
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(api.callsTo('GET /api/community-posts/1')).toHaveLength(2))
    expect(screen.getAllByText('Example').length).toBeGreaterThan(0)
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Post number 1')).toBeInTheDocument()
    expect(screen.queryByText('Example')).not.toBeInTheDocument()
    expect(textbox()).toBeInTheDocument()
  })

  it('offers Pin and Unpin to the commissioner only', async () => {
    storeSession('jwt-1')
    renderWall({ 'GET /api/community-posts/1': { body: [post(1), post(2, { isPinned: true })] } })
    const items = await postsList()
    for (const item of items) expect(within(item).queryByRole('button', { name: /Pin/ })).not.toBeInTheDocument()
    cleanup()
    renderWall({ 'GET /api/community-posts/1': { body: [post(1), post(2, { isPinned: true })] } }, { moderator: true })
    const [pinnedPost, other] = await postsList()
    expect(within(pinnedPost!).getByRole('button', { name: 'Unpin' })).toBeInTheDocument()
    expect(within(other!).getByRole('button', { name: 'Pin' })).toBeInTheDocument()
  })

  it('pins at once (first, "Pinned") and puts the post back when the server refuses', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    let answer: (reply: Reply) => void = () => {}
    const api = renderWall(
      {
        'GET /api/community-posts/1': { body: [post(1), post(2)] },
        'POST /api/community-posts/1/posts/2/pin': () => new Promise<Reply>((resolve) => (answer = resolve)),
      },
      { moderator: true },
    )
    const [, second] = await postsList()
    await user.click(within(second!).getByRole('button', { name: 'Pin' }))
    // Optimistic: first, with the label, before the server answers.
    await waitFor(async () => expect((await postsList())[0]).toHaveTextContent('Poster 2'))
    expect((await postsList())[0]).toHaveTextContent('Pinned')
    expect(within((await postsList())[0]!).getByRole('button', { name: 'Unpin' })).toBeInTheDocument()
    answer({ status: 409, body: { detail: 'Up to 3 posts can be pinned. Unpin one first.', code: 'pin_limit' } })
    expect(await screen.findByText('Up to 3 posts can be pinned. Unpin one first.')).toBeInTheDocument()
    await waitFor(async () => expect((await postsList())[0]).toHaveTextContent('Poster 1'))
    expect(screen.queryByText('Pinned')).not.toBeInTheDocument()
    expect(api.callsTo('POST /api/community-posts/1/posts/2/pin')).toHaveLength(1)
  })

  it('unpins through DELETE, and says the limit before asking when three are pinned', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    const api = renderWall(
      {
        'GET /api/community-posts/1': [
          { body: [post(1, { isPinned: true }), post(2, { isPinned: true }), post(3, { isPinned: true }), post(4)] },
          { body: [post(2, { isPinned: true }), post(3, { isPinned: true }), post(1), post(4)] },
        ],
        'DELETE /api/community-posts/1/posts/1/pin': { body: { message: 'Post unpinned.', isPinned: false } },
      },
      { moderator: true },
    )
    const items = await postsList()
    await user.click(within(items[3]!).getByRole('button', { name: 'Pin' }))
    expect(screen.getByText('Up to 3 posts can be pinned. Unpin one first.')).toBeInTheDocument()
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0)
    await user.click(within(items[0]!).getByRole('button', { name: 'Unpin' }))
    await waitFor(() => expect(api.callsTo('DELETE /api/community-posts/1/posts/1/pin')).toHaveLength(1))
    await waitFor(async () => expect((await postsList())[2]).toHaveTextContent('Poster 1'))
    expect((await postsList())[2]).not.toHaveTextContent('Pinned')
  })
})
