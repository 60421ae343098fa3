import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { formatNumber } from '../../../../../contract/numbers'
import { MembersOnly, SignInGate } from '../../auth/Gates'
import { LiveBanter } from '../../live/LiveBanter'
import type { LiveTable } from '../../live/useLiveTable'
import { DETAIL_LOAD_DELAY_MS, OWN_ROW_SCROLL_DELAY_MS, OWN_ROW_SCROLL_MIN, prizesEnabled } from '../constants'
import type { LeagueData, StandingRow } from '../types'
import { GameweekCard } from './GameweekCard'
import type { StandingsView } from './league-data'
import { PrizePoolCard } from './PrizePoolCard'
import { StandingsList } from './StandingsList'
import { StandingsPagination } from './StandingsPagination'
import { StandingsSearch } from './StandingsSearch'

// The live view of a gameweek in play, for signed-in readers only: loaded when it is shown.
// Through import.meta.glob, Vite's lazy chunk, which the page renderer's bundler leaves out: the
// server draws a visitor's page and never this view (decision 119).
// (The glob is read inside the loader: the page renderer has no import.meta.glob and never calls it.)
const LiveBoard = lazy(() => import.meta.glob<typeof import('../../live/LiveBoard')>('../../live/LiveBoard.tsx')['../../live/LiveBoard.tsx']!())
// Its data too: the live query, the socket and the swing feed are mounted for signed-in readers only.
const LiveSource = lazy(() => import.meta.glob<typeof import('../../live/LiveSource')>('../../live/LiveSource.tsx')['../../live/LiveSource.tsx']!())
// The league insight under the live table, the same way: its chunk loads once the live table shows.
const LeagueInsight = lazy(() => import.meta.glob<typeof import('../../live/LeagueInsight')>('../../live/LeagueInsight.tsx')['../../live/LeagueInsight.tsx']!())

/** No live data (signed out, members only, or before the live code has loaded): the stored standings show. */
const NO_LIVE: LiveTable = { answer: null, swings: [], failed: false, fetching: false, retry: () => {} }

/** Sample rows shown blurred to signed-out visitors when the real table is not available to them. */
const SAMPLE_ROWS: StandingRow[] = [
  {
    fpl_team_id: 1,
    team_name: 'Salah Fingers',
    player_name: 'Priya S',
    total_points: 1412,
    gameweek_points: 71,
    rank: 1,
    last_rank: 2,
    is_current_user: false,
  },
  {
    fpl_team_id: 2,
    team_name: 'Klopp Goes the Weasel',
    player_name: 'Dan M',
    total_points: 1398,
    gameweek_points: 54,
    rank: 2,
    last_rank: 1,
    is_current_user: false,
  },
  {
    fpl_team_id: 3,
    team_name: 'Expected Toulouse',
    player_name: 'Sam K',
    total_points: 1381,
    gameweek_points: 62,
    rank: 3,
    last_rank: 3,
    is_current_user: false,
  },
  { fpl_team_id: 4, team_name: 'Haaland Oates', player_name: 'Jo P', total_points: 1360, gameweek_points: 48, rank: 4, last_rank: 5, is_current_user: false },
  { fpl_team_id: 5, team_name: 'Pep Talk', player_name: 'Alex R', total_points: 1344, gameweek_points: 39, rank: 5, last_rank: 4, is_current_user: false },
]

export interface LiveTabProps {
  leagueId: string
  data: LeagueData | null
  loading: boolean
  signedIn: boolean
  page: number
  /** The standings search (trimmed), empty for the whole table. */
  search: string
  /** Shows another page or search (the page keeps them in its URL; `replace` rewrites the current entry). */
  onShow: (view: StandingsView, replace?: boolean) => void
  onJoin?: () => void
}

/**
 * The Live tab: while a gameweek is in play (not yet checked by FPL), or while the live answer is
 * newer than the stored table, the live table, pushed (features/live); otherwise the stored
 * standings. Both share the gates, the side cards, the search, the pages and the jump to the
 * viewer's own row.
 */
