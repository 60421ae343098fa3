import { useMutation } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { normalizeEmail } from '../../../../contract/account-rules'
import { EmailField, FormMessage, PasswordField, SubmitButton } from '../../components/forms'
import { ApiError, publicApi } from '../../lib/api'
import { errorText } from '../../lib/errors'
import { isValidEmail } from '../../lib/validation'
import { useAuth } from './AuthProvider'
import { useAuthDialog } from './auth-dialog-context'
import { ForgotPasswordPanel } from './ForgotPasswordPanel'
import { userFromAuthAnswer } from './session'

export interface SignInPanelProps {
  /** Id for the panel's heading: the dialog is labelled by it. */
  titleId: string
  /** Show the forgot-password panel instead of the sign-in form. */
  forgot: boolean
  onForgotChange: (forgot: boolean) => void
}

/** Sign In tab of the auth dialog: the sign-in form, or the forgot-password panel. */
export function SignInPanel({ titleId, forgot, onForgotChange }: SignInPanelProps) {
  const rootRef = useRef<HTMLDivElement>(null)
  // Switching between the two panels moves focus to the new panel's first field (not on open:
  // the dialog itself places focus then).
  const focusAfterSwitch = useRef(false)
  const switchTo = (next: boolean) => {
    focusAfterSwitch.current = true
    onForgotChange(next)
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: forgot is the trigger: focus moves once the other panel has rendered
  useEffect(() => {
    if (!focusAfterSwitch.current) return
    focusAfterSwitch.current = false
    rootRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus()
  }, [forgot])

  return (
    <div ref={rootRef}>
      {forgot ? <ForgotPasswordPanel titleId={titleId} onBack={() => switchTo(false)} /> : <SignInForm titleId={titleId} onForgot={() => switchTo(true)} />}
    </div>
  )
}

interface SignInErrors {
  email?: string
  password?: string
}

function SignInForm({ titleId, onForgot }: { titleId: string; onForgot: () => void }) {
  const { login } = useAuth()
  const { close, setTab } = useAuthDialog()
  const navigate = useNavigate()
  // A page that sent the user here may leave a note (e.g. "Email verified! Please sign in.").
  const notice = (useLocation().state as { message?: unknown } | null)?.message
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<SignInErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const emailRef = useRef<HTMLInputElement>(null)
  const passwordRef = useRef<HTMLInputElement>(null)
  const signIn = useMutation({
    mutationFn: (json: { email: string; password: string }) => parseResponse(publicApi.auth.login.$post({ json })),
    onSuccess: (answer) => {
      login(answer.access_token, userFromAuthAnswer(answer))
      close()
    },
    onError: (error, { email: normalized }) => {
      if (error instanceof ApiError && error.status === 403 && (error.detail ?? '').toLowerCase().includes('verify')) {
        close()
        navigate('/verification-pending', { state: { email: normalized } })
        return
      }
      setFormError(errorText(error, 'Login failed'))
    },
  })
  // Still busy once signed in: the dialog is closing.
  const busy = signIn.isPending || signIn.isSuccess

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const normalized = normalizeEmail(email)
    const next: SignInErrors = {}
    if (!normalized) next.email = 'Email is required'
    else if (!isValidEmail(normalized)) next.email = 'Invalid email format'
    if (!password) next.password = 'Password is required'
    setErrors(next)
    setFormError(null)
    if (next.email) return emailRef.current?.focus()
    if (next.password) return passwordRef.current?.focus()

    signIn.mutate({ email: normalized, password })
  }

  return (
    <section className="auth-panel" data-mode="sign-in">
      <h2 id={titleId} className="auth-panel__title">
        Welcome Back!
      </h2>
      <p className="auth-panel__lede">Sign in to check your standings and see who&apos;s getting roasted this week.</p>
      {typeof notice === 'string' && notice ? <FormMessage tone="info">{notice}</FormMessage> : null}
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
        <EmailField
          ref={emailRef}
          data-autofocus
          value={email}
          error={errors.email}
          onChange={(e) => {
            setEmail(e.target.value)
            if (errors.email) setErrors((x) => ({ ...x, email: undefined }))
          }}
        />
        <PasswordField
          ref={passwordRef}
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(e) => {
            setPassword(e.target.value)
            if (errors.password) setErrors((x) => ({ ...x, password: undefined }))
          }}
        />
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <SubmitButton busy={busy} busyText="Signing In...">
          Sign In
        </SubmitButton>
      </form>
      <div className="auth-panel__links">
        <button type="button" className="link-button" onClick={onForgot}>
          Forgot password?
        </button>
        <button type="button" className="link-button" onClick={() => setTab('register')}>
          New here? Create an account
        </button>
      </div>
    </section>
  )
}
