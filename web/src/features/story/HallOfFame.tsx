import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { HallRecord, HallSeason, RecordHolder } from '../../../../contract/hall-of-fame'
import { ApiError } from '../../lib/api'
import { errorText } from '../../lib/errors'
import { MembersOnly, SignInGate } from '../auth/Gates'
import { recordsQuery, seasonsQuery } from './story-api'
import '../../styles/hall-of-fame.css'
import { formatNumber } from '../../../../contract/numbers'

// The Hall of Fame (decision 136): the tournament's all-time records as cards and its seasons' tables
// with a season picker. Self-contained: it reads its own data and shows its own gates.

const ICONS: Record<HallRecord['kind'], string> = {
  best_gameweek: '🚀',
  worst_gameweek: '🧊',
  most_manager_of_the_month: '👑',
  biggest_climb: '🧗',
  longest_at_top: '⛰️',
  worst_captaincy: '🙈',
  most_bench_points: '🪑',
}

const UNITS: Record<HallRecord['unit'], [string, string]> = {
  points: ['point', 'points'],
  titles: ['title', 'titles'],
  places: ['place', 'places'],
  gameweeks: ['gameweek', 'gameweeks'],
}

const amount = (value: number, unit: HallRecord['unit']) => `${formatNumber(value)} ${UNITS[unit][Math.abs(value) === 1 ? 0 : 1]}`

/** When a holder set the record: a gameweek, a run of them, or the months of their titles. */
export function recordWhen(holder: RecordHolder): string {
  if (holder.month) return holder.month
  if (holder.gameweek === null) return holder.season
  if (holder.gameweek_to !== null && holder.gameweek_to !== holder.gameweek) return `${holder.season} · GW ${holder.gameweek}-${holder.gameweek_to}`
  return `${holder.season} · GW ${holder.gameweek}`
}

