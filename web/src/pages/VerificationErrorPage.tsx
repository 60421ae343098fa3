import { Link } from 'react-router'
import { useDocumentTitle } from '../lib/useDocumentTitle'

export default function VerificationErrorPage() {
  useDocumentTitle('Verification failed')
  return (
    <div className="card standalone-card">
      <p className="standalone-card__icon" aria-hidden="true">
        ⚠️
      </p>
      <h1>Verification failed</h1>
      <p className="page-lede">We couldn&apos;t verify your email with this link. This usually means:</p>
      <ul className="reason-list">
        <li>The link expired (links are valid for 24 hours).</li>
        <li>The link was already used.</li>
        <li>The link is invalid or was copied incompletely.</li>
      </ul>
      <div className="button-row">
        <Link to="/resend-verification" className="button button--primary">
          Resend Verification Email
        </Link>
        <Link to="/register" className="button button--ghost">
          Register Again
        </Link>
        <Link to="/login" className="button button--ghost">
          Sign In
        </Link>
      </div>
    </div>
  )
}
