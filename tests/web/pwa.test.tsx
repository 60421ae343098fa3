import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OFFLINE_SAVED_AT_HEADER, OPEN_SCREEN_MESSAGE } from '../../contract/notifications'
import { PwaBridge } from '../../web/src/app/PwaBridge'
import { InstallPrompt } from '../../web/src/features/pwa/InstallPrompt'
import { watchInstallPrompt } from '../../web/src/features/pwa/install-prompt'
import { OfflineBanner } from '../../web/src/features/pwa/OfflineBanner'
import { noteAnswer } from '../../web/src/lib/offline-answers'
import { currentLocation, renderWithProviders } from './helpers'
import { mockApi } from './mock-api'

// The installable app's pieces in the page (decision 139): the install offer, the offline notice and
// a notification's click arriving from the service worker.

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1'

/** The browser offers to install: the event Chromium fires when the app is installable. */
function browserOffersInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome }),
  })
  act(() => {
    window.dispatchEvent(event)
  })
  return event
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker')
  // The browser's kept offer goes when the app is installed: the next test starts without one.
  window.dispatchEvent(new Event('appinstalled'))
})

describe('the install offer', () => {
  it('is never made on the first visit, and is from the second, with the browser’s own dialog', async () => {
    watchInstallPrompt()
    const first = render(<InstallPrompt />)
    const event = browserOffersInstall()
    expect(event.defaultPrevented).toBe(true)
    expect(screen.queryByRole('complementary', { name: /Install/ })).toBeNull()
    first.unmount()

    watchInstallPrompt()
    render(<InstallPrompt />)
    browserOffersInstall()
    const offer = await screen.findByRole('complementary', { name: 'Install Banter Arena' })
    expect(offer).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Install' }))
    expect(screen.queryByRole('complementary', { name: 'Install Banter Arena' })).toBeNull()
  })

  it('remembers “Not now”', async () => {
    window.localStorage.setItem('banter-arena:visits', '3')
    render(<InstallPrompt />)
    browserOffersInstall()
    await userEvent.click(await screen.findByRole('button', { name: 'Not now' }))
    expect(screen.queryByRole('complementary', { name: 'Install Banter Arena' })).toBeNull()
    expect(window.localStorage.getItem('banter-arena:install-dismissed')).toBe('1')
  })

  it('tells an iPhone how to add the app to the Home Screen, which push needs there', async () => {
    window.localStorage.setItem('banter-arena:visits', '2')
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE)
    render(<InstallPrompt />)
    expect(await screen.findByText(/On iPhone, notifications need the app on your Home Screen: tap Share, then Add to Home Screen\./)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull()
  })
})

describe('offline', () => {
  it('the page says from when the standings it shows are, and stops once answers come from the network again', () => {
    render(<OfflineBanner />)
    expect(screen.queryByRole('status')).toBeNull()
    act(() => noteAnswer(new Response('{}', { headers: { [OFFLINE_SAVED_AT_HEADER]: '2026-11-22T14:32:00Z' } })))
    const saved = new Date('2026-11-22T14:32:00Z')
    const time = saved.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })
    expect(screen.getByRole('status')).toHaveTextContent(`You’re offline. These standings were saved at ${time} on Sun 22 Nov.`)
    act(() => noteAnswer(new Response('{}')))
    expect(screen.queryByRole('status')).toBeNull()
  })
})

describe('a notification clicked', () => {
  it('opens its screen in the app that is already open', async () => {
    mockApi()
    const listeners = new Set<(event: MessageEvent) => void>()
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        addEventListener: (_: string, listener: (event: MessageEvent) => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: (event: MessageEvent) => void) => listeners.delete(listener),
      },
    })
    renderWithProviders(<PwaBridge />, '/dashboard')
    const post = (data: unknown) =>
      act(() => {
        for (const listener of listeners) listener(new MessageEvent('message', { data }))
      })
    post({ type: OPEN_SCREEN_MESSAGE, url: '/tournaments/7?tab=community' })
    expect(currentLocation().path).toBe('/tournaments/7?tab=community')
    // Anything but a path of this app is ignored.
    post({ type: OPEN_SCREEN_MESSAGE, url: 'https://evil.example/' })
    expect(currentLocation().path).toBe('/tournaments/7?tab=community')
  })
})
