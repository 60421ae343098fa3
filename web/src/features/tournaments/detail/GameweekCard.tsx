import type { LiveAnswer } from '../../../../../contract/live'
import { formatNumber } from '../../../../../contract/numbers'
import { Fact } from '../../../components/Fact'
import type { LeagueData } from '../types'

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
 * instead (decisions 141 and 143, big leagues).
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

export function GameweekCard({ data, live, onShowOwnRow }: { data: LeagueData; live: LiveAnswer | null; onShowOwnRow?: () => void }) {
  const { gameweek, provisional, top, average, counted, position, positionTerm, updated } = gameweekFigures(data, live)
  const total = live?.scope.league_size ?? data.standingsMetadata.total_members ?? data.paginationMetadata?.total_members ?? data.standings.length
  // A gameweek FPL has not checked has a leader so far, never a winner (decision 113): said in the
  // terms while it is live, in a note under the stored table's provisional figures.
  const soFar = live?.provisional ? ' so far' : ''
  return (
    <section className="card side-card gameweek-card" aria-labelledby="gw-card-title">
      <h2 id="gw-card-title" className="side-card__title">
        <span aria-hidden="true">⚡ </span>This Gameweek
      </h2>
      <dl className="side-card__facts">
        <Fact term="Gameweek">{gameweek ? `GW ${gameweek}${provisional ? ' (provisional)' : ''}` : '—'}</Fact>
        <div>
          <dt>Top scorer{soFar}</dt>
          <dd>{top ? `${top.player_name}${tiedText(top.tied_with)} (${top.points} pts)` : '—'}</dd>
        </div>
        <div>
          <dt>Average{soFar}</dt>
          <dd>{average !== null ? `${average} pts` : '—'}</dd>
        </div>
        <Fact term="Managers">{formatNumber(total)}</Fact>
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
