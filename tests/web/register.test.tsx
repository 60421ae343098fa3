import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { advance, currentLocation, fakeClock, renderApp, storedUser } from './helpers'
import { mockApi, networkDown } from './mock-api'

const STRONG = 'Str0ng!pass'

async function openRegister() {
  renderApp('/?register=true')
  const dialog = await screen.findByRole('dialog', { name: 'Join Banter Arena' })
  await within(dialog).findByLabelText('Name')
  const field = (label: string | RegExp) => within(dialog).getByLabelText(label)
  return {
    dialog,
    name: field('Name'),
    email: field('Email'),
    password: field('Password'),
    team: field(/FPL Team ID/),
    submit: () => within(dialog).getByRole('button', { name: /Create Account|Creating Account/ }),
  }
}

const checklistState = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Password requirements' }))
    .getAllByRole('listitem')
    .map((li) => `${li.getAttribute('data-met') === 'true' ? '✓' : '✗'} ${li.textContent?.replace(/^[✓○]/, '').replace(/ \((done|missing)\)$/, '')}`)

describe('register: password rules', () => {
  it('ticks the five rules live and keeps submit disabled until all are met', async () => {
    const user = userEvent.setup()
    const { dialog, password, submit } = await openRegister()
    expect(submit()).toBeDisabled()
    expect(checklistState(dialog).every((line) => line.startsWith('✗'))).toBe(true)

    await user.type(password, 'abcdefgh')
    expect(checklistState(dialog)).toEqual([
      '✓ At least 8 characters',
      '✗ One uppercase letter',
      '✓ One lowercase letter',
      '✗ One number',
      '✗ One special character (!@#$%^&*(),.?":{}|<>)',
    ])
    expect(submit()).toBeDisabled()

    await user.clear(password)
    await user.type(password, 'Abcdefg1')
    expect(submit()).toBeDisabled()
    await user.type(password, '?')
    expect(checklistState(dialog).every((line) => line.startsWith('✓'))).toBe(true)
    expect(submit()).toBeEnabled()
  })

  it('says what is missing ("Password must contain: …") once the field is left', async () => {
    const user = userEvent.setup()
    const { dialog, password, name } = await openRegister()
    await user.type(password, 'abc')
    expect(within(dialog).queryByText(/Password must contain:/)).not.toBeInTheDocument()
    await user.click(name)
    const message = within(dialog).getByText(/^Password must contain:/)
    expect(message).toHaveTextContent('Password must contain: at least 8 characters, an uppercase letter, a number, a special character (!@#$%^&*(),.?":{}|<>)')
    expect(password).toHaveAttribute('aria-invalid', 'true')
    // Live afterwards.
    await user.type(password, 'DEFGH1!')
    expect(within(dialog).queryByText(/Password must contain:/)).not.toBeInTheDocument()
  })
})

describe('register: other fields', () => {
  it('requires name and email, checks the email and the optional FPL Team ID', async () => {
    const user = userEvent.setup()
    const api = mockApi()
    const { dialog, password, email, team, submit } = await openRegister()
    await user.type(password, STRONG)
    await user.click(submit())
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Name')).toHaveFocus()

    await user.type(email, 'bad@email')
    for (const value of ['0', '12a', '-5', '1.5']) {
      await user.clear(team)
      await user.type(team, value)
      await user.click(submit())
      expect(within(dialog).getByText('FPL Team ID must be a positive number')).toBeInTheDocument()
    }
    expect(within(dialog).getByText('Invalid email format')).toBeInTheDocument()
    expect(api.calls).toHaveLength(0)
  })

  it('sends trimmed name, normalized email and the team id as a number (left out when empty)', async () => {
    const user = userEvent.setup()
    const api = mockApi({
      'POST /api/auth/register': { status: 201, body: { verification_required: true, email: 'jo@example.com', discovered_leagues: [] } },
      'GET /api/fpl-team/98765': { body: { fpl_team_id: 98765, team_name: 'Haaland Oates', player_name: 'Jo Bloggs' } },
    })
    const { dialog, name, email, password, team, submit } = await openRegister()
    await user.type(name, '  Jo  ')
    await user.type(email, ' JO@example.com ')
    await user.type(password, STRONG)
    await user.type(team, '98765')
    await user.click(submit())
    await user.click(await within(dialog).findByRole('button', { name: 'Yes, create my account' }))
    await waitFor(() => expect(api.callsTo('POST /api/auth/register')).toHaveLength(1))
    expect(api.callsTo('POST /api/auth/register')[0]?.body).toEqual({
      name: 'Jo',
      email: 'jo@example.com',
      password: STRONG,
      fpl_team_id: 98765,
    })
  })

  it('shows the server detail, "Registration failed", and the network message', async () => {
    const user = userEvent.setup()
    mockApi({
      'POST /api/auth/register': [{ status: 409, body: { detail: 'An account with this email already exists.' } }, { status: 500, body: {} }, networkDown()],
    })
    const { dialog, name, email, password, submit } = await openRegister()
    await user.type(name, 'Jo')
    await user.type(email, 'jo@example.com')
    await user.type(password, STRONG)
    await user.click(submit())
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An account with this email already exists.')
    await user.click(submit())
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Registration failed$/))
    await user.click(submit())
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Network error. Please try again.'))
  })
})

