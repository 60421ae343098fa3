import { createContext, use } from 'react'

// The sign-in dialog's state, apart from its provider: the dialog and its panels read it here, so
// the provider (which loads the dialog's chunk when it first opens, decision 168) and the dialog
// do not import each other.

export type AuthDialogTab = 'login' | 'register'

export interface AuthDialogOpenOptions {
  /** Open the Sign In tab on its forgot-password panel. */
  forgot?: boolean
}

export interface AuthDialogContextValue {
  isOpen: boolean
  tab: AuthDialogTab
  /** Sign In tab only: the forgot-password panel is shown instead of the sign-in form. */
  forgot: boolean
  open: (tab: AuthDialogTab, options?: AuthDialogOpenOptions) => void
  close: () => void
  /** Switches tabs inside the open dialog (leaving the forgot-password panel). */
  setTab: (tab: AuthDialogTab) => void
  /** Shows or hides the forgot-password panel (panels call this: "Forgot password?", "Back to Sign In"). */
  setForgot: (forgot: boolean) => void
}

export const AuthDialogContext = createContext<AuthDialogContextValue | null>(null)

export function useAuthDialog(): AuthDialogContextValue {
  const ctx = use(AuthDialogContext)
  if (!ctx) throw new Error('useAuthDialog must be used inside <AuthDialogProvider>')
  return ctx
}
