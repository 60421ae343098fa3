import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { AppProviders } from '../../web/src/app/AppProviders'
import type { User } from '../../web/src/features/auth/types'
import CreateFlow from '../../web/src/features/tournaments/CreateFlow'
import { currentLocation, demoUser, renderApp, storedUser, storeSession } from './helpers'
import { mockApi, type Reply } from './mock-api'

// Team ownership (decision 061) and the invite page checking the team against its league, the
// web side: every team id is confirmed by name before it is saved, an unverified team can be
// verified (code in the FPL team name, then Check) on the dashboard and inline in the create
// dialog, the commissioner sees who is verified; and "Sign out everywhere" (decision 066).

const STRONG = 'Str0ng!pass'
const team4242 = { fpl_team_id: 4242, team_name: 'Salah Fingers', player_name: 'Jamie Vardy' }
const challenge = { code: 'BA-7Q2K', expires_at: '2025-09-01T10:30:00Z', fpl_team_id: 4242 }

beforeAll(async () => {
  // The lazy pages and panels, loaded up front so findBy waits stay short.
  await Promise.all([
    import('../../web/src/pages/JoinInvitePage'),
    import('../../web/src/pages/DashboardPage'),
    import('../../web/src/features/fpl-team/TeamVerification'),
    import('../../web/src/features/auth/AuthPanels'),
  ])
})

describe('register dialog: the team is confirmed before the account is created', () => {
  async function fillRegister(api: ReturnType<typeof mockApi>, teamId: string) {
    const user = userEvent.setup()
    renderApp('/?register=true')
    const dialog = await screen.findByRole('dialog', { name: 'Join Banter Arena' })
    await user.type(await within(dialog).findByLabelText('Name'), 'Jamie')
    await user.type(within(dialog).getByLabelText('Email'), 'jamie@example.com')
    await user.type(within(dialog).getByLabelText('Password'), STRONG)
    await user.type(within(dialog).getByLabelText(/FPL Team ID/), teamId)
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }))
    return { user, dialog, api }
  }

  it('shows "team — manager", sends nothing until confirmed, and goes back to the id on "No"', async () => {
    const api = mockApi({
      'GET /api/fpl-team/4242': { body: team4242 },
      'GET /api/fpl-team/4243': { body: { fpl_team_id: 4243, team_name: 'Kane Train', player_name: 'Jamie Vardy' } },
      'POST /api/auth/register': { status: 201, body: { verification_required: true, email: 'jamie@example.com', discovered_leagues: [] } },
    })
    const { user, dialog } = await fillRegister(api, '4242')
    const question = await within(dialog).findByRole('group', { name: 'Is this your team?' })
    expect(question).toHaveTextContent('Salah Fingers — Jamie Vardy')
    expect(question).toHaveTextContent('FPL Team ID 4242')
    expect(question).toHaveFocus()
    expect(api.callsTo('POST /api/auth/register')).toHaveLength(0)
    // The lookup is anonymous: no account exists yet.
    expect(api.callsTo('GET /api/fpl-team/4242')[0]?.headers.get('Authorization')).toBeNull()

    await user.click(within(question).getByRole('button', { name: 'No, change the ID' }))
    const field = within(dialog).getByLabelText(/FPL Team ID/)
    expect(field).toHaveFocus()
    expect(within(dialog).queryByRole('group', { name: 'Is this your team?' })).not.toBeInTheDocument()
    await user.clear(field)
    await user.type(field, '4243')
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }))
    const again = await within(dialog).findByRole('group', { name: 'Is this your team?' })
    expect(again).toHaveTextContent('Kane Train — Jamie Vardy')
    expect(api.callsTo('POST /api/auth/register')).toHaveLength(0)

    await user.click(within(again).getByRole('button', { name: 'Yes, create my account' }))
    await waitFor(() => expect(api.callsTo('POST /api/auth/register')).toHaveLength(1))
    expect(api.callsTo('POST /api/auth/register')[0]?.body).toMatchObject({ fpl_team_id: 4243 })
  })

  it('an id FPL does not know is refused on the field with the server detail', async () => {
    const api = mockApi({
      'GET /api/fpl-team/99': { status: 404, body: { detail: 'No FPL team has ID 99. Check the number in your FPL Points page address.' } },
    })
    const { dialog } = await fillRegister(api, '99')
    expect(await within(dialog).findByText('No FPL team has ID 99. Check the number in your FPL Points page address.')).toBeInTheDocument()
    expect(within(dialog).getByLabelText(/FPL Team ID/)).toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog).getByLabelText(/FPL Team ID/)).toHaveFocus()
    expect(api.callsTo('POST /api/auth/register')).toHaveLength(0)
  })
})

