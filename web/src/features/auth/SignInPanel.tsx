import { useAuthDialog } from './AuthDialogProvider'

export interface SignInPanelProps {
  /** Id for the panel's heading: the dialog is labelled by it. */
  titleId: string
  /** Show the forgot-password panel instead of the sign-in form. */
  forgot: boolean
  onForgotChange: (forgot: boolean) => void
}

/**
 * Sign In tab of the auth dialog. The sign-in form and the forgot-password form (with its
 * "Reset Link Sent" confirmation) arrive in a later issue; this is their container.
 */
export function SignInPanel({ titleId, forgot, onForgotChange }: SignInPanelProps) {
  const { setTab } = useAuthDialog()
  if (forgot) {
    return (
      <section className="auth-panel" data-mode="forgot-password">
        <h2 id={titleId} className="auth-panel__title">
          Reset your password
        </h2>
        <p className="auth-panel__lede">
          Enter your email and we&apos;ll send you a reset link. Links expire after 1 hour and work once.
        </p>
        <p className="auth-panel__placeholder">The reset form is on its way.</p>
        <button type="button" className="button button--ghost" onClick={() => onForgotChange(false)}>
          Back to Sign In
        </button>
      </section>
    )
  }
  return (
    <section className="auth-panel" data-mode="sign-in">
      <h2 id={titleId} className="auth-panel__title">
        Welcome Back!
      </h2>
      <p className="auth-panel__lede">Sign in to check your standings and see who&apos;s getting roasted this week.</p>
      <p className="auth-panel__placeholder">The sign-in form is on its way.</p>
      <div className="auth-panel__links">
        <button type="button" className="link-button" onClick={() => onForgotChange(true)}>
          Forgot password?
        </button>
        <button type="button" className="link-button" onClick={() => setTab('register')}>
          New here? Create an account
        </button>
      </div>
    </section>
  )
}
