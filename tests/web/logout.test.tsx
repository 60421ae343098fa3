import { act, render } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { type AuthContextValue, AuthProvider, useAuth } from '../../web/src/features/auth/AuthProvider'
import { registerApiHandlers } from '../../web/src/lib/api'
import { storeSession } from './helpers'
import { deferred, mockApi, networkDown, type Reply } from './mock-api'

// Logout also ends the session on the server (POST /api/auth/logout revokes the token), so a
// copy of the token stops working; the browser side never waits for it or depends on it.

let auth: AuthContextValue

function Probe() {
  auth = useAuth()
  return null
}

function signedIn(reply: Reply) {
  const api = mockApi({ 'POST /api/auth/logout': reply })
  storeSession('jwt-abc')
  render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  )
  return api
}

describe('logout', () => {
  it('revokes the current token on the server and signs out at once, before the answer', async () => {
    const pending = deferred()
    const api = signedIn(pending.reply)
    act(() => auth.logout())
    expect(auth.isAuthenticated).toBe(false)
    expect(window.localStorage.getItem('authToken')).toBeNull()
    // The call goes out once the API client's code has loaded (decision 168).
    await vi.waitFor(() => expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1))
    const [call] = api.callsTo('POST /api/auth/logout')
    expect(call?.headers.get('Authorization')).toBe('Bearer jwt-abc')
    pending.resolve({ body: { message: 'Logged out' } })
  })

  it.each([
    ['the network is down', networkDown()],
    ['the token was already dead (401)', { status: 401, body: { detail: 'Not authenticated. Please sign in again.' } }],
  ])('ignores a failed call when %s, without reporting an expired session', async (_case, reply) => {
    const onUnauthorized = vi.fn()
    registerApiHandlers({ getToken: () => auth?.getToken() ?? null, onUnauthorized })
    const api = signedIn(reply)
    act(() => auth.logout())
    await vi.waitFor(() => expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1))
    await act(async () => {})
    expect(onUnauthorized).not.toHaveBeenCalled()
    expect(auth.isAuthenticated).toBe(false)
  })

  it('calls nobody when nobody is signed in', () => {
    const api = mockApi()
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    )
    act(() => auth.logout())
    expect(api.calls).toEqual([])
  })
})
