import { act, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { type AuthContextValue, AuthProvider, useAuth } from '../../web/src/features/auth/AuthProvider'
import { demoUser, storeSession } from './helpers'

let auth: AuthContextValue

function Probe() {
  auth = useAuth()
  return <p data-testid="state">{auth.isAuthenticated ? `in:${auth.user?.name}` : 'out'}</p>
}

function renderAuth() {
  return render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  )
}

describe('auth session restore', () => {
  it('restores a valid stored session as authenticated', () => {
    storeSession('jwt-abc', { ...demoUser, fpl_team_id_locked: true })
    renderAuth()
    expect(screen.getByTestId('state')).toHaveTextContent('in:Jamie Vardy')
    expect(auth.token).toBe('jwt-abc')
    expect(auth.user).toMatchObject({ id: 7, email: 'jamie@example.com', joined_leagues: [1, 2], fpl_team_id_locked: true })
    expect(auth.getToken()).toBe('jwt-abc')
  })

  it('logs out when userData is unparsable: both keys cleared', () => {
    window.localStorage.setItem('authToken', 'jwt-abc')
    window.localStorage.setItem('userData', '{not json')
    renderAuth()
    expect(screen.getByTestId('state')).toHaveTextContent('out')
    expect(auth.user).toBeNull()
    expect(auth.token).toBeNull()
    expect(window.localStorage.getItem('authToken')).toBeNull()
    expect(window.localStorage.getItem('userData')).toBeNull()
  })

  it('treats JSON that is not a user object as broken data', () => {
    window.localStorage.setItem('authToken', 'jwt-abc')
    window.localStorage.setItem('userData', 'null')
    renderAuth()
    expect(auth.isAuthenticated).toBe(false)
    expect(window.localStorage.getItem('authToken')).toBeNull()
  })

  it('is not authenticated with a token but no user', () => {
    window.localStorage.setItem('authToken', 'jwt-abc')
    renderAuth()
    expect(screen.getByTestId('state')).toHaveTextContent('out')
    expect(auth.isAuthenticated).toBe(false)
    expect(auth.getToken()).toBeNull()
  })

  it('is not authenticated with a user but no token', () => {
    window.localStorage.setItem('userData', JSON.stringify(demoUser))
    renderAuth()
    expect(auth.isAuthenticated).toBe(false)
  })
})

describe('auth actions', () => {
  it('login stores token and user; logout clears both', () => {
    renderAuth()
    expect(auth.isAuthenticated).toBe(false)

    act(() => auth.login('jwt-new', demoUser))
    expect(screen.getByTestId('state')).toHaveTextContent('in:Jamie Vardy')
    expect(window.localStorage.getItem('authToken')).toBe('jwt-new')
    expect(JSON.parse(window.localStorage.getItem('userData') ?? 'null')).toEqual(demoUser)

    act(() => auth.logout())
    expect(screen.getByTestId('state')).toHaveTextContent('out')
    expect(window.localStorage.getItem('authToken')).toBeNull()
    expect(window.localStorage.getItem('userData')).toBeNull()
  })

  it('getToken is current right after login, before a re-render', () => {
    renderAuth()
    const { login, getToken } = auth
    let seen: string | null = 'unset'
    act(() => {
      login('jwt-now', demoUser)
      seen = getToken()
    })
    expect(seen).toBe('jwt-now')
  })

  it('updateUser merges and persists; it is a no-op when logged out', () => {
    storeSession('jwt-abc')
    renderAuth()
    act(() => auth.updateUser({ name: 'Jamie V', fpl_team_id: 42 }))
    expect(auth.user).toMatchObject({ name: 'Jamie V', fpl_team_id: 42, email: 'jamie@example.com' })
    expect(JSON.parse(window.localStorage.getItem('userData') ?? '{}')).toMatchObject({ name: 'Jamie V', fpl_team_id: 42 })

    act(() => auth.logout())
    act(() => auth.updateUser({ name: 'Ghost' }))
    expect(auth.user).toBeNull()
    expect(window.localStorage.getItem('userData')).toBeNull()
  })

  it('follows a logout made in another tab', () => {
    storeSession('jwt-abc')
    renderAuth()
    expect(auth.isAuthenticated).toBe(true)
    window.localStorage.clear()
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'authToken', newValue: null }))
    })
    expect(auth.isAuthenticated).toBe(false)
  })

  it('useAuth outside the provider fails loudly', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => render(<Probe />)).toThrow(/inside <AuthProvider>/)
  })
})
