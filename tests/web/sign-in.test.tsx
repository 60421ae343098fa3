import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { InferResponseType } from 'hono/client'
import { describe, expect, it } from 'vitest'
import type { publicApi } from '../../web/src/lib/api'
import { currentLocation, renderApp, storedUser, visibleToasts } from './helpers'
import { deferred, mockApi, networkDown } from './mock-api'

const loginAnswer = {
  access_token: 'jwt-login',
  token_type: 'bearer',
  user_id: 7,
  name: 'Jamie Vardy',
  email: 'jamie@example.com',
  joined_leagues: [1],
  user: {
    id: 7,
    user_id: 7,
    name: 'Jamie Vardy',
    email: 'jamie@example.com',
    fpl_team_id: 4242,
    fpl_team_id_locked: true,
    fpl_team_verified: true,
    previous_fpl_team_id: null,
    previous_fpl_team_season: null,
    created_at: '2025-08-01T10:00:00Z',
    is_verified: true,
    joined_leagues: [1],
    banter_sharing_enabled: true,
  },
} satisfies InferResponseType<typeof publicApi.auth.login.$post, 200>

async function openSignIn() {
  const user = userEvent.setup()
  renderApp('/?signin=true')
  const dialog = await screen.findByRole('dialog', { name: 'Welcome Back!' })
  const email = await within(dialog).findByLabelText('Email')
  return { user, dialog, email, password: within(dialog).getByLabelText('Password') }
}

const submit = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Sign In' })

describe('sign in', () => {
  it('moves focus to the email field once the panel has loaded', async () => {
    const { email } = await openSignIn()
    await waitFor(() => expect(email).toHaveFocus())
  })

  it('requires email and password, checks the email format, and sends nothing meanwhile', async () => {
    const api = mockApi()
    const { user, dialog, email, password } = await openSignIn()

    await user.click(submit(dialog))
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument()
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription(/Email is required/)
    expect(email).toHaveFocus()

    await user.type(email, 'not-an-email')
    // Editing the field clears its error.
    expect(within(dialog).queryByText('Email is required')).not.toBeInTheDocument()
    await user.click(submit(dialog))
    expect(within(dialog).getByText('Invalid email format')).toBeInTheDocument()
    expect(password).toHaveAttribute('aria-invalid', 'true')
    expect(api.calls).toHaveLength(0)
  })

  it('trims and lowercases the email, signs in with the answer’s user and closes', async () => {
    const api = mockApi({ 'POST /api/auth/login': { body: loginAnswer } })
    const { user, dialog, email, password } = await openSignIn()
    await user.type(email, '  Jamie@Example.COM ')
    await user.type(password, 'Secret1!')
    await user.click(submit(dialog))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.callsTo('POST /api/auth/login')[0]?.body).toEqual({ email: 'jamie@example.com', password: 'Secret1!' })
    expect(api.callsTo('POST /api/auth/login')[0]?.headers.has('Authorization')).toBe(false)
    expect(window.localStorage.getItem('authToken')).toBe('jwt-login')
    expect(storedUser()).toMatchObject({ id: 7, name: 'Jamie Vardy', fpl_team_id: 4242, fpl_team_id_locked: true, joined_leagues: [1] })
    expect(screen.getByRole('link', { name: 'Your dashboard (Jamie Vardy)' })).toBeInTheDocument()
  })

  it('builds the user from the top-level fields when the answer has no user object', async () => {
    const { user: _omit, ...bare } = loginAnswer
    mockApi({ 'POST /api/auth/login': { body: bare } })
    const { user, dialog, email, password } = await openSignIn()
    await user.type(email, 'jamie@example.com')
    await user.type(password, 'x')
    await user.click(submit(dialog))
    await waitFor(() => expect(storedUser()).toMatchObject({ id: 7, name: 'Jamie Vardy', email: 'jamie@example.com', joined_leagues: [1] }))
  })

  it('shows the busy state while signing in', async () => {
    const pending = deferred()
    mockApi({ 'POST /api/auth/login': pending.reply })
    const { user, dialog, email, password } = await openSignIn()
    await user.type(email, 'jamie@example.com')
    await user.type(password, 'x')
    await user.click(submit(dialog))
    expect(within(dialog).getByRole('button', { name: 'Signing In...' })).toBeDisabled()
    pending.resolve({ status: 401, body: { detail: 'Invalid email or password' } })
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid email or password')
  })

  it('a 403 mentioning "verify" closes the dialog and goes to /verification-pending with the email', async () => {
    mockApi({ 'POST /api/auth/login': { status: 403, body: { detail: 'Please verify your email address before signing in.' } } })
    const { user, dialog, email, password } = await openSignIn()
    await user.type(email, 'New@Example.com')
    await user.type(password, 'Secret1!')
    await user.click(submit(dialog))

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(currentLocation()).toEqual({ path: '/verification-pending', state: { email: 'new@example.com' } })
    expect(screen.getByText('new@example.com')).toBeInTheDocument()
  })

  it('shows the server detail, "Login failed" without one, and the network message', async () => {
    mockApi({
      'POST /api/auth/login': [{ status: 403, body: { detail: 'Account suspended' } }, { status: 500, body: {} }, networkDown()],
    })
    const { user, dialog, email, password } = await openSignIn()
    await user.type(email, 'jamie@example.com')
    await user.type(password, 'x')

    await user.click(submit(dialog))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Account suspended')
    expect(screen.getByRole('dialog')).toBeInTheDocument()

    await user.click(submit(dialog))
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Login failed$/))

    await user.click(submit(dialog))
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Network error. Please try again.'))
  })

  it('shows a note passed by the page that sent the user to /login', async () => {
    renderApp({ pathname: '/login', state: { message: 'Email verified! Please sign in.' } })
    const dialog = await screen.findByRole('dialog', { name: 'Welcome Back!' })
    expect(await within(dialog).findByText('Email verified! Please sign in.')).toBeInTheDocument()
  })
})

