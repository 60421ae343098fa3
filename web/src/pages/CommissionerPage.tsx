import { useCallback, useEffect, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { useAuthDialog } from '../features/auth/AuthDialogProvider'
import { useAuth } from '../features/auth/AuthProvider'
import { fetchPosts } from '../features/community/posts-api'
import type { CommunityPost } from '../features/community/types'
import { commissionerError } from '../features/commissioner/errors'
import { InviteTab } from '../features/commissioner/InviteTab'
import { LeagueSettingsTab } from '../features/commissioner/LeagueSettingsTab'
import { MembersTab } from '../features/commissioner/MembersTab'
import { ModerationTab } from '../features/commissioner/ModerationTab'
import { OverviewTab, type CommissionerTab } from '../features/commissioner/OverviewTab'
import type { LeagueMember, ManagedLeague, MembersResponse } from '../features/commissioner/types'
import { invalidateLeaguesCache } from '../features/tournaments/leagues-api'
import { panelId, TabList, tabId, type TabItem } from '../features/tournaments/TabList'
import { apiFetch } from '../lib/api'
import { isAbortError } from '../lib/errors'
import { useDocumentTitle } from '../lib/useDocumentTitle'
import '../styles/tournaments.css'

interface CommissionerState {
  league?: ManagedLeague | null
}

const TABS: TabItem<CommissionerTab>[] = [
  { id: 'overview', label: 'Overview', icon: '📋' },
  { id: 'settings', label: 'Settings', icon: '⚙️' },
  { id: 'invite', label: 'Invite', icon: '🔗' },
  { id: 'members', label: 'Members', icon: '👥' },
  { id: 'moderation', label: 'Moderation', icon: '🛡️' },
]

/** Needs the league in navigation state (the dashboard's Manage League, the detail page's Manage League). */
export default function CommissionerPage() {
  const navigate = useNavigate()
  const location = useLocation()
  const { isAuthenticated } = useAuth()
  const { open } = useAuthDialog()
  const league = (location.state as CommissionerState | null)?.league ?? null
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

  // Our decisions (the spec leaves them open): signed-out visitors are asked to sign in, and a
  // league the user does not run says so instead of offering tools the server would refuse.
  if (!isAuthenticated || league.is_commissioner === false) {
    return (
      <div className="container page page--narrow">
        <header className="page-header">
          <p className="eyebrow">Commissioner</p>
          <h1>{league.name}</h1>
          <p className="page-lede">
            {isAuthenticated ? 'Only the commissioner of this league can manage it.' : 'Sign in as the commissioner to manage this league.'}
          </p>
        </header>
        <div className="button-row">
          {!isAuthenticated ? (
            <button type="button" className="button button--primary" onClick={() => open('login')}>
              Sign In
            </button>
          ) : null}
          <Link to="/dashboard" className="button button--ghost">
            Go Back
          </Link>
        </div>
      </div>
    )
  }

  return <CommissionerScreen league={league} />
}

function CommissionerScreen({ league: initial }: { league: ManagedLeague }) {
  const navigate = useNavigate()
  const [league, setLeague] = useState<ManagedLeague>(initial)
  const [tab, setTab] = useState<CommissionerTab>('overview')
  const [members, setMembers] = useState<MembersResponse | null>(null)
  const [membersError, setMembersError] = useState<string | null>(null)
  const [posts, setPosts] = useState<CommunityPost[] | null>(null)
  const [postsError, setPostsError] = useState<string | null>(null)

  const loadMembers = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const answer = await apiFetch<MembersResponse>(`/api/leagues/${league.id}/members`, { signal })
        setMembers({ active_members: answer?.active_members ?? [], inactive_members: answer?.inactive_members ?? [] })
        setMembersError(null)
      } catch (error) {
        if (!isAbortError(error)) setMembersError(commissionerError(error, 'Failed to load members'))
      }
    },
    [league.id],
  )

  const loadPosts = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setPosts(await fetchPosts(league.id, signal))
        setPostsError(null)
      } catch (error) {
        if (!isAbortError(error)) setPostsError(commissionerError(error, 'Failed to load posts'))
      }
    },
    [league.id],
  )

  useEffect(() => {
    const controller = new AbortController()
    void loadMembers(controller.signal)
    void loadPosts(controller.signal)
    return () => controller.abort()
  }, [loadMembers, loadPosts])

  const onSaved = (changes: Partial<ManagedLeague>) => {
    const next = { ...league, ...changes }
    setLeague(next)
    invalidateLeaguesCache()
    // Keep the edited league in the history entry, so a reload shows the new values.
    navigate('/commissioner', { replace: true, state: { league: next } })
  }

  const active: LeagueMember[] | null = members?.active_members ?? null

  return (
    <div className="container page commissioner">
      <Link to={`/tournaments/${league.id}`} state={{ league }} className="back-link">
        ← View tournament
      </Link>
      <header className="page-header">
        <p className="eyebrow">Commissioner</p>
        <h1 className="break-anywhere">{league.name}</h1>
        <p className="page-lede">Run your league: settings, invites, members and moderation.</p>
      </header>

      <TabList tabs={TABS} selected={tab} onSelect={setTab} label="Commissioner tools" prefix="commissioner" className="commissioner-tabs" columns={5} />

      <div id={panelId('commissioner', tab)} role="tabpanel" aria-labelledby={tabId('commissioner', tab)} className="commissioner__panel">
        {tab === 'overview' ? <OverviewTab league={league} members={active} posts={posts} onGo={setTab} /> : null}
        {tab === 'settings' ? <LeagueSettingsTab league={league} onSaved={onSaved} /> : null}
        {tab === 'invite' ? <InviteTab leagueId={league.id} /> : null}
        {tab === 'members' ? (
          <MembersTab leagueId={league.id} active={active} inactive={members?.inactive_members ?? null} error={membersError} onChanged={() => loadMembers()} />
        ) : null}
        {tab === 'moderation' ? <ModerationTab leagueId={league.id} posts={posts} error={postsError} onChanged={() => loadPosts()} /> : null}
      </div>
    </div>
  )
}
