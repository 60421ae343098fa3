import { ButtonLink } from '../components/ButtonLink'
import { StandaloneCard } from '../components/StandaloneCard'
import { useDocumentTitle } from '../lib/useDocumentTitle'

export default function VerificationErrorPage() {
  useDocumentTitle('Verification failed')
  return (
    <StandaloneCard icon="⚠️">
      <h1>Verification failed</h1>
      <p className="page-lede">We couldn&apos;t verify your email with this link. This usually means:</p>
      <ul className="reason-list">
        <li>The link expired (links are valid for 24 hours).</li>
        <li>The link was already used.</li>
        <li>The link is invalid or was copied incompletely.</li>
      </ul>
      <div className="button-row">
        <ButtonLink to="/resend-verification" primary>
          Resend Verification Email
        </ButtonLink>
        <ButtonLink to="/register">Register Again</ButtonLink>
        <ButtonLink to="/login">Sign In</ButtonLink>
      </div>
    </StandaloneCard>
  )
}