describe('invite page: the team is checked against the league, then confirmed', () => {
  const league = { id: 3, name: 'Pub League', description: null, member_count: 4, fpl_league_id: 123456, entry_fee: 0, is_public: false, type: 'private' }

  async function fillInvite(routes: Record<string, Reply | Reply[]>) {
    const api = mockApi({ 'GET /api/leagues/invite/AbC123': { body: league }, 'GET /api/fpl-team/4242': { body: team4242 }, ...routes })
    const user = userEvent.setup()
    renderApp('/join/AbC123')
    await screen.findByRole('heading', { level: 1, name: 'Pub League' })
    await user.click(screen.getByRole('button', { name: 'Sign Up to Join' }))
    const form = screen.getByRole('form', { name: 'Sign up to join' })
    await user.type(within(form).getByLabelText('Name'), 'Jamie')
    await user.type(within(form).getByLabelText('Email'), 'jamie@example.com')
    await user.type(within(form).getByLabelText('FPL Team ID'), '4242')
    await user.type(within(form).getByLabelText('Password'), STRONG)
    await user.click(within(form).getByRole('button', { name: 'Create Account & Join' }))
    return { api, user, form }
  }

  it('a team outside the league is refused before anything is created', async () => {
    const { api, form } = await fillInvite({ 'GET /api/validate-team/123456/4242': { body: { valid: false, team_name: 'Salah Fingers' } } })
    expect(
      await within(form).findByText(
        "This team (Salah Fingers) is not in Pub League's FPL league. Check your FPL Team ID: only managers in that league can join it.",
      ),
    ).toBeInTheDocument()
    expect(within(form).getByLabelText('FPL Team ID')).toHaveAttribute('aria-invalid', 'true')
    expect(within(form).queryByRole('group', { name: 'Is this your team?' })).not.toBeInTheDocument()
    expect(api.callsTo('POST /api/auth/register')).toHaveLength(0)
  })

  it("the server's team_not_in_league answer is shown on the team id field", async () => {
    const { api, user, form } = await fillInvite({
      'GET /api/validate-team/123456/4242': { body: { valid: true, team_name: 'Salah Fingers' } },
      'POST /api/auth/register': {
        status: 400,
        body: {
          detail: 'Your FPL team is not in this league. Check your FPL Team ID, or ask the commissioner for the right invite.',
          code: 'team_not_in_league',
        },
      },
    })
    const question = await within(form).findByRole('group', { name: 'Is this your team?' })
    expect(question).toHaveTextContent('Salah Fingers — Jamie Vardy')
    await user.click(within(question).getByRole('button', { name: 'Yes, create my account & join' }))
    expect(
      await within(form).findByText('Your FPL team is not in this league. Check your FPL Team ID, or ask the commissioner for the right invite.'),
    ).toBeInTheDocument()
    expect(within(form).getByLabelText('FPL Team ID')).toHaveFocus()
    expect(api.callsTo('POST /api/auth/register')[0]?.body).toMatchObject({ fpl_team_id: 4242, invite_code: 'AbC123' })
  })
})

const me = (extra: Partial<User> = {}) => ({
  ...demoUser,
  user_id: demoUser.id,
  fpl_team_id: 4242,
  fpl_team_id_locked: false,
  fpl_team_verified: false,
  ...extra,
})

function dashboardApi(routes: Record<string, Reply | Reply[]> = {}, user = me()) {
  return mockApi({
    'GET /api/auth/user-leagues': { body: { leagues: [] } },
    'GET /api/auth/me': { body: user },
    'GET /api/banter/privacy': { body: { banter_sharing_enabled: true } },
    ...routes,
  })
}

async function openDashboard(user: User = me()) {
  storeSession('jwt-1', user)
  renderApp('/dashboard')
  await screen.findByRole('heading', { level: 1, name: `Welcome back, ${user.name}!` })
  return screen.getByRole('region', { name: 'Profile' })
}

