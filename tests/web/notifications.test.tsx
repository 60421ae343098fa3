import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NOTIFICATION_LABELS, NOTIFICATION_TYPES } from '../../contract/notifications'
import { useAuth } from '../../web/src/features/auth/AuthProvider'
import { NotificationSettings } from '../../web/src/features/notifications/NotificationSettings'
import { enablePush } from '../../web/src/features/pwa/push-device'
import { currentLocation, renderApp, renderWithProviders, storeSession } from './helpers'
import { mockApi } from './mock-api'
import { notificationPreferences } from './notification-fixtures'

// The dashboard's Notifications card, this device's push subscription, and the digest's
// unsubscribe page (decision 139). The browser's push machinery is stubbed: Notification,
// navigator.serviceWorker and its PushManager.

const PREFS = 'GET /api/notifications/preferences'
const PUT = 'PUT /api/notifications/preferences'
// An uncompressed P-256 point's shape: 0x04 and 64 bytes, base64url.
const VAPID = 'BAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0-P0A'
const VAPID_BYTES = Uint8Array.from(atob(VAPID.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0))
const SUBSCRIPTION = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }

interface PushStub {
  permission: NotificationPermission
  subscription: { toJSON: () => unknown; unsubscribe: () => Promise<boolean>; options: { applicationServerKey: ArrayBuffer | null } } | null
  subscribe: ReturnType<typeof vi.fn>
  requestPermission: ReturnType<typeof vi.fn>
}

/** A browser that can push: its permission, its current subscription and what subscribing did. */
function stubPush(permission: NotificationPermission = 'default', answer: NotificationPermission = 'granted'): PushStub {
  const stub: PushStub = {
    permission,
    subscription: null,
    subscribe: vi.fn(async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
      const key = applicationServerKey.slice().buffer
      stub.subscription = { toJSON: () => SUBSCRIPTION, unsubscribe: vi.fn(async () => true), options: { applicationServerKey: key } }
      return stub.subscription
    }),
    requestPermission: vi.fn(async () => {
      stub.permission = answer
      return answer
    }),
  }
  const pushManager = { getSubscription: async () => stub.subscription, subscribe: stub.subscribe }
  const registration = { pushManager }
  vi.stubGlobal('Notification', {
    get permission() {
      return stub.permission
    },
    requestPermission: stub.requestPermission,
  })
  vi.stubGlobal('PushManager', class {})
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      controller: { postMessage: vi.fn() },
      ready: Promise.resolve(registration),
      getRegistration: async () => registration,
      register: async () => registration,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    },
  })
  return stub
}

beforeEach(() => storeSession('jwt-1'))
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

/** The auth context as the app sees it, to sign out from a test. */
const probed: { auth: ReturnType<typeof useAuth> | null } = { auth: null }
function AuthProbe() {
  probed.auth = useAuth()
  return null
}

const card = async () => screen.findByRole('region', { name: 'Notifications & email digest' })

describe('the Notifications card', () => {
  it('lists every type with its label and hint, on until muted', async () => {
    stubPush()
    mockApi({ [PREFS]: { body: notificationPreferences({ muted: ['wall'] }) } })
    renderWithProviders(<NotificationSettings />)
    const region = await card()
    for (const type of NOTIFICATION_TYPES) {
      const toggle = await within(region).findByRole('switch', { name: NOTIFICATION_LABELS[type].label })
      expect(toggle).toHaveAccessibleDescription(NOTIFICATION_LABELS[type].hint)
      expect(toggle).toHaveAttribute('aria-checked', type === 'wall' ? 'false' : 'true')
    }
  })

  it('saves a mute, quiet hours and the digest as they change, with the browser’s time zone', async () => {
    stubPush()
    const api = mockApi({
      [PREFS]: { body: notificationPreferences() },
      [PUT]: (call) => {
        const { quiet_hours, ...change } = call.body as { quiet_hours?: object }
        const base = notificationPreferences().preferences
        return { body: notificationPreferences({ ...change, quiet_hours: { ...base.quiet_hours, ...quiet_hours } }) }
      },
    })
    renderWithProviders(<NotificationSettings />)
    const region = await card()
    await userEvent.click(await within(region).findByRole('switch', { name: 'Deadline reminders' }))
    await userEvent.click(within(region).getByRole('switch', { name: 'Weekly email digest' }))
    const from = within(region).getByLabelText('From')
    await userEvent.clear(from)
    await userEvent.type(from, '22:30')
    await userEvent.tab()
    const bodies = api.callsTo(PUT).map((c) => c.body as Record<string, unknown>)
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    expect(bodies).toEqual([
      { muted: ['deadline'], time_zone: zone },
      { email_digest: true, time_zone: zone },
      { quiet_hours: { start: '22:30' }, time_zone: zone },
    ])
  })

  it('asks for permission only when the user turns push on, then subscribes with the server’s key', async () => {
    const push = stubPush()
    const api = mockApi({
      [PREFS]: { body: notificationPreferences() },
      'GET /api/push/vapid-public-key': { body: { public_key: VAPID } },
      'POST /api/push/subscriptions': { status: 201, body: { id: 'a'.repeat(32), created_at: '2026-11-24T10:00:00Z' } },
    })
    renderWithProviders(<NotificationSettings />)
    const region = await card()
    const turnOn = await within(region).findByRole('button', { name: 'Turn on notifications on this device' })
    expect(push.requestPermission).not.toHaveBeenCalled()
    await userEvent.click(turnOn)
    await within(region).findByText(/Notifications are on for this device\./)
    expect(push.requestPermission).toHaveBeenCalledTimes(1)
    const [options] = push.subscribe.mock.calls[0] as [{ userVisibleOnly: boolean; applicationServerKey: Uint8Array }]
    expect(options.userVisibleOnly).toBe(true)
    expect(options.applicationServerKey).toHaveLength(65)
    expect(api.callsTo('POST /api/push/subscriptions')[0]?.body).toEqual(SUBSCRIPTION)
  })

  it('subscribes again when the server’s key changed (the operators rotated it), and keeps a subscription made for the current key', async () => {
    const push = stubPush('granted')
    const old = { toJSON: () => SUBSCRIPTION, unsubscribe: vi.fn(async () => true), options: { applicationServerKey: new Uint8Array(65).fill(7).buffer } }
    push.subscription = old
    mockApi({
      [PREFS]: { body: notificationPreferences() },
      'GET /api/push/vapid-public-key': { body: { public_key: VAPID } },
      'POST /api/push/subscriptions': { status: 201, body: { id: 'a'.repeat(32), created_at: '2026-11-24T10:00:00Z' } },
    })
    await enablePush()
    expect(old.unsubscribe).toHaveBeenCalledTimes(1)
    expect(push.subscribe).toHaveBeenCalledTimes(1)
    // Made for the current key now: the next sync keeps it.
    await enablePush()
    expect(push.subscribe).toHaveBeenCalledTimes(1)
  })

  it('explains how to undo a refusal', async () => {
    stubPush('default', 'denied')
    mockApi({ [PREFS]: { body: notificationPreferences() } })
    renderWithProviders(<NotificationSettings />)
    const region = await card()
    await userEvent.click(await within(region).findByRole('button', { name: 'Turn on notifications on this device' }))
    expect(await within(region).findByText(/Notifications are blocked for this site/)).toBeInTheDocument()
  })

  it('tells iPhone users that push needs the Home Screen', async () => {
    stubPush()
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
    )
    mockApi({ [PREFS]: { body: notificationPreferences() } })
    renderWithProviders(<NotificationSettings />)
    const region = await card()
    expect(within(region).getByText(/On iPhone, notifications need the app on your Home Screen: tap Share, then Add to Home Screen\./)).toBeInTheDocument()
    expect(within(region).queryByRole('button', { name: /Turn on notifications/ })).toBeNull()
  })
})

