import { useLocation, useNavigate } from 'react-router'
import { ComingSoon } from '../components/ComingSoon'
import { useDocumentTitle } from '../lib/useDocumentTitle'

interface CommissionerState {
  league?: { id?: number; name?: string }
}

/** Needs the league in navigation state (the dashboard's Manage League button passes it). */
export default function CommissionerPage() {
  const navigate = useNavigate()
  const league = (useLocation().state as CommissionerState | null)?.league
  useDocumentTitle(league?.name ? `Manage ${league.name}` : 'Commissioner')

  if (!league) {
    return (
      <div className="container page page--narrow">
        <header className="page-header">
          <p className="eyebrow">Commissioner</p>
          <h1>League Not Found</h1>
          <p className="page-lede">Please select a league to manage its settings.</p>
        </header>
        <button type="button" className="button button--primary" onClick={() => navigate('/dashboard')}>
          Go Back
        </button>
      </div>
    )
  }

  return (
    <div className="container page">
      <header className="page-header">
        <p className="eyebrow">Commissioner</p>
        <h1>{league.name ?? 'Your league'}</h1>
        <p className="page-lede">Run your league: settings, invites, members and moderation.</p>
      </header>
      <ComingSoon
        items={[
          'Overview: active members, community posts and reported posts at a glance.',
          'Settings: name, description and whether anyone can join.',
          'Invite: your invite link, with copy and regenerate.',
          'Members and Moderation: kick or reactivate members, remove posts.',
        ]}
      />
    </div>
  )
}
