import { useQuery, useQueryClient } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { ButtonLink, HomeLink } from '../components/ButtonLink'
import { BanterSharingSettings } from '../features/account/BanterSharingSettings'
import { ChangePasswordCard } from '../features/account/ChangePasswordCard'
import { DisplayNameEditor } from '../features/account/DisplayNameEditor'
import { SignOutEverywhereCard } from '../features/account/SignOutEverywhereCard'
import { useAuth } from '../features/auth/AuthProvider'
import { useAuthDialog } from '../features/auth/auth-dialog-context'
import { userFromApiUser } from '../features/auth/session'
import type { User } from '../features/auth/types'
import { AddFplTeamCard } from '../features/dashboard/AddFplTeamCard'
import { markTeamDiscovered, useFirstDiscovery } from '../features/dashboard/discovery'
import { GameweekPanel } from '../features/dashboard/GameweekPanel'
import { dashboardSeenBefore, greeting, markDashboardSeen } from '../features/dashboard/greeting'
import { LeagueDiscovery } from '../features/dashboard/LeagueDiscovery'
import { ProfileCard } from '../features/dashboard/ProfileCard'
import { TournamentCard } from '../features/dashboard/TournamentCard'
import { SeasonBanner } from '../features/season/SeasonBanner'
import { useToast } from '../features/toast/ToastProvider'
import { ApiError, api, NetworkError } from '../lib/api'
import type { AutoJoinAnswer, DiscoveredLeague, UpdateFplTeamAnswer, UserLeague } from '../lib/api-answers'
import { plural } from '../lib/format'
import { PRODUCT_NAME } from '../lib/product'
import { queryKeys } from '../lib/query-keys'
import { useDocumentTitle } from '../lib/useDocumentTitle'
import '../styles/dashboard.css'

// Its own chunk: push, quiet hours and time zones are not needed to show the dashboard. Through
// import.meta.glob, which the page renderer's bundler leaves out (decision 119's way).
const NotificationSettings = lazy(() =>
  import.meta.glob<typeof import('../features/notifications/NotificationSettings')>('../features/notifications/NotificationSettings.tsx')[
    '../features/notifications/NotificationSettings.tsx'
  ]!().then((m) => ({ default: m.NotificationSettings })),
)

/** The email-verified banner shows for 5 s (decision 181, R3). */
export const VERIFIED_BANNER_MS = 5000

export default function DashboardPage() {
  const { user, isAuthenticated } = useAuth()
  const { open } = useAuthDialog()
  useDocumentTitle('Dashboard')

  if (!isAuthenticated || !user) {
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
          <HomeLink />
        </div>
      </div>
    )
  }
  return <Dashboard user={user} />
}

interface VerifiedState {
  count: number
  leagues: { league_id: number; league_name: string }[]
}

function readVerifiedState(state: unknown): VerifiedState | null {
  const s = state as { emailVerified?: unknown; autoJoinedCount?: unknown; autoJoinedLeagues?: unknown } | null
  if (!s?.emailVerified) return null
  return {
    count: Number(s.autoJoinedCount) || 0,
    leagues: Array.isArray(s.autoJoinedLeagues) ? (s.autoJoinedLeagues as VerifiedState['leagues']) : [],
  }
}

type LeaguesState =
  | { status: 'loading'; leagues: UserLeague[] | null }
  | { status: 'ready'; leagues: UserLeague[] }
  | { status: 'error'; leagues: UserLeague[] | null; error: string }

/** The user's tournaments (GET /api/auth/user-leagues); a 401 signs out. */
function useUserLeagues(userId: number) {
  const { logout } = useAuth()
  const query = useQuery({
    queryKey: queryKeys.userLeagues(userId),
    queryFn: ({ signal }) => parseResponse(api.auth['user-leagues'].$get(undefined, { init: { signal } })),
  })
  const failure = query.error
  const signedOut = failure instanceof ApiError && failure.status === 401
  useEffect(() => {
    if (signedOut) logout()
  }, [signedOut, logout])
  const leagues = query.data?.leagues ?? null
  const state: LeaguesState =
    failure && !query.isFetching && !signedOut
      ? { status: 'error', leagues, error: failure instanceof NetworkError ? 'Network error occurred' : 'Failed to fetch your leagues' }
      : leagues && !query.isFetching
        ? { status: 'ready', leagues }
        : { status: 'loading', leagues }
  const { refetch } = query
  const load = useCallback(() => refetch(), [refetch])
  return { state, load }
}

