import { type FormEvent, useEffect, useRef, useState } from 'react'
import { normalizeEmail } from '../../../../contract/account-rules'
import { EmailField, FormMessage, SubmitButton } from '../../components/forms'
import { publicApi } from '../../lib/api'
import { errorText, NETWORK_CHECK_CONNECTION } from '../../lib/errors'
import { isValidEmail } from '../../lib/validation'
import { useToast } from '../toast/ToastProvider'

/** The Sign In tab's forgot-password panel and its "Reset Link Sent" confirmation. */
export function ForgotPasswordPanel({ titleId, onBack }: { titleId: string; onBack: () => void }) {
  const { toast } = useToast()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const emailRef = useRef<HTMLInputElement>(null)
  const sentHeadingRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    if (sentTo) sentHeadingRef.current?.focus()
  }, [sentTo])

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const normalized = normalizeEmail(email)
    const problem = !normalized ? 'Please enter your email address' : !isValidEmail(normalized) ? 'Please enter a valid email address' : null
    setError(problem)
    setFormError(null)
    if (problem) return emailRef.current?.focus()

    setBusy(true)
    try {
      await publicApi.auth['request-password-reset'].$post({ json: { email: normalized } })
      setSentTo(normalized)
      toast({
        title: 'Reset Link Sent',
        description: 'Check your inbox for a link to reset your password.',
        variant: 'success',
      })
    } catch (err) {
      setFormError(errorText(err, 'Failed to send reset email. Please try again.', NETWORK_CHECK_CONNECTION))
    } finally {
      setBusy(false)
    }
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
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
        <EmailField
          ref={emailRef}
          data-autofocus
          value={email}
          error={error}
          onChange={(e) => {
            setEmail(e.target.value)
            if (error) setError(null)
          }}
        />
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <SubmitButton busy={busy} busyText="Sending...">
          Send Reset Link
        </SubmitButton>
      </form>
      <button type="button" className="button button--ghost button--block" onClick={onBack}>
        Back to Sign In
      </button>
    </section>
  )
}