describe('dashboard: adding or changing a team id asks first', () => {
  it('"No, change the ID" on the Add FPL Team ID card saves nothing', async () => {
    const user = userEvent.setup()
    const api = dashboardApi({ 'GET /api/fpl-team/4242': { body: team4242 } }, me({ fpl_team_id: null }))
    await openDashboard(me({ fpl_team_id: null }))
    const card = screen.getByRole('region', { name: 'Add FPL Team ID' })
    await user.type(within(card).getByLabelText('FPL Team ID'), '4242')
    await user.click(within(card).getByRole('button', { name: 'Save Team ID' }))
    const question = await within(card).findByRole('group', { name: 'Is this your team?' })
    expect(question).toHaveTextContent('Salah Fingers — Jamie Vardy')
    await user.click(within(question).getByRole('button', { name: 'No, change the ID' }))
    expect(within(card).getByLabelText('FPL Team ID')).toHaveFocus()
    expect(within(card).getByRole('button', { name: 'Save Team ID' })).toBeInTheDocument()
    expect(api.callsTo('POST /api/auth/update-fpl-team')).toHaveLength(0)
  })

  it('an unverified id can be changed (with the same confirmation); a verified one cannot', async () => {
    const user = userEvent.setup()
    const api = dashboardApi({
      'GET /api/fpl-team/5151': { body: { fpl_team_id: 5151, team_name: 'Kane Train', player_name: 'Jamie Vardy' } },
      'POST /api/auth/update-fpl-team': {
        body: { message: 'FPL Team ID saved.', fpl_team_id: 5151, fpl_team_id_locked: false, auto_joined_count: 0, discovered_leagues: [] },
      },
    })
    const profile = await openDashboard()
    expect(within(profile).getByText('Not verified')).toBeInTheDocument()
    expect(within(profile).queryByText('Locked')).not.toBeInTheDocument()
    await user.click(within(profile).getByRole('button', { name: 'Change team ID' }))
    await user.type(within(profile).getByLabelText('FPL Team ID'), '5151')
    await user.click(within(profile).getByRole('button', { name: 'Save new ID' }))
    await user.click(await within(profile).findByRole('button', { name: 'Yes, save this team' }))
    await waitFor(() => expect(storedUser()).toMatchObject({ fpl_team_id: 5151, fpl_team_verified: false }))
    expect(api.callsTo('POST /api/auth/update-fpl-team')[0]?.body).toEqual({ fpl_team_id: 5151 })
    expect(within(profile).getByText('5151')).toBeInTheDocument()
  })

  it('a verified team shows Verified and Locked, with no way to change it', async () => {
    dashboardApi({}, me({ fpl_team_verified: true, fpl_team_id_locked: true }))
    const profile = await openDashboard(me({ fpl_team_verified: true, fpl_team_id_locked: true }))
    expect(within(profile).getByText('Verified')).toBeInTheDocument()
    expect(within(profile).getByText('Locked')).toBeInTheDocument()
    expect(within(profile).queryByRole('button', { name: "Verify it's yours" })).not.toBeInTheDocument()
    expect(within(profile).queryByRole('button', { name: 'Change team ID' })).not.toBeInTheDocument()
  })
})

