import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { User } from '../../web/src/features/auth/types'
import { TournamentCard } from '../../web/src/features/dashboard/TournamentCard'
import type { UserLeague } from '../../web/src/lib/api-answers'
import { advance, currentLocation, demoUser, fakeClock, renderApp, renderWithProviders, settle, storedUser, storeSession, visibleToasts } from './helpers'
import { mockApi, networkDown, type Reply } from './mock-api'

const me = { ...demoUser, user_id: demoUser.id, fpl_team_id_locked: true, banter_sharing_enabled: true }

const leagues = [
  {
    id: 11,
    name: 'Sunday League',
    description: 'Pub rules apply',
    type: 'private',
    is_public: false,
    fpl_league_id: 314159,
    member_count: 12,
    fpl_league_size: 40,
    entry_fee: 10,
    created_at: '2025-08-15T12:00:00Z',
    is_commissioner: true,
    invite_code: 'abc',
  },
  {
    id: 12,
    name: 'Office League',
    description: null,
    type: 'private',
    is_public: true,
    fpl_league_id: 271828,
    member_count: 30,
    fpl_league_size: null,
    entry_fee: 0,
    created_at: '2025-09-02T12:00:00Z',
    is_commissioner: false,
  },
]

import { notificationPreferences } from './notification-fixtures'
import { discoveredLeague } from './tournament-fixtures'

function dashboardApi(routes: Record<string, Reply | Reply[]> = {}) {
  return mockApi({
    'GET /api/auth/user-leagues': { body: { leagues } },
    'GET /api/auth/me': { body: me },
    'GET /api/banter/privacy': { body: { banter_sharing_enabled: true } },
    'GET /api/notifications/preferences': { body: notificationPreferences() },
    // The gameweek panel (tests/web/dashboard-gameweek.test.tsx): before the season, nothing to show.
    'GET /api/me/gameweek': {
      body: { gameweek: null, status: null, provisional: false, points: null, next_deadline: null, leagues: [], updated_at: '2025-08-01T10:00:00Z' },
    },
    // The season banner (tests/web/season-banner.test.tsx): in season it says nothing.
    'GET /api/season': { body: { season: '2026/27', phase: 'in_season', next_deadline: '2026-11-28T11:00:00Z' } },
    ...routes,
  })
}

/** The dashboard of a returning user, whose team's leagues were looked up on an earlier visit. */
async function openDashboard(user: User = demoUser, state?: unknown, { discovered = true } = {}) {
  storeSession('jwt-1', user)
  if (discovered && user.fpl_team_id) window.localStorage.setItem(`leagueDiscovery:${user.fpl_team_id}`, 'done')
  renderApp(state ? { pathname: '/dashboard', state } : '/dashboard')
  return screen.findByRole('heading', { level: 1, name: `Welcome back, ${user.name}!` })
}

const section = (name: string) => screen.getByRole('region', { name })

const team4242 = { fpl_team_id: 4242, team_name: 'Salah Fingers', player_name: 'Jamie Vardy' }

