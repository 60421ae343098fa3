import { Link } from 'react-router'
import { useDocumentTitle } from '../lib/useDocumentTitle'

export default function VerifyEmailPage() {
  useDocumentTitle('Verify your email')
  return (
    <div className="card standalone-card">
      <h1>Verify your email</h1>
      <p className="page-lede">
        We check the link from your verification email here, then sign you in and take you to your dashboard.
      </p>
      <p className="muted">The verification step is on its way.</p>
      <Link to="/" className="button button--ghost">
        Back to Home
      </Link>
    </div>
  )
}
