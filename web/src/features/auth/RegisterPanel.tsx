import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { FormMessage } from '../../components/forms'
import { plural } from '../../lib/format'
import { PRODUCT_NAME } from '../../lib/product'
import { useAuth } from './AuthProvider'
import { useAuthDialog } from './auth-dialog-context'
import { SignUpForm } from './SignUpForm'
import { userFromAuthAnswer } from './session'
import type { RegisterAnswer } from './types'

export interface RegisterPanelProps {
  /** Id for the panel's heading: the dialog is labelled by it. */
  titleId: string
}

/** After registering, go to the verification screen after 2 s, or 3 s when leagues were found (decision 181, R3). */
const REGISTER_REDIRECT_MS = 2000
const REGISTER_REDIRECT_WITH_LEAGUES_MS = 3000

/** Create Account tab of the auth dialog. */
export function RegisterPanel({ titleId }: RegisterPanelProps) {
  const { setTab, close } = useAuthDialog()
  const { login } = useAuth()
  const navigate = useNavigate()
  const [success, setSuccess] = useState<string | null>(null)
  const successRef = useRef<HTMLDivElement>(null)
  // The form hides on success: move focus to the message so it is not lost.
  useEffect(() => {
    if (success) successRef.current?.focus()
  }, [success])

  const onRegistered = (answer: RegisterAnswer, entered: { name: string; email: string }) => {
    if (answer.verification_required) {
      const discovered = answer.discovered_leagues ?? []
      const to = answer.email ?? entered.email
      setSuccess(
        discovered.length > 0
          ? `Account created! We found ${plural(discovered.length, 'league')} with your FPL team. Check ${to} to verify your email.`
          : `Account created! Check ${to} to verify your email.`,
      )
      // Not cleared if the dialog closes meanwhile: the user still belongs on the verification screen.
      setTimeout(
        () => {
          close()
          navigate('/verification-pending', {
            state: { email: to, discoveredLeagues: discovered, hasDiscoveredLeagues: discovered.length > 0 },
          })
        },
        discovered.length > 0 ? REGISTER_REDIRECT_WITH_LEAGUES_MS : REGISTER_REDIRECT_MS,
      )
    } else if (answer.access_token) {
      login(answer.access_token, userFromAuthAnswer({ ...answer, email: answer.email ?? entered.email, name: answer.name ?? entered.name }))
      close()
    } else {
      setTab('login')
    }
  }

  return (
    <section className="auth-panel" data-mode="register">
      <h2 id={titleId} className="auth-panel__title">
        Join {PRODUCT_NAME}
      </h2>
      <p className="auth-panel__lede">Create a free account. Add your FPL team ID and we&apos;ll find the mini-leagues you already play in.</p>
      {success ? (
        <div ref={successRef} tabIndex={-1} className="focus-target">
          <FormMessage tone="success">
            <strong>{success}</strong>
            <span className="form-message__sub">Taking you to the next step…</span>
          </FormMessage>
        </div>
      ) : null}
      <SignUpForm onRegistered={onRegistered} done={Boolean(success)} />
      <div className="auth-panel__links">
        <button type="button" className="link-button" onClick={() => setTab('login')}>
          Already have an account? Sign in
        </button>
      </div>
    </section>
  )
}
