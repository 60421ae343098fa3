import { useCallback, useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useAuth } from '../features/auth/AuthProvider'
import { useAuthDialog } from '../features/auth/auth-dialog-context'
import CreateFlow from '../features/tournaments/CreateFlow'
import { JoinTournamentDialog } from '../features/tournaments/JoinTournamentDialog'
import { LeagueCard } from '../features/tournaments/LeagueCard'
import type { League } from '../features/tournaments/types'
import { useLeagues } from '../features/tournaments/useLeagues'
import { useDocumentTitle } from '../lib/useDocumentTitle'
import '../styles/tournaments.css'

/** Loads the detail page's code, so the View button's spinner covers the wait. */
const loadDetailPage = () => import('./TournamentDetailPage')

interface ListState {
  selectedLeague?: League | null
}

export default function TournamentsPage() {
  useDocumentTitle('Tournaments')
  const { user, isAuthenticated } = useAuth()
  const { open: openAuth } = useAuthDialog()
  const navigate = useNavigate()
  const location = useLocation()
  const { status, leagues, error, refresh } = useLeagues()
  const [dialog, setDialog] = useState<{ kind: 'create' } | { kind: 'join'; initial: League | null } | null>(null)
  const [viewingId, setViewingId] = useState<number | null>(null)
  const [selected, setSelected] = useState<League | null>(null)
  const listRef = useRef<HTMLUListElement>(null)

  const view = useCallback(
    (league: League, { replace = false } = {}) => {
      setViewingId(league.id)
      const go = () => navigate(`/tournaments/${league.id}`, { replace, state: { league } })
      loadDetailPage().then(go, go)
    },
    [navigate],
  )

  // A visit with a selectedLeague (e.g. the dashboard's View Dashboard) selects that league and
  // lands on plain /tournaments, replacing the history entry (decision 181, R10), then opens the league, as its
  // View button would, in place of that entry: one tap from the dashboard, and Back returns there
  // (decision 164).
  const incoming = (location.state as ListState | null)?.selectedLeague ?? null
  useEffect(() => {
    if (!incoming) return
    setSelected(incoming)
    navigate('/tournaments', { replace: true, state: null })
    view(incoming, { replace: true })
  }, [incoming, navigate, view])

  // The selected card scrolls into view and its View button takes focus.
  useEffect(() => {
    if (!selected || !leagues) return
    const card = listRef.current?.querySelector<HTMLElement>(`[data-league-id="${selected.id}"]`)
    card?.scrollIntoView?.({ block: 'center', behavior: 'smooth' })
    card?.querySelector<HTMLElement>('[data-view-button]')?.focus({ preventScroll: true })
  }, [selected, leagues])

  const isMember = (league: League) => Boolean(league.is_member) || Boolean(user?.joined_leagues?.includes(league.id))

  const openCreate = () => (isAuthenticated ? setDialog({ kind: 'create' }) : openAuth('register'))
  const openJoin = (initial: League | null = null) => (isAuthenticated ? setDialog({ kind: 'join', initial }) : openAuth('login'))
  const closeDialog = useCallback(() => setDialog(null), [])

  const selectedInList = selected ? leagues?.some((l) => l.id === selected.id) : false

  return (
    <div className="container page tournaments-page">
      <header className="tournaments-page__header">
        <div>
          <p className="eyebrow">Tournaments</p>
          <h1>Tournament Management</h1>
          <p className="page-lede">Create and manage your FPL tournaments</p>
        </div>
        <div className="button-row tournaments-page__actions">
          <button type="button" className="button button--primary" onClick={openCreate}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
            </svg>
            Create Tournament
          </button>
          <button type="button" className="button button--ghost" onClick={() => openJoin()}>
            Join Tournament
          </button>
        </div>
      </header>

      {selected && !selectedInList && status !== 'loading' ? (
        <div className="card selected-league" role="status">
          <p className="selected-league__label">Selected tournament</p>
          <p className="selected-league__name">{selected.name}</p>
          <button type="button" className="button button--primary button--sm" onClick={() => view(selected)} disabled={viewingId === selected.id}>
            {viewingId === selected.id ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
            View
          </button>
        </div>
      ) : null}

      {status === 'error' ? (
        <div className="form-message form-message--error" role="alert">
          {error}{' '}
          <button type="button" className="link-button" onClick={() => void refresh()}>
            Try again
          </button>
        </div>
      ) : null}

      {!leagues && status === 'loading' ? (
        <div className="tournament-grid tournament-grid--loading" aria-busy="true">
          <p className="inline-loading" role="status">
            <span className="spinner spinner--sm" aria-hidden="true" /> Loading tournaments...
          </p>
          {[0, 1, 2].map((i) => (
            <div key={i} className="card tournament-card tournament-card--skeleton" aria-hidden="true" />
          ))}
        </div>
      ) : null}

      {leagues && leagues.length === 0 ? (
        <div className="card tournament-empty">
          <p className="tournament-empty__icon" aria-hidden="true">
            🏟️
          </p>
          <h2 className="tournament-empty__title">No tournaments available yet</h2>
          <p className="muted">Create the first tournament to get started!</p>
          <button type="button" className="button button--primary" onClick={openCreate}>
            Create Tournament
          </button>
        </div>
      ) : null}

      {leagues && leagues.length > 0 ? (
        <ul ref={listRef} className="tournament-grid" aria-label="Tournaments">
          {leagues.map((league) => (
            <LeagueCard
              key={league.id}
              league={league}
              isMember={isMember(league)}
              viewing={viewingId === league.id}
              selected={selected?.id === league.id}
              onView={(l) => view(l)}
              onJoin={(l) => openJoin(l)}
            />
          ))}
        </ul>
      ) : null}

      {dialog?.kind === 'create' ? <CreateFlow onDone={closeDialog} onCreated={() => void refresh()} /> : null}
      {dialog?.kind === 'join' ? (
        <JoinTournamentDialog
          leagues={(leagues ?? []).map((l) => (isMember(l) ? { ...l, is_member: true } : l))}
          initial={dialog.initial}
          onClose={closeDialog}
          onJoined={() => {
            closeDialog()
            void refresh()
          }}
          onCreate={() => setDialog({ kind: 'create' })}
        />
      ) : null}
    </div>
  )
}