describe('forgot password', () => {
  async function openForgot() {
    const { user, dialog } = await openSignIn()
    await user.click(within(dialog).getByRole('button', { name: 'Forgot password?' }))
    const email = within(dialog).getByLabelText('Email')
    return { user, dialog, email, send: () => within(dialog).getByRole('button', { name: 'Send Reset Link' }) }
  }

  it('opens from "Forgot password?", focuses its field, and goes back with "Back to Sign In"', async () => {
    const { user, dialog, email } = await openForgot()
    expect(screen.getByRole('dialog', { name: 'Reset your password' })).toBeInTheDocument()
    expect(email).toHaveFocus()
    await user.click(within(dialog).getByRole('button', { name: 'Back to Sign In' }))
    expect(screen.getByRole('dialog', { name: 'Welcome Back!' })).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Email')).toHaveFocus()
  })

  it('validates the email', async () => {
    const api = mockApi()
    const { user, dialog, email, send } = await openForgot()
    await user.click(send())
    expect(within(dialog).getByText('Please enter your email address')).toBeInTheDocument()
    await user.type(email, 'nope@')
    await user.click(send())
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument()
    expect(api.calls).toHaveLength(0)
  })

  it('sends the normalized email, then shows "Reset Link Sent" and a toast', async () => {
    const api = mockApi({ 'POST /api/auth/request-password-reset': { body: { message: 'ok' } } })
    const { user, dialog, email, send } = await openForgot()
    await user.type(email, ' Jo@Example.com')
    await user.click(send())

    const heading = await within(dialog).findByRole('heading', { name: 'Reset Link Sent' })
    expect(heading).toHaveFocus()
    expect(screen.getByRole('dialog', { name: 'Reset Link Sent' })).toBeInTheDocument()
    expect(within(dialog).getByText('jo@example.com')).toBeInTheDocument()
    expect(api.callsTo('POST /api/auth/request-password-reset')[0]?.body).toEqual({ email: 'jo@example.com' })
    expect(visibleToasts()[0]).toHaveTextContent('Reset Link Sent')

    await user.click(within(dialog).getByRole('button', { name: 'Back to Sign In' }))
    expect(screen.getByRole('dialog', { name: 'Welcome Back!' })).toBeInTheDocument()
  })

  it('shows the server detail, the fallback, and the connection message', async () => {
    mockApi({
      'POST /api/auth/request-password-reset': [{ status: 429, body: { detail: 'Too many requests' } }, { status: 500, body: {} }, networkDown()],
    })
    const { user, dialog, email, send } = await openForgot()
    await user.type(email, 'jo@example.com')
    await user.click(send())
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many requests')
    await user.click(send())
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to send reset email. Please try again.'))
    await user.click(send())
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Network error. Please check your connection and try again.'))
  })
})
