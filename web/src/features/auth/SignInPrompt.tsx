import { useAuthDialog } from './auth-dialog-context'

/** Leaves a dialog a signed-out user opened (`onLeave` closes it) for the sign-in dialog. */
export function useSignInInstead(onLeave: () => void) {
  const { open } = useAuthDialog()
  return () => {
    onLeave()
    open('login')
  }
}

/** "Sign in to …" with a Sign In button, inside a dialog a signed-out user opened (see useSignInInstead). */
export function SignInPrompt({ action, onLeave }: { action: string; onLeave: () => void }) {
  const signIn = useSignInInstead(onLeave)
  return (
    <p className="form-message form-message--info">
      Sign in to {action}.{' '}
      <button type="button" className="link-button" onClick={signIn}>
        Sign In
      </button>
    </p>
  )
}
