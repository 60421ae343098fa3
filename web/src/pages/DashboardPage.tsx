import { Link } from 'react-router'
import { ComingSoon } from '../components/ComingSoon'
import { useAuthDialog } from '../features/auth/AuthDialogProvider'
import { useAuth } from '../features/auth/AuthProvider'
import { useDocumentTitle } from '../lib/useDocumentTitle'

export default function DashboardPage() {
  const { user, isAuthenticated } = useAuth()
  const { open } = useAuthDialog()
  useDocumentTitle('Dashboard')

  if (!isAuthenticated) {
    return (
      <div className="container page page--narrow">
        <header className="page-header">
          <p className="eyebrow">Dashboard</p>
          <h1>Your Dashboard</h1>
          <p className="page-lede">Sign in to see your tournaments, your profile and your account settings.</p>
        </header>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => open('login')}>
            Sign In
          </button>
          <Link to="/" className="button button--ghost">
            Back to Home
          </Link>
        </div>
      </div>
    )
  }

  return (
    <div className="container page">
      <header className="page-header">
        <p className="eyebrow">Dashboard</p>
        <h1>Welcome back, {user?.name || 'manager'}!</h1>
        <p className="page-lede">Your profile, your tournaments and your account settings, all in one place.</p>
      </header>
      <ComingSoon
        items={[
          'Profile: name, email, FPL Team ID and member-since date.',
          'My Tournaments, with quick links to each league and to the commissioner tools you run.',
          'Find Leagues: discover the mini-leagues your FPL team already plays in and join them.',
          'Account Settings: display name, password and banter sharing.',
        ]}
      />
    </div>
  )
}
