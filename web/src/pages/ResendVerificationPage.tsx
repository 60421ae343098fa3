import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { normalizeEmail } from '../../../contract/account-rules'
import { EmailField, FormMessage, SubmitButton } from '../components/forms'
import { publicApi } from '../lib/api'
import { errorText } from '../lib/errors'
import { useDocumentTitle } from '../lib/useDocumentTitle'

export default function ResendVerificationPage() {
  const initialEmail = (useLocation().state as { email?: unknown } | null)?.email
  const [email, setEmail] = useState(typeof initialEmail === 'string' ? initialEmail : '')
  const [error, setError] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [sent, setSent] = useState<string | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const switched = useRef(false)
  useDocumentTitle('Resend verification email')

  useEffect(() => {
    if (!switched.current) return
    if (sent) headingRef.current?.focus()
    else inputRef.current?.focus()
  }, [sent])

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const normalized = normalizeEmail(email)
    setFormError(null)
    if (!normalized) {
      setError('Please enter your email address')
      inputRef.current?.focus()
      return
    }
    setError(null)
    setBusy(true)
    try {
      await publicApi.auth['resend-verification'].$post({ json: { email: normalized } })
      switched.current = true
      setSent(normalized)
    } catch (err) {
      setFormError(errorText(err, 'Failed to send verification email'))
    } finally {
      setBusy(false)
    }
  }

  if (sent) {
    return (
      <div className="card standalone-card">
        <p className="standalone-card__icon" aria-hidden="true">
          📨
        </p>
        <h1 ref={headingRef} tabIndex={-1}>
          Check your inbox
        </h1>
        <p className="page-lede" role="status">
          Verification email sent! Please check your inbox.
        </p>
        <p className="muted">
          If <strong className="break-anywhere">{sent}</strong> is waiting for verification, a new link is on its way. It can take up to 5 minutes to arrive and
          expires after 24 hours.
        </p>
        <div className="button-row">
          <Link to="/login" className="button button--primary">
            Go to Login
          </Link>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              switched.current = true
              setSent(null)
            }}
          >
            Send Another Email
          </button>
        </div>
      </div>
    )
  }

  return (
    <div className="card standalone-card">
      <h1>Resend verification email</h1>
      <p className="page-lede">Enter the email you registered with and we&apos;ll send a fresh verification link.</p>
      <form className="form text-left" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
        <EmailField
          ref={inputRef}
          value={email}
          error={error}
          onChange={(e) => {
            setEmail(e.target.value)
            if (error) setError(null)
          }}
        />
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <SubmitButton busy={busy} busyText="Sending...">
          Send Verification Email
        </SubmitButton>
      </form>
      <Link to="/login" className="button button--ghost">
        Go to Login
      </Link>
    </div>
  )
}
