import { lazy, type ReactNode, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { AuthDialogContext, type AuthDialogContextValue, type AuthDialogOpenOptions, type AuthDialogTab } from './auth-dialog-context'

// The dialog's code loads when the page is idle (with its panels) or when it first opens, not
// before the first screen (decision 168).
const loadAuthDialog = () => import('./AuthDialog')
const AuthDialog = lazy(() => loadAuthDialog().then((m) => ({ default: m.AuthDialog })))

interface DialogState {
  isOpen: boolean
  tab: AuthDialogTab
  forgot: boolean
  /** The page the dialog was opened on; it closes when the user navigates elsewhere. */
  pathname: string
}

/** Must sit inside the router (the dialog closes when the page changes). */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  const pathnameRef = useRef(pathname)
  useLayoutEffect(() => {
    pathnameRef.current = pathname
  }, [pathname])

  const [state, setState] = useState<DialogState>({ isOpen: false, tab: 'login', forgot: false, pathname })

  const open = useCallback((tab: AuthDialogTab, options: AuthDialogOpenOptions = {}) => {
    setState({
      isOpen: true,
      tab,
      forgot: tab === 'login' && Boolean(options.forgot),
      pathname: pathnameRef.current,
    })
  }, [])
  const close = useCallback(() => setState((s) => (s.isOpen ? { ...s, isOpen: false, forgot: false } : s)), [])
  const setTab = useCallback((tab: AuthDialogTab) => setState((s) => ({ ...s, tab, forgot: false })), [])
  const setForgot = useCallback((forgot: boolean) => setState((s) => ({ ...s, tab: forgot ? 'login' : s.tab, forgot })), [])

  // Navigating elsewhere (links, back button) closes the dialog. Comparing with the page it was
  // opened on (rather than closing on every change) lets a page open it while it mounts, e.g.
  // /login redirecting to /?signin=true.
  const isOpen = state.isOpen && state.pathname === pathname
  useEffect(() => {
    if (state.isOpen && state.pathname !== pathname) close()
  }, [state.isOpen, state.pathname, pathname, close])

  // Fetch the dialog's and its panels' chunks once the page is idle, so the dialog opens without a wait.
  useEffect(() => {
    const preload = () =>
      void loadAuthDialog()
        .then((m) => m.loadAuthPanels())
        .catch(() => undefined)
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(preload, { timeout: 4000 })
      return () => window.cancelIdleCallback(handle)
    }
    const timer = setTimeout(preload, 1500)
    return () => clearTimeout(timer)
  }, [])

  const value = useMemo<AuthDialogContextValue>(
    () => ({ isOpen, tab: state.tab, forgot: state.forgot, open, close, setTab, setForgot }),
    [isOpen, state.tab, state.forgot, open, close, setTab, setForgot],
  )
  return (
    <AuthDialogContext value={value}>
      {children}
      {isOpen ? (
        <Suspense fallback={null}>
          <AuthDialog />
        </Suspense>
      ) : null}
    </AuthDialogContext>
  )
}
