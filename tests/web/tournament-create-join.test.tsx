import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { AppProviders } from '../../web/src/app/AppProviders'
import CreateFlow from '../../web/src/features/tournaments/CreateFlow'
import { validationMessages } from '../../web/src/features/tournaments/CreateTournamentDialog'
import { JoinTournamentDialog, searchLeagues } from '../../web/src/features/tournaments/JoinTournamentDialog'
import { LEAGUES_CACHE_KEY, validateLeague, validateTeam } from '../../web/src/features/tournaments/leagues-api'
import type { League } from '../../web/src/features/tournaments/types'
import { demoUser, storeSession, visibleToasts } from './helpers'
import { mockApi, networkDown } from './mock-api'
import { advance, fakeClock, leagues, settle } from './tournament-fixtures'

function renderInApp(ui: ReactNode) {
  return render(
    <MemoryRouter initialEntries={['/tournaments']}>
      <AppProviders>{ui}</AppProviders>
    </MemoryRouter>,
  )
}

const leagueIdField = () => screen.getByLabelText('FPL League ID')
const nameField = () => screen.getByLabelText('Tournament name')
const createButton = () => screen.getByRole('button', { name: 'Create Tournament' })
const found = { fpl_valid: true, fpl_league_name: 'The Pub League', system_exists: false, commissioner_name: null, team_in_league: true }

describe('create dialog: league ID validation', () => {
  it('validates only at exactly 6 characters, 500 ms after the last change, and resets otherwise', async () => {
    fakeClock()
    storeSession('jwt-1')
    const api = mockApi({ 'GET /api/validate-league/314159': { body: found }, 'GET /api/validate-league/314158': { body: found } })
    renderInApp(<CreateFlow onDone={() => {}} />)
    expect(screen.getByRole('dialog', { name: 'Create New Tournament' })).toBeInTheDocument()
    expect(screen.getByText('Find this in your FPL league URL')).toBeInTheDocument()

    fireEvent.change(leagueIdField(), { target: { value: '31415' } })
    await advance(1000)
    expect(api.calls).toHaveLength(0)

    fireEvent.change(leagueIdField(), { target: { value: '314158' } })
    await advance(300)
    fireEvent.change(leagueIdField(), { target: { value: '314159' } })
    await advance(499)
    expect(api.calls).toHaveLength(0)
    await advance(1)
    expect(api.calls.map((c) => c.path)).toEqual(['/api/validate-league/314159'])
    await settle(() => expect(screen.getByText('Found: "The Pub League"')).toBeInTheDocument())
    expect(screen.getByText("New league! You'll become the Commissioner.")).toBeInTheDocument()

    // Seven characters: the result goes and nothing is asked.
    fireEvent.change(leagueIdField(), { target: { value: '3141592' } })
    expect(screen.queryByText('Found: "The Pub League"')).not.toBeInTheDocument()
    await advance(1000)
    expect(api.calls).toHaveLength(1)
  })

  it('keeps only digits in the league ID', () => {
    storeSession('jwt-1')
    mockApi()
    renderInApp(<CreateFlow onDone={() => {}} />)
    fireEvent.change(leagueIdField(), { target: { value: '12a3-4' } })
    expect(leagueIdField()).toHaveValue('1234')
    expect(leagueIdField()).toHaveAttribute('inputmode', 'numeric')
  })

  it.each([
    [
      'invalid',
      { fpl_valid: false, fpl_league_name: null, system_exists: false, commissioner_name: null, team_in_league: null },
      ['FPL league not found. Please check the League ID.'],
    ],
    ['valid and new', found, ['Found: "The Pub League"', "New league! You'll become the Commissioner."]],
    [
      'valid and already tracked',
      { fpl_valid: true, fpl_league_name: 'The Pub League', system_exists: true, commissioner_name: 'Jamie', team_in_league: true },
      ['Found: "The Pub League"', "This league already exists (Commissioner: Jamie) You'll be added as a member, not commissioner."],
    ],
    [
      'valid and new, without the viewer (signed out or no team id: not known)',
      { ...found, team_in_league: null },
      ['Found: "The Pub League"', "New league! You'll become the Commissioner."],
    ],
    ["valid, the viewer's team not in it", { ...found, team_in_league: false }, ['Found: "The Pub League"', 'Your team is not in this league']],
    [
      "already tracked, the viewer's team not in it",
      { ...found, system_exists: true, commissioner_name: 'Jamie', team_in_league: false },
      ['Found: "The Pub League"', 'Your team is not in this league'],
    ],
  ])('shows the %s outcome', async (_label, answer, texts) => {
    fakeClock()
    storeSession('jwt-1')
    mockApi({ 'GET /api/validate-league/314159': { body: answer } })
    renderInApp(<CreateFlow onDone={() => {}} />)
    fireEvent.change(leagueIdField(), { target: { value: '314159' } })
    await advance(500)
    await settle(() => {
      for (const text of texts) expect(screen.getByText(text)).toBeInTheDocument()
    })
    expect(validationMessages(answer).map((m) => m.text)).toEqual(texts)
  })

  it('counts a failed check as not valid', async () => {
    fakeClock()
    storeSession('jwt-1')
    mockApi({ 'GET /api/validate-league/314159': { status: 502, body: { detail: 'upstream' } } })
    renderInApp(<CreateFlow onDone={() => {}} />)
    fireEvent.change(leagueIdField(), { target: { value: '314159' } })
    await advance(500)
    await settle(() => expect(screen.getByText('FPL league not found. Please check the League ID.')).toBeInTheDocument())
  })

  it('skips the check under 2 characters (no call, no answer)', async () => {
    const api = mockApi()
    await expect(validateLeague('7')).resolves.toBeNull()
    await expect(validateLeague(' ')).resolves.toBeNull()
    expect(api.calls).toHaveLength(0)
  })
})

