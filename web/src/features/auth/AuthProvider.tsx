import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { forgetPrivateCopies } from '../../lib/offline-cache'
import { AUTH_TOKEN_KEY, clearStoredSession, readStoredSession, type StoredSession, USER_DATA_KEY, writeStoredSession, writeStoredUser } from './auth-storage'
import type { User } from './types'

export interface AuthContextValue {
  user: User | null
  token: string | null
  /** True only when both a user and a token are present. */
  isAuthenticated: boolean
  /**
   * Stores the token and the user (localStorage `authToken` / `userData`). Coming from signed out,
   * it also reports the login to analytics and identifies the user; replacing the token of a
   * signed-in user (e.g. after a password change) does not.
   */
  login: (token: string, user: User) => void
  /**
   * Tells the server to end the token's session (without waiting), then clears both stored items
   * (and reports the logout when someone was signed in).
   */
  logout: () => void
  /** Merges fields into the current user and stores it; no-op when logged out. */
  updateUser: (changes: Partial<User>) => void
  /**
   * The token to send, or null when not authenticated. Always current, even right after
   * login() in the same event handler (before React re-renders); stable identity.
   */
  getToken: () => string | null
}

const AuthContext = createContext<AuthContextValue | null>(null)

// Analytics, this device's push subscription and the API client's logout matter when someone signs
// in or out: their code loads then, not before a visitor's first screen (decision 168).
const loadAnalytics = () => import('../../lib/analytics')
const loadDevice = () => import('../pwa/push-device')
const loadApi = () => import('../../lib/api')

const isAuthenticatedSession = (s: StoredSession) => Boolean(s.user && s.token)

export function AuthProvider({ children }: { children: ReactNode }) {
  // Restored synchronously so the first render already knows who is signed in.
  const [session, setSessionState] = useState<StoredSession>(readStoredSession)
  const sessionRef = useRef(session)

  const setSession = useCallback((next: StoredSession) => {
    sessionRef.current = next
    setSessionState(next)
  }, [])

  // Signing in or out in another tab applies here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === AUTH_TOKEN_KEY || event.key === USER_DATA_KEY) {
        setSession(readStoredSession())
      }
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [setSession])

  const login = useCallback(
    (token: string, user: User) => {
      const wasSignedIn = isAuthenticatedSession(sessionRef.current)
      // Someone else's offline copies, or ones left by a session that ended without a sign-out, are not this user's.
      if (!wasSignedIn || sessionRef.current.user?.id !== user.id) void forgetPrivateCopies()
      writeStoredSession(token, user)
      setSession({ token, user })
      if (!wasSignedIn) {
        void loadAnalytics().then(({ analytics, identifyUser }) => {
          analytics.login()
          identifyUser(user)
        })
      }
    },
    [setSession],
  )

  const logout = useCallback(() => {
    const { token } = sessionRef.current
    const wasSignedIn = isAuthenticatedSession(sessionRef.current)
    // Revoked on the server, a copy of the token that leaked stops working too. Signing out here
    // never depends on the answer. publicApi, so that its 401 (the token was already dead)
    // does not come back as an "Authentication Required" prompt.
    if (token) {
      const revoke = () =>
        loadApi()
          .then(({ publicApi }) => publicApi.auth.logout.$post(undefined, { headers: { Authorization: `Bearer ${token}` } }))
          .catch(() => undefined)
      // This device's push subscription is forgotten with the token before the session is revoked.
      void loadDevice()
        .then(({ forgetDevice }) => forgetDevice(token))
        .catch(() => undefined)
        .then(revoke)
    }
    clearStoredSession()
    // Whether or not a service worker controls this page (decision 154).
    void forgetPrivateCopies()
    setSession({ token: null, user: null })
    if (wasSignedIn) void loadAnalytics().then(({ analytics }) => analytics.logout())
  }, [setSession])

  const updateUser = useCallback(
    (changes: Partial<User>) => {
      const current = sessionRef.current
      if (!current.user) return
      const user = { ...current.user, ...changes }
      writeStoredUser(user)
      setSession({ ...current, user })
    },
    [setSession],
  )

  const getToken = useCallback(() => {
    const current = sessionRef.current
    return isAuthenticatedSession(current) ? current.token : null
  }, [])

  const value = useMemo<AuthContextValue>(
    () => ({
      user: session.user,
      token: session.token,
      isAuthenticated: isAuthenticatedSession(session),
      login,
      logout,
      updateUser,
      getToken,
    }),
    [session, login, logout, updateUser, getToken],
  )
  return <AuthContext value={value}>{children}</AuthContext>
}

export function useAuth(): AuthContextValue {
  const ctx = use(AuthContext)
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>')
  return ctx
}