describe('dashboard: verifying the team', () => {
  it('shows the code with a copy button and the steps; Check shows the failure detail, then done', async () => {
    const user = userEvent.setup()
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })
    const api = dashboardApi({
      'POST /api/auth/fpl-team/challenge': { body: challenge },
      'POST /api/auth/fpl-team/verify': [
        {
          status: 400,
          body: {
            detail: 'Your FPL team name does not contain BA-7Q2K yet. Add it in Pick Team › Team details, save, then press Check.',
            code: 'code_not_in_team_name',
          },
        },
        { body: { fpl_team_id: 4242, team_name: 'Salah Fingers BA-7Q2K', verified: true } },
      ],
    })
    const profile = await openDashboard()
    await user.click(within(profile).getByRole('button', { name: "Verify it's yours" }))
    const panel = await within(profile).findByRole('region', { name: "Verify it's your team" })
    expect(panel).toHaveTextContent('nobody else can claim it or run your league with it')
    expect(await within(panel).findByText('BA-7Q2K')).toBeInTheDocument()
    expect(panel).toHaveTextContent('Pick Team › Team details')
    expect(api.callsTo('POST /api/auth/fpl-team/challenge')).toHaveLength(1)
    expect(api.callsTo('POST /api/auth/fpl-team/challenge')[0]?.body).toEqual({ fpl_team_id: 4242 })

    await user.click(within(panel).getByRole('button', { name: 'Copy code' }))
    expect(writeText).toHaveBeenCalledWith('BA-7Q2K')
    expect(await within(panel).findByText('Code copied.')).toBeInTheDocument()

    await user.click(within(panel).getByRole('button', { name: 'Check' }))
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Your FPL team name does not contain BA-7Q2K yet.')
    expect(storedUser()).toMatchObject({ fpl_team_verified: false })

    await user.click(within(panel).getByRole('button', { name: 'Check' }))
    expect(await within(profile).findByText('Done! Salah Fingers BA-7Q2K is verified as yours.')).toBeInTheDocument()
    expect(within(profile).getByText('You can rename your team back on FPL now.')).toBeInTheDocument()
    expect(storedUser()).toMatchObject({ fpl_team_id: 4242, fpl_team_verified: true, fpl_team_id_locked: true })
    expect(within(profile).getByText('Verified')).toBeInTheDocument()
    expect(within(profile).getByText('Locked')).toBeInTheDocument()
    await user.click(within(profile).getByRole('button', { name: 'Close' }))
    expect(within(profile).queryByText(/Done!/)).not.toBeInTheDocument()
  })

  it('a failed challenge says so and can be retried', async () => {
    const user = userEvent.setup()
    dashboardApi({
      'POST /api/auth/fpl-team/challenge': [
        { status: 429, body: { detail: 'Too many codes asked for. Please wait a minute and try again.' } },
        { body: challenge },
      ],
    })
    const profile = await openDashboard()
    await user.click(within(profile).getByRole('button', { name: "Verify it's yours" }))
    expect(await within(profile).findByRole('alert')).toHaveTextContent('Too many codes asked for. Please wait a minute and try again.')
    expect(within(profile).getByRole('button', { name: 'Check' })).toBeDisabled()
    await user.click(within(profile).getByRole('button', { name: 'Try again' }))
    expect(await within(profile).findByText('BA-7Q2K')).toBeInTheDocument()
  })
})

function renderInApp(ui: ReactNode) {
  return render(
    <MemoryRouter initialEntries={['/tournaments']}>
      <AppProviders>{ui}</AppProviders>
    </MemoryRouter>,
  )
}

describe('create dialog: a commissioner-to-be verifies inline', () => {
  it('on 403 fpl_team_unverified: the detail, the code, Check, done, then Create succeeds', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1', me())
    const create = 'POST /api/leagues?name=Pub+League&fpl_league_id=31&entry_fee=0'
    const api = mockApi({
      [create]: [
        { status: 403, body: { detail: 'To run this league as its commissioner, first verify that your FPL team is yours.', code: 'fpl_team_unverified' } },
        { status: 201, body: { league_id: 77, invite_code: 'abc123', is_commissioner: true, message: "Pub League is live, and you're the Commissioner." } },
      ],
      'POST /api/auth/fpl-team/challenge': { body: challenge },
      'POST /api/auth/fpl-team/verify': { body: { fpl_team_id: 4242, team_name: 'Salah Fingers BA-7Q2K', verified: true } },
    })
    const onCreated = vi.fn()
    renderInApp(<CreateFlow onDone={() => {}} onCreated={onCreated} />)
    const dialog = screen.getByRole('dialog', { name: 'Create New Tournament' })
    await user.type(within(dialog).getByLabelText('Tournament name'), 'Pub League')
    await user.type(within(dialog).getByLabelText('FPL League ID'), '31')
    await user.click(within(dialog).getByRole('button', { name: 'Create Tournament' }))

    expect(await within(dialog).findByText('To run this league as its commissioner, first verify that your FPL team is yours.')).toBeInTheDocument()
    expect(await within(dialog).findByText('BA-7Q2K')).toBeInTheDocument()
    // The account's own team: no id in the body.
    expect(api.callsTo('POST /api/auth/fpl-team/challenge')[0]?.body).toEqual({})
    expect(onCreated).not.toHaveBeenCalled()

    await user.click(within(dialog).getByRole('button', { name: 'Check' }))
    expect(await within(dialog).findByText('Done! Salah Fingers BA-7Q2K is verified as yours.')).toBeInTheDocument()
    expect(within(dialog).getByText('Now press Create Tournament to finish.')).toBeInTheDocument()
    expect(storedUser()).toMatchObject({ fpl_team_verified: true })

    await user.click(within(dialog).getByRole('button', { name: 'Create Tournament' }))
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ league_id: 77, is_commissioner: true })))
    expect(api.callsTo(create)).toHaveLength(2)
  })
})