export function LiveTab({ leagueId, data, loading, signedIn, page, search, onShow, onJoin }: LiveTabProps) {
  const ownRowRef = useRef<HTMLLIElement>(null)
  const stored = { gameweek: data?.standingsMetadata.gameweek ?? null, provisional: Boolean(data?.standingsMetadata.gameweek_summary?.provisional) }
  const readable = signedIn && data?.access === 'ok'
  const [liveState, setLive] = useState<LiveTable | null>(null)
  const live = (readable && liveState) || NO_LIVE
  const answer = live.answer
  const position = answer ? answer.current_user_position : (data?.currentUserPosition ?? null)
  const ownPage = answer ? answer.current_user_page : (data?.standingsMetadata.current_user_page ?? null)
  const ownOnPage = answer ? answer.standings.some((r) => r.is_current_user) : Boolean(data?.currentUserInStandings)
  const busy = loading || (answer !== null && live.fetching)
  const rows = data?.standings ?? []
  // "Your position" was pressed: the own row is scrolled to and focused once its page is shown.
  const [seekingOwnRow, setSeekingOwnRow] = useState(false)

  // The user's own row scrolls into view 500 ms after the table arrives, when they are below 5th;
  // the live table opens on it wherever it is (a phone has it under the summary, decision 143):
  // 'nearest' leaves a row already in view where it is.
  const isLive = answer !== null
  useEffect(() => {
    if (!signedIn || search || position === null || !ownOnPage || (!isLive && position <= OWN_ROW_SCROLL_MIN)) return
    const block = position <= OWN_ROW_SCROLL_MIN ? 'nearest' : 'center'
    const timer = setTimeout(() => ownRowRef.current?.scrollIntoView?.({ behavior: 'smooth', block }), OWN_ROW_SCROLL_DELAY_MS)
    return () => clearTimeout(timer)
  }, [signedIn, search, position, ownOnPage, isLive])

  const shownPage = answer ? answer.pagination_metadata.current_page : (data?.paginationMetadata?.current_page ?? null)
  useEffect(() => {
    if (!seekingOwnRow || busy || search || shownPage !== ownPage) return
    setSeekingOwnRow(false)
    const row = ownRowRef.current
    row?.scrollIntoView?.({ behavior: 'smooth', block: 'center' })
    row?.focus({ preventScroll: true })
  }, [seekingOwnRow, busy, search, shownPage, ownPage])

  // A new search starts a history entry; refining one replaces it.
  const onSearch = useCallback((text: string) => onShow({ page: null, search: text }, Boolean(search && text)), [onShow, search])

  const showOwnRow =
    ownPage === null
      ? undefined
      : () => {
          setSeekingOwnRow(true)
          if (search || page !== ownPage) onShow({ page: ownPage, search: '' })
        }

  if (!data) {
    return loading ? (
      // Skeleton rows drawn under the line by live.css.
      <p className="inline-loading tab-loading table-skeleton" role="status">
        <span className="spinner spinner--sm" aria-hidden="true" /> Loading tournament data...
      </p>
    ) : null
  }

  if (!signedIn) {
    return (
      <SignInGate message="Sign in to view standings for your league.">
        <StandingsList rows={rows.length ? rows.slice(0, 10) : SAMPLE_ROWS} />
      </SignInGate>
    )
  }
  if (data.access === 'members') return <MembersOnly what="standings" onJoin={onJoin} />

  const meta = answer ? answer.pagination_metadata : data.paginationMetadata
  // The live table's search answers a page of the matching rows: its size is the number of matches.
  const found = answer ? (search ? { query: search, total_matches: answer.pagination_metadata.total_members } : null) : (data.standingsMetadata.search ?? null)
  // Nothing to search before the first refresh has stored a table.
  const searchable = search || (answer ? answer.scope.league_size : (data.standingsMetadata.total_members ?? 0)) > 0
  return (
    <div className="live-tab">
      {readable ? (
        <Suspense fallback={null}>
          <LiveSource leagueId={leagueId} page={page} search={search} stored={stored} startAfterMs={DETAIL_LOAD_DELAY_MS} onLive={setLive} />
        </Suspense>
      ) : null}
      {/* First in the markup, so a phone shows the (compact) card above the table; wide screens put it beside. */}
      <aside className="live-tab__side" aria-label="Gameweek summary">
        <GameweekCard data={data} live={answer} onShowOwnRow={showOwnRow} />
        {answer ? <LiveBanter awards={answer.banter} /> : null}
        {prizesEnabled() ? <PrizePoolCard data={data} /> : null}
      </aside>
      <section className="card standings-card" aria-labelledby="standings-title" aria-busy={busy || undefined}>
        <div className="standings-card__head">
          <h2 id="standings-title" className="standings-card__title">
            {answer ? 'Live table' : 'Standings'}
          </h2>
          <p className="muted standings-card__count" aria-live="polite">
            {found ? (
              found.total_matches > 0 ? (
                `${formatNumber(found.total_matches)} ${found.total_matches === 1 ? 'match' : 'matches'} for “${found.query}”`
              ) : null
            ) : meta && meta.total_members > 0 ? (
              <>
                Showing {(meta.current_page - 1) * meta.per_page + 1}–{Math.min(meta.current_page * meta.per_page, meta.total_members)} of{' '}
                {formatNumber(meta.total_members)}
              </>
            ) : null}
          </p>
        </div>
        {live.failed ? (
          <p className="form-message form-message--info live-failure">
            The live scores could not be loaded.{' '}
            <button type="button" className="link-button" onClick={live.retry}>
              Retry live scores
            </button>
          </p>
        ) : null}
        {searchable ? <StandingsSearch search={search} onSearch={onSearch} /> : null}
        {answer ? (
          <Suspense
            fallback={
              <p className="inline-loading" role="status">
                <span className="spinner spinner--sm" aria-hidden="true" /> Loading the live table...
              </p>
            }
          >
            <LiveBoard
              leagueId={leagueId}
              answer={answer}
              swings={live.swings}
              ownRowRef={ownRowRef}
              storedGameweek={data.standingsMetadata.gameweek ?? null}
              empty={search ? `No manager or team name matches "${search}".` : 'No managers yet.'}
            />
          </Suspense>
        ) : (
          <>
            {data.standingsMetadata.message ? <p className="form-message form-message--info">{data.standingsMetadata.message}</p> : null}
            {rows.length === 0 && !data.standingsMetadata.message ? <p className="muted">No standings yet.</p> : null}
            {rows.length > 0 ? <StandingsList rows={rows} ownRowRef={ownRowRef} /> : null}
          </>
        )}
        {meta && meta.total_pages > 1 ? (
          <StandingsPagination
            page={page}
            totalPages={meta.total_pages}
            hasPrevious={meta.has_previous}
            hasNext={meta.has_next}
            onPage={(next) => onShow({ page: next, search })}
            disabled={busy}
          />
        ) : null}
      </section>
      {answer ? (
        <Suspense fallback={null}>
          <LeagueInsight leagueId={leagueId} rows={answer.standings} inTable={answer.current_user_position !== null} tableUpdatedAt={answer.updated_at} />
        </Suspense>
      ) : null}
    </div>
  )
}
