import { useQuery } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { normalizeEmail, PASSWORD_MIN_LENGTH, passwordLength } from '../../../contract/account-rules'
import { membersText } from '../../../contract/tournaments'
import { EmailField, FormMessage, PasswordField, SubmitButton, TextField } from '../components/forms'
import { useAuth } from '../features/auth/AuthProvider'
import { userFromAuthAnswer } from '../features/auth/session'
import { TeamConfirmation } from '../features/fpl-team/TeamConfirmation'
import { type RequiredLeague, useTeamConfirmation } from '../features/fpl-team/useTeamConfirmation'
import { useToast } from '../features/toast/ToastProvider'
import { analytics } from '../lib/analytics'
import { ApiError, api, pathParam, publicApi } from '../lib/api'
import type { InviteLeague } from '../lib/api-answers'
import { errorText } from '../lib/errors'
import { formatEntryFee } from '../lib/format'
import { PRODUCT_NAME } from '../lib/product'
import { queryKeys } from '../lib/query-keys'
import { useDocumentTitle } from '../lib/useDocumentTitle'
import { isValidEmail, parsePositiveId } from '../lib/validation'

/** Spec: after joining, go home after 2 s; after an immediate sign-up, join after 1 s. */
export const JOIN_REDIRECT_MS = 2000
export const JOIN_AFTER_SIGNUP_MS = 1000
/** Spec: the copy message clears after 3 s. */
export const COPY_MESSAGE_MS = 3000

type Load = { status: 'loading' } | { status: 'ready'; league: InviteLeague } | { status: 'error'; message: string }

type Field = 'name' | 'email' | 'fplTeamId' | 'password'
type Errors = Partial<Record<Field, string>>

/** The invite page's own registration rules (spec accounts §5, "Register (invite page)"). */
export function inviteRegistrationErrors(values: Record<Field, string>): Errors {
  const errors: Errors = {}
  const email = normalizeEmail(values.email)
  if (!values.name.trim()) errors.name = 'Name is required'
  if (!email) errors.email = 'Email is required'
  else if (!isValidEmail(email)) errors.email = 'Invalid email format'
  if (!values.password) errors.password = 'Password is required'
  else if (passwordLength(values.password) < PASSWORD_MIN_LENGTH) errors.password = 'Password must be at least 8 characters'
  if (!values.fplTeamId.trim()) errors.fplTeamId = 'FPL Team ID is required'
  else if (parsePositiveId(values.fplTeamId) === null) errors.fplTeamId = 'Please enter a valid FPL Team ID'
  return errors
}

