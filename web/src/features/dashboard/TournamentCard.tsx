import { useId } from 'react'
import { useNavigate } from 'react-router'
import { membersText } from '../../../../contract/tournaments'
import { Fact } from '../../components/Fact'
import type { UserLeague } from '../../lib/api-answers'
import { formatShortDate } from '../../lib/format'
import { RenewalNotice } from '../season/RenewalNotice'

/** One of the user's tournaments on the dashboard (the entry fee always reads Free here). */
export function TournamentCard({ league }: { league: UserLeague }) {
  const navigate = useNavigate()
  const id = useId()
  return (
    <li className="card league-card" aria-labelledby={`${id}-name`}>
      <div className="league-card__head">
        <h3 id={`${id}-name`} className="league-card__name">
          {league.name}
        </h3>
        <div className="league-card__badges">
          {league.is_commissioner ? <span className="badge badge--accent">Commissioner</span> : null}
          <span className="badge badge--neutral">{league.is_public ? 'Public' : 'Private'}</span>
        </div>
      </div>
      {league.description ? <p className="league-card__description">{league.description}</p> : null}
      <dl className="facts">
        <Fact term="FPL League ID">{league.fpl_league_id ?? '—'}</Fact>
        <Fact term="Members">{membersText(league.member_count ?? 0, league.fpl_league_size ?? null)}</Fact>
        <Fact term="Entry fee">Free</Fact>
        <Fact term="Created">{formatShortDate(league.created_at) || '—'}</Fact>
      </dl>
      {league.awaiting_renewal ? <RenewalNotice league={league} /> : null}
      <div className="league-card__actions">
        <button
          type="button"
          className="button button--primary button--sm"
          aria-describedby={`${id}-name`}
          onClick={() => navigate('/tournaments', { state: { selectedLeague: league } })}
        >
          View Dashboard
        </button>
        {league.is_commissioner ? (
          <button
            type="button"
            className="button button--ghost button--sm"
            aria-describedby={`${id}-name`}
            onClick={() => navigate('/commissioner', { state: { league } })}
          >
            Manage League
          </button>
        ) : null}
        {league.awaiting_renewal ? null : (
          <span className="status-label">
            <span className="live-dot" aria-hidden="true" /> Active
          </span>
        )}
      </div>
    </li>
  )
}
