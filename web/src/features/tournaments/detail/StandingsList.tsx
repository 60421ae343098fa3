import { type Ref, useId } from 'react'
import { formatNumber } from '../../../../../contract/numbers'
import { Movement } from '../../../components/Movement'
import { PROGRESS_SCALE_POINTS } from '../constants'
import type { StandingRow } from '../types'
import { progressPercent } from './standings-math'

const PLACES = [
  { icon: '🏆', label: 'Trophy: 1st place' },
  { icon: '🏅', label: 'Medal: 2nd place' },
  { icon: '🎖️', label: 'Award: 3rd place' },
]

/** What the bar under each name measures: total points out of 2,000, capped at 100 % (decision 181, R9). */
const SCALE = formatNumber(PROGRESS_SCALE_POINTS)

/** The stored standings (the Live tab's table between live gameweeks, and the sample behind the sign-in gate). */
export function StandingsList({ rows, ownRowRef }: { rows: StandingRow[]; ownRowRef?: Ref<HTMLLIElement> }) {
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