export default function JoinInvitePage() {
  const { inviteCode = '' } = useParams()
  const { isAuthenticated, user, login, updateUser } = useAuth()
  const { toast } = useToast()
  const navigate = useNavigate()
  const invite = useQuery({
    queryKey: queryKeys.invite(inviteCode),
    queryFn: ({ signal }) =>
      parseResponse(publicApi.leagues.invite[':inviteCode'].$get({ param: { inviteCode: pathParam(inviteCode) } }, { init: { signal } })),
  })
  const load: Load = invite.isSuccess
    ? { status: 'ready', league: invite.data }
    : invite.isError
      ? { status: 'error', message: invite.error instanceof ApiError ? (invite.error.detail ?? 'Invalid invite link') : 'Failed to load league information' }
      : { status: 'loading' }
  const [joining, setJoining] = useState(false)
  const [joinError, setJoinError] = useState<string | null>(null)
  const [joined, setJoined] = useState<string | null>(null)
  const [showSignUp, setShowSignUp] = useState(false)
  const [copyMessage, setCopyMessage] = useState<string | null>(null)
  const league = load.status === 'ready' ? load.league : null
  useDocumentTitle(league ? `Join ${league.name}` : 'League invite')

  useEffect(() => {
    if (!joined) return
    const timer = setTimeout(() => navigate('/', { state: { message: joined } }), JOIN_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [joined, navigate])

  useEffect(() => {
    if (!copyMessage) return
    const timer = setTimeout(() => setCopyMessage(null), COPY_MESSAGE_MS)
    return () => clearTimeout(timer)
  }, [copyMessage])

  const join = async () => {
    if (joining || !league) return
    setJoining(true)
    setJoinError(null)
    try {
      const answer = await parseResponse(api.leagues['join-by-invite'].$post({ json: { invite_code: inviteCode } }))
      const message = answer?.message ?? 'Successfully joined the league!'
      const leagueId = answer?.league_id ?? league.id
      if (user && !user.joined_leagues?.includes(leagueId)) {
        updateUser({ joined_leagues: [...(user.joined_leagues ?? []), leagueId] })
      }
      analytics.tournamentJoin(league.type ?? 'private', league.entry_fee ?? 0)
      toast({ title: message, description: league.name, variant: 'success' })
      setJoined(message)
    } catch (error) {
      setJoinError(errorText(error, 'Failed to join league'))
      setJoining(false)
    }
  }

  // The join that follows an immediate sign-up runs 1 s later, with the state of that moment.
  const joinRef = useRef(join)
  useLayoutEffect(() => {
    joinRef.current = join
  })
  const joinTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(joinTimer.current), [])

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href)
      setCopyMessage('Invite link copied to clipboard!')
    } catch {
      setCopyMessage('Please copy the invite link manually from above.')
    }
  }

  if (load.status === 'loading') {
    return (
      <div className="card standalone-card" aria-busy="true">
        <span className="spinner spinner--lg" aria-hidden="true" />
        <h1>League invite</h1>
        <p className="page-lede" role="status">
          Loading league information…
        </p>
      </div>
    )
  }

  if (load.status === 'error') {
    return (
      <div className="card standalone-card">
        <p className="standalone-card__icon" aria-hidden="true">
          🚫
        </p>
        <h1>Invite not available</h1>
        <p className="page-lede" role="alert">
          {load.message}
        </p>
        <p className="muted">Ask the league&apos;s commissioner for a fresh invite link.</p>
        <div className="button-row">
          <Link to="/tournaments" className="button button--primary">
            Browse Tournaments
          </Link>
          <Link to="/" className="button button--ghost">
            Back to Home
          </Link>
        </div>
      </div>
    )
  }

  const { league: invited } = load
  return (
    <div className="card standalone-card standalone-card--wide">
      <p className="standalone-card__icon" aria-hidden="true">
        🏟️
      </p>
      <p className="eyebrow">You&apos;re invited!</p>
      <h1>{invited.name}</h1>
      {invited.description ? <p className="page-lede">{invited.description}</p> : null}
      <dl className="facts facts--center">
        <div>
          <dt>Members</dt>
          <dd>{membersText(invited.member_count ?? 0, invited.fpl_league_size ?? null)}</dd>
        </div>
        <div>
          <dt>FPL League ID</dt>
          <dd>{invited.fpl_league_id ?? '—'}</dd>
        </div>
        <div>
          <dt>Entry fee</dt>
          <dd>{formatEntryFee(invited.entry_fee)}</dd>
        </div>
      </dl>

      {joined ? (
        <FormMessage tone="success">
          <strong>{joined}</strong>
          <span className="form-message__sub">Taking you home…</span>
        </FormMessage>
      ) : isAuthenticated ? (
        <div className="stack">
          <p className="muted">
            Joining as <strong>{user?.name}</strong>.
          </p>
          {joinError ? <FormMessage tone="error">{joinError}</FormMessage> : null}
          <button type="button" className="button button--primary button--lg" onClick={() => void join()} disabled={joining} aria-busy={joining || undefined}>
            {joining ? 'Joining...' : 'Join League'}
          </button>
        </div>
      ) : showSignUp ? (
        <InviteSignUp
          inviteCode={inviteCode}
          league={invited.fpl_league_id ? { fplLeagueId: invited.fpl_league_id, name: invited.name } : undefined}
          onCancel={() => setShowSignUp(false)}
          onSignedIn={(token, answer) => {
            login(token, answer)
            joinTimer.current = setTimeout(() => void joinRef.current(), JOIN_AFTER_SIGNUP_MS)
          }}
        />
      ) : (
        <div className="stack">
          <p>Create a free {PRODUCT_NAME} account to join, or sign in if you already have one.</p>
          <div className="button-row">
            <button type="button" className="button button--primary" onClick={() => setShowSignUp(true)}>
              Sign Up to Join
            </button>
            <button type="button" className="button button--ghost" onClick={() => navigate('/?signin=true')}>
              Sign In
            </button>
          </div>
        </div>
      )}

      <div className="copy-row">
        <button type="button" className="link-button" onClick={() => void copyLink()}>
          Copy invite link
        </button>
        <p className="copy-row__message" aria-live="polite">
          {copyMessage}
        </p>
      </div>
    </div>
  )
}

