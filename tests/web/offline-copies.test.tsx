import { act, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type AuthContextValue, AuthProvider, useAuth } from '../../web/src/features/auth/AuthProvider'
import { OFFLINE_READS_CACHE } from '../../web/src/lib/offline-cache'
import { attack } from '../security/attack'
import { fakeCaches } from './fake-caches'
import { demoUser, storeSession } from './helpers'
import { mockApi } from './mock-api'

// Decision 154: the offline copies of a user's private standings (the service worker's
// cache, keyed by URL) leave the device with the user, whether or not a service worker
// controls the page: the page deletes them itself, on sign-out and when someone else signs in.

let auth: AuthContextValue

function Probe() {
  auth = useAuth()
  return null
}

const BUILD_CACHES = ['assets-0123456789ab', 'shell-0123456789ab']

function app() {
  mockApi({ 'POST /api/auth/logout': { body: { message: 'Logged out' } } })
  render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  )
}

/** A service worker that is registered but does not control this page (the first visit, a hard reload). */
function uncontrolledServiceWorker() {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { controller: null, getRegistration: async () => undefined },
  })
}

afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

describe('the offline copies of private standings', () => {
  it.for([
    ['no service worker at all', () => {}],
    ['a service worker that does not control the page', uncontrolledServiceWorker],
  ] as const)('are deleted on sign-out with %s, and the build’s own caches stay', async ([, setUp], { task }) => {
    attack(task, { category: 'Privacy', faults: 1 })
    setUp()
    const storage = fakeCaches([OFFLINE_READS_CACHE, ...BUILD_CACHES])
    storeSession('jwt-abc')
    app()
    act(() => auth.logout())
    await vi.waitFor(() => expect(storage.names()).toEqual(BUILD_CACHES))
  })

  it('are deleted when someone else signs in on the device, after a session that ended without a sign-out', async ({ task }) => {
    attack(task, { category: 'Privacy', inputs: 1 })
    const storage = fakeCaches([OFFLINE_READS_CACHE, ...BUILD_CACHES])
    app() // signed out: the last user's session expired, the copies stayed
    act(() => auth.login('jwt-next', { ...demoUser, id: 8, user_id: 8, email: 'next@example.com' }))
    await vi.waitFor(() => expect(storage.names()).toEqual(BUILD_CACHES))
  })

  it('are deleted when the session passes from one account to another without a sign-out', async ({ task }) => {
    attack(task, { category: 'Privacy', inputs: 1 })
    uncontrolledServiceWorker()
    storeSession('jwt-abc')
    const storage = fakeCaches([OFFLINE_READS_CACHE, ...BUILD_CACHES])
    app()
    act(() => auth.login('jwt-other', { ...demoUser, id: 8, user_id: 8, email: 'other@example.com' }))
    await vi.waitFor(() => expect(storage.names()).toEqual(BUILD_CACHES))
  })

  it('stay when the same user gets a new token (a changed password)', async () => {
    storeSession('jwt-abc')
    const storage = fakeCaches([OFFLINE_READS_CACHE, ...BUILD_CACHES])
    app()
    act(() => auth.login('jwt-renewed', demoUser))
    await act(async () => {})
    expect(storage.names()).toContain(OFFLINE_READS_CACHE)
  })

  it('are simply absent where the browser has no Cache Storage (an insecure context)', () => {
    storeSession('jwt-abc')
    app()
    expect(() => act(() => auth.logout())).not.toThrow()
    expect(auth.isAuthenticated).toBe(false)
  })
})
