import { lazy, type Ref, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react'
import type { LiveAnswer } from '../../../../../contract/live'
import { formatNumber } from '../../../../../contract/numbers'
import { formatEntryFee } from '../../../lib/format'
import { LiveBanter } from '../../live/LiveBanter'
import type { LiveTable } from '../../live/useLiveTable'
import { DEBOUNCE_MS, OWN_ROW_SCROLL_DELAY_MS, OWN_ROW_SCROLL_MIN, PROGRESS_SCALE_POINTS, prizesEnabled, STANDINGS_SEARCH_MAX_LENGTH } from '../constants'
import type { LeagueData, StandingRow } from '../types'
import { MembersOnly, SignInGate } from './Gates'
import type { StandingsView } from './league-data'
import { Movement } from './Movement'
import { pageWindow, progressPercent } from './standings-math'

// The live view of a gameweek in play, for signed-in readers only: loaded when it is shown.
// Through import.meta.glob, Vite's lazy chunk, which the page renderer's bundler leaves out: the
// server draws a visitor's page and never this view (decision 119).
// (The glob is read inside the loader: the page renderer has no import.meta.glob and never calls it.)
const LiveBoard = lazy(() => import.meta.glob<typeof import('../../live/LiveBoard')>('../../live/LiveBoard.tsx')['../../live/LiveBoard.tsx']!())
// Its data too: the live query, the socket and the swing feed are mounted for signed-in readers only.
const LiveSource = lazy(() => import.meta.glob<typeof import('../../live/LiveSource')>('../../live/LiveSource.tsx')['../../live/LiveSource.tsx']!())

/** No live data (signed out, members only, or before the live code has loaded): the stored standings show. */
const NO_LIVE: LiveTable = { answer: null, swings: [], failed: false, fetching: false, retry: () => {} }

const PLACES = [
  { icon: '🏆', label: 'Trophy: 1st place' },
  { icon: '🏅', label: 'Medal: 2nd place' },
  { icon: '🎖️', label: 'Award: 3rd place' },
]

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
          <LiveSource leagueId={leagueId} page={page} search={search} stored={stored} onLive={setLive} />
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
          <Pagination
            page={page}
            totalPages={meta.total_pages}
            hasPrevious={meta.has_previous}
            hasNext={meta.has_next}
            onPage={(next) => onShow({ page: next, search })}
            disabled={busy}
          />
        ) : null}
      </section>
    </div>
  )
}

/**
 * The search box: finds managers and teams by name across the whole league (the server
 * searches). What is typed is searched 500 ms after the last key, or at once with Enter.
 */
