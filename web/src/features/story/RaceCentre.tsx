import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { chanceText, type RaceAnswer, type RaceAnswerPart, type RaceRowAnswer } from '../../../../contract/race'
import { ApiError } from '../../lib/api'
import { errorText } from '../../lib/errors'
import { useAuth } from '../auth/AuthProvider'
import { MembersOnly, SignInGate } from '../auth/Gates'
import { raceQuery } from './story-api'
import '../../styles/race.css'
import { formatNumber } from '../../../../contract/numbers'

// The Race Centre (decision 132): who can still win the month and the season, and how
// likely, as the refresh computed it. Self-contained: it reads its own data and shows its own gates.

const span = (part: RaceAnswerPart) =>
  part.first_gameweek === part.last_gameweek ? `GW ${part.first_gameweek}` : `GW ${part.first_gameweek}-${part.last_gameweek}`

export function RaceCentre({ leagueId }: { leagueId: string }) {
  const race = useQuery(raceQuery(leagueId))
  const { user } = useAuth()
  const viewerTeam = user?.fpl_team_id ?? null

  if (race.error instanceof ApiError && race.error.status === 401) {
    return <SignInGate message="Sign in to see who can still win your league.">{null}</SignInGate>
  }
  if (race.error instanceof ApiError && race.error.status === 403) return <MembersOnly what="races" />
  if (race.error) {
    return (
      <div className="card tab-empty" role="alert">
        <h2 className="tab-empty__title">The race didn&apos;t load</h2>
        <p className="muted">{errorText(race.error, 'Something went wrong loading the race.')}</p>
        <button type="button" className="button button--ghost" onClick={() => void race.refetch()}>
          Try again
        </button>
      </div>
    )
  }
  if (!race.data) {
    return (
      <p className="inline-loading tab-loading" role="status">
        <span className="spinner spinner--sm" aria-hidden="true" /> Loading the race...
      </p>
    )
  }
  const data = race.data
  if (!data.season && !data.month) {
    return (
      <div className="card tab-empty" role="status">
        <p className="tab-empty__icon" aria-hidden="true">
          🏁
        </p>
        <h2 className="tab-empty__title">No race yet</h2>
        <p className="muted">{data.message ?? 'The race appears once the season is under way.'}</p>
      </div>
    )
  }
  return (
    <div className="race">
      {data.provisional && data.gameweek !== null ? (
        <p className="race__provisional" role="note">
          <span className="badge badge--accent">Provisional</span> Includes GW {data.gameweek} points so far: FPL hasn&apos;t checked them yet.
        </p>
      ) : null}
      {data.month ? <RaceCard part={data.month} answer={data} viewerTeam={viewerTeam} /> : null}
      {data.season ? <RaceCard part={data.season} answer={data} viewerTeam={viewerTeam} /> : null}
      <p className="muted race__method">
        Chances come from {formatNumber(data.runs)} simulated finishes, each manager scoring like he has this season.
        {data.computed_at ? ` Worked out ${new Date(data.computed_at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}.` : ''}
      </p>
    </div>
  )
}

function headline(part: RaceAnswerPart, provisional: boolean): string {
  const leaders = part.rows.filter((r) => r.gap === 0).map((r) => r.player_name)
  const names = leaders.length > 2 ? `${leaders.slice(0, 2).join(', ')} and ${leaders.length - 2} more` : leaders.join(' and ')
  if (part.gameweeks_left === 0) return provisional ? `${names} ${leaders.length > 1 ? 'lead' : 'leads'} so far` : `Won by ${names}`
  const alive = part.alive_count === 1 ? 'Only one manager can still win' : `${formatNumber(part.alive_count)} can still win`
  return `${names} ${leaders.length > 1 ? 'lead' : 'leads'} · ${alive}`
}