describe('create dialog: submitting', () => {
  it('is disabled without a name or league ID, and signed out', () => {
    storeSession('jwt-1')
    mockApi()
    const view = renderInApp(<CreateFlow onDone={() => {}} />)
    expect(createButton()).toBeDisabled()
    fireEvent.change(nameField(), { target: { value: 'Pub League' } })
    expect(createButton()).toBeDisabled()
    fireEvent.change(leagueIdField(), { target: { value: '31' } })
    expect(createButton()).toBeEnabled()
    view.unmount()

    window.localStorage.clear()
    renderInApp(<CreateFlow onDone={() => {}} />)
    fireEvent.change(nameField(), { target: { value: 'Pub League' } })
    fireEvent.change(leagueIdField(), { target: { value: '314159' } })
    expect(createButton()).toBeDisabled()
  })

  it('POSTs name, fpl_league_id and entry_fee=0 as query and form-encoded body; success: toast, celebration that stays with the invite link', async () => {
    fakeClock()
    storeSession('jwt-1')
    window.localStorage.setItem(LEAGUES_CACHE_KEY, JSON.stringify({ at: Date.now(), viewer: 7, leagues }))
    const api = mockApi({
      'GET /api/validate-league/314159': { body: found },
      'POST /api/leagues?name=Pub+League&fpl_league_id=314159&entry_fee=0': {
        status: 201,
        body: {
          league_id: 77,
          invite_code: 'abc123',
          invite_url: 'https://banterarena.app/join/abc123',
          is_commissioner: true,
          message: "Pub League is live, and you're the Commissioner.",
        },
      },
    })
    const onCreated = vi.fn()
    const onDone = vi.fn()
    renderInApp(<CreateFlow onDone={onDone} onCreated={onCreated} />)
    fireEvent.change(nameField(), { target: { value: '  Pub League ' } })
    fireEvent.change(leagueIdField(), { target: { value: '314159' } })
    fireEvent.click(createButton())
    await settle(() => expect(onCreated).toHaveBeenCalledTimes(1))

    const call = api.callsTo('POST /api/leagues?name=Pub+League&fpl_league_id=314159&entry_fee=0')[0]
    expect(call?.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded')
    expect(call?.headers.get('Authorization')).toBe('Bearer jwt-1')
    expect(new URLSearchParams(call?.body as string).toString()).toBe('name=Pub+League&fpl_league_id=314159&entry_fee=0')
    expect(onCreated.mock.calls[0]?.[0]).toMatchObject({ league_id: 77, name: 'Pub League' })
    // The list cache is invalidated.
    expect(window.localStorage.getItem(LEAGUES_CACHE_KEY)).toBeNull()

    const toast = visibleToasts()[0]
    expect(toast).toHaveTextContent('Tournament Created!')
    expect(toast).toHaveTextContent("Pub League is live, and you're the Commissioner.")
    expect(screen.queryByRole('dialog', { name: 'Create New Tournament' })).not.toBeInTheDocument()
    const celebration = screen.getByRole('dialog', { name: 'Tournament Created!' })
    expect(within(celebration).getByRole('button', { name: 'View Tournament' })).toBeInTheDocument()
    expect(screen.getByTestId('confetti')).toBeInTheDocument()

    expect(within(celebration).getByRole('button', { name: 'Copy invite link' })).toBeInTheDocument()

    // The success toast lasts 5 s; the celebration stays until closed (decision 078: it hands out
    // the invite link, which a 5-second close took away before it could be used).
    await advance(5000)
    expect(visibleToasts()).toHaveLength(0)
    expect(onDone).not.toHaveBeenCalled()
    fireEvent.click(within(celebration).getByRole('button', { name: 'Close' }))
    expect(onDone).toHaveBeenCalledTimes(1)
  })

  it.each([
    [
      'the server detail',
      { status: 400, body: { detail: 'Your FPL team is not in this FPL league. Join it on the FPL site first.' } },
      'Your FPL team is not in this FPL league. Join it on the FPL site first.',
    ],
    ['"Failed to create league" without a detail', { status: 500, body: {} }, 'Failed to create league'],
    ['the network message', networkDown(), 'Network error occurred. Please try again.'],
  ])('on failure toasts "Error" with %s', async (_label, reply, text) => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    mockApi({ 'POST /api/leagues?name=Pub&fpl_league_id=31&entry_fee=0': reply })
    renderInApp(<CreateFlow onDone={() => {}} />)
    await user.type(nameField(), 'Pub')
    await user.type(leagueIdField(), '31')
    await user.click(createButton())
    await waitFor(() => expect(visibleToasts()[0]).toHaveTextContent(text))
    expect(visibleToasts()[0]).toHaveTextContent('Error')
    // The dialog stays open to try again.
    expect(screen.getByRole('dialog', { name: 'Create New Tournament' })).toBeInTheDocument()
  })

  it('401: logs out, opens Sign In and toasts "Authentication Required"', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    mockApi({ 'POST /api/leagues?name=Pub&fpl_league_id=31&entry_fee=0': { status: 401, body: { detail: 'Session expired' } } })
    renderInApp(<CreateFlow onDone={() => {}} />)
    await user.type(nameField(), 'Pub')
    await user.type(leagueIdField(), '31')
    await user.click(createButton())
    expect(await screen.findByRole('dialog', { name: 'Welcome Back!' })).toBeInTheDocument()
    expect(visibleToasts()[0]).toHaveTextContent('Authentication Required')
    expect(visibleToasts()[0]).toHaveTextContent('Please login again to continue')
    expect(window.localStorage.getItem('authToken')).toBeNull()
  })
})

