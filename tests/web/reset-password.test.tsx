import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { resetPasswordProblem } from '../../web/src/pages/ResetPasswordPage'
import { advance, currentLocation, fakeClock, renderApp, settle, visibleToasts } from './helpers'
import { deferred, mockApi, networkDown } from './mock-api'

const TOKEN = 'tok_0123456789abcdefghijklmnop'
const STRONG = 'N3w!password'

async function openReset() {
  renderApp(`/reset-password?token=${TOKEN}`)
  await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })
  return {
    password: screen.getByLabelText('New Password'),
    confirm: screen.getByLabelText('Confirm Password'),
    submit: () => screen.getByRole('button', { name: /Reset Password|Resetting Password/ }),
  }
}

describe('reset password: the form', () => {
  it('shows the checklist once a password is typed, and the match indicator once confirm is typed', async () => {
    const user = userEvent.setup()
    const { password, confirm, submit } = await openReset()
    expect(screen.queryByRole('list', { name: 'Password requirements' })).not.toBeInTheDocument()
    expect(screen.queryByText('Passwords match')).not.toBeInTheDocument()
    expect(submit()).toBeDisabled()

    await user.type(password, 'abc')
    const checklist = screen.getByRole('list', { name: 'Password requirements' })
    expect(within(checklist).getAllByRole('listitem')).toHaveLength(5)
    expect(within(checklist).getByText('One lowercase letter').closest('li')).toHaveAttribute('data-met', 'true')
    expect(within(checklist).getByText('At least 8 characters').closest('li')).toHaveAttribute('data-met', 'false')

    await user.clear(password)
    await user.type(password, STRONG)
    await user.type(confirm, 'N3w!')
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument()
    expect(submit()).toBeDisabled()
    await user.type(confirm, 'password')
    expect(screen.getByText('Passwords match')).toBeInTheDocument()
    expect(submit()).toBeEnabled()
  })

  it('keeps submit disabled while any rule is unmet, even when the passwords match', async () => {
    const user = userEvent.setup()
    const { password, confirm, submit } = await openReset()
    await user.type(password, 'weakpassword')
    await user.type(confirm, 'weakpassword')
    expect(screen.getByText('Passwords match')).toBeInTheDocument()
    expect(submit()).toBeDisabled()
    // Leaving the field says why.
    await user.tab()
    expect(password).toHaveAccessibleDescription(/Password does not meet security requirements/)
  })

  it('toggles each password between hidden and shown', async () => {
    const user = userEvent.setup()
    const { password, confirm } = await openReset()
    expect(password).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show new password' }))
    expect(password).toHaveAttribute('type', 'text')
    expect(screen.getByRole('button', { name: 'Show new password' })).toHaveAttribute('aria-pressed', 'true')
    expect(confirm).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show confirm password' }))
    expect(confirm).toHaveAttribute('type', 'text')
  })

  it('has a Back to Home link', async () => {
    await openReset()
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/')
  })

  it('names each client-side problem', () => {
    expect(resetPasswordProblem('', STRONG, STRONG)).toBe('Invalid reset link. Please request a new password reset.')
    expect(resetPasswordProblem(TOKEN, STRONG, 'other')).toBe('Passwords do not match')
    expect(resetPasswordProblem(TOKEN, 'weakpass', 'weakpass')).toBe('Password does not meet security requirements')
    expect(resetPasswordProblem(TOKEN, STRONG, STRONG)).toBeNull()
  })
})

describe('reset password: submitting', () => {
  it('sends token and password; busy text; success toast (5 s) and /?signin=true after 3 s', async () => {
    const pending = deferred()
    const api = mockApi({ 'POST /api/auth/reset-password': pending.reply })
    const { password, confirm, submit } = await openReset()
    fireEvent.change(password, { target: { value: STRONG } })
    fireEvent.change(confirm, { target: { value: STRONG } })
    fireEvent.click(submit())
    expect(screen.getByRole('button', { name: 'Resetting Password...' })).toBeDisabled()
    // The write leaves a microtask after the click (useMutation).
    await settle(() => expect(api.callsTo('POST /api/auth/reset-password')[0]?.body).toEqual({ token: TOKEN, new_password: STRONG }))

    fakeClock()
    pending.resolve({ body: { message: 'Password reset successfully.' } })
    await settle(() => screen.getByRole('heading', { level: 1, name: 'Password Reset Successfully!' }))
    expect(screen.getByRole('heading', { level: 1, name: 'Password Reset Successfully!' })).toHaveFocus()
    const toast = visibleToasts()[0]
    expect(toast).toHaveTextContent('Password Reset Successfully!')
    expect(toast).toHaveTextContent('You can now sign in with your new password')

    await advance(2999)
    expect(currentLocation().path).toBe(`/reset-password?token=${TOKEN}`)
    await advance(1)
    // Lands on / with the sign-in dialog (the flag is then consumed).
    await settle(() => screen.getByRole('dialog', { name: 'Welcome Back!' }))
    // The toast is still up just before 5 s and gone at 5 s.
    await advance(1999)
    expect(visibleToasts()).toHaveLength(1)
    await advance(1)
    expect(visibleToasts()).toHaveLength(0)
  })

  it('shows the server detail, the fallback and the connection message', async () => {
    const user = userEvent.setup()
    mockApi({
      'POST /api/auth/reset-password': [{ status: 400, body: { detail: 'Password must contain: a number' } }, { status: 500, body: {} }, networkDown()],
    })
    const { password, confirm, submit } = await openReset()
    await user.type(password, STRONG)
    await user.type(confirm, STRONG)
    await user.click(submit())
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must contain: a number')
    await user.click(submit())
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to reset password. Please try again or request a new reset link.'))
    await user.click(submit())
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Network error. Please check your connection and try again.'))
  })

  it('an expired or used link turns into the Invalid Reset Link page', async () => {
    const user = userEvent.setup()
    mockApi({
      'POST /api/auth/reset-password': {
        status: 400,
        body: { detail: 'This password reset link is invalid or has expired. Please request a new one.' },
      },
    })
    const { password, confirm, submit } = await openReset()
    await user.type(password, STRONG)
    await user.type(confirm, STRONG)
    await user.click(submit())
    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeInTheDocument()
  })
})

describe('reset password: no token', () => {
  it('shows the Invalid Reset Link page whose button opens the forgot-password panel', async () => {
    const user = userEvent.setup()
    renderApp('/reset-password')
    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeInTheDocument()
    expect(screen.getByText('This password reset link is invalid or has expired. Please request a new one.')).toBeInTheDocument()
    const request = screen.getByRole('link', { name: 'Request New Reset Link' })
    expect(request).toHaveAttribute('href', '/?forgot=true')
    await user.click(request)
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' })
    expect(await within(dialog).findByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument()
  })
})
