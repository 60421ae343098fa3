import { Link, useLocation } from 'react-router'
import { useDocumentTitle } from '../lib/useDocumentTitle'

export default function VerificationPendingPage() {
  const email = (useLocation().state as { email?: string } | null)?.email
  useDocumentTitle('Check your email')
  return (
    <div className="card standalone-card">
      <p className="standalone-card__icon" aria-hidden="true">
        📬
      </p>
      <h1>Check your email</h1>
      <p className="page-lede">
        We sent a verification link to {email ? <strong>{email}</strong> : 'your email address'}. It can take up to 5
        minutes to arrive, so check your spam folder too.
      </p>
      <p className="muted">Next steps, the leagues we found for your team and a resend button will appear here.</p>
      <div className="button-row">
        <Link to="/login" className="button button--primary">
          Go to Sign In
        </Link>
        <Link to="/register" className="button button--ghost">
          Register again
        </Link>
      </div>
    </div>
  )
}
