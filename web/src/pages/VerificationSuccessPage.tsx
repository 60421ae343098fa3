import { Link } from 'react-router'
import { PRODUCT_NAME } from '../lib/product'
import { useDocumentTitle } from '../lib/useDocumentTitle'

export default function VerificationSuccessPage() {
  useDocumentTitle('Email verified')
  return (
    <div className="card standalone-card">
      <p className="standalone-card__icon" aria-hidden="true">
        🎉
      </p>
      <h1>Email verified!</h1>
      <p className="page-lede">Welcome to {PRODUCT_NAME}. We&apos;ll sign you in and take you to your dashboard.</p>
      <Link to="/login" className="button button--primary">
        Continue to Login
      </Link>
    </div>
  )
}
