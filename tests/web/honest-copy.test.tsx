import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { User } from '../../web/src/features/auth/types'
import { NotificationSettings } from '../../web/src/features/notifications/NotificationSettings'
import { CreatedDialog } from '../../web/src/features/tournaments/CreatedDialog'
import { demoUser, renderApp, renderWithProviders, storeSession, visibleToasts } from './helpers'
import { mockApi } from './mock-api'
import { notificationPreferences } from './notification-fixtures'

// Copy that said something untrue. A brand-new user was greeted "Welcome back";
// the created dialog said its news three times; quiet hours saved without a word; and the
// settings did not say what happens to the notifications quiet hours hold (decision 163).

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0

/** Types a new start of quiet hours and leaves the field, which saves it. */
async function setQuietStart(group: HTMLElement, time: string) {
  const from = within(group).getByLabelText('From')
  await userEvent.clear(from)
  await userEvent.type(from, time)
  await userEvent.tab()
  return from
}

describe('the dashboard greeting', () => {
  const dashboardApi = (user: User) =>
    mockApi({
      'GET /api/auth/user-leagues': { body: { leagues: [] } },
      'GET /api/auth/me': { body: { ...user, user_id: user.id } },
      'GET /api/banter/privacy': { body: { banter_sharing_enabled: true } },
      'GET /api/notifications/preferences': { body: notificationPreferences() },
    })
  const open = (user: User) => {
    storeSession('jwt-1', user)
    if (user.fpl_team_id) window.localStorage.setItem(`leagueDiscovery:${user.fpl_team_id}`, 'done')
    return renderApp('/dashboard')
  }

  it('says "Welcome" on a new account’s first visit, and "Welcome back" when the user comes back', async () => {
    const newcomer = { ...demoUser, name: 'Sam Kerr', created_at: new Date(Date.now() - 5 * 60_000).toISOString() }
    dashboardApi(newcomer)
    const first = open(newcomer)
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Sam Kerr!' })).toBeInTheDocument()
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument()
    first.unmount()

    // The same day, on the same phone: a return.
    open(newcomer)
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Sam Kerr!' })).toBeInTheDocument()
  })

  it('says "Welcome back" to an older account on a device it has not used before', async () => {
    dashboardApi(demoUser)
    open(demoUser)
    expect(await screen.findByRole('heading', { level: 1, name: `Welcome back, ${demoUser.name}!` })).toBeInTheDocument()
  })
})

describe('the created dialog', () => {
  const league = {
    league_id: 42,
    invite_code: 'AbCdEf123456',
    invite_url: 'https://banterarena.app/join/AbCdEf123456',
    is_commissioner: true,
    message: "Sunday Legends is live, and you're the Commissioner.",
    name: 'Sunday Legends',
  }

  it('says it was created once, and who runs it once', () => {
    renderWithProviders(<CreatedDialog league={league} onClose={vi.fn()} />)
    const dialog = screen.getByRole('dialog', { name: 'Tournament Created!' })
    const text = dialog.textContent ?? ''
    expect(count(text, /created/gi)).toBe(1)
    expect(count(text, /Commissioner/g)).toBe(1)
    expect(dialog).toHaveAccessibleDescription(/Sunday Legends is live, and you're the Commissioner\./)
  })

  it('gives the server’s reason in place of its own line when there is one', () => {
    const message = "You're this league's admin on FPL, so you're now the Commissioner of Sunday Legends."
    renderWithProviders(<CreatedDialog league={{ ...league, message }} onClose={vi.fn()} />)
    const dialog = screen.getByRole('dialog', { name: 'Tournament Created!' })
    expect(within(dialog).getByText(message)).toBeInTheDocument()
    expect(count(dialog.textContent ?? '', /Commissioner/g)).toBe(1)
  })
})

describe('quiet hours', () => {
  const PREFS = 'GET /api/notifications/preferences'
  const PUT = 'PUT /api/notifications/preferences'
  const region = () => screen.findByRole('region', { name: 'Notifications & email digest' })
  const quietGroup = async () => within(await region()).getByRole('group', { name: 'Quiet hours' })

  it('say each save landed, as the switches do', async () => {
    storeSession('jwt-1')
    mockApi({
      [PREFS]: { body: notificationPreferences() },
      [PUT]: [
        { body: notificationPreferences({ quiet_hours: { enabled: true, start: '22:30', end: '08:00' } }) },
        { body: notificationPreferences({ quiet_hours: { enabled: false, start: '22:30', end: '08:00' } }) },
      ],
    })
    renderWithProviders(<NotificationSettings />)
    const group = await quietGroup()
    await setQuietStart(group, '22:30')
    await waitFor(() => expect(within(group).getByRole('status')).toHaveTextContent('Saved: quiet from 22:30 until 08:00.'))
    await userEvent.click(within(group).getByRole('switch', { name: 'Quiet hours' }))
    await waitFor(() => expect(within(group).getByRole('status')).toHaveTextContent('Saved: quiet hours are off.'))
  })

  it('say when a save failed, and the time goes back to the one that holds', async () => {
    storeSession('jwt-1')
    mockApi({ [PREFS]: { body: notificationPreferences() }, [PUT]: { status: 500, body: {} } })
    renderWithProviders(<NotificationSettings />)
    const group = await quietGroup()
    const from = await setQuietStart(group, '22:30')
    await waitFor(() => expect(visibleToasts()[0]).toHaveTextContent('Not saved'))
    expect(from).toHaveValue('23:00')
    expect(within(group).getByRole('status')).toHaveTextContent('')
  })

  it('say what happens to the notifications they hold', async () => {
    storeSession('jwt-1')
    mockApi({ [PREFS]: { body: notificationPreferences() } })
    renderWithProviders(<NotificationSettings />)
    const toggle = within(await quietGroup()).getByRole('switch', { name: 'Quiet hours' })
    expect(toggle).toHaveAccessibleDescription(
      'Nothing arrives between these times (your time zone: Europe/London). When they end, what is still news arrives, one of each kind; an overtake or a deadline reminder that is over by then is skipped.',
    )
  })
})
