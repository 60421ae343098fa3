import { Link } from 'react-router'
import { useAuth } from '../features/auth/AuthProvider'
import { PRODUCT_NAME } from '../lib/product'
import { useDocumentTitle } from '../lib/useDocumentTitle'

export default function SharedBanterPage() {
  const { isAuthenticated } = useAuth()
  useDocumentTitle('Banter achievement')
  return (
    <div className="card standalone-card">
      <p className="standalone-card__icon" aria-hidden="true">
        🏆
      </p>
      <h1>Banter achievement</h1>
      <p className="page-lede">
        A manager&apos;s finest (or most painful) moment, straight from their mini-league: the achievement card, its
        league and the story behind it will show here.
      </p>
      <div className="button-row">
        {isAuthenticated ? (
          <Link to="/tournaments" className="button button--primary">
            View Tournaments
          </Link>
        ) : (
          <>
            <Link to="/login" className="button button--primary">
              Join {PRODUCT_NAME}
            </Link>
            <Link to="/register" className="button button--ghost">
              Create Account
            </Link>
          </>
        )}
      </div>
    </div>
  )
}
