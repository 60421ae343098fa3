import { useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { FormMessage } from '../../components/forms'
import { api } from '../../lib/api'
import { errorText } from '../../lib/errors'
import { useConfirmedMutation } from '../../lib/useConfirmedMutation'
import { useAuth } from '../auth/AuthProvider'
import { useToast } from '../toast/ToastProvider'

/**
 * "Sign out everywhere": ends every session of the account on the server (a lost phone, a shared
 * computer), then this browser's. Asks first: it signs this device out too.
 */
export function SignOutEverywhereCard() {
  const { logout } = useAuth()
  const { toast } = useToast()
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  const id = useId()

  const signOut = useConfirmedMutation({
    mutationFn: () => api.auth['logout-all'].$post(),
    onMutate: () => setError(null),
    onSuccess: () => {
      logout()
      toast({ title: 'Signed out everywhere', description: 'Every device is signed out. Sign in again to carry on.', variant: 'success' })
      navigate('/')
    },
    onError: (err) => {
      signOut.close()
      setError(errorText(err, "We couldn't sign you out everywhere. Please try again."))
    },
  })

  return (
    <section className="card settings-card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="settings-card__title">
        Sign Out Everywhere
      </h3>
      <p className="settings-card__lede">
        Signed in on a device you no longer use, or on a shared computer? End every session of your account, this one included.
      </p>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <button type="button" className="button button--ghost button--danger-text" onClick={() => signOut.ask(true)}>
        Sign out everywhere
      </button>
      {signOut.target ? (
        <ConfirmDialog title="Sign out on every device?" confirmLabel="Sign out everywhere" busyLabel="Signing out..." {...signOut.dialog}>
          <p>Every browser and phone signed in to your account is signed out, this one too. You can sign in again at once.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  )
}
