import { useState } from 'react'
import { Link, useLocation } from 'react-router'
import { ButtonLink } from '../components/ButtonLink'
import { StandaloneCard } from '../components/StandaloneCard'
import { publicApi } from '../lib/api'
import type { DiscoveredLeague } from '../lib/api-answers'
import { errorText } from '../lib/errors'
import { formatEntryFee, plural } from '../lib/format'
import { useDocumentTitle } from '../lib/useDocumentTitle'

interface PendingState {
  email?: string
  discoveredLeagues?: DiscoveredLeague[]
  hasDiscoveredLeagues?: boolean
  /** Set by the invite page: the invite to come back to once verified. */
  inviteCode?: string
}

type Resend = { status: 'idle' | 'sending' } | { status: 'sent' | 'error'; message: string }

export default function VerificationPendingPage() {
  const state = (useLocation().state as PendingState | null) ?? {}
  const email = typeof state.email === 'string' ? state.email : ''
  const leagues = Array.isArray(state.discoveredLeagues) ? state.discoveredLeagues : []
  const [resend, setResend] = useState<Resend>({ status: 'idle' })
  useDocumentTitle('Check your email')

  const onResend = async () => {
    if (!email) {
      setResend({ status: 'error', message: 'No email address found. Please register again.' })
      return
    }
    setResend({ status: 'sending' })
    try {
      await publicApi.auth['resend-verification'].$post({ json: { email } })
      setResend({ status: 'sent', message: 'Verification email sent! Please check your inbox.' })
    } catch (error) {
      setResend({ status: 'error', message: errorText(error, 'Failed to resend email') })
    }
  }

  return (
    <StandaloneCard icon="📬" wide>
      <h1>Check your email</h1>
      <p className="page-lede">
        We sent a verification link to {email ? <strong className="break-anywhere">{email}</strong> : 'your email address'}. It can take up to 5 minutes to
        arrive.
      </p>

      <section className="text-left" aria-labelledby="next-steps-title">
        <h2 id="next-steps-title" className="standalone-card__subtitle">
          Next steps
        </h2>
        <ol className="steps-list">
          <li>Open the email from us (check your spam or promotions folder too).</li>
          <li>Click the verification link. It works once and expires after 24 hours.</li>
          <li>You&apos;ll be signed in and taken to your dashboard{leagues.length ? ', already in your leagues' : ''}.</li>
        </ol>
      </section>

      {state.hasDiscoveredLeagues && leagues.length > 0 ? (
        <section className="text-left" aria-labelledby="found-leagues-title">
          <h2 id="found-leagues-title" className="standalone-card__subtitle">
            We found {plural(leagues.length, 'league')} with your FPL team
          </h2>
          <ul className="found-leagues">
            {leagues.map((league) => (
              <li key={league.league_id} className="found-leagues__item">
                <strong>{league.league_name}</strong>
                <span className="muted">
                  {[league.team_name, league.member_count != null ? plural(league.member_count, 'member') : null, `Entry ${formatEntryFee(league.entry_fee)}`]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                {league.already_member ? <span className="badge badge--primary">Already joined</span> : null}
              </li>
            ))}
          </ul>
          <p className="muted">You&apos;ll join them automatically once your email is verified.</p>
        </section>
      ) : null}

      {state.inviteCode ? (
        <p className="notice">
          Once verified, open your invite again to join the league: <Link to={`/join/${encodeURIComponent(state.inviteCode)}`}>back to the invite</Link>.
        </p>
      ) : null}

      <div className="resend-box">
        <p className="muted">Didn&apos;t get it?</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void onResend()}
          disabled={resend.status === 'sending'}
          aria-busy={resend.status === 'sending' || undefined}
        >
          {resend.status === 'sending' ? 'Sending...' : 'Resend Verification Email'}
        </button>
        <div aria-live="polite" className="resend-box__message">
          {resend.status === 'sent' ? <p className="form-message form-message--success">{resend.message}</p> : null}
          {resend.status === 'error' ? (
            <p className="form-message form-message--error" role="alert">
              {resend.message}
            </p>
          ) : null}
        </div>
      </div>

      <div className="button-row">
        <ButtonLink to="/login">Go to Sign In</ButtonLink>
        <ButtonLink to="/register">Register again</ButtonLink>
      </div>
    </StandaloneCard>
  )
}
