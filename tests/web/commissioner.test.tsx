import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { maskInviteUrl } from '../../web/src/features/commissioner/InviteTab'
import { currentLocation, renderApp, storeSession } from './helpers'
import { mockApi, networkDown, type Reply } from './mock-api'
import { advance, fakeClock, settle } from './tournament-fixtures'

const league = {
  id: 11,
  name: 'Sunday League',
  description: 'Pub rules apply',
  type: 'private',
  is_public: false,
  fpl_league_id: 314159,
  member_count: 3,
  created_at: '2025-08-15T12:00:00Z',
  is_commissioner: true,
}

const member = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  email: `${name.toLowerCase().replaceAll(' ', '.')}@example.com`,
  fpl_team_id: 1000 + id,
  team_name: `${name} FC`,
  is_commissioner: false,
  team_valid: true,
  can_reactivate: false,
  ...extra,
})

const notJoinedManager = (rank: number, name: string) => ({ fpl_team_id: 2000 + rank, player_name: name, team_name: `${name} XI`, rank })

const members = {
  active_members: [member(7, 'Jamie Vardy', { is_commissioner: true }), member(8, 'Dan Moss')],
  inactive_members: [member(9, 'Sam Key', { can_reactivate: true }), member(10, 'Jo Park', { team_valid: false })],
  fpl_league_size: 1180,
  not_joined: { total: 1176, managers: [notJoinedManager(1, 'Ada Lovelace'), notJoinedManager(2, '<b>Bold</b> Bob')] },
}

const INVITE = 'https://banterarena.app/join/AbCdEf123456'

/** The wall's two posts: the commissioner's welcome and a member's post, reported or not. */
const welcome = {
  id: 2,
  user_id: 7,
  user_name: 'Jamie Vardy',
  content: 'Welcome',
  image_url: null,
  created_at: '2025-09-01T09:00:00Z',
  likes: 1,
  likes_list: [8],
  reported: false,
  isPinned: false,
  is_author: true,
}
const offside = (reports: { reported: boolean; report_count: number }) => ({
  id: 1,
  user_id: 8,
  user_name: 'Dan Moss',
  content: 'Offside!',
  image_url: null,
  created_at: '2025-09-01T10:00:00Z',
  likes: 0,
  likes_list: [],
  ...reports,
  isPinned: false,
  is_author: false,
})

function commissionerApi(routes: Record<string, Reply | Reply[]> = {}) {
  return mockApi({
    'GET /api/leagues/11/members': { body: members },
    'GET /api/community-posts/11': { body: [offside({ reported: true, report_count: 2 }), welcome] },
    'GET /api/leagues/11/invite-link': { body: { invite_url: INVITE, invite_code: 'AbCdEf123456' } },
    ...routes,
  })
}

async function openCommissioner() {
  storeSession('jwt-1')
  renderApp({ pathname: '/commissioner', state: { league } })
  await screen.findByRole('heading', { level: 1, name: 'Sunday League' })
}

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(name) })

