import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { FormMessage, PasswordChecklist, PasswordField, SubmitButton } from '../components/forms'
import { useToast } from '../features/toast/ToastProvider'
import { publicApi } from '../lib/api'
import { errorText, NETWORK_CHECK_CONNECTION } from '../lib/errors'
import { useDocumentTitle } from '../lib/useDocumentTitle'
import { isStrongPassword } from '../lib/validation'

/** Spec: after a reset, go to sign-in after 3 s; the success toast lasts 5 s. */
const RESET_REDIRECT_MS = 3000
const RESET_TOAST_MS = 5000

const INVALID_LINK_TEXT = 'This password reset link is invalid or has expired. Please request a new one.'

/** The first problem with a new password, or null (spec accounts §5). */
export function resetPasswordProblem(token: string, password: string, confirm: string): string | null {
  if (!token) return 'Invalid reset link. Please request a new password reset.'
  if (password !== confirm) return 'Passwords do not match'
  if (!isStrongPassword(password)) return 'Password does not meet security requirements'
  return null
}

export default function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token')?.trim() ?? ''
  const navigate = useNavigate()
  const { toast } = useToast()
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [passwordTouched, setPasswordTouched] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const [linkInvalid, setLinkInvalid] = useState(false)
  const doneHeadingRef = useRef<HTMLHeadingElement>(null)
  const id = useId()
  useDocumentTitle(!token || linkInvalid ? 'Invalid Reset Link' : 'Reset password')

  useEffect(() => {
    if (!done) return
    doneHeadingRef.current?.focus()
    const timer = setTimeout(() => navigate('/?signin=true'), RESET_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [done, navigate])

  if (!token || linkInvalid) {
    return (
      <div className="card standalone-card">
        <p className="standalone-card__icon" aria-hidden="true">
          🔗
        </p>
        <h1>Invalid Reset Link</h1>
        <p className="page-lede">{INVALID_LINK_TEXT}</p>
        <p className="muted">Reset links expire after 1 hour and can be used once.</p>
        <div className="button-row">
          <Link to="/?forgot=true" className="button button--primary">
            Request New Reset Link
          </Link>
          <Link to="/" className="button button--ghost">
            Back to Home
          </Link>
        </div>
      </div>
    )
  }

  if (done) {
    return (
      <div className="card standalone-card">
        <p className="standalone-card__icon" aria-hidden="true">
          🔐
        </p>
        <h1 ref={doneHeadingRef} tabIndex={-1}>
          Password Reset Successfully!
        </h1>
        <p className="page-lede" role="status">
          You can now sign in with your new password. Taking you to sign in…
        </p>
        <Link to="/?signin=true" className="button button--primary">
          Sign In
        </Link>
      </div>
    )
  }

  const strong = isStrongPassword(password)
  const matches = confirm.length > 0 && confirm === password
  const canSubmit = !busy && strong && matches

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const problem = resetPasswordProblem(token, password, confirm)
    setError(problem)
    if (problem) return
    setBusy(true)
    try {
      await publicApi.auth['reset-password'].$post({ json: { token, new_password: password } })
      toast({
        title: 'Password Reset Successfully!',
        description: 'You can now sign in with your new password',
        variant: 'success',
        duration: RESET_TOAST_MS,
      })
      setDone(true)
    } catch (err) {
      const message = errorText(err, 'Failed to reset password. Please try again or request a new reset link.', NETWORK_CHECK_CONNECTION)
      if (message === INVALID_LINK_TEXT) setLinkInvalid(true)
      else setError(message)
      setBusy(false)
    }
  }

  return (
    <div className="card standalone-card">
      <h1>Choose a new password</h1>
      <p className="page-lede">Pick a strong password: at least 8 characters with an uppercase letter, a lowercase letter, a number and a special character.</p>
      <form className="form text-left" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
        <PasswordField
          label="New Password"
          name="new-password"
          autoComplete="new-password"
          value={password}
          error={passwordTouched && password && !strong ? 'Password does not meet security requirements' : null}
          describedBy={password ? `${id}-rules` : undefined}
          onChange={(e) => {
            setPassword(e.target.value)
            setError(null)
          }}
          onBlur={() => setPasswordTouched(true)}
        />
        {password ? <PasswordChecklist id={`${id}-rules`} password={password} /> : null}
        <PasswordField
          label="Confirm Password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          describedBy={confirm ? `${id}-match` : undefined}
          onChange={(e) => {
            setConfirm(e.target.value)
            setError(null)
          }}
        />
        {confirm ? (
          <p id={`${id}-match`} className={matches ? 'match match--ok' : 'match match--bad'} aria-live="polite">
            <span aria-hidden="true">{matches ? '✓ ' : '✗ '}</span>
            {matches ? 'Passwords match' : 'Passwords do not match'}
          </p>
        ) : null}
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <SubmitButton busy={busy} busyText="Resetting Password..." disabled={!canSubmit}>
          Reset Password
        </SubmitButton>
      </form>
      <Link to="/" className="button button--ghost">
        Back to Home
      </Link>
    </div>
  )
}