describe('dashboard: header, profile and tournaments', () => {
  it('says the season is over above the gameweek panel while FPL prepares the next one', async () => {
    dashboardApi({ 'GET /api/season': { body: { season: '2026/27', phase: 'off_season', next_deadline: null } } })
    await openDashboard()
    expect(await screen.findByRole('status', { name: 'Season' })).toHaveTextContent('The 2026/27 season is over, and FPL is getting the next one ready')
  })

  it('greets the user, shows the profile and lists the tournaments with their count', async () => {
    const api = dashboardApi()
    await openDashboard()
    expect(screen.getByRole('link', { name: '← Back to Home' })).toHaveAttribute('href', '/')
    for (const name of ['Find Leagues', 'Refresh', 'Logout']) expect(screen.getByRole('button', { name })).toBeInTheDocument()

    const profile = section('Profile')
    expect(profile).toHaveTextContent('jamie@example.com')
    expect(profile).toHaveTextContent('123456')
    expect(profile).toHaveTextContent('Aug 1, 2025')
    // GET /api/auth/me refreshed the user: the team id is now locked.
    expect(await within(profile).findByText('Locked')).toBeInTheDocument()

    const mine = await screen.findByRole('region', { name: 'My Tournaments (2 tournaments)' })
    const cards = await within(mine).findAllByRole('listitem')
    expect(cards).toHaveLength(2)
    const [sunday, office] = cards as [HTMLElement, HTMLElement]
    expect(within(sunday).getByRole('heading', { name: 'Sunday League' })).toBeInTheDocument()
    expect(sunday).toHaveTextContent('Commissioner')
    expect(sunday).toHaveTextContent('Private')
    expect(sunday).toHaveTextContent('Pub rules apply')
    expect(sunday).toHaveTextContent('314159')
    expect(sunday).toHaveTextContent('12 members · 40 managers in the FPL league')
    expect(sunday).toHaveTextContent('Free') // always Free here, whatever the fee
    expect(sunday).not.toHaveTextContent('£')
    expect(sunday).toHaveTextContent('Aug 15, 2025')
    expect(sunday).toHaveTextContent('Active')
    expect(within(sunday).getByRole('button', { name: 'Manage League' })).toBeInTheDocument()
    expect(office).toHaveTextContent('Public')
    // Not refreshed yet: the members alone.
    expect(office).toHaveTextContent('30 members')
    expect(office).not.toHaveTextContent('FPL league')
    expect(office).not.toHaveTextContent('Commissioner')
    expect(within(office).queryByRole('button', { name: 'Manage League' })).not.toBeInTheDocument()
    expect(api.unexpected).toEqual([])
  })

  it('View Dashboard goes to /tournaments with selectedLeague, which opens the league there (one tap, decision 164)', async () => {
    const user = userEvent.setup()
    dashboardApi()
    await openDashboard()
    const sunday = (await screen.findAllByRole('listitem')).find((li) => li.textContent?.includes('Sunday League')) as HTMLElement
    await user.click(within(sunday).getByRole('button', { name: 'View Dashboard' }))
    await waitFor(() => expect(currentLocation()).toEqual({ path: '/tournaments/11', state: { league: leagues[0] } }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunday League' })).toBeInTheDocument()
  })

  it('View Dashboard itself hands the league to /tournaments as selectedLeague', async () => {
    const user = userEvent.setup()
    renderWithProviders(
      <ul>
        <TournamentCard league={leagues[0] as UserLeague} />
      </ul>,
      '/dashboard',
    )
    await user.click(screen.getByRole('button', { name: 'View Dashboard' }))
    expect(currentLocation()).toEqual({ path: '/tournaments', state: { selectedLeague: leagues[0] } })
  })

  it('Manage League passes the league to /commissioner', async () => {
    const user = userEvent.setup()
    dashboardApi()
    await openDashboard()
    await user.click(await screen.findByRole('button', { name: 'Manage League' }))
    await waitFor(() => expect(currentLocation()).toEqual({ path: '/commissioner', state: { league: leagues[0] } }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunday League' })).toBeInTheDocument()
  })

  it('empty state: "No Tournaments Yet" with Browse Tournaments', async () => {
    dashboardApi({ 'GET /api/auth/user-leagues': { body: { leagues: [] } } })
    await openDashboard()
    expect(await screen.findByRole('heading', { name: 'No Tournaments Yet' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse Tournaments' })).toHaveAttribute('href', '/tournaments')
    expect(screen.getByRole('region', { name: 'My Tournaments (0 tournaments)' })).toBeInTheDocument()
  })

  it('league errors: "Failed to fetch your leagues", "Network error occurred", and Try again', async () => {
    const user = userEvent.setup()
    dashboardApi({ 'GET /api/auth/user-leagues': [{ status: 500, body: { detail: 'boom' } }, networkDown(), { body: { leagues: [] } }] })
    await openDashboard()
    const mine = section('My Tournaments')
    expect(await within(mine).findByRole('alert')).toHaveTextContent('Failed to fetch your leagues')
    await user.click(within(mine).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(within(mine).getByRole('alert')).toHaveTextContent('Network error occurred'))
    await user.click(within(mine).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'No Tournaments Yet' })).toBeInTheDocument()
  })

  it('a 401 on the leagues logs the user out', async () => {
    dashboardApi({ 'GET /api/auth/user-leagues': { status: 401, body: { detail: 'Session expired' } } })
    await openDashboard()
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Dashboard' })).toBeInTheDocument()
    expect(window.localStorage.getItem('authToken')).toBeNull()
  })

  it('Refresh reloads the leagues and the profile; Logout signs out and goes home', async () => {
    const user = userEvent.setup()
    const api = dashboardApi()
    await openDashboard()
    await screen.findAllByRole('listitem')
    await waitFor(() => expect(api.callsTo('GET /api/auth/me')).toHaveLength(1))
    await user.click(screen.getByRole('button', { name: 'Refresh' }))
    await waitFor(() => expect(api.callsTo('GET /api/auth/user-leagues')).toHaveLength(2))
    expect(api.callsTo('GET /api/auth/me')).toHaveLength(2)

    await user.click(screen.getByRole('button', { name: 'Logout' }))
    await waitFor(() => expect(currentLocation().path).toBe('/'))
    expect(window.localStorage.getItem('authToken')).toBeNull()
  })
})

describe('dashboard: email-verified banner', () => {
  it('shows for 5 s with the auto-joined count, then disappears', async () => {
    dashboardApi()
    await import('../../web/src/pages/DashboardPage')
    fakeClock()
    storeSession('jwt-1')
    renderApp({
      pathname: '/dashboard',
      state: {
        emailVerified: true,
        autoJoinedCount: 2,
        autoJoinedLeagues: [
          { league_id: 11, league_name: 'Sunday League' },
          { league_id: 12, league_name: 'Office League' },
        ],
      },
    })
    await settle(() => screen.getByTestId('verified-banner'))
    const banner = screen.getByTestId('verified-banner')
    expect(banner).toHaveTextContent('Email verified!')
    expect(banner).toHaveTextContent('added to 2 leagues: Sunday League, Office League')
    expect(banner.closest('[role="status"]')).not.toBeNull()
    // The flag is dropped from history, so a reload does not show it again.
    await settle(() => expect(currentLocation().state).toBeNull())

    await advance(4999)
    expect(screen.getByTestId('verified-banner')).toBeInTheDocument()
    await advance(1)
    expect(screen.queryByTestId('verified-banner')).not.toBeInTheDocument()
  })

  it('leaves the count out when nothing was auto-joined, and is absent without the flag', async () => {
    dashboardApi()
    await openDashboard(demoUser, { emailVerified: true, autoJoinedCount: 0, autoJoinedLeagues: [] })
    expect(screen.getByTestId('verified-banner')).not.toHaveTextContent('added to')
  })

  it('is absent without the flag', async () => {
    dashboardApi()
    await openDashboard()
    expect(screen.queryByTestId('verified-banner')).not.toBeInTheDocument()
  })
})

describe('dashboard: FPL Team ID and league discovery', () => {
  const noTeam: User = { ...demoUser, fpl_team_id: null, fpl_team_id_locked: false }
  const found = [
    discoveredLeague(21, 'Cup League', 1001, 8, false, 5),
    discoveredLeague(22, 'Work League', 1002, 20, false),
    discoveredLeague(11, 'Sunday League', 314159, 12, true),
  ]

  it('shows the yellow card only without a team id; validates; then shows the discovered leagues', async () => {
    const user = userEvent.setup()
    const api = dashboardApi({
      'GET /api/auth/me': { body: { ...me, fpl_team_id: null, fpl_team_id_locked: false } },
      'POST /api/auth/update-fpl-team': {
        body: { message: 'FPL Team ID saved.', fpl_team_id: 4242, fpl_team_id_locked: false, auto_joined_count: 0, discovered_leagues: found },
      },
      'GET /api/fpl-team/4242': { body: team4242 },
      'GET /api/discover-leagues/4242': {
        body: {
          discovered_leagues: found,
          not_here_yet: [{ fpl_league_id: 678901, name: 'Fridays League', managers: 40, your_rank: 3, you_are_fpl_admin: false }],
        },
      },
    })
    await openDashboard(noTeam)
    const card = screen.getByRole('region', { name: 'Add FPL Team ID' })
    const input = within(card).getByLabelText('FPL Team ID')
    for (const bad of ['', 'abc', '0', '12.5']) {
      await user.clear(input)
      if (bad) await user.type(input, bad)
      await user.click(within(card).getByRole('button', { name: 'Save Team ID' }))
      expect(within(card).getByText('Please enter a valid FPL Team ID')).toBeInTheDocument()
    }
    expect(api.callsTo('POST /api/auth/update-fpl-team')).toHaveLength(0)

    await user.clear(input)
    await user.type(input, '4242')
    await user.click(within(card).getByRole('button', { name: 'Save Team ID' }))
    await user.click(await within(card).findByRole('button', { name: 'Yes, save this team' }))

    const discovery = await screen.findByRole('region', { name: 'Find Leagues' })
    expect(api.callsTo('POST /api/auth/update-fpl-team')[0]?.body).toEqual({ fpl_team_id: 4242 })
    expect(screen.queryByRole('region', { name: 'Add FPL Team ID' })).not.toBeInTheDocument()
    // Saved but not proven yet: not locked, and it says so.
    expect(storedUser()).toMatchObject({ fpl_team_id: 4242, fpl_team_id_locked: false, fpl_team_verified: false })
    expect(within(section('Profile')).getByText('Not verified')).toBeInTheDocument()
    expect(within(section('Profile')).queryByText('Locked')).not.toBeInTheDocument()
    // The leagues to join come with the update; one look adds the team's FPL leagues not here yet.
    expect(await within(discovery).findByRole('button', { name: 'Start Fridays League here' })).toBeInTheDocument()
    expect(api.callsTo('GET /api/discover-leagues/4242')).toHaveLength(1)
    expect(within(discovery).getByRole('checkbox', { name: /Cup League/ })).toBeChecked()
    expect(within(discovery).getByText(/Entry £5/)).toBeInTheDocument()
    expect(within(discovery).getByRole('checkbox', { name: /Sunday League/ })).toBeDisabled()
  })

  it('shows the update failure', async () => {
    const user = userEvent.setup()
    dashboardApi({
      'GET /api/auth/me': { body: { ...me, fpl_team_id: null, fpl_team_id_locked: false } },
      'POST /api/auth/update-fpl-team': [
        { status: 409, body: { detail: 'This FPL team is already linked to another account.' } },
        { status: 500, body: {} },
      ],
      'GET /api/fpl-team/4242': { body: team4242 },
    })
    await openDashboard(noTeam)
    const card = screen.getByRole('region', { name: 'Add FPL Team ID' })
    await user.type(within(card).getByLabelText('FPL Team ID'), '4242')
    await user.click(within(card).getByRole('button', { name: 'Save Team ID' }))
    await user.click(await within(card).findByRole('button', { name: 'Yes, save this team' }))
    expect(await within(card).findByRole('alert')).toHaveTextContent('This FPL team is already linked to another account.')
    await user.click(within(card).getByRole('button', { name: 'Save Team ID' }))
    await waitFor(() => expect(within(card).getByRole('alert')).toHaveTextContent('Failed to update FPL Team ID'))
  })

  it('hides the yellow card when the team id is locked even without an id', async () => {
    dashboardApi({ 'GET /api/auth/me': { body: { ...me, fpl_team_id: null, fpl_team_id_locked: true } } })
    await openDashboard({ ...noTeam, fpl_team_id_locked: true })
    expect(screen.queryByRole('region', { name: 'Add FPL Team ID' })).not.toBeInTheDocument()
  })

  it('looks for the leagues of a team not discovered yet (FPL was slow at sign-up) on load, once, and offers them', async () => {
    const api = dashboardApi({ 'GET /api/discover-leagues/123456': { body: { discovered_leagues: found } } })
    await openDashboard(demoUser, undefined, { discovered: false })
    const discovery = await screen.findByRole('region', { name: 'Find Leagues' })
    expect(await within(discovery).findByRole('checkbox', { name: /Cup League/ })).toBeInTheDocument()
    expect(api.callsTo('GET /api/discover-leagues/123456')).toHaveLength(1)
    expect(api.unexpected).toEqual([])
    // The next visit does not look again on its own.
    expect(window.localStorage.getItem('leagueDiscovery:123456')).toBe('done')
  })

  it('Find Leagues discovers, requires at least one choice, joins the chosen ones and reloads', async () => {
    const user = userEvent.setup()
    const api = dashboardApi({
      'GET /api/discover-leagues/123456': { body: { discovered_leagues: found } },
      'POST /api/auto-join-leagues': {
        body: { message: 'Joined 1 league.', joined_count: 1, joined_leagues: [{ league_id: 22, league_name: 'Work League' }] },
      },
    })
    await openDashboard()
    await user.click(screen.getByRole('button', { name: 'Find Leagues' }))
    const discovery = await screen.findByRole('region', { name: 'Find Leagues' })
    expect(within(discovery).getByRole('heading', { name: 'Find Leagues' })).toHaveFocus()
    const cup = await within(discovery).findByRole('checkbox', { name: /Cup League/ })
    const work = within(discovery).getByRole('checkbox', { name: /Work League/ })
    const list = cup.closest('ul') as HTMLElement
    expect(list).toHaveClass('discovery__list') // scrollable, max-height 15rem (dashboard.css)

    await user.click(cup)
    await user.click(work)
    expect(within(discovery).getByRole('button', { name: 'Join Leagues' })).toBeDisabled()
    await user.click(work)
    await user.click(within(discovery).getByRole('button', { name: 'Join 1 League' }))

    await waitFor(() => expect(screen.queryByRole('region', { name: 'Find Leagues' })).not.toBeInTheDocument())
    expect(api.callsTo('POST /api/auto-join-leagues')[0]?.body).toEqual([22])
    expect(visibleToasts()[0]).toHaveTextContent('Joined 1 league.')
    expect(storedUser()?.joined_leagues).toEqual([1, 2, 22])
    await waitFor(() => expect(api.callsTo('GET /api/auth/user-leagues')).toHaveLength(2))
  })

  it('discovery messages: none found, failure detail and fallback, network; join failure', async () => {
    const user = userEvent.setup()
    dashboardApi({
      'GET /api/discover-leagues/123456': [
        { body: { discovered_leagues: [found[2]] } },
        { status: 502, body: { detail: 'FPL is down' } },
        { status: 500, body: {} },
        networkDown(),
        { body: { discovered_leagues: found } },
      ],
      'POST /api/auto-join-leagues': [
        { status: 400, body: { detail: 'None of the chosen leagues can be joined with your FPL team.' } },
        { status: 500, body: {} },
      ],
    })
    await openDashboard()
    const findButton = screen.getByRole('button', { name: 'Find Leagues' })
    await user.click(findButton)
    expect(await screen.findByText('No new leagues found containing your FPL team.')).toBeInTheDocument()

    await user.click(findButton) // close
    await user.click(findButton) // reopen: a new discovery
    expect(await screen.findByText(/FPL is down/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText(/Failed to discover leagues/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText(/Network error\. Please try again\./)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))

    await user.click(await screen.findByRole('button', { name: 'Join 2 Leagues' }))
    expect(await screen.findByText('None of the chosen leagues can be joined with your FPL team.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Join 2 Leagues' }))
    expect(await screen.findByText('Failed to join leagues')).toBeInTheDocument()
  })
})

describe('dashboard: display name', () => {
  async function openEditor() {
    const user = userEvent.setup()
    const api = dashboardApi({ 'PUT /api/auth/update-display-name': { body: { name: 'Jamie V', message: 'Display name updated successfully!' } } })
    await openDashboard()
    const card = section('Display Name')
    await user.click(within(card).getByRole('button', { name: 'Edit display name' }))
    const input = within(card).getByLabelText('Display name')
    return { user, api, card, input }
  }

  it('edits with a 50-character limit and a live counter', async () => {
    const { user, card, input } = await openEditor()
    expect(input).toHaveFocus()
    expect(input).toHaveValue('Jamie Vardy')
    expect(input).toHaveAttribute('maxLength', '50')
    expect(within(card).getByText('11/50 characters')).toBeInTheDocument()
    expect(within(card).getByText(/2-50 characters/)).toBeInTheDocument()
    await user.type(input, '!!')
    expect(within(card).getByText('13/50 characters')).toBeInTheDocument()
    expect(input).toHaveAccessibleDescription(/13\/50 characters/)
  })

  it('Enter saves, with the toast, and returns focus to Edit', async () => {
    const { user, api, card, input } = await openEditor()
    await user.clear(input)
    await user.type(input, '  Jamie V  {Enter}')
    await waitFor(() => expect(within(card).getByTestId('display-name')).toHaveTextContent('Jamie V'))
    expect(api.callsTo('PUT /api/auth/update-display-name')[0]?.body).toEqual({ new_name: 'Jamie V' })
    expect(storedUser()?.name).toBe('Jamie V')
    expect(visibleToasts()[0]).toHaveTextContent('Display name updated successfully!')
    expect(within(card).getByRole('button', { name: 'Edit display name' })).toHaveFocus()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome back, Jamie V!')
  })

  it('Escape cancels without a call', async () => {
    const { user, api, card, input } = await openEditor()
    await user.type(input, ' changed{Escape}')
    expect(within(card).queryByLabelText('Display name')).not.toBeInTheDocument()
    expect(within(card).getByTestId('display-name')).toHaveTextContent('Jamie Vardy')
    expect(api.callsTo('PUT /api/auth/update-display-name')).toHaveLength(0)
  })

  it('an unchanged name just leaves edit mode, with no call', async () => {
    const { user, api, card, input } = await openEditor()
    await user.type(input, '   {Enter}')
    expect(within(card).queryByLabelText('Display name')).not.toBeInTheDocument()
    expect(api.callsTo('PUT /api/auth/update-display-name')).toHaveLength(0)
  })

  it('an empty name is refused on the client', async () => {
    const { user, api, card, input } = await openEditor()
    await user.clear(input)
    await user.type(input, '   {Enter}')
    expect(within(card).getByText('Display name cannot be empty.')).toBeInTheDocument()
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(api.callsTo('PUT /api/auth/update-display-name')).toHaveLength(0)
  })

  it('shows the server detail, else the fallback', async () => {
    const { user, api, card, input } = await openEditor()
    api.on('PUT /api/auth/update-display-name', [
      { status: 400, body: { detail: 'Display name must be 2-50 characters.' } },
      { status: 500, body: {} },
    ])
    await user.clear(input)
    await user.type(input, 'J{Enter}')
    expect(await within(card).findByText('Display name must be 2-50 characters.')).toBeInTheDocument()
    await user.type(input, 'o{Enter}')
    expect(await within(card).findByText('Failed to update display name. Please try again.')).toBeInTheDocument()
  })
})

describe('dashboard: banter sharing', () => {
  it('is treated as on until loaded, then follows the stored setting', async () => {
    let release!: () => void
    dashboardApi({
      'GET /api/banter/privacy': () =>
        new Promise<Reply>((resolve) => {
          release = () => resolve({ body: { banter_sharing_enabled: false } })
        }),
    })
    await openDashboard()
    const toggle = screen.getByRole('switch', { name: 'Share my banter achievements' })
    expect(toggle).toHaveAttribute('aria-checked', 'true')
    await act(async () => release())
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'))
    expect(screen.getByText(/will not appear in shareable content/)).toBeInTheDocument()
  })

  it('toasts each change and the failure', async () => {
    const user = userEvent.setup()
    const api = dashboardApi({
      'PUT /api/banter/privacy': [
        { body: { banter_sharing_enabled: false, message: 'Sharing disabled' } },
        { body: { banter_sharing_enabled: true, message: 'Sharing enabled' } },
        { status: 500, body: {} },
      ],
    })
    await openDashboard()
    const toggle = screen.getByRole('switch', { name: 'Share my banter achievements' })
    await waitFor(() => expect(api.callsTo('GET /api/banter/privacy')).toHaveLength(1))

    await user.click(toggle)
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'))
    expect(api.callsTo('PUT /api/banter/privacy')[0]?.body).toEqual({ banter_sharing_enabled: false })
    expect(visibleToasts()[0]).toHaveTextContent('Sharing Disabled')
    expect(visibleToasts()[0]).toHaveTextContent('Your banter achievements are now private')
    expect(screen.getByText(/will not appear in shareable content/)).toBeInTheDocument()

    await user.click(toggle)
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'))
    expect(visibleToasts()[0]).toHaveTextContent('Sharing Enabled')
    expect(visibleToasts()[0]).toHaveTextContent('Your banter achievements can now be shared')
    expect(screen.queryByText(/will not appear in shareable content/)).not.toBeInTheDocument()

    await user.click(toggle)
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to update privacy settings. Please try again.'))
    expect(screen.getByRole('alert')).toHaveTextContent('Error')
    expect(toggle).toHaveAttribute('aria-checked', 'true')
  })
})

describe('dashboard: my shares', () => {
  const shares = [
    {
      id: 's1',
      league_id: 11,
      league_name: 'Sunday League',
      stat_type: 'captain_catastrophe',
      created_at: '2025-10-01T10:00:00Z',
      view_count: 14,
      click_count: 3,
      stat_data: { emoji: '🫣', achievement_title: 'Captain Catastrophe' },
      share_url: 'https://banter.example/share/banter/s1',
    },
    {
      id: 's2',
      league_id: 11,
      league_name: 'Sunday League',
      stat_type: 'benched_beast',
      created_at: '2025-10-02T10:00:00Z',
      view_count: 1,
      click_count: 0,
      stat_data: { emoji: '🪑', achievement_title: 'Benched Beast' },
      share_url: 'https://banter.example/share/banter/s2',
    },
  ]

  it('is hidden until shown, loads once on first show', async () => {
    const user = userEvent.setup()
    const api = dashboardApi({ 'GET /api/banter/my-shares': { body: { shared_stats: shares } } })
    await openDashboard()
    const show = screen.getByRole('button', { name: 'Show My Shares' })
    expect(show).toHaveAttribute('aria-expanded', 'false')
    expect(api.callsTo('GET /api/banter/my-shares')).toHaveLength(0)

    await user.click(show)
    expect(screen.getByRole('button', { name: 'Hide My Shares' })).toHaveAttribute('aria-expanded', 'true')
    expect(await screen.findByRole('link', { name: /Captain Catastrophe/ })).toHaveAttribute('href', shares[0]?.share_url)
    expect(screen.getByText(/14 views · 3 clicks/)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Hide My Shares' }))
    await user.click(screen.getByRole('button', { name: 'Show My Shares' }))
    expect(api.callsTo('GET /api/banter/my-shares')).toHaveLength(1)
  })

  it('asks before deleting; Cancel keeps it, Delete removes it with a toast', async () => {
    const user = userEvent.setup()
    const api = dashboardApi({
      'GET /api/banter/my-shares': { body: { shared_stats: shares } },
      'DELETE /api/banter/share/s1': { body: { message: 'Your shared achievement has been removed.' } },
    })
    await openDashboard()
    await user.click(screen.getByRole('button', { name: 'Show My Shares' }))
    const remove = await screen.findByRole('button', { name: 'Delete share: Captain Catastrophe' })

    await user.click(remove)
    let confirm = screen.getByRole('alertdialog', { name: 'Delete this share?' })
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(remove).toHaveFocus()
    expect(api.callsTo('DELETE /api/banter/share/s1')).toHaveLength(0)

    await user.click(remove)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(api.callsTo('DELETE /api/banter/share/s1')).toHaveLength(0)

    await user.click(remove)
    confirm = screen.getByRole('alertdialog', { name: 'Delete this share?' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('link', { name: /Captain Catastrophe/ })).not.toBeInTheDocument())
    expect(screen.getByRole('link', { name: /Benched Beast/ })).toBeInTheDocument()
    expect(api.callsTo('DELETE /api/banter/share/s1')).toHaveLength(1)
    const toast = visibleToasts()[0]
    expect(toast).toHaveTextContent('Share Deleted')
    expect(toast).toHaveTextContent('Your shared achievement has been removed.')
    expect(screen.getByRole('heading', { name: 'My Shares' })).toHaveFocus()
  })

  it('keeps the share and toasts when deleting fails', async () => {
    const user = userEvent.setup()
    dashboardApi({
      'GET /api/banter/my-shares': { body: { shared_stats: shares } },
      'DELETE /api/banter/share/s2': { status: 500, body: {} },
    })
    await openDashboard()
    await user.click(screen.getByRole('button', { name: 'Show My Shares' }))
    await user.click(await screen.findByRole('button', { name: 'Delete share: Benched Beast' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to delete shared achievement.'))
    expect(screen.getByRole('link', { name: /Benched Beast/ })).toBeInTheDocument()
  })
})
