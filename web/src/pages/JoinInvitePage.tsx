import { useMutation, useQuery } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { membersText } from '../../../contract/tournaments'
import { ButtonLink, HomeLink } from '../components/ButtonLink'
import { Fact } from '../components/Fact'
import { FormMessage } from '../components/forms'
import { StandaloneCard } from '../components/StandaloneCard'
import { useAuth } from '../features/auth/AuthProvider'
import { SignUpForm } from '../features/auth/SignUpForm'
import { userFromAuthAnswer } from '../features/auth/session'
import type { RegisterAnswer } from '../features/auth/types'
import { useToast } from '../features/toast/ToastProvider'
import { analytics } from '../lib/analytics'
import { ApiError, api, pathParam, publicApi } from '../lib/api'
import type { InviteLeague } from '../lib/api-answers'
import { errorText } from '../lib/errors'
import { formatEntryFee } from '../lib/format'
import { PRODUCT_NAME } from '../lib/product'
import { queryKeys } from '../lib/query-keys'
import { useDocumentTitle } from '../lib/useDocumentTitle'

/** After joining, go home after 2 s; after an immediate sign-up, join after 1 s (decision 181, R3). */
export const JOIN_REDIRECT_MS = 2000
export const JOIN_AFTER_SIGNUP_MS = 1000
/** The copy message clears after 3 s (decision 181, R12). */
export const COPY_MESSAGE_MS = 3000

type Load = { status: 'loading' } | { status: 'ready'; league: InviteLeague } | { status: 'error'; message: string }

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

  const joining = useMutation({
    mutationFn: () => parseResponse(api.leagues['join-by-invite'].$post({ json: { invite_code: inviteCode } })),
    onSuccess: (answer) => {
      if (!league) return
      const message = answer?.message ?? 'Successfully joined the league!'
      const leagueId = answer?.league_id ?? league.id
      if (user && !user.joined_leagues?.includes(leagueId)) {
        updateUser({ joined_leagues: [...(user.joined_leagues ?? []), leagueId] })
      }
      analytics.tournamentJoin(league.type ?? 'private', league.entry_fee ?? 0)
      toast({ title: message, description: league.name, variant: 'success' })
      setJoined(message)
    },
  })
  const join = () => {
    if (joining.isPending || joined || !league) return
    joining.mutate()
  }

  // The join that follows an immediate sign-up runs 1 s later, with the state of that moment.
  const joinRef = useRef(join)
  useLayoutEffect(() => {
    joinRef.current = join
  })
  const joinTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(joinTimer.current), [])

  const onRegistered = (answer: RegisterAnswer, entered: { name: string; email: string }) => {
    if (answer?.verification_required || !answer?.access_token) {
      const discovered = answer?.discovered_leagues ?? []
      navigate('/verification-pending', {
        state: {
          email: answer?.email ?? entered.email,
          discoveredLeagues: discovered,
          hasDiscoveredLeagues: discovered.length > 0,
          inviteCode,
        },
      })
      return
    }
    login(answer.access_token, userFromAuthAnswer({ ...answer, name: answer.name ?? entered.name, email: answer.email ?? entered.email }))
    joinTimer.current = setTimeout(() => joinRef.current(), JOIN_AFTER_SIGNUP_MS)
  }

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
      <StandaloneCard icon="🚫">
        <h1>Invite not available</h1>
        <p className="page-lede" role="alert">
          {load.message}
        </p>
        <p className="muted">Ask the league&apos;s commissioner for a fresh invite link.</p>
        <div className="button-row">
          <ButtonLink to="/tournaments" primary>
            Browse Tournaments
          </ButtonLink>
          <HomeLink />
        </div>
      </StandaloneCard>
    )
  }

  const { league: invited } = load
  return (
    <StandaloneCard icon="🏟️" wide>
      <p className="eyebrow">You&apos;re invited!</p>
      <h1>{invited.name}</h1>
      {invited.description ? <p className="page-lede">{invited.description}</p> : null}
      <dl className="facts facts--center">
        <Fact term="Members">{membersText(invited.member_count ?? 0, invited.fpl_league_size ?? null)}</Fact>
        <Fact term="FPL League ID">{invited.fpl_league_id ?? '—'}</Fact>
        <Fact term="Entry fee">{formatEntryFee(invited.entry_fee)}</Fact>
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
          {joining.isError ? <FormMessage tone="error">{errorText(joining.error, 'Failed to join league')}</FormMessage> : null}
          <button
            type="button"
            className="button button--primary button--lg"
            onClick={join}
            disabled={joining.isPending}
            aria-busy={joining.isPending || undefined}
          >
            {joining.isPending ? 'Joining...' : 'Join League'}
          </button>
        </div>
      ) : showSignUp ? (
        <SignUpForm
          invite={{ code: inviteCode, league: invited.fpl_league_id ? { fplLeagueId: invited.fpl_league_id, name: invited.name } : undefined }}
          onCancel={() => setShowSignUp(false)}
          onRegistered={onRegistered}
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
    </StandaloneCard>
  )
}
