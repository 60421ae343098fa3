import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { inviteRegistrationErrors } from '../../web/src/features/auth/SignUpForm'
import { advance, currentLocation, fakeClock, renderApp, settle, storedUser, storeSession, visibleToasts } from './helpers'
import { mockApi, networkDown, type Reply } from './mock-api'

const league = {
  id: 3,
  name: 'Pub League',
  description: 'Winner buys the first round',
  member_count: 4,
  fpl_league_size: 180,
  fpl_league_id: 123456,
  entry_fee: 7.5,
  is_public: false,
  created_at: '2025-08-01T10:00:00Z',
  type: 'private',
}

beforeAll(async () => {
  await import('../../web/src/pages/JoinInvitePage')
})

const team4242 = { fpl_team_id: 4242, team_name: 'Jo FC', player_name: 'Jo Bloggs' }

/** The league, and team 4242 as FPL has it: a member of the invite's FPL league. */
function inviteApi(routes: Record<string, Reply | Reply[]> = {}) {
  return mockApi({
    'GET /api/leagues/invite/AbC123': { body: league },
    'GET /api/fpl-team/4242': { body: team4242 },
    'GET /api/validate-team/123456/4242': { body: { valid: true, team_name: 'Jo FC' } },
    ...routes,
  })
}

const confirmTeam = () => screen.findByRole('button', { name: 'Yes, create my account & join' })

async function openInvite() {
  renderApp('/join/AbC123')
  return screen.findByRole('heading', { level: 1, name: 'Pub League' })
}

describe('invite page: the league', () => {
  it('shows the league with its pound entry fee (or Free)', async () => {
    const api = inviteApi()
    await openInvite()
    expect(screen.getByText('Winner buys the first round')).toBeInTheDocument()
    expect(screen.getByText('4 members · 180 managers in the FPL league')).toBeInTheDocument()
    expect(screen.getByText('123456')).toBeInTheDocument()
    expect(screen.getByText('£7.50')).toBeInTheDocument()
    expect(api.callsTo('GET /api/leagues/invite/AbC123')[0]?.headers.has('Authorization')).toBe(false)
  })

  it.each([
    [{ member_count: 1, fpl_league_size: 1 }, '1 member · 1 manager in the FPL league'],
    [{ member_count: 1, fpl_league_size: null }, '1 member'],
    [{ member_count: 12, fpl_league_size: 100_000 }, '12 members · 100,000 managers in the FPL league'],
  ])('says what its counts count: %o', async (counts, text) => {
    inviteApi({ 'GET /api/leagues/invite/AbC123': { body: { ...league, ...counts } } })
    await openInvite()
    expect(screen.getByText(text)).toBeInTheDocument()
  })

  it('shows Free when there is no fee', async () => {
    inviteApi({ 'GET /api/leagues/invite/AbC123': { body: { ...league, entry_fee: 0 } } })
    await openInvite()
    expect(screen.getByText('Free')).toBeInTheDocument()
  })

  it.each([
    [{ status: 404, body: { detail: 'Invalid invite link' } }, 'Invalid invite link'],
    [{ status: 404, body: {} }, 'Invalid invite link'],
    [networkDown(), 'Failed to load league information'],
  ])('load failure %# shows "%s"', async (reply, text) => {
    inviteApi({ 'GET /api/leagues/invite/AbC123': reply as Reply })
    renderApp('/join/AbC123')
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
  })

  it('copies the invite link; the message clears after 3 s', async () => {
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })
    inviteApi()
    await openInvite()
    fakeClock()
    fireEvent.click(screen.getByRole('button', { name: 'Copy invite link' }))
    await settle(() => screen.getByText('Invite link copied to clipboard!'))
    expect(writeText).toHaveBeenCalledWith(window.location.href)
    await advance(2999)
    expect(screen.getByText('Invite link copied to clipboard!')).toBeInTheDocument()
    await advance(1)
    expect(screen.queryByText('Invite link copied to clipboard!')).not.toBeInTheDocument()
  })
})

