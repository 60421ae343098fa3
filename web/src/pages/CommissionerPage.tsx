import { useQuery, useQueryClient } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { ButtonLink } from '../components/ButtonLink'
import { panelId, type TabItem, TabList, tabId } from '../components/TabList'
import { useAuth } from '../features/auth/AuthProvider'
import { useAuthDialog } from '../features/auth/auth-dialog-context'
import { commissionerError } from '../features/commissioner/errors'
import { GazetteSettings } from '../features/commissioner/GazetteSettings'
import { InviteTab } from '../features/commissioner/InviteTab'
import { LeagueSettingsTab } from '../features/commissioner/LeagueSettingsTab'
import { MembersTab } from '../features/commissioner/MembersTab'
import { ModerationTab } from '../features/commissioner/ModerationTab'
import { type CommissionerTab, OverviewTab } from '../features/commissioner/OverviewTab'
import { SeasonLineage } from '../features/commissioner/SeasonLineage'
import type { ManagedLeague } from '../features/commissioner/types'
import { postsQuery } from '../features/community/posts-api'
import { invalidateLeagues } from '../features/tournaments/leagues-api'
import { api } from '../lib/api'
import { queryKeys } from '../lib/query-keys'
import { useDocumentTitle } from '../lib/useDocumentTitle'
import '../styles/tournaments.css'

interface CommissionerState {
  league?: ManagedLeague | null
  /** The tab to open on (the dashboard's "Renew it" opens Settings); Overview otherwise. */
  tab?: CommissionerTab
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

  // Ours (the product's rules leave them open): signed-out visitors are asked to sign in, and a
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
          <ButtonLink to="/dashboard">Go Back</ButtonLink>
        </div>
      </div>
    )
  }

  return <CommissionerScreen league={league} initialTab={(location.state as CommissionerState).tab ?? 'overview'} />
}

function CommissionerScreen({ league: initial, initialTab }: { league: ManagedLeague; initialTab: CommissionerTab }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [league, setLeague] = useState<ManagedLeague>(initial)
  const [tab, setTab] = useState<CommissionerTab>(initialTab)
  const membersQuery = useQuery({
    queryKey: queryKeys.members(league.id),
    queryFn: ({ signal }) => parseResponse(api.leagues[':id'].members.$get({ param: { id: String(league.id) } }, { init: { signal } })),
  })
  const members = membersQuery.data ?? null
  const membersError = membersQuery.isError ? commissionerError(membersQuery.error, 'Failed to load members') : null
  const posts = useQuery(postsQuery(league.id))
  const postsError = posts.isError ? commissionerError(posts.error, 'Failed to load posts') : null

  const onSaved = (changes: Partial<ManagedLeague>) => {
    const next = { ...league, ...changes }
    setLeague(next)
    invalidateLeagues(queryClient)
    // Keep the edited league in the history entry, so a reload shows the new values.
    navigate('/commissioner', { replace: true, state: { league: next } })
  }

  const active = members?.active_members ?? null

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
        {tab === 'overview' ? <OverviewTab league={league} members={active} posts={posts.data ?? null} onGo={setTab} /> : null}
        {tab === 'settings' ? <LeagueSettingsTab league={league} onSaved={onSaved} /> : null}
        {tab === 'settings' ? <GazetteSettings leagueId={String(league.id)} /> : null}
        {tab === 'settings' ? <SeasonLineage leagueId={String(league.id)} /> : null}
        {tab === 'invite' ? <InviteTab leagueId={league.id} /> : null}
        {tab === 'members' ? <MembersTab league={league} members={members} error={membersError} onChanged={() => void membersQuery.refetch()} /> : null}
        {tab === 'moderation' ? (
          <ModerationTab leagueId={league.id} posts={posts.data ?? null} error={postsError} onChanged={() => void posts.refetch()} />
        ) : null}
      </div>
    </div>
  )
}