describe('commissioner screen', () => {
  it('without a league: "League Not Found" and Go Back to /dashboard', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    renderApp('/commissioner')
    expect(await screen.findByRole('heading', { level: 1, name: 'League Not Found' })).toBeInTheDocument()
    expect(screen.getByText('Please select a league to manage its settings.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Go Back' }))
    await waitFor(() => expect(currentLocation().path).toBe('/dashboard'))
  })

  it('Overview: counts, league information and quick actions to the other tabs', async () => {
    const user = userEvent.setup()
    commissionerApi()
    await openCommissioner()
    expect(
      within(screen.getByRole('tablist', { name: 'Commissioner tools' }))
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['📋Overview', '⚙️Settings', '🔗Invite', '👥Members', '🛡️Moderation'])
    const tiles = screen.getByRole('list', { name: 'League at a glance' })
    await waitFor(() => expect(tiles).toHaveTextContent('2Active members'))
    expect(tiles).toHaveTextContent('2Community posts')
    expect(tiles).toHaveTextContent('1Reported posts')
    const info = screen.getByRole('region', { name: 'League information' })
    expect(info).toHaveTextContent('314159')
    expect(info).toHaveTextContent('Private')
    expect(info).toHaveTextContent('Aug 15, 2025')
    expect(info).toHaveTextContent('Pub rules apply')
    await user.click(screen.getByRole('button', { name: /Invite managers/ }))
    expect(tab('Invite')).toHaveAttribute('aria-selected', 'true')
  })

  it('Settings: edit, cancel restores, save PUTs { name, description, is_public }', async () => {
    const user = userEvent.setup()
    const api = commissionerApi({
      'PUT /api/leagues/11/settings': [
        { status: 400, body: { detail: 'League name must be at most 100 characters' } },
        { body: { message: 'League settings updated successfully!', league: { id: 11, name: 'Sunday Legends', description: 'New rules', is_public: true } } },
      ],
    })
    await openCommissioner()
    await user.click(tab('Settings'))
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    const name = screen.getByLabelText('League name')
    await user.clear(name)
    await user.type(name, 'Changed')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.getByRole('region', { name: 'League settings' })).toHaveTextContent('Sunday League')
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    expect(screen.getByLabelText('League name')).toHaveValue('Sunday League')

    await user.clear(screen.getByLabelText('League name'))
    await user.type(screen.getByLabelText('League name'), 'Sunday Legends')
    await user.clear(screen.getByLabelText('Description'))
    await user.type(screen.getByLabelText('Description'), 'New rules')
    await user.click(screen.getByRole('checkbox', { name: 'Make league public (anyone can join)' }))
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('League name must be at most 100 characters')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('League settings updated successfully!')).toBeInTheDocument()
    expect(api.callsTo('PUT /api/leagues/11/settings')[1]?.body).toEqual({ name: 'Sunday Legends', description: 'New rules', is_public: true })
    expect(screen.getByRole('heading', { level: 1, name: 'Sunday Legends' })).toBeInTheDocument()
    // React Router commits navigations in a transition, so the history entry may land a render later.
    await waitFor(() => expect(currentLocation().state).toMatchObject({ league: { name: 'Sunday Legends', is_public: true } }))
  })

  it('Settings: "Failed to update settings" without a detail, "Network error occurred" without an answer', async () => {
    const user = userEvent.setup()
    commissionerApi({ 'PUT /api/leagues/11/settings': [{ status: 500, body: {} }, networkDown()] })
    await openCommissioner()
    await user.click(tab('Settings'))
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Failed to update settings')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Network error occurred')).toBeInTheDocument()
  })

  it('Invite: masked by default, show/hide, copy, and the manual fallback when the clipboard fails', async () => {
    fakeClock()
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'))
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })
    commissionerApi()
    storeSession('jwt-1')
    renderApp({ pathname: '/commissioner', state: { league } })
    await settle(() => expect(screen.getByRole('heading', { level: 1, name: 'Sunday League' })).toBeInTheDocument())
    tab('Invite').click()
    await settle(() => expect(screen.getByLabelText('Your invite link')).toBeInTheDocument())
    const input = screen.getByLabelText('Your invite link')
    expect(input).toHaveValue(maskInviteUrl(INVITE))
    expect((input as HTMLInputElement).value).not.toContain('AbCdEf123456')
    expect((input as HTMLInputElement).value).toMatch(/^https:\/\/banterarena\.app\/join\/•+$/)

    screen.getByRole('button', { name: 'Show invite link' }).click()
    await settle(() => expect(input).toHaveValue(INVITE))
    screen.getByRole('button', { name: 'Hide invite link' }).click()
    await settle(() => expect(input).toHaveValue(maskInviteUrl(INVITE)))

    screen.getByRole('button', { name: 'Copy' }).click()
    await settle(() => expect(screen.getByText('Invite link copied to clipboard!')).toBeInTheDocument())
    expect(writeText).toHaveBeenCalledWith(INVITE)
    await advance(3000)
    expect(screen.queryByText('Invite link copied to clipboard!')).not.toBeInTheDocument()

    screen.getByRole('button', { name: 'Copy' }).click()
    await settle(() => expect(screen.getByText('Please copy the invite link manually from above.')).toBeInTheDocument())
    // The link is revealed so it can be copied by hand.
    expect(input).toHaveValue(INVITE)
    Reflect.deleteProperty(navigator, 'clipboard')
  })

  it('Invite: Generate New Link asks first, then shows the new link; Test Link opens it', async () => {
    const user = userEvent.setup()
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    const api = commissionerApi({
      'POST /api/leagues/11/regenerate-invite': [
        { status: 500, body: {} },
        { body: { invite_url: 'https://banterarena.app/join/NewCode999', invite_code: 'NewCode999', message: 'New invite link generated!' } },
      ],
    })
    await openCommissioner()
    await user.click(tab('Invite'))
    await screen.findByLabelText('Your invite link')
    await user.click(screen.getByRole('button', { name: 'Test Link' }))
    expect(open).toHaveBeenCalledWith(INVITE, '_blank', 'noopener,noreferrer')

    await user.click(screen.getByRole('button', { name: 'Generate New Link' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }))
    expect(api.callsTo('POST /api/leagues/11/regenerate-invite')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Generate New Link' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Generate New Link' }))
    expect(await screen.findByText('Failed to regenerate invite')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Generate New Link' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Generate New Link' }))
    expect(await screen.findByText('New invite link generated!')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Show invite link' }))
    expect(screen.getByLabelText('Your invite link')).toHaveValue('https://banterarena.app/join/NewCode999')
  })

  it('Members: the commissioner cannot be kicked; reactivation only when can_reactivate', async () => {
    const user = userEvent.setup()
    commissionerApi()
    await openCommissioner()
    await user.click(tab('Members'))
    const active = await screen.findByRole('list', { name: 'Active members' })
    const [jamie, dan] = within(active).getAllByRole('listitem') as [HTMLElement, HTMLElement]
    expect(jamie).toHaveTextContent('Commissioner')
    expect(within(jamie).queryByRole('button')).not.toBeInTheDocument()
    expect(within(dan).getByRole('button', { name: 'Kick Dan Moss' })).toBeInTheDocument()

    const inactive = screen.getByRole('list', { name: 'Inactive members' })
    const [sam, jo] = within(inactive).getAllByRole('listitem') as [HTMLElement, HTMLElement]
    expect(within(sam).getByRole('button', { name: 'Reactivate Sam Key' })).toBeInTheDocument()
    expect(within(jo).queryByRole('button')).not.toBeInTheDocument()
    expect(jo).toHaveTextContent('User must rejoin FPL league first')
  })

  it("Members: the FPL league's managers not joined yet, with the count, the rest counted, and the invite link to copy or send", async () => {
    const user = userEvent.setup()
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })
    try {
      commissionerApi()
      await openCommissioner()
      await user.click(tab('Members'))
      const section = (await screen.findByRole('heading', { name: /Not joined yet/ })).closest('section')!
      expect(within(section).getByRole('heading', { name: 'Not joined yet 1,176' })).toBeInTheDocument()
      expect(section).toHaveTextContent('1,180 managers in the FPL league at the last refresh; these are not members here yet.')
      const [ada, bob] = within(within(section).getByRole('list', { name: 'Managers not joined yet' })).getAllByRole('listitem') as [HTMLElement, HTMLElement]
      expect(ada).toHaveTextContent('Ada Lovelace')
      expect(ada).toHaveTextContent('Ada Lovelace XI')
      expect(ada).toHaveTextContent('Rank 1')
      // User text stays text.
      expect(bob).toHaveTextContent('<b>Bold</b> Bob')
      expect(section).toHaveTextContent('and 1,174 more')

      await user.click(await within(section).findByRole('button', { name: 'Copy invite link' }))
      expect(writeText).toHaveBeenCalledWith(INVITE)
      expect(await within(section).findByText('Invite link copied to clipboard!')).toBeInTheDocument()
      const whatsapp = within(section).getByRole('link', { name: 'Send on WhatsApp' })
      expect(new URL(whatsapp.getAttribute('href')!).searchParams.get('text')).toContain(INVITE)
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard')
    }
  })

  it('Members: without a clipboard the link is shown for a manual copy', async () => {
    const user = userEvent.setup()
    commissionerApi()
    await openCommissioner()
    await user.click(tab('Members'))
    const copy = await screen.findByRole('button', { name: 'Copy invite link' })
    // userEvent.setup() stubs a clipboard: take it away.
    Reflect.deleteProperty(navigator, 'clipboard')
    copy.click()
    expect(await screen.findByText('Please copy the invite link manually from above.')).toBeInTheDocument()
    expect(screen.getByLabelText('Your invite link')).toHaveValue(INVITE)
  })

  it('Members: when everyone has joined, says so and offers no link; before the first refresh, the link alone', async () => {
    const user = userEvent.setup()
    const api = commissionerApi({
      'GET /api/leagues/11/members': [
        { body: { ...members, fpl_league_size: 4, not_joined: { total: 0, managers: [] } } },
        { body: { ...members, fpl_league_size: null, not_joined: null } },
      ],
      'POST /api/leagues/11/kick-user?user_id=8': { body: { message: 'Dan Moss has been removed from the league.' } },
    })
    await openCommissioner()
    await user.click(tab('Members'))
    expect(await screen.findByText('🎉 Everyone in the FPL league has joined.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Not joined yet 0' })).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Managers not joined yet' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Copy invite link' })).not.toBeInTheDocument()
    expect(api.callsTo('GET /api/leagues/11/invite-link')).toHaveLength(0)

    // Kicking refetches the members: now a league not refreshed yet.
    await user.click(screen.getByRole('button', { name: 'Kick Dan Moss' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Kick' }))
    expect(await screen.findByText(/show here after the league's first refresh/)).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Copy invite link' })).toBeInTheDocument()
  })

  it('Members: kick and reactivate ask for confirmation, call the API and reload the members', async () => {
    const user = userEvent.setup()
    const api = commissionerApi({
      'POST /api/leagues/11/kick-user?user_id=8': { body: { message: 'Dan Moss has been removed from the league.' } },
      'POST /api/leagues/11/reactivate-user?user_id=9': { status: 400, body: { detail: 'User must rejoin FPL league first' } },
    })
    await openCommissioner()
    await user.click(tab('Members'))
    await user.click(await screen.findByRole('button', { name: 'Kick Dan Moss' }))
    const confirm = screen.getByRole('alertdialog', { name: 'Kick Dan Moss?' })
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(api.callsTo('POST /api/leagues/11/kick-user?user_id=8')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Kick Dan Moss' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Kick' }))
    expect(await screen.findByText('Dan Moss has been removed from the league.')).toBeInTheDocument()
    expect(api.callsTo('GET /api/leagues/11/members')).toHaveLength(2)

    await user.click(screen.getByRole('button', { name: 'Reactivate Sam Key' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reactivate' }))
    await waitFor(() => expect(screen.getAllByText('User must rejoin FPL league first').length).toBeGreaterThan(1))
  })

  it.each([
    ['kick', 'Kick Dan Moss', 'Kick', 'POST /api/leagues/11/kick-user?user_id=8', 'Failed to kick user'],
    ['reactivate', 'Reactivate Sam Key', 'Reactivate', 'POST /api/leagues/11/reactivate-user?user_id=9', 'Failed to reactivate user'],
  ])('Members: %s errors show the detail as JSON text when it is not a string, else the fallback', async (_a, button, confirmLabel, key, fallback) => {
    const user = userEvent.setup()
    commissionerApi({ [key]: [{ status: 422, body: { detail: { reason: 'nope' } } }, { status: 500, body: {} }, networkDown()] })
    await openCommissioner()
    await user.click(tab('Members'))
    for (const text of ['{"reason":"nope"}', fallback, 'Network error occurred']) {
      await user.click(await screen.findByRole('button', { name: button }))
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: confirmLabel }))
      expect(await screen.findByText(text)).toBeInTheDocument()
    }
  })

  it('Moderation: reported posts marked "Reported" and first; Remove asks, then deletes', async () => {
    const user = userEvent.setup()
    const api = commissionerApi({ 'DELETE /api/community-posts/11/posts/1': { body: { message: 'Post deleted' } } })
    await openCommissioner()
    await user.click(tab('Moderation'))
    const items = within(await screen.findByRole('list', { name: 'Posts' })).getAllByRole('listitem')
    expect(items[0]).toHaveTextContent('Offside!')
    expect(items[0]).toHaveTextContent('Reported (2)')
    expect(items[1]).not.toHaveTextContent('Reported')
    await user.click(within(items[0]!).getByRole('button', { name: 'Remove post by Dan Moss' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(api.callsTo('DELETE /api/community-posts/11/posts/1')).toHaveLength(1))
    expect(api.callsTo('GET /api/community-posts/11')).toHaveLength(2)
  })

  it('Moderation: Dismiss report takes the post out of the queue at once and keeps it; a refusal puts it back', async () => {
    const user = userEvent.setup()
    let answer: () => void = () => {}
    const api = commissionerApi({
      'POST /api/community-posts/11/posts/1/reports/dismiss': [
        { status: 500, body: { detail: 'Something went wrong on our side. Please try again.' } },
        () => new Promise<Reply>((resolve) => (answer = () => resolve({ body: { message: 'Report dismissed.', dismissed: 2, reported: false } }))),
      ],
    })
    await openCommissioner()
    await user.click(tab('Moderation'))
    const list = await screen.findByRole('list', { name: 'Posts' })
    // Only reported posts offer it.
    expect(within(list).getAllByRole('button', { name: /Dismiss report/ })).toHaveLength(1)
    await user.click(within(list).getByRole('button', { name: 'Dismiss report on post by Dan Moss' }))
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeInTheDocument()
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Reported (2)'))

    await user.click(within(list).getByRole('button', { name: 'Dismiss report on post by Dan Moss' }))
    // Before the server answers: out of the queue, still listed, focus on its Remove.
    await waitFor(() => expect(within(list).queryByText(/Reported/)).not.toBeInTheDocument())
    expect(within(list).getByText('Offside!')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Remove post by Dan Moss' })).toHaveFocus()
    api.on('GET /api/community-posts/11', { body: [welcome, offside({ reported: false, report_count: 0 })] })
    answer()
    expect(await screen.findByText('Report dismissed.')).toBeInTheDocument()
    expect(api.callsTo('POST /api/community-posts/11/posts/1/reports/dismiss')).toHaveLength(2)
    expect(api.callsTo('DELETE /api/community-posts/11/posts/1')).toHaveLength(0)
  })

  it('signed out or not the commissioner: no tools', async () => {
    renderApp({ pathname: '/commissioner', state: { league } })
    expect(await screen.findByText('Sign in as the commissioner to manage this league.')).toBeInTheDocument()
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument()
  })
})