function InviteSignUp({
  inviteCode,
  league,
  onCancel,
  onSignedIn,
}: {
  inviteCode: string
  /** The FPL league the team must be in (checked before the account is created). */
  league: RequiredLeague | undefined
  onCancel: () => void
  onSignedIn: (token: string, user: ReturnType<typeof userFromAuthAnswer>) => void
}) {
  const navigate = useNavigate()
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', fplTeamId: '', password: '' })
  const [errors, setErrors] = useState<Errors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const team = useTeamConfirmation(league)
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    fplTeamId: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  }

  // Focus the first field once, when the form opens.
  const nameRef = refs.name
  useEffect(() => {
    nameRef.current?.focus()
  }, [nameRef])

  // A field's error clears when the user edits it.
  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }))
    if (field === 'fplTeamId') team.reset()
  }

  const teamError = (error: string) => {
    setErrors((e) => ({ ...e, fplTeamId: error }))
    refs.fplTeamId.current?.focus()
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const next = inviteRegistrationErrors(values)
    setErrors(next)
    setFormError(null)
    const firstInvalid = (['name', 'email', 'fplTeamId', 'password'] as const).find((f) => next[f])
    if (firstInvalid) return refs[firstInvalid].current?.focus()
    // Nothing is created until the team is known to be in this league and confirmed as the user's.
    const result = await team.check(parsePositiveId(values.fplTeamId) as number)
    if (result === 'confirmed') await register()
    else if (result !== 'wait') teamError(result.error)
  }

  const register = async () => {
    const email = normalizeEmail(values.email)
    const name = values.name.trim()
    setBusy(true)
    try {
      const answer = await parseResponse(
        publicApi.auth.register.$post({
          json: { name, email, password: values.password, fpl_team_id: parsePositiveId(values.fplTeamId) ?? undefined, invite_code: inviteCode },
        }),
      )
      analytics.signUp()
      if (answer?.verification_required || !answer?.access_token) {
        const discovered = answer?.discovered_leagues ?? []
        navigate('/verification-pending', {
          state: {
            email: answer?.email ?? email,
            discoveredLeagues: discovered,
            hasDiscoveredLeagues: discovered.length > 0,
            inviteCode,
          },
        })
        return
      }
      onSignedIn(answer.access_token, userFromAuthAnswer({ ...answer, name: answer.name ?? name, email: answer.email ?? email }))
    } catch (error) {
      setBusy(false)
      if (error instanceof ApiError && error.code === 'team_not_in_league') {
        team.reset()
        teamError(errorText(error, 'This team is not in the league you were invited to. Check your FPL Team ID.'))
        return
      }
      setFormError(errorText(error, 'Registration failed'))
    }
  }

  return (
    <form className="form text-left" noValidate onSubmit={onSubmit} aria-busy={busy || undefined} aria-label="Sign up to join">
      <TextField
        ref={refs.name}
        label="Name"
        name="name"
        autoComplete="name"
        maxLength={50}
        value={values.name}
        error={errors.name}
        onChange={(e) => set('name', e.target.value)}
      />
      <EmailField ref={refs.email} value={values.email} error={errors.email} onChange={(e) => set('email', e.target.value)} />
      <TextField
        ref={refs.fplTeamId}
        label="FPL Team ID"
        name="fpl_team_id"
        inputMode="numeric"
        autoComplete="off"
        value={values.fplTeamId}
        error={errors.fplTeamId}
        hint="The number in your FPL Points page address: fantasy.premierleague.com/entry/1234567/."
        onChange={(e) => set('fplTeamId', e.target.value)}
      />
      <PasswordField
        ref={refs.password}
        label="Password"
        name="new-password"
        autoComplete="new-password"
        value={values.password}
        error={errors.password}
        hint="At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character."
        onChange={(e) => set('password', e.target.value)}
      />
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      {team.state.status === 'asking' ? (
        <TeamConfirmation check={team} confirmLabel="Yes, create my account & join" onConfirmed={() => void register()} returnFocusTo={refs.fplTeamId} />
      ) : (
        <SubmitButton busy={busy || team.state.status === 'checking'} busyText={busy ? 'Creating Account...' : 'Checking team...'}>
          Create Account &amp; Join
        </SubmitButton>
      )}
      <button type="button" className="button button--ghost button--block" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
    </form>
  )
}
