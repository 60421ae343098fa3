import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { normalizeEmail } from '../../../contract/account-rules'
import { ButtonLink } from '../components/ButtonLink'
import { EmailRequestForm, useEmailField } from '../components/EmailRequestForm'
import { StandaloneCard } from '../components/StandaloneCard'
import { publicApi } from '../lib/api'
import { errorText } from '../lib/errors'
import { useDocumentTitle } from '../lib/useDocumentTitle'

export default function ResendVerificationPage() {
  const initialEmail = (useLocation().state as { email?: unknown } | null)?.email
  const field = useEmailField(typeof initialEmail === 'string' ? initialEmail : '')
  const inputRef = field.inputRef
  const [formError, setFormError] = useState<string | null>(null)
  const [sent, setSent] = useState<string | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const switched = useRef(false)
  useDocumentTitle('Resend verification email')

  useEffect(() => {
    if (!switched.current) return
    if (sent) headingRef.current?.focus()
    else inputRef.current?.focus()
  }, [sent, inputRef])

  const sending = useMutation({
    mutationFn: (to: string) => publicApi.auth['resend-verification'].$post({ json: { email: to } }),
    onSuccess: (_, to) => {
      switched.current = true
      setSent(to)
    },
    onError: (err) => setFormError(errorText(err, 'Failed to send verification email')),
  })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (sending.isPending) return
    const normalized = normalizeEmail(field.email)
    setFormError(null)
    if (!normalized) return field.setProblem('Please enter your email address')
    field.setProblem(null)
    sending.mutate(normalized)
  }

  if (sent) {
    return (
      <StandaloneCard icon="📨">
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
          <ButtonLink to="/login" primary>
            Go to Login
          </ButtonLink>
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
      </StandaloneCard>
    )
  }

  return (
    <div className="card standalone-card">
      <h1>Resend verification email</h1>
      <p className="page-lede">Enter the email you registered with and we&apos;ll send a fresh verification link.</p>
      <EmailRequestForm className="form text-left" field={field} formError={formError} busy={sending.isPending} onSubmit={onSubmit}>
        Send Verification Email
      </EmailRequestForm>
      <ButtonLink to="/login">Go to Login</ButtonLink>
    </div>
  )
}
