import { useEffect, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { StandaloneCard } from '../components/StandaloneCard'
import { useAuth } from '../features/auth/AuthProvider'
import { userFromAuthAnswer } from '../features/auth/session'
import { PRODUCT_NAME } from '../lib/product'
import { useDocumentTitle } from '../lib/useDocumentTitle'

/** With every parameter present, sign in and go to the dashboard after 3 s; otherwise to sign-in after 5 s (decision 181, R3). */
export const WELCOME_REDIRECT_MS = 3000
export const WELCOME_MISSING_PARAMS_REDIRECT_MS = 5000

const MISSING_PARAMS_MESSAGE = 'Your email is verified, but we could not sign you in automatically. Please sign in.'

interface Welcome {
  token: string
  userId: number
  name: string
  email: string
  autoJoined: number
}

function readWelcome(params: URLSearchParams): Welcome | null {
  const token = params.get('token')?.trim()
  const userId = Number(params.get('user_id'))
  const name = params.get('name')?.trim()
  const email = params.get('email')?.trim()
  if (!token || !Number.isInteger(userId) || userId <= 0 || !name || !email) return null
  // auto_joined is a count; a link without it simply joined nothing.
  const autoJoined = Number(params.get('auto_joined') ?? 0)
  return { token, userId, name, email, autoJoined: Number.isFinite(autoJoined) && autoJoined > 0 ? autoJoined : 0 }
}

/** The email-verified welcome page (/verification-success?token&user_id&name&email&auto_joined). */
export default function VerificationSuccessPage() {
  const [params] = useSearchParams()
  const { login } = useAuth()
  const navigate = useNavigate()
  const [welcome] = useState(() => readWelcome(params))
  useDocumentTitle('Email verified')

  useEffect(() => {
    if (welcome) {
      // `token` is an access token: this signs the user in.
      login(welcome.token, userFromAuthAnswer({ user_id: welcome.userId, name: welcome.name, email: welcome.email }))
    }
    const timer = setTimeout(
      () =>
        welcome
          ? navigate('/dashboard', { state: { emailVerified: true, autoJoinedCount: welcome.autoJoined, autoJoinedLeagues: [] } })
          : navigate('/login', { state: { message: MISSING_PARAMS_MESSAGE } }),
      welcome ? WELCOME_REDIRECT_MS : WELCOME_MISSING_PARAMS_REDIRECT_MS,
    )
    return () => clearTimeout(timer)
  }, [welcome, login, navigate])

  return (
    <StandaloneCard icon="🎉">
      <h1>Email verified!</h1>
      {welcome ? (
        <div role="status">
          <p className="page-lede">
            Welcome to {PRODUCT_NAME}, <strong>{welcome.name}</strong>! You&apos;re signed in.
          </p>
          {welcome.autoJoined > 0 ? (
            <p>
              You&apos;ve been added to {welcome.autoJoined} {welcome.autoJoined === 1 ? 'league' : 'leagues'} that contain your FPL team.
            </p>
          ) : null}
          <p className="muted">Taking you to your dashboard…</p>
        </div>
      ) : (
        <div role="status">
          <p className="page-lede">{MISSING_PARAMS_MESSAGE}</p>
          <p className="muted">Taking you to sign in…</p>
        </div>
      )}
      <div className="button-row">
        <Link to="/login" className="button button--primary" state={welcome ? undefined : { message: MISSING_PARAMS_MESSAGE }}>
          Continue to Login
        </Link>
      </div>
    </StandaloneCard>
  )
}