function StandingsSearch({ search, onSearch }: { search: string; onSearch: (text: string) => void }) {
  const [draft, setDraft] = useState(search)
  // Back, forward or "Your position" change the search from outside: the box follows.
  const [shown, setShown] = useState(search)
  if (shown !== search) {
    setShown(search)
    setDraft(search)
  }
  const wanted = draft.trim()
  useEffect(() => {
    if (wanted === search) return
    const timer = setTimeout(() => onSearch(wanted), DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [wanted, search, onSearch])

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 (and to jsdom); a form with role="search" is the landmark everywhere.
    <form
      role="search"
      className="standings-search"
      onSubmit={(event) => {
        event.preventDefault()
        if (wanted !== search) onSearch(wanted)
      }}
    >
      <label htmlFor="standings-search" className="standings-search__label">
        Find a manager or team
      </label>
      <div className="standings-search__row">
        <input
          id="standings-search"
          className="input standings-search__input"
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          maxLength={STANDINGS_SEARCH_MAX_LENGTH}
          placeholder="Name or team name"
          autoComplete="off"
          enterKeyHint="search"
        />
        {search ? (
          <button
            type="button"
            className="button button--ghost button--sm"
            onClick={() => {
              setDraft('')
              onSearch('')
            }}
          >
            Clear search
          </button>
        ) : null}
      </div>
    </form>
  )
}

/** What the bar under each name measures (spec: total points out of 2,000, capped at 100 %). */
const SCALE = formatNumber(PROGRESS_SCALE_POINTS)

function StandingsList({ rows, ownRowRef }: { rows: StandingRow[]; ownRowRef?: Ref<HTMLLIElement> }) {
  const legendId = useId()
  return (
    <>
      {/* The bar explains itself: a key above the table, read before it (aria-describedby), and each bar's figure on hover. */}
      <p id={legendId} className="standings-legend">
        <span className="standing__bar standings-legend__bar" aria-hidden="true">
          <span className="standing__fill" style={{ width: '60%' }} />
        </span>
        <span>The bar under each name shows total points for the season: a full bar is {SCALE}.</span>
      </p>
      <ol className="standings" aria-label="League table" aria-describedby={legendId}>
        {rows.map((row) => {
          const place = row.rank >= 1 && row.rank <= 3 ? PLACES[row.rank - 1] : undefined
          const mine = Boolean(row.is_current_user)
          return (
            <li
              key={`${row.fpl_team_id}-${row.rank}`}
              ref={mine ? ownRowRef : undefined}
              className={mine ? 'standing standing--me' : 'standing'}
              aria-current={mine ? 'true' : undefined}
              data-testid={mine ? 'own-row' : undefined}
              // "Your position" moves focus here.
              tabIndex={mine ? -1 : undefined}
            >
              <span className="standing__rank">
                {place ? (
                  <span className="standing__place" role="img" aria-label={place.label}>
                    {place.icon}
                  </span>
                ) : null}
                <span className={place ? 'visually-hidden' : undefined}>{row.rank}</span>
                <Movement rank={row.rank} lastRank={row.last_rank} />
              </span>
              <span className="standing__who">
                {/* Names wrap on a phone and are cut with an ellipsis on wider screens, where the title
                  gives the full name; the "You" badge sits beside the name, never inside the cut. */}
                <span className="standing__name">
                  <span className="standing__team" title={row.team_name}>
                    {row.team_name}
                  </span>
                  {mine ? <span className="badge badge--accent standing__you">You</span> : null}
                </span>
                <span className="standing__player" title={row.player_name}>
                  {row.player_name}
                </span>
                <span className="standing__bar" aria-hidden="true" title={`${formatNumber(row.total_points)} of ${SCALE} points`}>
                  <span className="standing__fill" style={{ width: `${progressPercent(row.total_points)}%` }} data-testid="progress-fill" />
                </span>
              </span>
              <span className="standing__gw" title="Gameweek points">
                <span className="visually-hidden">Gameweek points: </span>
                <span className="standing__gw-label" aria-hidden="true">
                  GW{' '}
                </span>
                {row.gameweek_points}
              </span>
              <span className="standing__total">
                <span className="visually-hidden">Total points: </span>
                {formatNumber(row.total_points)}
              </span>
            </li>
          )
        })}
      </ol>
    </>
  )
}

function Pagination({
  page,
  totalPages,
  hasPrevious,
  hasNext,
  onPage,
  disabled = false,
}: {
  page: number
  totalPages: number
  hasPrevious: boolean
  hasNext: boolean
  onPage: (page: number) => void
  disabled?: boolean
}) {
  return (
    <nav className="pagination" aria-label="Standings pages">
      <button type="button" className="pagination__button" onClick={() => onPage(page - 1)} disabled={disabled || !hasPrevious || page <= 1}>
        <span aria-hidden="true">‹</span> Previous
      </button>
      <ul className="pagination__pages">
        {pageWindow(page, totalPages).map((n) => (
          <li key={n}>
            <button
              type="button"
              className="pagination__button pagination__page"
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              onClick={() => n !== page && onPage(n)}
              disabled={disabled}
            >
              {n}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="pagination__button" onClick={() => onPage(page + 1)} disabled={disabled || !hasNext || page >= totalPages}>
        Next <span aria-hidden="true">›</span>
      </button>
    </nav>
  )
}

interface GameweekFigures {
  gameweek: number | null | undefined
  /** FPL has not checked the gameweek: every figure is "so far". */
  provisional: boolean
  top: { player_name: string; tied_with: number; points: number } | null
  average: number | null
  /** Managers the top scorer and average were read over (fewer than all in a very large league). */
  counted: number | null
  position: number | null
  /** How the position is named: the table's, the live table's, or FPL's last rank in a big league's live table. */
  positionTerm: string
  updated: Date | null
}

/**
 * The card's figures. League-wide figures come from the refresh, the same on every page; never
 * derived from the rows on screen (older snapshots have none: "—" until the next refresh). A
 * gameweek in play reads them from the live answer's own league-wide summary (the rows the live
 * banter reads, so the card never says "—" beside banter that names leaders). A big league's live
 * ranks are places among the kept rows: the card gives the viewer's FPL rank at the stored table
 * instead (issue 26, rule 9).
 */
function gameweekFigures(data: LeagueData, live: LiveAnswer | null): GameweekFigures {
  const meta = data.standingsMetadata
  const summary = meta.gameweek_summary ?? null
  const refreshed = meta.refreshed_at ? new Date(meta.refreshed_at) : null
  const stored: GameweekFigures = {
    gameweek: summary?.gameweek ?? meta.gameweek,
    provisional: Boolean(summary?.provisional),
    top: summary?.top_scorer ?? null,
    average: summary?.average_points ?? null,
    counted: summary?.managers_counted ?? null,
    position: data.currentUserPosition,
    positionTerm: 'Your position',
    updated: refreshed && !Number.isNaN(refreshed.getTime()) ? refreshed : null,
  }
  if (!live) return stored
  const figures = live.gameweek_summary
  const complete = live.scope.complete
  return {
    gameweek: live.gameweek,
    provisional: live.provisional,
    top: figures?.top_scorer ?? null,
    average: figures?.average_points ?? null,
    counted: figures?.managers_counted ?? null,
    position: complete ? live.current_user_position : stored.position,
    positionTerm: complete ? 'Your position (live)' : `Your FPL rank${meta.gameweek ? ` (GW ${meta.gameweek})` : ''}`,
    updated: live.updated_at ? new Date(live.updated_at) : null,
  }
}

function GameweekCard({ data, live, onShowOwnRow }: { data: LeagueData; live: LiveAnswer | null; onShowOwnRow?: () => void }) {
  const { gameweek, provisional, top, average, counted, position, positionTerm, updated } = gameweekFigures(data, live)
  const total = live?.scope.league_size ?? data.standingsMetadata.total_members ?? data.paginationMetadata?.total_members ?? data.standings.length
  // A gameweek FPL has not checked has a leader so far, never a winner (issue 15): said in the
  // terms while it is live, in a note under the stored table's provisional figures.
  const soFar = live?.provisional ? ' so far' : ''
  return (
    <section className="card side-card gameweek-card" aria-labelledby="gw-card-title">
      <h2 id="gw-card-title" className="side-card__title">
        <span aria-hidden="true">⚡ </span>This Gameweek
      </h2>
      <dl className="side-card__facts">
        <div>
          <dt>Gameweek</dt>
          <dd>{gameweek ? `GW ${gameweek}${provisional ? ' (provisional)' : ''}` : '—'}</dd>
        </div>
        <div>
          <dt>Top scorer{soFar}</dt>
          <dd>{top ? `${top.player_name}${tiedText(top.tied_with)} (${top.points} pts)` : '—'}</dd>
        </div>
        <div>
          <dt>Average{soFar}</dt>
          <dd>{average !== null ? `${average} pts` : '—'}</dd>
        </div>
        <div>
          <dt>Managers</dt>
          <dd>{formatNumber(total)}</dd>
        </div>
        {position ? (
          <div>
            <dt>{positionTerm}</dt>
            <dd>
              {onShowOwnRow ? (
                <button type="button" className="link-button side-card__jump" onClick={onShowOwnRow} title="Show your row in the table">
                  #{formatNumber(position)}
                  <span className="visually-hidden"> (show your row in the table)</span>
                </button>
              ) : (
                `#${formatNumber(position)}`
              )}
            </dd>
          </div>
        ) : null}
      </dl>
      {counted !== null && counted < total ? (
        <p className="side-card__note">
          Top scorer and average over the {formatNumber(counted)}{' '}
          {live?.scope.complete ? 'managers whose team is in' : 'managers stored of this very large league'}.
        </p>
      ) : null}
      {provisional && !live && gameweek ? <p className="side-card__note">Figures so far: FPL has not checked GW {gameweek} yet.</p> : null}
      {updated ? (
        <p className="side-card__note">
          Updated <time dateTime={updated.toISOString()}>{updated.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}</time>
        </p>
      ) : null}
    </section>
  )
}

const tiedText = (others: number) => (others > 0 ? ` and ${others} other${others === 1 ? '' : 's'}` : '')

function PrizePoolCard({ data }: { data: LeagueData }) {
  const pool = data.league.current_prize_pool ?? 0
  return (
    <section className="card side-card" aria-labelledby="prize-card-title">
      <h2 id="prize-card-title" className="side-card__title">
        <span aria-hidden="true">💰 </span>Prize Pool
      </h2>
      <dl className="side-card__facts">
        <div>
          <dt>Total pool</dt>
          <dd>£{pool.toFixed(2)}</dd>
        </div>
        <div>
          <dt>Entry fee</dt>
          <dd>{formatEntryFee(data.league.entry_fee)}</dd>
        </div>
        <div>
          <dt>Monthly prize (30%)</dt>
          <dd>£{(pool * 0.3).toFixed(2)}</dd>
        </div>
      </dl>
    </section>
  )
}
