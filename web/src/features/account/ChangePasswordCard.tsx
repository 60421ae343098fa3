import { useMutation } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { type FormEvent, useId, useState } from 'react'
import { FormMessage, NewPasswordField, PasswordField, SubmitButton } from '../../components/forms'
import { api } from '../../lib/api'
import { errorText, NETWORK_CHECK_CONNECTION } from '../../lib/errors'
import { isStrongPassword } from '../../lib/validation'
import { useAuth } from '../auth/AuthProvider'
import { useToast } from '../toast/ToastProvider'

/** The first rule a change-password form breaks, or null (decision 181, R2: in this order). */
export function changePasswordProblem(current: string, next: string, confirm: string): string | null {
  if (!current || !next || !confirm) return 'All fields are required'
  if (next !== confirm) return 'New passwords do not match'
  if (next === current) return 'New password must be different from current password'
  if (!isStrongPassword(next)) return 'New password does not meet security requirements'
  return null
}

/**
 * Change Password card for signed-in users (renders nothing when signed out). Used in the
 * dashboard's Account Settings and meant for a tournament's Settings tab too.
 */
export function ChangePasswordCard({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const { isAuthenticated, user, login } = useAuth()
  const { toast } = useToast()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [confirm, setConfirm] = useState('')
  const [nextTouched, setNextTouched] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [success, setSuccess] = useState<string | null>(null)
  const id = useId()
  const clearFields = () => {
    setCurrent('')
    setNext('')
    setConfirm('')
    setNextTouched(false)
  }
  const change = useMutation({
    mutationFn: (passwords: { current_password: string; new_password: string }) => parseResponse(api.auth['change-password'].$post({ json: passwords })),
    onSuccess: (answer) => {
      // Older tokens stop working: keep the fresh one.
      if (answer?.access_token && user) login(answer.access_token, user)
      const message = answer?.message ?? 'Your password has been updated.'
      clearFields()
      setSuccess(message)
      toast({ title: 'Password Changed Successfully', description: message, variant: 'success' })
    },
    onError: (err) => setError(errorText(err, 'Failed to change password. Please try again.', NETWORK_CHECK_CONNECTION)),
  })
  const busy = change.isPending

  if (!isAuthenticated || !user) return null

  const canSubmit = changePasswordProblem(current, next, confirm) === null
  // Live hints, so the reason the button stays disabled is visible.
  const nextHint =
    next && current && next === current
      ? 'New password must be different from current password'
      : nextTouched && next && !isStrongPassword(next)
        ? 'New password does not meet security requirements'
        : null
  const confirmHint = confirm && next !== confirm ? 'New passwords do not match' : null

  // Editing any field clears the error and the success banner.
  const edit = (setter: (value: string) => void, value: string) => {
    setter(value)
    setError(null)
    setSuccess(null)
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const problem = changePasswordProblem(current, next, confirm)
    setSuccess(null)
    setError(problem)
    if (problem) return
    change.mutate({ current_password: current, new_password: next })
  }

  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <section className="card settings-card" aria-labelledby={`${id}-title`} data-testid="change-password-card">
      <Heading id={`${id}-title`} className="settings-card__title">
        Change Password
      </Heading>
      <p className="settings-card__lede">Use a strong password you don&apos;t use anywhere else.</p>
      {success ? (
        <FormMessage tone="success">
          <strong>Password Changed Successfully</strong>
          <span className="form-message__sub">{success}</span>
        </FormMessage>
      ) : null}
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
        <PasswordField
          label="Current Password"
          name="current-password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => edit(setCurrent, e.target.value)}
        />
        <NewPasswordField value={next} error={nextHint} onChange={(e) => edit(setNext, e.target.value)} onBlur={() => setNextTouched(true)} />
        <PasswordField
          label="Confirm New Password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          error={confirmHint}
          onChange={(e) => edit(setConfirm, e.target.value)}
        />
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <div className="button-row">
          <SubmitButton busy={busy} busyText="Changing Password..." disabled={!canSubmit} className="button button--primary">
            Change Password
          </SubmitButton>
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            onClick={() => {
              clearFields()
              setError(null)
              setSuccess(null)
            }}
          >
            Cancel
          </button>
        </div>
      </form>
    </section>
  )
}