/** The profile as the server has it now (GET /api/auth/me), kept in the session; on failure the stored one stays. */
function useProfileRefresh(userId: number) {
  const { updateUser } = useAuth()
  const query = useQuery({
    queryKey: queryKeys.me(userId),
    queryFn: ({ signal }) => parseResponse(api.auth.me.$get(undefined, { init: { signal } })),
  })
  const me = query.data
  useEffect(() => {
    if (me) updateUser(userFromApiUser(me))
  }, [me, updateUser])
  const { refetch } = query
  return useCallback(() => refetch(), [refetch])
}

function Dashboard({ user }: { user: User }) {
  const { logout, updateUser } = useAuth()
  const { toast } = useToast()
  const navigate = useNavigate()
  const location = useLocation()
  const { state: leaguesState, load: loadLeagues } = useUserLeagues(user.id)
  const refreshUser = useProfileRefresh(user.id)
  const [verified] = useState(() => readVerifiedState(location.state))
  const [showVerified, setShowVerified] = useState(verified !== null)
  const [openedDiscovery, setDiscovery] = useState<{ preset: DiscoveredLeague[] | null } | null>(null)
  const [firstLookClosed, setFirstLookClosed] = useState(false)
  const [refreshing, setRefreshing] = useState(false)
  // Read once, before this visit marks the dashboard seen: the greeting stays for the whole visit.
  const [seenBefore] = useState(() => dashboardSeenBefore(user.id))
  const tournamentsHeadingRef = useRef<HTMLHeadingElement>(null)
  // A team not yet discovered here (FPL was slow at sign-up): its leagues open the discovery panel.
  const firstLook = useFirstDiscovery(user.fpl_team_id)
  const discovery = openedDiscovery ?? (firstLook && !firstLookClosed ? { preset: firstLook } : null)

  useEffect(() => markDashboardSeen(user.id), [user.id])

  // The verified flag is shown once: drop it from the history entry so a reload does not repeat it.
  useEffect(() => {
    if (readVerifiedState(location.state)) navigate(location.pathname, { replace: true, state: null })
  }, [location.state, location.pathname, navigate])

  useEffect(() => {
    if (!showVerified) return
    const timer = setTimeout(() => setShowVerified(false), VERIFIED_BANNER_MS)
    return () => clearTimeout(timer)
  }, [showVerified])

  const queryClient = useQueryClient()
  const refresh = async () => {
    setRefreshing(true)
    await Promise.all([loadLeagues(), refreshUser(), queryClient.refetchQueries({ queryKey: queryKeys.myGameweekPrefix() })])
    setRefreshing(false)
  }

  const signOut = () => {
    logout()
    navigate('/')
  }

  const closeDiscovery = () => {
    setDiscovery(null)
    setFirstLookClosed(true)
    tournamentsHeadingRef.current?.focus()
  }

  const onTeamAdded = (answer: UpdateFplTeamAnswer) => {
    if (!answer.discovery_pending) markTeamDiscovered(answer.fpl_team_id)
    setDiscovery({ preset: answer.discovered_leagues ?? [] })
    if (answer.auto_joined_count) void loadLeagues()
  }

  const onJoined = (answer: AutoJoinAnswer, ids: number[]) => {
    const joinedIds = answer.joined_leagues?.map((l) => l.league_id) ?? ids
    const count = answer.joined_count ?? joinedIds.length
    toast({
      title: 'Leagues Joined',
      description: answer.message ?? `You joined ${plural(count, 'league')}.`,
      variant: 'success',
    })
    updateUser({ joined_leagues: [...new Set([...(user.joined_leagues ?? []), ...joinedIds])] })
    closeDiscovery()
    void loadLeagues()
    void queryClient.invalidateQueries({ queryKey: queryKeys.myGameweekPrefix() })
  }

  const needsTeam = !user.fpl_team_id && !user.fpl_team_id_locked
  const leagues = leaguesState.leagues

  return (
    <div className="container page dashboard">
      <Link to="/" className="back-link">
        ← Back to Home
      </Link>
      <header className="dashboard__header">
        <div>
          <p className="eyebrow">Dashboard</p>
          <h1>{greeting(user.name, user.created_at, seenBefore)}</h1>
          <p className="page-lede">Your profile, your tournaments and your account settings, all in one place.</p>
        </div>
        <div className="button-row dashboard__actions">
          <button
            type="button"
            className="button button--primary"
            aria-expanded={discovery !== null}
            onClick={() => (discovery ? closeDiscovery() : setDiscovery({ preset: null }))}
          >
            Find Leagues
          </button>
          <button type="button" className="button button--ghost" onClick={() => void refresh()} disabled={refreshing} aria-busy={refreshing || undefined}>
            {refreshing ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
            Refresh
          </button>
          <button type="button" className="button button--ghost" onClick={signOut}>
            Logout
          </button>
        </div>
      </header>

      <div role="status" aria-live="polite" className="dashboard__banner-slot">
        {showVerified && verified ? (
          <div className="banner banner--success" data-testid="verified-banner">
            <strong>Email verified! Welcome to {PRODUCT_NAME}.</strong>
            {verified.count > 0 ? (
              <span>
                {' '}
                You&apos;ve been automatically added to {plural(verified.count, 'league')}
                {verified.leagues.length ? `: ${verified.leagues.map((l) => l.league_name).join(', ')}` : ''}.
              </span>
            ) : null}
          </div>
        ) : null}
      </div>

      <SeasonBanner />
      <GameweekPanel user={user} />

      <div className="dashboard__top">
        <ProfileCard user={user} onTeamChanged={onTeamAdded} />
        {needsTeam ? <AddFplTeamCard onAdded={onTeamAdded} /> : null}
      </div>

      <section className="dashboard__section" aria-labelledby="my-tournaments-title">
        <div className="section-head">
          <h2 id="my-tournaments-title" ref={tournamentsHeadingRef} tabIndex={-1}>
            My Tournaments{' '}
            {leagues ? (
              <>
                <span className="count-badge" aria-hidden="true">
                  {leagues.length}
                </span>
                <span className="visually-hidden">({plural(leagues.length, 'tournament')})</span>
              </>
            ) : null}
          </h2>
        </div>

        {discovery ? <LeagueDiscovery teamId={user.fpl_team_id ?? null} preset={discovery.preset} onJoined={onJoined} onClose={closeDiscovery} /> : null}

        {leaguesState.status === 'loading' && !leagues ? (
          <p className="inline-loading" role="status">
            <span className="spinner spinner--sm" aria-hidden="true" /> Loading your tournaments...
          </p>
        ) : null}
        {leaguesState.status === 'error' ? (
          <div className="form-message form-message--error" role="alert">
            {leaguesState.error}{' '}
            <button type="button" className="link-button" onClick={() => void loadLeagues()}>
              Try again
            </button>
          </div>
        ) : null}
        {leagues && leagues.length === 0 ? (
          <div className="card empty-state">
            <p className="empty-state__icon" aria-hidden="true">
              🏟️
            </p>
            <h3>No Tournaments Yet</h3>
            <p className="muted">Join a friend&apos;s tournament, or use Find Leagues to join the mini-leagues your FPL team already plays in.</p>
            <ButtonLink to="/tournaments" primary>
              Browse Tournaments
            </ButtonLink>
          </div>
        ) : null}
        {leagues && leagues.length > 0 ? (
          <ul className="league-grid">
            {leagues.map((league) => (
              <TournamentCard key={league.id} league={league} />
            ))}
          </ul>
        ) : null}
      </section>

      <section className="dashboard__section" aria-labelledby="account-settings-title">
        <h2 id="account-settings-title">Account Settings</h2>
        <div className="settings-grid">
          <DisplayNameEditor />
          <ChangePasswordCard />
          <BanterSharingSettings />
          <Suspense fallback={null}>
            <NotificationSettings />
          </Suspense>
          <SignOutEverywhereCard />
        </div>
      </section>
    </div>
  )
}
