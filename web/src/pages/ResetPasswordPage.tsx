import { Link, useSearchParams } from 'react-router'
import { useDocumentTitle } from '../lib/useDocumentTitle'

export default function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token')
  useDocumentTitle('Reset password')

  if (!token) {
    return (
      <div className="card standalone-card">
        <h1>Invalid Reset Link</h1>
        <p className="page-lede">This password reset link is invalid or has expired. Please request a new one.</p>
        <Link to="/?forgot=true" className="button button--primary">
          Request New Reset Link
        </Link>
      </div>
    )
  }

  return (
    <div className="card standalone-card">
      <h1>Choose a new password</h1>
      <p className="page-lede">
        Pick a strong password: at least 8 characters with an uppercase letter, a lowercase letter, a number and a
        special character.
      </p>
      <p className="muted">The reset form is on its way.</p>
      <Link to="/" className="button button--ghost">
        Back to Home
      </Link>
    </div>
  )
}
