import { Link } from 'react-router'
import { useDocumentTitle } from '../lib/useDocumentTitle'

export default function ResendVerificationPage() {
  useDocumentTitle('Resend verification email')
  return (
    <div className="card standalone-card">
      <h1>Resend verification email</h1>
      <p className="page-lede">Enter the email you registered with and we&apos;ll send a fresh verification link.</p>
      <p className="muted">The form is on its way.</p>
      <Link to="/login" className="button button--ghost">
        Go to Login
      </Link>
    </div>
  )
}
