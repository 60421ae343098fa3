import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ChangePasswordCard, changePasswordProblem } from '../../web/src/features/account/ChangePasswordCard'
import { demoUser, renderWithProviders, storedUser, storeSession, visibleToasts } from './helpers'
import { deferred, mockApi, networkDown } from './mock-api'

const CURRENT = 'Old!pass1'
const NEW = 'N3w!pass99'

function renderCard() {
  renderWithProviders(<ChangePasswordCard />)
  const card = screen.getByRole('region', { name: 'Change Password' })
  return {
    card,
    current: within(card).getByLabelText('Current Password'),
    next: within(card).getByLabelText('New Password'),
    confirm: within(card).getByLabelText('Confirm New Password'),
    submit: () => within(card).getByRole('button', { name: /Change Password|Changing Password/ }),
  }
}

describe('change password card', () => {
  it('renders nothing when signed out', () => {
    renderWithProviders(<ChangePasswordCard />)
    expect(screen.queryByRole('region', { name: 'Change Password' })).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument()
  })

  it('enables the button only when every rule holds, and says why not', async () => {
    storeSession('jwt-old')
    const user = userEvent.setup()
    const { card, current, next, confirm, submit } = renderCard()
    expect(submit()).toBeDisabled()

    await user.type(next, NEW)
    await user.type(confirm, NEW)
    expect(submit()).toBeDisabled() // current password missing

    await user.type(current, NEW)
    expect(within(card).getByText('New password must be different from current password')).toBeInTheDocument()
    expect(submit()).toBeDisabled()

    await user.clear(current)
    await user.type(current, CURRENT)
    expect(submit()).toBeEnabled()

    await user.type(confirm, 'x')
    expect(within(card).getByText('New passwords do not match')).toBeInTheDocument()
    expect(submit()).toBeDisabled()

    await user.clear(next)
    await user.clear(confirm)
    await user.type(next, 'weakpassword')
    await user.type(confirm, 'weakpassword')
    await user.click(current)
    expect(within(card).getByText('New password does not meet security requirements')).toBeInTheDocument()
    expect(submit()).toBeDisabled()
  })

  it('checks the rules in the product’s order', () => {
    expect(changePasswordProblem('', NEW, NEW)).toBe('All fields are required')
    expect(changePasswordProblem(CURRENT, NEW, '')).toBe('All fields are required')
    expect(changePasswordProblem(CURRENT, NEW, `${NEW}x`)).toBe('New passwords do not match')
    expect(changePasswordProblem(NEW, NEW, NEW)).toBe('New password must be different from current password')
    expect(changePasswordProblem(CURRENT, 'weakpassword', 'weakpassword')).toBe('New password does not meet security requirements')
    expect(changePasswordProblem(CURRENT, NEW, NEW)).toBeNull()
  })

  it('on success: stores the fresh token, clears the fields, shows the banner and the toast', async () => {
    storeSession('jwt-old')
    const user = userEvent.setup()
    const pending = deferred()
    const api = mockApi({ 'POST /api/auth/change-password': pending.reply })
    const { card, current, next, confirm, submit } = renderCard()
    await user.type(current, CURRENT)
    await user.type(next, NEW)
    await user.type(confirm, NEW)
    await user.click(submit())
    expect(within(card).getByRole('button', { name: 'Changing Password...' })).toBeDisabled()
    const call = api.callsTo('POST /api/auth/change-password')[0]
    expect(call?.body).toEqual({ current_password: CURRENT, new_password: NEW })
    expect(call?.headers.get('Authorization')).toBe('Bearer jwt-old')

    pending.resolve({ body: { message: 'Password changed successfully', access_token: 'jwt-fresh' } })
    const banner = await within(card).findByRole('status')
    expect(banner).toHaveTextContent('Password Changed Successfully')
    expect(banner).toHaveTextContent('Password changed successfully')
    expect(window.localStorage.getItem('authToken')).toBe('jwt-fresh')
    expect(storedUser()).toMatchObject({ id: demoUser.id, name: demoUser.name })
    expect(current).toHaveValue('')
    expect(next).toHaveValue('')
    expect(confirm).toHaveValue('')
    expect(visibleToasts()[0]).toHaveTextContent('Password Changed Successfully')

    // Editing any field clears the banner.
    await user.type(current, 'a')
    expect(within(card).queryByText('Password Changed Successfully')).not.toBeInTheDocument()
  })

  it('shows the server detail, the fallback and the connection message; editing clears the error', async () => {
    storeSession('jwt-old')
    const user = userEvent.setup()
    mockApi({
      'POST /api/auth/change-password': [
        { status: 400, body: { detail: 'Current password is incorrect' } },
        { status: 500, body: { message: 'Hashing failed' } },
        { status: 500, body: {} },
        networkDown(),
      ],
    })
    const { card, current, next, confirm, submit } = renderCard()
    await user.type(current, CURRENT)
    await user.type(next, NEW)
    await user.type(confirm, NEW)
    await user.click(submit())
    expect(await within(card).findByRole('alert')).toHaveTextContent('Current password is incorrect')
    // Still signed in: a wrong current password is not a lost session.
    expect(window.localStorage.getItem('authToken')).toBe('jwt-old')

    await user.type(confirm, 'x')
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument()
    await user.type(confirm, '{Backspace}')

    await user.click(submit())
    await waitFor(() => expect(within(card).getByRole('alert')).toHaveTextContent('Hashing failed'))
    await user.click(submit())
    await waitFor(() => expect(within(card).getByRole('alert')).toHaveTextContent('Failed to change password. Please try again.'))
    await user.click(submit())
    await waitFor(() => expect(within(card).getByRole('alert')).toHaveTextContent('Network error. Please check your connection and try again.'))
  })

  it('Cancel clears the fields', async () => {
    storeSession('jwt-old')
    const user = userEvent.setup()
    const { card, current, next, confirm } = renderCard()
    await user.type(current, CURRENT)
    await user.type(next, NEW)
    await user.type(confirm, NEW)
    await user.click(within(card).getByRole('button', { name: 'Cancel' }))
    expect(current).toHaveValue('')
    expect(next).toHaveValue('')
    expect(confirm).toHaveValue('')
  })
})
