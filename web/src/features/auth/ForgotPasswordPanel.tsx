import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { normalizeEmail } from '../../../../contract/account-rules'
import { EmailRequestForm, useEmailField } from '../../components/EmailRequestForm'
import { publicApi } from '../../lib/api'
import { errorText, NETWORK_CHECK_CONNECTION } from '../../lib/errors'
import { isValidEmail } from '../../lib/validation'
import { useToast } from '../toast/ToastProvider'

/** The Sign In tab's forgot-password panel and its "Reset Link Sent" confirmation. */
export function ForgotPasswordPanel({ titleId, onBack }: { titleId: string; onBack: () => void }) {
  const { toast } = useToast()
  const field = useEmailField()
  const [formError, setFormError] = useState<string | null>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const sentHeadingRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    if (sentTo) sentHeadingRef.current?.focus()
  }, [sentTo])

  const sending = useMutation({
    mutationFn: (to: string) => publicApi.auth['request-password-reset'].$post({ json: { email: to } }),
    onSuccess: (_, to) => {
      setSentTo(to)
      toast({
        title: 'Reset Link Sent',
        description: 'Check your inbox for a link to reset your password.',
        variant: 'success',
      })
    },
    onError: (err) => setFormError(errorText(err, 'Failed to send reset email. Please try again.', NETWORK_CHECK_CONNECTION)),
  })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (sending.isPending) return
    const normalized = normalizeEmail(field.email)
    const problem = !normalized ? 'Please enter your email address' : !isValidEmail(normalized) ? 'Please enter a valid email address' : null
    field.setProblem(problem)
    setFormError(null)
    if (problem) return
    sending.mutate(normalized)
  }

  if (sentTo) {
    return (
      <section className="auth-panel" data-mode="reset-link-sent">
        <p className="auth-panel__icon" aria-hidden="true">
          📧
        </p>
        <h2 id={titleId} ref={sentHeadingRef} tabIndex={-1} className="auth-panel__title">
          Reset Link Sent
        </h2>
        <p className="auth-panel__lede">
          If an account exists for <strong>{sentTo}</strong>, a password reset link is on its way. The link expires in 1 hour and can be used once. Can&apos;t
          find it? Check your spam folder.
        </p>
        <div className="stack">
          <button type="button" className="button button--primary button--block" onClick={onBack}>
            Back to Sign In
          </button>
          <button type="button" className="link-button" onClick={() => setSentTo(null)}>
            Use a different email
          </button>
        </div>
      </section>
    )
  }

  return (
    <section className="auth-panel" data-mode="forgot-password">
      <h2 id={titleId} className="auth-panel__title">
        Reset your password
      </h2>
      <p className="auth-panel__lede">Enter your email and we&apos;ll send you a reset link. Links expire after 1 hour and work once.</p>
      <EmailRequestForm field={field} autoFocus formError={formError} busy={sending.isPending} onSubmit={onSubmit}>
        Send Reset Link
      </EmailRequestForm>
      <button type="button" className="button button--ghost button--block" onClick={onBack}>
        Back to Sign In
      </button>
    </section>
  )
}