describe('invite page: signed in', () => {
  it('joins, says so, and goes home after 2 s', async () => {
    storeSession('jwt-1')
    const api = inviteApi({ 'POST /api/leagues/join-by-invite': { body: { message: 'Successfully joined the league!', league_id: 3 } } })
    await openInvite()
    expect(screen.queryByRole('button', { name: 'Sign Up to Join' })).not.toBeInTheDocument()
    fakeClock()
    fireEvent.click(screen.getByRole('button', { name: 'Join League' }))
    await settle(() => expect(screen.getAllByText('Successfully joined the league!').length).toBeGreaterThan(0))
    expect(api.callsTo('POST /api/leagues/join-by-invite')[0]?.body).toEqual({ invite_code: 'AbC123' })
    expect(api.callsTo('POST /api/leagues/join-by-invite')[0]?.headers.get('Authorization')).toBe('Bearer jwt-1')
    expect(visibleToasts()[0]).toHaveTextContent('Successfully joined the league!')
    expect(storedUser()?.joined_leagues).toEqual([1, 2, 3])

    await advance(1999)
    expect(currentLocation().path).toBe('/join/AbC123')
    await advance(1)
    await settle(() => expect(currentLocation().path).toBe('/'))
  })

  it('shows the join failure', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    inviteApi({
      'POST /api/leagues/join-by-invite': [
        { status: 400, body: { detail: "Your FPL team isn't in this league's FPL league yet." } },
        { status: 500, body: {} },
      ],
    })
    await openInvite()
    await user.click(screen.getByRole('button', { name: 'Join League' }))
    expect(await screen.findByRole('alert')).toHaveTextContent("Your FPL team isn't in this league's FPL league yet.")
    await user.click(screen.getByRole('button', { name: 'Join League' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Failed to join league$/))
  })
})

