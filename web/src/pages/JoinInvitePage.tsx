import { Link, useParams } from 'react-router'
import { PRODUCT_NAME } from '../lib/product'
import { useDocumentTitle } from '../lib/useDocumentTitle'

export default function JoinInvitePage() {
  const { inviteCode } = useParams()
  useDocumentTitle('League invite')
  return (
    <div className="card standalone-card">
      <p className="standalone-card__icon" aria-hidden="true">
        🏟️
      </p>
      <h1>You&apos;re invited!</h1>
      <p className="page-lede">
        Someone wants you in their league on {PRODUCT_NAME}. The league&apos;s name, members and FPL league ID will
        show here, with a one-tap join.
      </p>
      <p className="muted">
        Invite code <code>{inviteCode}</code>
      </p>
      <Link to="/" className="button button--ghost">
        Back to Home
      </Link>
    </div>
  )
}