function RaceCard({ part, answer, viewerTeam }: { part: RaceAnswerPart; answer: RaceAnswer; viewerTeam: number | null }) {
  const titleId = useId()
  const leader = part.rows[0]
  const mine = part.rows.find((r) => r.fpl_team_id === viewerTeam) ?? null
  const own = mine && leader && mine.alive && mine.gap > 0 && part.gameweeks_left > 0 ? ownLine(mine, leader, part) : null
  const lines = part.catch_up.filter((l) => l.fpl_team_id !== viewerTeam)
  return (
    <section className="card race-card" aria-labelledby={titleId}>
      <header className="race-card__head">
        <div>
          <h2 id={titleId} className="race-card__title">
            {part.name}
          </h2>
          <p className="muted race-card__span">
            {span(part)} · {part.gameweeks_left === 0 ? 'no gameweeks left' : `${part.gameweeks_left} gameweek${part.gameweeks_left === 1 ? '' : 's'} left`}
          </p>
        </div>
      </header>
      <p className="race-card__headline">{headline(part, answer.provisional)}</p>
      {own || lines.length > 0 ? (
        <ul className="race-card__lines" aria-label="Who can catch whom">
          {own ? <li className="race-card__line race-card__line--own">{own}</li> : null}
          {lines.map((l) => (
            <li key={l.fpl_team_id} className="race-card__line break-anywhere">
              {l.text}
            </li>
          ))}
        </ul>
      ) : null}
      <ol className="race-rows">
        {part.rows.map((r) => (
          <RaceRow key={r.fpl_team_id} row={r} own={r.fpl_team_id === viewerTeam} />
        ))}
      </ol>
      {levelApart(part.rows) ? (
        <p className="muted race-card__note">
          Level on points, different chances: a chance follows each manager&apos;s scoring this season, both the average and how much the weeks vary.
        </p>
      ) : null}
      <p className="muted race-card__note">
        Out means even the league&apos;s biggest one-week swing this season ({part.largest_swing} points) in every gameweek left can&apos;t close the gap.
        {part.total_managers > part.rows.length
          ? ` Showing the top ${Math.min(50, part.rows.length)} and our members of ${formatNumber(part.total_managers)} managers.`
          : ''}
      </p>
    </section>
  )
}

/** Two alive managers level on points whose chances read differently (their forms differ). */
function levelApart(rows: readonly RaceRowAnswer[]): boolean {
  const seen = new Map<number, string>()
  for (const r of rows) {
    if (!r.alive) continue
    const text = chanceText(r.win_chance)
    const other = seen.get(r.points)
    if (other !== undefined && other !== text) return true
    seen.set(r.points, text)
  }
  return false
}

/** "< 0.1%" read out as "less than 0.1%": a screen reader may skip the sign. */
function ChanceText({ chance }: { chance: number }) {
  const text = chanceText(chance)
  const words = text.replace(/^< /, 'less than ').replace(/^> /, 'more than ')
  if (words === text) return <>{text}</>
  return (
    <>
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{words}</span>
    </>
  )
}

/** The viewer's own catch-up line, whether or not he is among the closest chasers. */
function ownLine(mine: RaceRowAnswer, leader: RaceRowAnswer, part: RaceAnswerPart): string {
  const next = part.last_gameweek - part.gameweeks_left + 1
  const window = next >= part.last_gameweek ? `GW ${part.last_gameweek}` : `GW ${next}-${part.last_gameweek}`
  return `You need ${mine.gap + 1} more than ${leader.player_name} over ${window} to overtake.`
}

function RaceRow({ row, own }: { row: RaceRowAnswer; own: boolean }) {
  return (
    <li className={`race-row${own ? ' race-row--own' : ''}${row.alive ? '' : ' race-row--out'}`} aria-current={own ? 'true' : undefined}>
      <span className="race-row__name break-anywhere">
        {row.player_name}
        {own ? <span className="badge badge--primary race-row__you">You</span> : null}
      </span>
      <span className="race-row__points">{formatNumber(row.points)} pts</span>
      <span className="race-row__gap">{row.gap === 0 ? 'Leader' : `−${row.gap}`}</span>
      {row.alive ? (
        <span className="race-row__chance">
          <span className="race-row__bar" aria-hidden="true">
            <span style={{ width: `${Math.min(100, row.win_chance * 100)}%` }} />
          </span>
          <span className="race-row__percent">
            <span className="visually-hidden">Chance to win: </span>
            <ChanceText chance={row.win_chance} />
          </span>
        </span>
      ) : (
        <span className="race-row__out">Mathematically out</span>
      )}
    </li>
  )
}
