import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PwaBridge } from '../../web/src/app/PwaBridge'
import { useAuthDialog } from '../../web/src/features/auth/auth-dialog-context'
import { watchInstallPrompt } from '../../web/src/features/pwa/install-prompt'
import { renderWithProviders } from './helpers'
import { mockApi } from './mock-api'

// What a first-time visitor does not need loads after the first screen, when it is needed
// (decision 168): the install offer's code only once the offer is due (never on a first visit),
// the sign-in dialog's code when it opens (or when the page is idle).

const loaded = vi.hoisted(() => ({ installPrompt: vi.fn(), authDialog: vi.fn() }))

vi.mock('../../web/src/features/pwa/InstallPrompt', () => {
  loaded.installPrompt()
  return { InstallPrompt: () => <aside aria-label="Install offer" /> }
})

vi.mock('../../web/src/features/auth/AuthDialog', () => {
  loaded.authDialog()
  return {
    AuthDialog: () => <div role="dialog" aria-label="Sign in" />,
    loadAuthPanels: async () => ({}),
  }
})

afterEach(() => {
  window.dispatchEvent(new Event('appinstalled'))
  vi.useRealTimers()
})

/** The browser offers to install: the event Chromium fires when the app is installable. */
function browserOffersInstall() {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome: 'dismissed' }),
  })
  act(() => {
    window.dispatchEvent(event)
  })
}

function OpenSignIn() {
  const { open } = useAuthDialog()
  return (
    <button type="button" onClick={() => open('login')}>
      Open sign in
    </button>
  )
}

describe('the first screen loads only what it needs', () => {
  // First: the app's providers load the dialog's code when the page is idle, which a later test may reach.
  it('loads the sign-in dialog’s code when it opens, not with the page', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    mockApi()
    renderWithProviders(<OpenSignIn />)
    await act(async () => {})
    expect(loaded.authDialog).not.toHaveBeenCalled()
    vi.useRealTimers()
    await userEvent.click(screen.getByRole('button', { name: 'Open sign in' }))
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeInTheDocument()
    expect(loaded.authDialog).toHaveBeenCalledTimes(1)
  })

  it('loads the install offer’s code only when the offer is due: not on a first visit, on the second', async () => {
    mockApi()
    watchInstallPrompt()
    const first = renderWithProviders(<PwaBridge />)
    browserOffersInstall()
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50))
    })
    expect(loaded.installPrompt).not.toHaveBeenCalled()
    first.unmount()

    watchInstallPrompt()
    renderWithProviders(<PwaBridge />)
    browserOffersInstall()
    expect(await screen.findByRole('complementary', { name: 'Install offer' })).toBeInTheDocument()
    expect(loaded.installPrompt).toHaveBeenCalledTimes(1)
  })
})