describe('this device', () => {
  it('is re-synced when the app opens signed in, and forgotten on sign-out before the session is revoked', async () => {
    const push = stubPush('granted')
    push.subscription = { toJSON: () => SUBSCRIPTION, unsubscribe: vi.fn(async () => true), options: { applicationServerKey: VAPID_BYTES.slice().buffer } }
    window.localStorage.setItem('banter-arena:push-device', 'b'.repeat(32))
    const api = mockApi({
      'GET /api/push/vapid-public-key': { body: { public_key: VAPID } },
      'POST /api/push/subscriptions': { body: { id: 'b'.repeat(32), created_at: '2026-11-24T10:00:00Z' } },
      [`DELETE /api/push/subscriptions/${'b'.repeat(32)}`]: { body: { deleted: true } },
      'POST /api/auth/logout': { body: { message: 'Logged out' } },
    })
    const { PwaBridge } = await import('../../web/src/app/PwaBridge')
    renderWithProviders(
      <>
        <AuthProbe />
        <PwaBridge />
      </>,
    )
    await vi.waitFor(() => expect(api.callsTo('POST /api/push/subscriptions')).toHaveLength(1))
    act(() => probed.auth?.logout())
    await vi.waitFor(() => expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1))
    const order = api.calls.map((c) => `${c.method} ${c.path}`).filter((c) => c.includes('DELETE') || c.includes('logout'))
    expect(order).toEqual([`DELETE /api/push/subscriptions/${'b'.repeat(32)}`, 'POST /api/auth/logout'])
    expect(api.callsTo(`DELETE /api/push/subscriptions/${'b'.repeat(32)}`)[0]?.headers.get('Authorization')).toBe('Bearer jwt-1')
    expect(push.subscription?.unsubscribe).toHaveBeenCalled()
  })
})

describe('the unsubscribe page', () => {
  it('unsubscribes signed out, on the click', async () => {
    window.localStorage.clear()
    const api = mockApi({ 'POST /api/notifications/unsubscribe': { body: { unsubscribed: true } } })
    renderApp('/unsubscribe?token=link-token')
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }))
    expect(await screen.findByText(/You’re unsubscribed\. You won’t get the weekly digest any more\./)).toBeInTheDocument()
    const [call] = api.callsTo('POST /api/notifications/unsubscribe')
    if (!call) throw new Error('The page did not post the token')
    expect((call.body as FormData).get('token')).toBe('link-token')
    expect(call.headers.get('Authorization')).toBeNull()
    expect(currentLocation().path).toBe('/unsubscribe?token=link-token')
  })

  it('says when the link is not valid', async () => {
    mockApi({ 'POST /api/notifications/unsubscribe': { status: 400, body: { detail: 'This unsubscribe link is not valid.' } } })
    renderApp('/unsubscribe?token=forged')
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.')
  })

  it('points an expired link to the dashboard, where the digest still turns off', async () => {
    const detail = 'This unsubscribe link has expired. Please use the link in your latest digest, or sign in and turn the digest off in your dashboard.'
    mockApi({ 'POST /api/notifications/unsubscribe': { status: 400, body: { detail, code: 'unsubscribe_link_expired' } } })
    renderApp('/unsubscribe?token=old')
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(detail)
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard')
  })
})