describe('commissioner Members tab: who is verified', () => {
  it('marks each member with a team as Verified or Not verified', async () => {
    const user = userEvent.setup()
    const member = (id: number, name: string, verified: boolean | undefined, extra: Record<string, unknown> = {}) => ({
      id,
      name,
      email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
      fpl_team_id: 1000 + id,
      team_name: `${name} FC`,
      is_commissioner: false,
      team_valid: true,
      can_reactivate: false,
      fpl_team_verified: verified,
      ...extra,
    })
    mockApi({
      'GET /api/leagues/11/members': {
        body: {
          active_members: [
            member(7, 'Jamie Vardy', true, { is_commissioner: true }),
            member(8, 'Dan Moss', false),
            member(9, 'No Team', false, { fpl_team_id: null }),
          ],
          inactive_members: [],
        },
      },
      'GET /api/community-posts/11': { body: [] },
      'GET /api/leagues/11/invite-link': { body: { invite_url: 'https://banterarena.app/join/x', invite_code: 'x' } },
    })
    storeSession('jwt-1')
    renderApp({ pathname: '/commissioner', state: { league: { id: 11, name: 'Sunday League', fpl_league_id: 314159, is_commissioner: true } } })
    await screen.findByRole('heading', { level: 1, name: 'Sunday League' })
    await user.click(screen.getByRole('tab', { name: /Members/ }))
    const list = await screen.findByRole('list', { name: 'Active members' })
    const rows = within(list).getAllByRole('listitem')
    expect(within(rows[0]!).getByText('Verified')).toBeInTheDocument()
    expect(within(rows[1]!).getByText('Not verified')).toBeInTheDocument()
    expect(within(rows[2]!).queryByText(/verified/i)).not.toBeInTheDocument()
  })
})

describe('dashboard: sign out everywhere', () => {
  it('asks first; Cancel does nothing; confirming ends every session, then this one', async () => {
    const user = userEvent.setup()
    const api = dashboardApi({
      'POST /api/auth/logout-all': { body: { message: 'Signed out on every device.' } },
      'POST /api/auth/logout': { status: 401, body: {} },
    })
    await openDashboard()
    const card = screen.getByRole('region', { name: 'Sign Out Everywhere' })
    await user.click(within(card).getByRole('button', { name: 'Sign out everywhere' }))
    const ask = screen.getByRole('alertdialog', { name: 'Sign out on every device?' })
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }))
    expect(api.callsTo('POST /api/auth/logout-all')).toHaveLength(0)
    expect(window.localStorage.getItem('authToken')).toBe('jwt-1')

    await user.click(within(card).getByRole('button', { name: 'Sign out everywhere' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Sign out everywhere' }))
    await waitFor(() => expect(window.localStorage.getItem('authToken')).toBeNull())
    expect(api.callsTo('POST /api/auth/logout-all')[0]?.headers.get('Authorization')).toBe('Bearer jwt-1')
    expect(storedUser()).toBeNull()
    await waitFor(() => expect(currentLocation().path).toBe('/'))
  })

  it('a failure keeps the session and says what to do', async () => {
    const user = userEvent.setup()
    dashboardApi({ 'POST /api/auth/logout-all': { status: 503, body: {} } })
    await openDashboard()
    const card = screen.getByRole('region', { name: 'Sign Out Everywhere' })
    await user.click(within(card).getByRole('button', { name: 'Sign out everywhere' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Sign out everywhere' }))
    expect(await within(card).findByRole('alert')).toHaveTextContent("We couldn't sign you out everywhere. Please try again.")
    expect(window.localStorage.getItem('authToken')).toBe('jwt-1')
  })
})
