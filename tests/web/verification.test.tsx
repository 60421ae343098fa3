import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { advance, currentLocation, fakeClock, renderApp, settle, storedUser } from './helpers'
import { deferred, mockApi, networkDown } from './mock-api'

const TOKEN = 'verify_0123456789abcdef'

const verifiedAnswer = {
  message: 'Email verified successfully!',
  auto_joined_count: 1,
  auto_joined_leagues: [{ league_id: 5, league_name: 'Sunday League' }],
  access_token: 'jwt-verified',
  user_id: 9,
  name: 'Jo',
  email: 'jo@example.com',
  user: {
    id: 9,
    user_id: 9,
    name: 'Jo',
    email: 'jo@example.com',
    fpl_team_id: 4242,
    fpl_team_id_locked: true,
    created_at: '2025-08-01T10:00:00Z',
    is_verified: true,
    joined_leagues: [5],
    banter_sharing_enabled: true,
  },
}

// Warm the lazily loaded modules these flows end on, so the timed redirects resolve promptly.
beforeAll(async () => {
  await Promise.all([
    import('../../web/src/pages/DashboardPage'),
    import('../../web/src/features/auth/AuthPanels'),
    import('../../web/src/pages/VerifyEmailPage'),
    import('../../web/src/pages/VerificationSuccessPage'),
  ])
})

