import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router'
import { TOURNAMENT_TABS, type TournamentTab } from '../../../contract/notifications'
import { LogoMark } from '../components/Logo'
import { panelId, type TabItem, TabList, tabId } from '../components/TabList'
import { useAuth } from '../features/auth/AuthProvider'
import { postsQuery } from '../features/community/posts-api'
import { WallIntro } from '../features/community/WallIntro'
import { useLiveGameweek } from '../features/live/useLiveGameweek'
import { OfflineBanner } from '../features/pwa/OfflineBanner'
import { RenewalNotice } from '../features/season/RenewalNotice'
import { useShareAchievement } from '../features/share/useShareAchievement'
import { ThemeToggle } from '../features/theme/ThemeToggle'
import { BanterTab } from '../features/tournaments/detail/BanterTab'
import { LiveTab } from '../features/tournaments/detail/LiveTab'
import { type StandingsView, standingsView } from '../features/tournaments/detail/league-data'
import { RefreshProgress } from '../features/tournaments/detail/RefreshProgress'
import { TournamentNotFound } from '../features/tournaments/detail/TournamentNotFound'
import { useAdminCheck } from '../features/tournaments/detail/useAdminCheck'
import { useLeagueData } from '../features/tournaments/detail/useLeagueData'
import { WinnersTab } from '../features/tournaments/detail/WinnersTab'
import { joinBlockedLine, memberWording, typeBadge } from '../features/tournaments/league-text'
import type { League } from '../features/tournaments/types'
import { analytics } from '../lib/analytics'
import { initialsOf } from '../lib/initials'
import { readStorage, writeStorage } from '../lib/storage'
import { useDocumentTitle } from '../lib/useDocumentTitle'
import '../styles/tournaments.css'

// What only some readers open loads on demand, so a visitor's first render needs less: the wall
// and settings (signed in), Manage (curated league admins), the join dialog (non-members).
// The wall (and its Gazette) is for signed-in members: the page renderer, which draws a visitor's
// first screen, leaves it out (import.meta.glob, decision 119's way).
const CommunityWall = lazy(() =>
  import.meta.glob<typeof import('../features/community/CommunityWall')>('../features/community/CommunityWall.tsx')[
    '../features/community/CommunityWall.tsx'
  ]!(),
)
const SettingsTab = lazy(() => import('../features/tournaments/detail/SettingsTab'))
const ManageTab = lazy(() => import('../features/tournaments/detail/ManageTab').then((m) => ({ default: m.ManageTab })))
const JoinTournamentDialog = lazy(() => import('../features/tournaments/JoinTournamentDialog').then((m) => ({ default: m.JoinTournamentDialog })))

type TabId = 'standings' | 'winners' | 'banter' | 'manage' | 'community' | 'settings'

type Tab = TabItem<TabId>

/**
 * Tabs: Live, Winners, Banter; signed in also Manage (curated league, admins) or Wall (not for
 * curated leagues), and Settings. 3 columns signed out, 5 signed in.
 */
export function detailTabs(signedIn: boolean, type: string | null | undefined, isAdmin: boolean): Tab[] {
  const tabs: Tab[] = [
    { id: 'standings', label: 'Live', icon: '📊' },
    { id: 'winners', label: 'Winners', icon: '👑' },
    { id: 'banter', label: 'Banter', icon: '🔥' },
  ]
  if (!signedIn) return tabs
  if (type === 'curated_public') {
    if (isAdmin) tabs.push({ id: 'manage', label: 'Manage', icon: '🛠️' })
  } else {
    tabs.push({ id: 'community', label: 'Wall', icon: '💬' })
  }
  tabs.push({ id: 'settings', label: 'Settings', icon: '⚙️' })
  return tabs
}

const isLinkableTab = (tab: string): tab is TournamentTab => (TOURNAMENT_TABS as readonly string[]).includes(tab)

/** The Auto-refresh switch is remembered on the device (decision 143). */
const AUTO_REFRESH_KEY = 'auto-refresh'

function useAutoRefresh(): [boolean, () => void] {
  const [on, setOn] = useState(() => readStorage(AUTO_REFRESH_KEY) === 'on')
  const toggle = () => {
    writeStorage(AUTO_REFRESH_KEY, on ? 'off' : 'on')
    setOn(!on)
  }
  return [on, toggle]
}

interface DetailState {
  league?: League | null
}

