import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { ButtonLink, HomeLink } from '../components/ButtonLink'
import { FormMessage, NewPasswordField, PasswordField, SubmitButton } from '../components/forms'
import { StandaloneCard } from '../components/StandaloneCard'
import { useToast } from '../features/toast/ToastProvider'
import { publicApi } from '../lib/api'
import { errorText, NETWORK_CHECK_CONNECTION } from '../lib/errors'
import { useDocumentTitle } from '../lib/useDocumentTitle'
import { isStrongPassword } from '../lib/validation'

/** After a reset, go to sign-in after 3 s; the success toast lasts 5 s (decision 181, R3). */
const RESET_REDIRECT_MS = 3000
const RESET_TOAST_MS = 5000

const INVALID_LINK_TEXT = 'This password reset link is invalid or has expired. Please request a new one.'

/** The first problem with a new password, or null (decision 181, R2). */
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
  const [done, setDone] = useState(false)
  const [linkInvalid, setLinkInvalid] = useState(false)
  const doneHeadingRef = useRef<HTMLHeadingElement>(null)
  const id = useId()
  useDocumentTitle(!token || linkInvalid ? 'Invalid Reset Link' : 'Reset password')

  const reset = useMutation({
    mutationFn: (newPassword: string) => publicApi.auth['reset-password'].$post({ json: { token, new_password: newPassword } }),
    onSuccess: () => {
      toast({
        title: 'Password Reset Successfully!',
        description: 'You can now sign in with your new password',
        variant: 'success',
        duration: RESET_TOAST_MS,
      })
      setDone(true)
    },
    onError: (err) => {
      const message = errorText(err, 'Failed to reset password. Please try again or request a new reset link.', NETWORK_CHECK_CONNECTION)
      if (message === INVALID_LINK_TEXT) setLinkInvalid(true)
      else setError(message)
    },
  })
  const busy = reset.isPending

  useEffect(() => {
    if (!done) return
    doneHeadingRef.current?.focus()
    const timer = setTimeout(() => navigate('/?signin=true'), RESET_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [done, navigate])

  if (!token || linkInvalid) {
    return (
      <StandaloneCard icon="🔗">
        <h1>Invalid Reset Link</h1>
        <p className="page-lede">{INVALID_LINK_TEXT}</p>
        <p className="muted">Reset links expire after 1 hour and can be used once.</p>
        <div className="button-row">
          <ButtonLink to="/?forgot=true" primary>
            Request New Reset Link
          </ButtonLink>
          <HomeLink />
        </div>
      </StandaloneCard>
    )
  }

  if (done) {
    return (
      <StandaloneCard icon="🔐">
        <h1 ref={doneHeadingRef} tabIndex={-1}>
          Password Reset Successfully!
        </h1>
        <p className="page-lede" role="status">
          You can now sign in with your new password. Taking you to sign in…
        </p>
        <ButtonLink to="/?signin=true" primary>
          Sign In
        </ButtonLink>
      </StandaloneCard>
    )
  }

  const strong = isStrongPassword(password)
  const matches = confirm.length > 0 && confirm === password
  const canSubmit = !busy && strong && matches

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const problem = resetPasswordProblem(token, password, confirm)
    setError(problem)
    if (problem) return
    reset.mutate(password)
  }

  return (
    <div className="card standalone-card">
      <h1>Choose a new password</h1>
      <p className="page-lede">Pick a strong password: at least 8 characters with an uppercase letter, a lowercase letter, a number and a special character.</p>
      <form className="form text-left" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
        <NewPasswordField
          value={password}
          checklist={Boolean(password)}
          error={passwordTouched && password && !strong ? 'Password does not meet security requirements' : null}
          onChange={(e) => {
            setPassword(e.target.value)
            setError(null)
          }}
          onBlur={() => setPasswordTouched(true)}
        />
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
      <HomeLink />
    </div>
  )
}
