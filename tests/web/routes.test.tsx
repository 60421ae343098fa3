import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderApp, storeSession, testNavigate } from './helpers'
import { mockApi } from './mock-api'

const location = () => screen.getByTestId('location')

describe('route table', () => {
  it.each([
    ['/tournaments', 'Tournament Management', true],
    ['/tournaments/42', 'Tournament', true],
    ['/about', 'About Banter Arena', true],
    ['/privacy', 'Privacy Policy', true],
    ['/terms', 'Terms of Service', true],
    ['/dashboard', 'Your Dashboard', true],
    ['/commissioner', 'League Not Found', true],
    ['/verify-email?token=abc', 'Verifying your email', false],
    ['/verification-pending', 'Check your email', false],
    ['/verification-success', 'Email verified!', false],
    ['/verification-error', 'Verification failed', false],
    ['/resend-verification', 'Resend verification email', false],
    ['/reset-password', 'Invalid Reset Link', false],
    ['/reset-password?token=abc', 'Choose a new password', false],
    ['/join/AbC123', 'Pub League', false],
    ['/share/banter/s3cr3t', 'Achievement Not Found', false],
  ])('%s renders its page (in the shell: %s)', async (path, heading, inShell) => {
    mockApi({
      // Verification stays pending: the page shows its "verifying" state.
      'POST /api/auth/verify-email': () => new Promise(() => {}),
      'GET /api/leagues/invite/AbC123': { body: { id: 3, name: 'Pub League', member_count: 4, fpl_league_id: 123456, entry_fee: 0 } },
      'GET /api/banter/share/s3cr3t': { status: 404, body: { detail: 'Shared achievement not found' } },
    })
    renderApp(path)
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
    expect(location()).toHaveTextContent(path)
    const footerNav = screen.queryByRole('navigation', { name: 'Footer' })
    if (inShell) expect(footerNav).toBeInTheDocument()
    else expect(footerNav).not.toBeInTheDocument()
  })

  it('shows the site header everywhere in the shell except on a tournament page, which has its own bar', async () => {
    renderApp('/tournaments/42')
    expect(await screen.findByRole('heading', { level: 1, name: 'Tournament' })).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Back to Tournaments' })).toBeInTheDocument()
    testNavigate('/about')
    expect(await screen.findByRole('heading', { level: 1, name: 'About Banter Arena' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
  })

  it('renders the landing page at /', async () => {
    renderApp('/')
    // Its own chunk, which the browser's app loads beside its first ones (decision 168).
    expect(await screen.findByRole('heading', { level: 1, name: 'Turn your FPL mini-league into a banter arena' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View Tournaments' })).toHaveAttribute('href', '/tournaments')
  })

  it.each(['/no-such-page', '/tournaments/1/extra', '/contact', '/share/banter'])('redirects the unknown path %s to /', async (path) => {
    renderApp(path)
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/))
    expect(await screen.findByRole('heading', { level: 1, name: /banter arena/i })).toBeInTheDocument()
  })
})

describe('auth dialog routes', () => {
  it('/login lands on / with the Sign In tab open', async () => {
    renderApp('/login')
    const dialog = await screen.findByRole('dialog', { name: 'Welcome Back!' })
    expect(within(dialog).getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true')
    expect(within(dialog).getByRole('tab', { name: 'Create Account' })).toHaveAttribute('aria-selected', 'false')
    // The flag is consumed, so closing and reloading does not reopen the dialog.
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/))
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('/register and /?register=true open the Create Account tab', async () => {
    renderApp('/register')
    const dialog = await screen.findByRole('dialog', { name: 'Join Banter Arena' })
    expect(within(dialog).getByRole('tab', { name: 'Create Account' })).toHaveAttribute('aria-selected', 'true')
  })

  it('/?signin=true opens the Sign In tab', async () => {
    renderApp('/?signin=true')
    expect(await screen.findByRole('dialog', { name: 'Welcome Back!' })).toBeInTheDocument()
  })

  it('/?forgot=true opens the forgot-password panel of the Sign In tab', async () => {
    const user = userEvent.setup()
    renderApp('/?forgot=true')
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true')
    const back = await within(dialog).findByRole('button', { name: 'Back to Sign In' })
    expect(dialog.querySelector('[data-mode="forgot-password"]')).not.toBeNull()
    await user.click(back)
    expect(screen.getByRole('dialog', { name: 'Welcome Back!' })).toBeInTheDocument()
  })

  it('does not open for a signed-in user, but still drops the flag', async () => {
    storeSession('token-1')
    renderApp('/login')
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('auth dialog behaviour', () => {
  it('opens from Sign Up, traps focus, closes on Escape and restores focus', async () => {
    const user = userEvent.setup()
    renderApp('/')
    const signUp = screen.getByRole('button', { name: 'Sign Up' })
    await user.click(signUp)

    const dialog = screen.getByRole('dialog', { name: 'Join Banter Arena' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(dialog).toContainElement(document.activeElement as HTMLElement)

    // Tab around: focus never leaves the dialog.
    for (let i = 0; i < 8; i += 1) {
      await user.tab()
      expect(dialog).toContainElement(document.activeElement as HTMLElement)
    }
    await user.tab({ shift: true })
    expect(dialog).toContainElement(document.activeElement as HTMLElement)

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(signUp).toHaveFocus()
  })

  it('switches tabs with the tab buttons and arrow keys', async () => {
    const user = userEvent.setup()
    renderApp('/')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(screen.getByRole('dialog', { name: 'Welcome Back!' })).toBeInTheDocument()

    await user.click(screen.getByRole('tab', { name: 'Create Account' }))
    expect(screen.getByRole('dialog', { name: 'Join Banter Arena' })).toBeInTheDocument()

    screen.getByRole('tab', { name: 'Create Account' }).focus()
    await user.keyboard('{ArrowLeft}')
    expect(screen.getByRole('dialog', { name: 'Welcome Back!' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveFocus()
  })

  it('Get Started on the landing page opens the Create Account tab', async () => {
    const user = userEvent.setup()
    renderApp('/')
    await user.click(screen.getByRole('button', { name: 'Get Started' }))
    expect(screen.getByRole('dialog', { name: 'Join Banter Arena' })).toBeInTheDocument()
  })

  it('closes with its close button', async () => {
    const user = userEvent.setup()
    renderApp('/?signin=true')
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Close dialog' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('closes when the user navigates to another page (e.g. the back button)', async () => {
    renderApp('/?signin=true')
    await screen.findByRole('dialog')
    await act(async () => {
      await testNavigate('/about')
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'About Banter Arena' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    // ...and does not come back when returning to the page it was opened on.
    await act(async () => {
      await testNavigate('/')
    })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('shell', () => {
  it('shows Sign In / Sign Up when signed out and the avatar + Sign Out when signed in', async () => {
    const user = userEvent.setup()
    storeSession('token-1')
    renderApp('/about')
    await screen.findByRole('heading', { level: 1, name: 'About Banter Arena' })
    const avatar = screen.getByRole('link', { name: 'Your dashboard (Jamie Vardy)' })
    expect(avatar).toHaveTextContent('JV')
    expect(avatar).toHaveAttribute('href', '/dashboard')
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Sign Out' }))
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument()
    expect(window.localStorage.getItem('authToken')).toBeNull()
  })

  it('has a mobile menu button with aria-expanded holding the auth actions', async () => {
    const user = userEvent.setup()
    renderApp('/')
    const menuButton = screen.getByRole('button', { name: 'Menu' })
    expect(menuButton).toHaveAttribute('aria-expanded', 'false')
    await user.click(menuButton)
    expect(menuButton).toHaveAttribute('aria-expanded', 'true')
    const menu = document.getElementById(menuButton.getAttribute('aria-controls') ?? '')
    expect(menu).not.toBeNull()
    expect(within(menu as HTMLElement).getByRole('button', { name: 'Sign In' })).toBeInTheDocument()
    expect(within(menu as HTMLElement).getByRole('button', { name: 'Sign Up' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(menuButton).toHaveAttribute('aria-expanded', 'false')
    expect(menuButton).toHaveFocus()
  })

  it('has the product’s footer links', () => {
    renderApp('/')
    const footer = screen.getByRole('navigation', { name: 'Footer' })
    const links = within(footer).getAllByRole('link')
    expect(links.map((a) => a.textContent)).toEqual(['Home', 'Tournaments', 'About Us', 'Privacy Policy', 'Terms of Service', 'Contact Support'])
    expect(within(footer).getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', expect.stringMatching(/^mailto:.+@.+/))
    expect(screen.getByText(/not affiliated with/i)).toBeInTheDocument()
  })
})