export default function TournamentDetailPage() {
  const { leagueId = '' } = useParams()
  const location = useLocation()
  const navigate = useNavigate()
  const { user, isAuthenticated } = useAuth()
  const queryClient = useQueryClient()
  const stateLeague = (location.state as DetailState | null)?.league ?? null

  // The standings page and search live in the URL (?page=, ?search=): a reload or a shared link
  // shows the same rows, back and forward step through the pages. Another league's URL has its own.
  const [params, setParams] = useSearchParams()
  const view = standingsView(params)
  const page = view.page ?? 1
  // The tab goes back to the start when the league changes.
  const [tabState, setTabState] = useState<{ leagueId: string; tab: TabId }>({ leagueId, tab: 'standings' })
  const [autoRefresh, toggleAutoRefresh] = useAutoRefresh()
  const [joinOpen, setJoinOpen] = useState(false)

  const { data, placeholder, loading, error, notFound, offline, reload } = useLeagueData(leagueId, page, view.search, autoRefresh)
  // The API's word that there is no such tournament wins over a league handed over in navigation state.
  const league = notFound ? null : (data?.league ?? (stateLeague && String(stateLeague.id) === leagueId ? stateLeague : null))
  const type = league?.type ?? null
  // The header names the gameweek the Live tab shows once it is past the stored table's (one gameweek everywhere).
  const liveGameweek = useLiveGameweek(leagueId)
  const storedGameweek = data?.standingsMetadata.gameweek ?? null
  const gameweek = Math.max(storedGameweek ?? 0, liveGameweek ?? 0) || null
  const admin = useAdminCheck(leagueId, isAuthenticated && type === 'curated_public')
  const tabs = detailTabs(isAuthenticated, type, admin === 'admin')
  const requested = tabState.leagueId === leagueId ? tabState.tab : 'standings'
  const tab: TabId = tabs.some((t) => t.id === requested) ? requested : 'standings'

  const title = league?.name ?? (notFound ? 'Tournament not found' : 'Tournament')
  useDocumentTitle(title)

  useEffect(() => {
    if (leagueId) analytics.standingsView(leagueId)
  }, [leagueId])

  // A notification opens a tab by its link (`?tab=wall`, contract/notifications.ts): it is taken
  // once and dropped from the address, so Back and reload behave as for a tab chosen by hand.
  const linkedTab = params.get('tab')
  useEffect(() => {
    if (linkedTab === null) return
    if (isLinkableTab(linkedTab)) setTabState({ leagueId, tab: linkedTab })
    const url = new URLSearchParams(params)
    url.delete('tab')
    setParams(url, { replace: true, preventScrollReset: true, state: location.state })
  }, [linkedTab, leagueId, params, setParams, location.state])

  const selectTab = (next: TabId) => {
    setTabState({ leagueId, tab: next })
    analytics.tabSwitch(next)
    if (next === 'banter') analytics.banterStatsView(leagueId)
  }

  /** Shows `next` of the standings: a new history entry, or in place of this one with `replace`. */
  const showStandings = useCallback(
    (next: StandingsView, replace = false) => {
      const url = new URLSearchParams(params)
      if (next.page === null) url.delete('page')
      else url.set('page', String(next.page))
      if (next.search) url.set('search', next.search)
      else url.delete('search')
      setParams(url, { replace, preventScrollReset: true, state: location.state })
    },
    [params, setParams, location.state],
  )

  // Opened without ?page= (no search), the table lands on the viewer's own page once the answer
  // names it; in place of the page-less entry, so Back leaves the tournament as before.
  const ownPage = placeholder ? null : (data?.standingsMetadata.current_user_page ?? null)
  const landOnOwnPage = view.page === null && !view.search && ownPage !== null && ownPage !== page
  useEffect(() => {
    if (landOnOwnPage && ownPage !== null) showStandings({ page: ownPage, search: '' }, true)
  }, [landOnOwnPage, ownPage, showStandings])

  // "Share This Achievement": the banter cards hand over the stat type and the card.
  const share = useShareAchievement({
    leagueId: Number(leagueId),
    league,
    leagueName: data?.banterStats?.league_context?.name ?? data?.banterStats?.tournament_stats?.league_name,
    members: data?.banterStats?.league_context?.total_members ?? data?.banterStats?.tournament_stats?.total_members,
  })

  const isMember = Boolean(league?.is_member) || Boolean(league && user?.joined_leagues?.includes(league.id))
  // Join where the API says it can work (can_join); otherwise the reason is said instead.
  const canJoin = isAuthenticated && !isMember && Boolean(league?.can_join)
  const joinBlocked = league && isAuthenticated && !isMember ? joinBlockedLine(league) : null
  const openJoin = canJoin ? () => setJoinOpen(true) : undefined

  return (
    <div className="tournament-detail">
      <div className="tournament-bar">
        <div className="container tournament-bar__inner">
          <Link to="/tournaments" className="tournament-bar__logo" aria-label="All tournaments">
            <LogoMark size={36} />
          </Link>
          <h1 className="tournament-bar__title">{title}</h1>
          <div className="tournament-bar__actions">
            <button type="button" className="button button--ghost button--sm" onClick={() => navigate('/tournaments')} aria-label="Back to Tournaments">
              <span aria-hidden="true">← </span>Back<span className="tournament-bar__back-extra"> to Tournaments</span>
            </button>
            <ThemeToggle />
            {isAuthenticated ? (
              <Link to="/dashboard" className="avatar-button" aria-label="Your dashboard" title="Your dashboard">
                {initialsOf(user?.name)}
              </Link>
            ) : null}
          </div>
        </div>
      </div>

      <div className="container page tournament-detail__body">
        {league ? (
          <div className="tournament-meta">
            <ul className="tournament-meta__facts" aria-label="About this tournament">
              <li>
                <span className="badge badge--neutral">{type ? typeBadge(league) : 'Unknown type'}</span>
              </li>
              <li>{memberWording(league)}</li>
              {league.fpl_league_id ? <li>FPL League ID {league.fpl_league_id}</li> : null}
              {data?.league.commissioner_name ? <li>Commissioner: {data.league.commissioner_name}</li> : null}
              {gameweek ? <li>GW {gameweek}</li> : null}
            </ul>
            <div className="tournament-meta__actions">
              {joinBlocked ? <span className="muted">{joinBlocked}</span> : null}
              {league.is_commissioner ? (
                <Link to="/commissioner" state={{ league }} className="button button--ghost button--sm">
                  Manage League
                </Link>
              ) : null}
              <button
                type="button"
                role="switch"
                aria-checked={autoRefresh}
                className="refresh-toggle"
                onClick={toggleAutoRefresh}
                title="Reload the data every 60 seconds"
              >
                <span className="refresh-toggle__track" aria-hidden="true">
                  <span className="refresh-toggle__thumb" />
                </span>
                Auto-refresh
              </button>
              {loading && data ? <span className="spinner spinner--sm" role="status" aria-label="Refreshing" /> : null}
            </div>
          </div>
        ) : null}
        {data?.league.awaiting_renewal ? <RenewalNotice league={data.league} /> : null}

        {!league && !error && !notFound && !offline ? (
          <p className="page-loading" role="status">
            <span className="spinner" aria-hidden="true" /> Loading tournament...
          </p>
        ) : null}

        {notFound ? <TournamentNotFound signedIn={isAuthenticated} /> : null}

        {error ? (
          <div className="form-message form-message--error" role="alert">
            {error}{' '}
            <button type="button" className="link-button" onClick={reload}>
              Try again
            </button>
          </div>
        ) : null}

        {/* A load that failed offline says so (the banner's promise, for this page) and runs again on reconnect. */}
        {offline && !data ? (
          <p className="notice notice--warning offline-banner" role="status">
            You’re offline: this league will load when you’re back online.
          </p>
        ) : (
          <OfflineBanner />
        )}
        {data ? <RefreshProgress refresh={data.league.refresh} /> : null}

        {league ? (
          <>
            <TabList
              tabs={tabs}
              selected={tab}
              onSelect={selectTab}
              label="Tournament sections"
              prefix="detail"
              className={`detail-tabs detail-tabs--${isAuthenticated ? 5 : 3}`}
              columns={isAuthenticated ? 5 : 3}
            />
            <div id={panelId('detail', tab)} role="tabpanel" aria-labelledby={tabId('detail', tab)} className="detail-panel" tabIndex={-1}>
              {tab === 'standings' ? (
                <LiveTab
                  leagueId={leagueId}
                  data={data}
                  loading={loading || landOnOwnPage}
                  signedIn={isAuthenticated}
                  page={page}
                  search={view.search}
                  onShow={showStandings}
                  onJoin={openJoin}
                />
              ) : null}
              {tab === 'winners' ? <WinnersTab leagueId={leagueId} data={data} loading={loading} signedIn={isAuthenticated} onJoin={openJoin} /> : null}
              {tab === 'banter' ? <BanterTab data={data} loading={loading} signedIn={isAuthenticated} onShare={share.onShare} onJoin={openJoin} /> : null}
              <Suspense
                fallback={
                  <p className="inline-loading tab-loading" role="status">
                    <span className="spinner spinner--sm" aria-hidden="true" /> Loading...
                  </p>
                }
              >
                {tab === 'manage' ? <ManageTab leagueId={leagueId} onChanged={reload} /> : null}
                {tab === 'community' ? <CommunityWall leagueId={leagueId} type={type} moderator={Boolean(league.is_commissioner)} onJoin={openJoin} /> : null}
                {tab === 'settings' ? <SettingsTab league={league} /> : null}
              </Suspense>
            </div>
            {/* Signed out there is no Wall tab (three tabs, decision 181 R10): what the wall is, and the way in. */}
            {!isAuthenticated && type !== 'curated_public' ? <WallIntro wayIn={{ kind: 'sign-in' }} /> : null}
          </>
        ) : null}
      </div>

      {share.dialog}

      {joinOpen && league ? (
        <Suspense fallback={null}>
          <JoinTournamentDialog
            leagues={[league]}
            initial={league}
            onClose={() => setJoinOpen(false)}
            onJoined={() => {
              setJoinOpen(false)
              reload()
              void queryClient.invalidateQueries({ queryKey: postsQuery(leagueId).queryKey })
            }}
          />
        </Suspense>
      ) : null}
    </div>
  )
}