export function HallOfFame({ leagueId }: { leagueId: string }) {
  const records = useQuery(recordsQuery(leagueId))
  const seasons = useQuery(seasonsQuery(leagueId))
  const id = useId()
  const error = records.error ?? seasons.error

  if (error instanceof ApiError && error.status === 401) {
    return <SignInGate message="Sign in to see your league's Hall of Fame.">{null}</SignInGate>
  }
  if (error instanceof ApiError && error.status === 403) return <MembersOnly what="Hall of Fame records" />
  if (error) {
    return (
      <div className="card tab-empty" role="alert">
        <h2 className="tab-empty__title">The Hall of Fame didn&apos;t load</h2>
        <p className="muted">{errorText(error, 'Something went wrong loading the Hall of Fame.')}</p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            void records.refetch()
            void seasons.refetch()
          }}
        >
          Try again
        </button>
      </div>
    )
  }
  if (!records.data || !seasons.data) {
    return (
      <p className="inline-loading tab-loading" role="status">
        <span className="spinner spinner--sm" aria-hidden="true" /> Loading the Hall of Fame...
      </p>
    )
  }
  if (records.data.status === 'pending') {
    return (
      <div className="card tab-empty" role="status">
        <p className="tab-empty__icon" aria-hidden="true">
          🏛️
        </p>
        <h2 className="tab-empty__title">No records yet</h2>
        <p className="muted">{records.data.message}</p>
      </div>
    )
  }
  return (
    <div className="hall">
      <section aria-labelledby={`${id}-records`}>
        <h2 id={`${id}-records`} className="hall__title">
          Hall of Fame
        </h2>
        <p className="muted hall__covered">
          All-time records from {records.data.seasons_covered.length === 1 ? 'the' : 'these'} season
          {records.data.seasons_covered.length === 1 ? '' : 's'} we kept: {records.data.seasons_covered.join(', ')}.
        </p>
        {records.data.records.length === 0 ? (
          <p className="muted">No records set yet.</p>
        ) : (
          <ul className="hall__records">
            {records.data.records.map((r) => (
              <li key={r.kind}>
                <RecordCard record={r} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <SeasonTables seasons={seasons.data.seasons} />
    </div>
  )
}

function RecordCard({ record }: { record: HallRecord }) {
  const titleId = useId()
  const more = record.holder_count - record.holders.length
  return (
    <article className="card hall-record" aria-labelledby={titleId}>
      <header className="hall-record__head">
        <span className="hall-record__icon" aria-hidden="true">
          {ICONS[record.kind]}
        </span>
        <h3 id={titleId} className="hall-record__title">
          {record.title}
        </h3>
      </header>
      <p className="hall-record__value">{amount(record.value, record.unit)}</p>
      {record.holders.length > 1 ? <p className="hall-record__joint">Joint record</p> : null}
      <ul className="hall-record__holders">
        {record.holders.map((h) => (
          <li key={`${h.season}-${h.fpl_team_id ?? h.player_name}-${h.gameweek ?? h.month ?? ''}`}>
            <span className="hall-record__name break-anywhere">{h.player_name}</span>
            {h.team_name ? <span className="hall-record__team muted break-anywhere"> · {h.team_name}</span> : null}
            <span className="hall-record__when muted">{recordWhen(h)}</span>
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="muted hall-record__more">and {formatNumber(more)} more level on it</p> : null}
      {record.covers ? <p className="muted hall-record__covers">{record.covers}</p> : null}
    </article>
  )
}

const statusLabel = (s: HallSeason) =>
  s.status === 'final' ? 'Final table' : s.status === 'so_far' ? `So far, after GW ${s.through_gameweek}` : "From the managers' FPL history"

function SeasonTables({ seasons }: { seasons: HallSeason[] }) {
  const id = useId()
  const [picked, setPicked] = useState(seasons[0]?.season ?? '')
  const season = seasons.find((s) => s.season === picked) ?? seasons[0]
  if (!season) return null
  const history = season.source === 'fpl_history'
  return (
    <section className="card hall-season" aria-labelledby={`${id}-seasons`}>
      <div className="hall-season__head">
        <h2 id={`${id}-seasons`} className="hall__title">
          Seasons
        </h2>
        <div className="field hall-season__picker">
          <label htmlFor={`${id}-pick`} className="field__label">
            Season
          </label>
          <select id={`${id}-pick`} className="input" value={season.season} onChange={(e) => setPicked(e.target.value)}>
            {seasons.map((s) => (
              <option key={s.season} value={s.season}>
                {s.season}
                {s.status === 'fpl_history' ? ' (FPL history)' : s.status === 'so_far' ? ' (so far)' : ''}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="hall-season__status">
        <span className={`badge ${season.status === 'final' ? 'badge--primary' : 'badge--accent'}`}>{statusLabel(season)}</span>
        {season.league_name ? <span className="muted break-anywhere"> {season.league_name}</span> : null}
      </p>
      {history ? (
        <p className="muted hall-season__note">
          FPL doesn&apos;t keep last season&apos;s league tables, so this is each manager&apos;s season total from their own FPL history, ranked among them.
        </p>
      ) : null}
      <div className="hall-season__scroll">
        <table className="hall-table">
          <caption className="visually-hidden">
            {season.season}: {statusLabel(season)}
          </caption>
          <thead>
            <tr>
              <th scope="col">Pos</th>
              <th scope="col">Manager</th>
              <th scope="col" className="hall-table__num">
                Points
              </th>
              {history ? (
                <th scope="col" className="hall-table__num">
                  Overall rank
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {season.rows.map((r) => (
              <tr key={r.fpl_team_id}>
                <td className="hall-table__pos">{r.position}</td>
                <td>
                  <span className="hall-table__name break-anywhere">{r.player_name}</span>
                  {r.team_name ? <span className="hall-table__team muted break-anywhere">{r.team_name}</span> : null}
                </td>
                <td className="hall-table__num">{formatNumber(r.total)}</td>
                {history ? <td className="hall-table__num">{r.overall_rank === null ? '—' : formatNumber(r.overall_rank)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {season.total_managers > season.rows.length ? (
        <p className="muted hall-season__note">
          Top {season.rows.length} of {formatNumber(season.total_managers)} managers.
        </p>
      ) : null}
    </section>
  )
}