describe('/verify-email', () => {
  it('without a token: "No verification token provided", with the three ways out', async () => {
    const api = mockApi()
    renderApp('/verify-email')
    expect(await screen.findByRole('heading', { level: 1, name: 'Verification failed' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('No verification token provided')
    expect(screen.getByRole('link', { name: 'Register Again' })).toHaveAttribute('href', '/register')
    expect(screen.getByRole('link', { name: 'Resend Email' })).toHaveAttribute('href', '/resend-verification')
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', expect.stringMatching(/^mailto:/))
    expect(api.calls).toHaveLength(0)
  })

  it('verifying, then success with a token: signs in and goes to /dashboard after 2 s with the verified state', async () => {
    const answer = deferred()
    const api = mockApi({
      'POST /api/auth/verify-email': answer.reply,
      'GET /api/auth/user-leagues': { body: { leagues: [] } },
      'GET /api/auth/me': { body: verifiedAnswer.user },
      'GET /api/banter/privacy': { body: { banter_sharing_enabled: true } },
    })
    renderApp(`/verify-email?token=${TOKEN}`, { strict: true })
    expect(await screen.findByRole('heading', { level: 1, name: 'Verifying your email' })).toBeInTheDocument()
    // Single-use link: one call even under StrictMode's double effects.
    expect(api.callsTo('POST /api/auth/verify-email')).toHaveLength(1)
    expect(api.callsTo('POST /api/auth/verify-email')[0]?.body).toEqual({ token: TOKEN })

    fakeClock()
    answer.resolve({ body: verifiedAnswer })
    await settle(() => screen.getByRole('heading', { level: 1, name: 'Email verified!' }))
    expect(window.localStorage.getItem('authToken')).toBe('jwt-verified')
    expect(storedUser()).toMatchObject({ id: 9, name: 'Jo', fpl_team_id: 4242, is_verified: true })
    expect(screen.getByText(/added to 1 league: Sunday League/)).toBeInTheDocument()

    await advance(1999)
    expect(currentLocation().path).toBe(`/verify-email?token=${TOKEN}`)
    await advance(1)
    await settle(() => expect(currentLocation().path).toBe('/dashboard'))
    await settle(() => expect(screen.getByTestId('verified-banner')).toHaveTextContent('added to 1 league: Sunday League'))
    expect(api.callsTo('POST /api/auth/verify-email')).toHaveLength(1)
  })

  it('success without a token: goes to /login after 3 s, where the sign-in dialog opens with a note', async () => {
    const { access_token: _t, user: _u, ...noToken } = verifiedAnswer
    const answer = deferred()
    mockApi({ 'POST /api/auth/verify-email': answer.reply })
    renderApp(`/verify-email?token=${TOKEN}`)
    await screen.findByRole('heading', { level: 1, name: 'Verifying your email' })
    fakeClock()
    answer.resolve({ body: { ...noToken, access_token: null } })
    await settle(() => screen.getByRole('heading', { level: 1, name: 'Email verified!' }))
    expect(window.localStorage.getItem('authToken')).toBeNull()
    await advance(2999)
    expect(currentLocation().path).toBe(`/verify-email?token=${TOKEN}`)
    await advance(1)
    await settle(() => screen.getByRole('dialog', { name: 'Welcome Back!' }))
    await settle(() => within(screen.getByRole('dialog')).getByText('Email verified! Please sign in.'))
  })

  it('failure: the server detail, "Verification failed", and the network message', async () => {
    const detail = 'This verification link is invalid or has expired.'
    mockApi({ 'POST /api/auth/verify-email': { status: 400, body: { detail } } })
    const first = renderApp(`/verify-email?token=${TOKEN}`)
    expect(await screen.findByRole('alert')).toHaveTextContent(detail)
    first.unmount()

    mockApi({ 'POST /api/auth/verify-email': { status: 500, body: {} } })
    const second = renderApp('/verify-email?token=other-token-123456')
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Verification failed$/)
    second.unmount()

    mockApi({ 'POST /api/auth/verify-email': networkDown() })
    renderApp('/verify-email?token=third-token-123456')
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please try again.')
  })
})

describe('/verification-success (welcome page)', () => {
  it('with every parameter: signs in with the token and goes to /dashboard after 3 s', async () => {
    mockApi({
      'GET /api/auth/user-leagues': { body: { leagues: [] } },
      'GET /api/auth/me': { body: verifiedAnswer.user },
      'GET /api/banter/privacy': { body: { banter_sharing_enabled: true } },
    })
    fakeClock()
    renderApp('/verification-success?token=jwt-welcome&user_id=9&name=Jo&email=jo%40example.com&auto_joined=2')
    await settle(() => screen.getByRole('heading', { level: 1, name: 'Email verified!' }))
    expect(window.localStorage.getItem('authToken')).toBe('jwt-welcome')
    expect(storedUser()).toMatchObject({ id: 9, name: 'Jo', email: 'jo@example.com', is_verified: true })
    expect(screen.getByRole('link', { name: 'Continue to Login' })).toHaveAttribute('href', '/login')

    await advance(2999)
    expect(currentLocation().path).toMatch(/^\/verification-success/)
    await advance(1)
    await settle(() => expect(currentLocation().path).toBe('/dashboard'))
    await settle(() => expect(screen.getByTestId('verified-banner')).toHaveTextContent('added to 2 leagues'))
  })

  it('with parameters missing: does not sign in, goes to /login with a message after 5 s', async () => {
    fakeClock()
    renderApp('/verification-success?token=jwt-welcome&name=Jo')
    await settle(() => screen.getByRole('heading', { level: 1, name: 'Email verified!' }))
    expect(window.localStorage.getItem('authToken')).toBeNull()
    expect(screen.getByText(/could not sign you in automatically/).closest('[role="status"]')).not.toBeNull()
    await advance(4999)
    expect(currentLocation().path).toMatch(/^\/verification-success/)
    await advance(1)
    await settle(() => screen.getByRole('dialog', { name: 'Welcome Back!' }))
    await settle(() => within(screen.getByRole('dialog')).getByText(/could not sign you in automatically/))
  })
})

describe('/verification-error', () => {
  it('lists the reasons and the three links', async () => {
    renderApp('/verification-error')
    await screen.findByRole('heading', { level: 1, name: 'Verification failed' })
    expect(screen.getByText(/expired \(links are valid for 24 hours\)/)).toBeInTheDocument()
    expect(screen.getByText(/already used/)).toBeInTheDocument()
    expect(screen.getByText(/invalid/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Resend Verification Email' })).toHaveAttribute('href', '/resend-verification')
    expect(screen.getByRole('link', { name: 'Register Again' })).toHaveAttribute('href', '/register')
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login')
  })
})

describe('/verification-pending', () => {
  it('resends to the email from navigation state', async () => {
    const user = userEvent.setup()
    const api = mockApi({
      'POST /api/auth/resend-verification': [{ body: { message: 'ok' } }, { status: 429, body: { detail: 'Slow down' } }, { status: 500, body: {} }],
    })
    renderApp({ pathname: '/verification-pending', state: { email: 'jo@example.com' } })
    await screen.findByRole('heading', { level: 1, name: 'Check your email' })
    expect(screen.getByText(/up to 5 minutes/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/login')
    expect(screen.getByRole('link', { name: 'Register again' })).toHaveAttribute('href', '/register')

    const resend = screen.getByRole('button', { name: 'Resend Verification Email' })
    await user.click(resend)
    expect(await screen.findByText('Verification email sent! Please check your inbox.')).toBeInTheDocument()
    expect(api.callsTo('POST /api/auth/resend-verification')[0]?.body).toEqual({ email: 'jo@example.com' })
    await user.click(resend)
    expect(await screen.findByRole('alert')).toHaveTextContent('Slow down')
    await user.click(resend)
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to resend email'))
  })

  it('without an email: "No email address found. Please register again."', async () => {
    const user = userEvent.setup()
    const api = mockApi()
    renderApp('/verification-pending')
    await user.click(await screen.findByRole('button', { name: 'Resend Verification Email' }))
    expect(screen.getByRole('alert')).toHaveTextContent('No email address found. Please register again.')
    expect(api.calls).toHaveLength(0)
  })
})

describe('/resend-verification', () => {
  it('requires an email, sends it normalized, and offers Go to Login and Send Another Email', async () => {
    const user = userEvent.setup()
    const api = mockApi({ 'POST /api/auth/resend-verification': { body: { message: 'ok' } } })
    renderApp('/resend-verification')
    await screen.findByRole('heading', { level: 1, name: 'Resend verification email' })
    const send = screen.getByRole('button', { name: 'Send Verification Email' })
    await user.click(send)
    expect(screen.getByText('Please enter your email address')).toBeInTheDocument()
    expect(api.calls).toHaveLength(0)

    await user.type(screen.getByLabelText('Email'), ' JO@Example.com ')
    await user.click(send)
    expect(await screen.findByText('Verification email sent! Please check your inbox.')).toBeInTheDocument()
    expect(api.callsTo('POST /api/auth/resend-verification')[0]?.body).toEqual({ email: 'jo@example.com' })
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login')

    await user.click(screen.getByRole('button', { name: 'Send Another Email' }))
    expect(screen.getByLabelText('Email')).toHaveFocus()
    expect(screen.getByLabelText('Email')).toHaveValue('JO@Example.com')
  })

  it('shows the server detail, else "Failed to send verification email"', async () => {
    const user = userEvent.setup()
    mockApi({
      'POST /api/auth/resend-verification': [
        { status: 400, body: { detail: 'Invalid email format' } },
        { status: 500, body: {} },
      ],
    })
    renderApp('/resend-verification')
    await user.type(await screen.findByLabelText('Email'), 'jo@example.com')
    await user.click(screen.getByRole('button', { name: 'Send Verification Email' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email format')
    await user.click(screen.getByRole('button', { name: 'Send Verification Email' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to send verification email'))
  })
})