describe('join dialog', () => {
  const renderJoin = (list: League[] = leagues, props: Partial<Parameters<typeof JoinTournamentDialog>[0]> = {}) => {
    const onJoined = vi.fn()
    const onClose = vi.fn()
    renderInApp(<JoinTournamentDialog leagues={list} onClose={onClose} onJoined={onJoined} {...props} />)
    return { onJoined, onClose }
  }
  const options = () => within(screen.getByRole('group', { name: 'Tournaments you can join' })).queryAllByRole('button')

  it('lists the private tournaments the user is not in, and searches name or league ID (trimmed, any case)', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    renderJoin()
    expect(screen.getByRole('dialog', { name: 'Join Tournament' })).toBeInTheDocument()
    expect(options().map((b) => b.textContent)).toEqual([expect.stringContaining('Zebra League'), expect.stringContaining('Mates League')])

    const search = screen.getByRole('searchbox')
    await user.type(search, '  MATES ')
    expect(options().map((b) => b.textContent)).toEqual([expect.stringContaining('Mates League')])
    await user.clear(search)
    await user.type(search, '1111')
    expect(options().map((b) => b.textContent)).toEqual([expect.stringContaining('Zebra League')])

    await user.clear(search)
    await user.type(search, 'nothing here')
    expect(screen.getByText('No tournaments found matching "nothing here"')).toBeInTheDocument()
    expect(screen.getByText('Try searching by FPL League ID or tournament name')).toBeInTheDocument()
    expect(searchLeagues(leagues, ' zebra ').map((l) => l.id)).toEqual([1])
  })

  it('says so when there is nothing to join (an empty list: see join-and-find-leagues.test.tsx for the reasons over a list)', () => {
    storeSession('jwt-1')
    renderJoin([])
    expect(screen.getByText('No tournaments available to join yet.')).toBeInTheDocument()
    expect(screen.getByText('Create the first tournament!')).toBeInTheDocument()
  })

  it('needs a chosen tournament: Join disabled, Enter says "Please select a tournament to join"', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    renderJoin()
    expect(screen.getByRole('button', { name: 'Join Tournament' })).toBeDisabled()
    await user.type(screen.getByRole('searchbox'), 'zeb{Enter}')
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a tournament to join')
  })

  it('shows the chosen tournament with Change, "Joining as", and joins with an empty JSON body', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    window.localStorage.setItem(LEAGUES_CACHE_KEY, JSON.stringify({ at: Date.now(), viewer: 7, leagues }))
    const api = mockApi({
      'GET /api/validate-team/314159/123456': { body: { valid: true, team_name: 'Vardy Party' } },
      'POST /api/leagues/6/join': { body: { message: 'Successfully joined Mates League!' } },
    })
    const { onJoined } = renderJoin()
    await user.click(options()[1] as HTMLElement)
    expect(screen.getByRole('dialog', { name: 'Join Mates League' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Change' })).toBeInTheDocument()
    const joiningAs = screen.getByText('Joining as').parentElement as HTMLElement
    expect(joiningAs).toHaveTextContent(demoUser.name)
    expect(joiningAs).toHaveTextContent(demoUser.email)
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument()
    expect(await screen.findByText('✓ Your team "Vardy Party" is in this league.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Change' }))
    expect(screen.getByRole('dialog', { name: 'Join Tournament' })).toBeInTheDocument()
    await user.click(options()[1] as HTMLElement)

    await user.click(screen.getByRole('button', { name: 'Join Tournament' }))
    await waitFor(() => expect(onJoined).toHaveBeenCalledTimes(1))
    const call = api.callsTo('POST /api/leagues/6/join')[0]
    expect(call?.body).toEqual({})
    expect(call?.headers.get('Content-Type')).toBe('application/json')
    expect(visibleToasts()[0]).toHaveTextContent('Successfully joined Mates League!')
    expect(window.localStorage.getItem(LEAGUES_CACHE_KEY)).toBeNull()
    expect(JSON.parse(window.localStorage.getItem('userData') ?? '{}').joined_leagues).toEqual([1, 2, 6])
  })

  it.each([
    [
      'the detail',
      { status: 400, body: { detail: "Your FPL team isn't in this league's FPL league yet." } },
      "Your FPL team isn't in this league's FPL league yet.",
    ],
    ['"Failed to join league" without a detail', { status: 500, body: {} }, 'Failed to join league'],
    ['"Failed to join tournament" without an answer', networkDown(), 'Failed to join tournament'],
  ])('toasts "Join Failed" with %s', async (_label, reply, text) => {
    const user = userEvent.setup()
    storeSession('jwt-1', { ...demoUser, fpl_team_id: null })
    mockApi({ 'POST /api/leagues/6/join': reply })
    renderJoin(leagues, { initial: leagues[5] })
    await user.click(screen.getByRole('button', { name: 'Join Tournament' }))
    await waitFor(() => expect(visibleToasts()[0]).toHaveTextContent('Join Failed'))
    expect(visibleToasts()[0]).toHaveTextContent(text)
  })

  it('checks the team 500 ms after league and team are known, and warns when it is not in the league', async () => {
    fakeClock()
    storeSession('jwt-1')
    const api = mockApi({ 'GET /api/validate-team/314159/123456': { body: { valid: false, team_name: '' } } })
    renderJoin(leagues, { initial: leagues[5] })
    await advance(499)
    expect(api.calls).toHaveLength(0)
    await advance(1)
    expect(api.calls.map((c) => c.path)).toEqual(['/api/validate-team/314159/123456'])
    await settle(() => expect(screen.getByText(/Your FPL team isn't in this league's FPL league yet/)).toBeInTheDocument())
  })

  it('validateTeam: unknown under 6 characters or without a league, not valid on failure', async () => {
    const api = mockApi({ 'GET /api/validate-team/1/123456': networkDown() })
    await expect(validateTeam(1, '12345')).resolves.toEqual({ valid: null, team_name: '' })
    await expect(validateTeam(null, '123456')).resolves.toEqual({ valid: null, team_name: '' })
    expect(api.calls).toHaveLength(0)
    await expect(validateTeam(1, '123456')).resolves.toEqual({ valid: false, team_name: '' })
  })

  it('signed out: joining is disabled and points to Sign In', () => {
    renderJoin(leagues, { initial: leagues[5] })
    expect(screen.getByRole('button', { name: 'Join Tournament' })).toBeDisabled()
    expect(screen.getByText(/Sign in to join a tournament/)).toBeInTheDocument()
  })
})

describe('create flow from the landing page', () => {
  it('signed in, Create Tournament opens the create dialog (loaded on demand)', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    mockApi()
    const { renderApp } = await import('./helpers')
    renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'Create Tournament' }))
    expect(await screen.findByRole('dialog', { name: 'Create New Tournament' })).toBeInTheDocument()
    await act(async () => {
      await user.keyboard('{Escape}')
    })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