describe('invite page: signed out', () => {
  it('offers Sign Up to Join and Sign In (to the home page’s sign-in)', async () => {
    const user = userEvent.setup()
    inviteApi()
    await openInvite()
    expect(screen.queryByRole('button', { name: 'Join League' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByRole('dialog', { name: 'Welcome Back!' })).toBeInTheDocument()
    await waitFor(() => expect(currentLocation().path).toBe('/'))
  })

  it('the inline form applies the invite page’s own rules; errors clear when a field is edited', async () => {
    const user = userEvent.setup()
    const api = inviteApi()
    await openInvite()
    await user.click(screen.getByRole('button', { name: 'Sign Up to Join' }))
    const form = screen.getByRole('form', { name: 'Sign up to join' })
    const name = within(form).getByLabelText('Name')
    expect(name).toHaveFocus()
    const submit = within(form).getByRole('button', { name: 'Create Account & Join' })

    await user.click(submit)
    for (const text of ['Name is required', 'Email is required', 'FPL Team ID is required', 'Password is required']) {
      expect(within(form).getByText(text)).toBeInTheDocument()
    }
    expect(name).toHaveFocus()

    await user.type(name, 'Jo')
    expect(within(form).queryByText('Name is required')).not.toBeInTheDocument()
    expect(within(form).getByText('Email is required')).toBeInTheDocument()

    await user.type(within(form).getByLabelText('Email'), 'jo@nowhere')
    await user.type(within(form).getByLabelText('FPL Team ID'), '0')
    await user.type(within(form).getByLabelText('Password'), 'short')
    await user.click(submit)
    expect(within(form).getByText('Invalid email format')).toBeInTheDocument()
    expect(within(form).getByText('Please enter a valid FPL Team ID')).toBeInTheDocument()
    expect(within(form).getByText('Password must be at least 8 characters')).toBeInTheDocument()
    expect(api.callsTo('POST /api/auth/register')).toHaveLength(0)
  })

  it('checks length only (the server checks strength)', () => {
    const ok = { name: 'Jo', email: 'jo@example.com', fplTeamId: '42', password: 'alllowercase' }
    expect(inviteRegistrationErrors(ok)).toEqual({})
    expect(inviteRegistrationErrors({ ...ok, fplTeamId: 'abc' })).toEqual({ fplTeamId: 'Please enter a valid FPL Team ID' })
  })

  it('registration needing verification goes to /verification-pending with the discovered leagues', async () => {
    const user = userEvent.setup()
    const discovered = [
      {
        league_id: 3,
        league_name: 'Pub League',
        team_name: 'Jo FC',
        player_name: 'Jo',
        fpl_league_id: 123456,
        member_count: 4,
        entry_fee: 0,
        already_member: false,
      },
    ]
    const api = inviteApi({
      'POST /api/auth/register': {
        status: 201,
        body: { verification_required: true, email: 'jo@example.com', discovered_leagues: discovered, user_id: 9, name: 'Jo', access_token: null },
      },
    })
    await openInvite()
    await user.click(screen.getByRole('button', { name: 'Sign Up to Join' }))
    const form = screen.getByRole('form', { name: 'Sign up to join' })
    await user.type(within(form).getByLabelText('Name'), ' Jo ')
    await user.type(within(form).getByLabelText('Email'), 'Jo@Example.com')
    await user.type(within(form).getByLabelText('FPL Team ID'), '4242')
    await user.type(within(form).getByLabelText('Password'), 'Str0ng!pass')
    await user.click(within(form).getByRole('button', { name: 'Create Account & Join' }))
    await user.click(await confirmTeam())

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument()
    expect(api.callsTo('POST /api/auth/register')[0]?.body).toEqual({
      name: 'Jo',
      email: 'jo@example.com',
      password: 'Str0ng!pass',
      fpl_team_id: 4242,
      invite_code: 'AbC123',
    })
    expect(currentLocation()).toEqual({
      path: '/verification-pending',
      state: { email: 'jo@example.com', discoveredLeagues: discovered, hasDiscoveredLeagues: true, inviteCode: 'AbC123' },
    })
    expect(screen.getByRole('link', { name: 'back to the invite' })).toHaveAttribute('href', '/join/AbC123')
  })

  it('registration that signs in at once joins 1 s later', async () => {
    const user = userEvent.setup()
    const api = inviteApi({
      'POST /api/auth/register': {
        status: 201,
        body: { verification_required: false, email: 'jo@example.com', discovered_leagues: [], user_id: 9, name: 'Jo', access_token: 'jwt-new' },
      },
      'POST /api/leagues/join-by-invite': { body: { message: 'Successfully joined the league!', league_id: 3 } },
    })
    await openInvite()
    await user.click(screen.getByRole('button', { name: 'Sign Up to Join' }))
    const form = screen.getByRole('form', { name: 'Sign up to join' })
    await user.type(within(form).getByLabelText('Name'), 'Jo')
    await user.type(within(form).getByLabelText('Email'), 'jo@example.com')
    await user.type(within(form).getByLabelText('FPL Team ID'), '4242')
    await user.type(within(form).getByLabelText('Password'), 'Str0ng!pass')
    await user.click(within(form).getByRole('button', { name: 'Create Account & Join' }))
    const yes = await confirmTeam()
    fakeClock()
    fireEvent.click(yes)
    await settle(() => expect(window.localStorage.getItem('authToken')).toBe('jwt-new'))
    await advance(999)
    expect(api.callsTo('POST /api/leagues/join-by-invite')).toHaveLength(0)
    await advance(1)
    await settle(() => expect(api.callsTo('POST /api/leagues/join-by-invite')).toHaveLength(1))
    expect(api.callsTo('POST /api/leagues/join-by-invite')[0]?.headers.get('Authorization')).toBe('Bearer jwt-new')
    await settle(() => expect(visibleToasts()[0]).toHaveTextContent('Successfully joined the league!'))
  })

  it('shows the registration failure', async () => {
    const user = userEvent.setup()
    inviteApi({
      'POST /api/auth/register': [
        { status: 409, body: { detail: 'An account with this email already exists.' } },
        { status: 500, body: {} },
      ],
    })
    await openInvite()
    await user.click(screen.getByRole('button', { name: 'Sign Up to Join' }))
    const form = screen.getByRole('form', { name: 'Sign up to join' })
    await user.type(within(form).getByLabelText('Name'), 'Jo')
    await user.type(within(form).getByLabelText('Email'), 'jo@example.com')
    await user.type(within(form).getByLabelText('FPL Team ID'), '4242')
    await user.type(within(form).getByLabelText('Password'), 'Str0ng!pass')
    await user.click(within(form).getByRole('button', { name: 'Create Account & Join' }))
    await user.click(await confirmTeam())
    expect(await within(form).findByRole('alert')).toHaveTextContent('An account with this email already exists.')
    // The team stays confirmed: trying again goes straight to the server.
    await user.click(within(form).getByRole('button', { name: 'Create Account & Join' }))
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent(/^Registration failed$/))
  })
})
