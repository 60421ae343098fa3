import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { AppProviders } from '../../web/src/app/AppProviders'
import CommunityWall from '../../web/src/features/community/CommunityWall'
import type { CommunityPost } from '../../web/src/features/community/types'
import { storeSession } from './helpers'
import { mockApi, type Reply } from './mock-api'
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

function renderWall(routes: Record<string, Reply | Reply[]>) {
  const api = mockApi(routes)
  render(
    <MemoryRouter>
      <AppProviders>
        <CommunityWall leagueId={1} />
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
    await user.type(textbox(), 'Hello')
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

  it('signed out: liking says "Please sign in to like posts." and posting "Please login to post messages"', async () => {
    const user = userEvent.setup()
    const api = renderWall({ 'GET /api/community-posts/1': { body: [post(1)] } })
    const [item] = await postsList()
    await user.click(within(item!).getByRole('button', { name: /Like/ }))
    expect(screen.getByText('Please sign in to like posts.')).toBeInTheDocument()
    await user.type(textbox(), 'hi')
    await user.click(screen.getByRole('button', { name: 'Post' }))
    expect(screen.getByText('Please login to post messages')).toBeInTheDocument()
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0)
  })

  it('shows clearly marked sample posts when the list cannot be loaded', async () => {
    storeSession('jwt-1')
    renderWall({ 'GET /api/community-posts/1': { status: 403, body: { detail: 'Only members of this league can see this.' } } })
    const items = await postsList()
    expect(items.length).toBeGreaterThan(0)
    expect(screen.getByText(/here are some sample posts/)).toBeInTheDocument()
    for (const item of items) {
      expect(item).toHaveAttribute('data-sample', 'true')
      expect(within(item).getByRole('button', { name: /Like/ })).toBeDisabled()
    }
  })
})