describe('register: what happens next', () => {
  const league = {
    league_id: 5,
    league_name: 'Sunday League',
    team_name: 'Haaland Oates',
    player_name: 'Jo',
    fpl_league_id: 314159,
    member_count: 12,
    entry_fee: 5,
    already_member: false,
  }

  async function registerWith(answer: unknown) {
    mockApi({ 'POST /api/auth/register': { status: 201, body: answer } })
    const form = await openRegister()
    // Type with real timers, then take over the clock for the redirect.
    fireEvent.change(form.name, { target: { value: 'Jo' } })
    fireEvent.change(form.email, { target: { value: 'jo@example.com' } })
    fireEvent.change(form.password, { target: { value: STRONG } })
    fakeClock()
    fireEvent.click(form.submit())
    await advance(0)
    return form
  }

  it('without discovered leagues: success message, then /verification-pending after 2 s', async () => {
    const { dialog } = await registerWith({
      verification_required: true,
      email: 'jo@example.com',
      discovered_leagues: [],
      user_id: 9,
      name: 'Jo',
      access_token: null,
    })
    expect(within(dialog).getByRole('status')).toHaveTextContent('Account created!')
    expect(within(dialog).getByRole('status')).toHaveTextContent('jo@example.com')

    await advance(1999)
    expect(currentLocation().path).toBe('/')
    expect(screen.getByRole('dialog')).toBeInTheDocument()

    await advance(1)
    expect(currentLocation()).toEqual({
      path: '/verification-pending',
      state: { email: 'jo@example.com', discoveredLeagues: [], hasDiscoveredLeagues: false },
    })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(window.localStorage.getItem('authToken')).toBeNull()
  })

  it('with discovered leagues: waits 3 s and passes them on', async () => {
    await registerWith({ verification_required: true, email: 'jo@example.com', discovered_leagues: [league], user_id: 9, name: 'Jo', access_token: null })
    expect(screen.getByRole('dialog')).toHaveTextContent('We found 1 league with your FPL team')

    await advance(2999)
    expect(currentLocation().path).toBe('/')
    await advance(1)
    expect(currentLocation()).toEqual({
      path: '/verification-pending',
      state: { email: 'jo@example.com', discoveredLeagues: [league], hasDiscoveredLeagues: true },
    })
    vi.useRealTimers()
    // The pending page lists them with the pound fee.
    expect(await screen.findByText('Sunday League')).toBeInTheDocument()
    expect(screen.getByText(/Entry £5/)).toBeInTheDocument()
  })

  it('without verification: signs in at once and closes the dialog', async () => {
    await registerWith({
      verification_required: false,
      email: 'jo@example.com',
      discovered_leagues: [],
      user_id: 9,
      name: 'Jo',
      access_token: 'jwt-new',
    })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(window.localStorage.getItem('authToken')).toBe('jwt-new')
    expect(storedUser()).toMatchObject({ id: 9, name: 'Jo', email: 'jo@example.com' })
  })
})
