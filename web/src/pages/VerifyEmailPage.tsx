import { parseResponse } from 'hono/client'
import { useEffect, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { ButtonLink } from '../components/ButtonLink'
import { StandaloneCard } from '../components/StandaloneCard'
import { useAuth } from '../features/auth/AuthProvider'
import { userFromAuthAnswer } from '../features/auth/session'
import { publicApi } from '../lib/api'
import type { VerifyEmailAnswer } from '../lib/api-answers'
import { errorText } from '../lib/errors'
import { SUPPORT_MAILTO } from '../lib/product'
import { useDocumentTitle } from '../lib/useDocumentTitle'
import { once } from '../lib/useOnce'

/** After verifying, go to the dashboard after 2 s (signed in) or to sign-in after 3 s (decision 181, R3). */
export const VERIFY_REDIRECT_SIGNED_IN_MS = 2000
export const VERIFY_REDIRECT_SIGN_IN_MS = 3000

type State =
  | { status: 'verifying' }
  | { status: 'success'; message: string; signedIn: boolean; answer: VerifyEmailAnswer }
  | { status: 'error'; message: string }

export default function VerifyEmailPage() {
  const token = useSearchParams()[0].get('token')?.trim() ?? ''
  const { login } = useAuth()
  const navigate = useNavigate()
  const [state, setState] = useState<State>(() => (token ? { status: 'verifying' } : { status: 'error', message: 'No verification token provided' }))
  const headingRef = useRef<HTMLHeadingElement>(null)
  useDocumentTitle(state.status === 'verifying' ? 'Verifying your email' : state.status === 'success' ? 'Email verified' : 'Verification failed')

  useEffect(() => {
    if (!token) return
    let active = true
    // The link works once: a second call (StrictMode, re-mount) must reuse the first answer.
    once(`verify-email:${token}`, () => parseResponse(publicApi.auth['verify-email'].$post({ json: { token } }))).then(
      (answer) => {
        if (!active) return
        const signedIn = Boolean(answer?.access_token)
        if (answer?.access_token) login(answer.access_token, userFromAuthAnswer(answer))
        setState({
          status: 'success',
          message: answer?.message ?? 'Email verified successfully!',
          signedIn,
          answer: answer ?? {},
        })
      },
      (error: unknown) => {
        if (active) setState({ status: 'error', message: errorText(error, 'Verification failed') })
      },
    )
    return () => {
      active = false
    }
  }, [token, login])

  // Redirect after the pause; the timer is cleared if the user leaves first.
  useEffect(() => {
    if (state.status !== 'success') return
    const { signedIn, answer } = state
    const timer = setTimeout(
      () => {
        if (signedIn) {
          navigate('/dashboard', {
            state: {
              emailVerified: true,
              autoJoinedCount: answer.auto_joined_count ?? 0,
              autoJoinedLeagues: answer.auto_joined_leagues ?? [],
            },
          })
        } else {
          navigate('/login', { state: { message: 'Email verified! Please sign in.' } })
        }
      },
      signedIn ? VERIFY_REDIRECT_SIGNED_IN_MS : VERIFY_REDIRECT_SIGN_IN_MS,
    )
    return () => clearTimeout(timer)
  }, [state, navigate])

  useEffect(() => {
    if (state.status !== 'verifying') headingRef.current?.focus()
  }, [state.status])

  if (state.status === 'verifying') {
    return (
      <div className="card standalone-card" aria-busy="true">
        <span className="spinner spinner--lg" aria-hidden="true" />
        <h1>Verifying your email</h1>
        <p className="page-lede" role="status">
          Hang tight, we&apos;re checking your link…
        </p>
      </div>
    )
  }

  if (state.status === 'success') {
    const count = state.answer.auto_joined_count ?? 0
    return (
      <StandaloneCard icon="✅">
        <h1 ref={headingRef} tabIndex={-1}>
          Email verified!
        </h1>
        <div role="status">
          <p className="page-lede">{state.message}</p>
          {count > 0 ? (
            <p>
              You&apos;ve been added to {count} {count === 1 ? 'league' : 'leagues'}
              {state.answer.auto_joined_leagues?.length ? `: ${state.answer.auto_joined_leagues.map((l) => l.league_name).join(', ')}` : ''}.
            </p>
          ) : null}
          <p className="muted">{state.signedIn ? 'Taking you to your dashboard…' : 'Taking you to sign in…'}</p>
        </div>
        <div className="button-row">
          {state.signedIn ? (
            <ButtonLink to="/dashboard" primary>
              Go to Dashboard
            </ButtonLink>
          ) : (
            <ButtonLink to="/login" primary>
              Sign In
            </ButtonLink>
          )}
        </div>
      </StandaloneCard>
    )
  }

  return (
    <StandaloneCard icon="⚠️">
      <h1 ref={headingRef} tabIndex={-1}>
        Verification failed
      </h1>
      <p className="page-lede" role="alert">
        {state.message}
      </p>
      <p className="muted">Verification links expire after 24 hours and work once.</p>
      <div className="button-row">
        <ButtonLink to="/register">Register Again</ButtonLink>
        <ButtonLink to="/resend-verification" primary>
          Resend Email
        </ButtonLink>
        <a href={SUPPORT_MAILTO} className="button button--ghost">
          Contact support
        </a>
      </div>
    </StandaloneCard>
  )
}
