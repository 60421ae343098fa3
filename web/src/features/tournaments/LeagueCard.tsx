import { useId } from 'react'
import { Fact } from '../../components/Fact'
import { formatEntryFee, formatShortDate } from '../../lib/format'
import { prizesEnabled } from './constants'
import { descriptiveLine, joinBlockedLine, memberWording, offersJoin, PRIVATE_MEANING, typeBadge } from './league-text'
import { isPinned } from './leagues-api'
import type { League } from './types'

export interface LeagueCardProps {
  league: League
  isMember: boolean
  /** The View button shows its spinner. */
  viewing: boolean
  /** Chosen through navigation state (e.g. the dashboard's View Dashboard). */
  selected?: boolean
  onView: (league: League) => void
  onJoin: (league: League) => void
}

export function LeagueCard({ league, isMember, viewing, selected = false, onView, onJoin }: LeagueCardProps) {
  const id = useId()
  const pinned = isPinned(league)
  const isPublic = league.type === 'public'
  const isCurated = league.type === 'curated_public'
  // Join only where it can work (the API's can_join); otherwise a short line says why not.
  const canJoin = offersJoin(league) && !isMember
  const blocked = isMember ? null : joinBlockedLine(league)
  const line = descriptiveLine(league)
  const showMoney = prizesEnabled() && (league.entry_fee ?? 0) > 0
  const classes = ['card', 'tournament-card']
  if (pinned) classes.push('tournament-card--pinned')
  if (selected) classes.push('tournament-card--selected')

  return (
    <li className={classes.join(' ')} aria-labelledby={`${id}-name`} aria-current={selected ? 'true' : undefined} data-league-id={league.id}>
      {pinned ? (
        <p className="tournament-card__pin">
          <span aria-hidden="true">📌 </span>Pinned Curated Tournament
        </p>
      ) : null}
      <div className="tournament-card__head">
        <h3 id={`${id}-name`} className="tournament-card__name">
          {league.name}
        </h3>
        <div className="tournament-card__badges">
          <span
            className={`badge tournament-badge tournament-badge--${isPublic ? 'global' : isCurated ? 'curated' : 'private'}`}
            title={isPublic || isCurated ? undefined : `Private: ${PRIVATE_MEANING.toLowerCase()}`}
          >
            {typeBadge(league)}
          </span>
          {isPublic ? <span className="badge badge--primary">Auto-Join</span> : null}
          {isCurated ? <span className="badge badge--accent">Admin Selected</span> : null}
        </div>
      </div>
      {line ? <p className="tournament-card__line">{line}</p> : null}
      {league.description && league.description !== line ? <p className="tournament-card__description">{league.description}</p> : null}
      <dl className="facts">
        <div className="facts__wide">
          <dt>Members</dt>
          <dd>{memberWording(league)}</dd>
        </div>
        {league.fpl_league_id ? <Fact term="FPL League ID">{league.fpl_league_id}</Fact> : null}
        {showMoney ? (
          <>
            <Fact term="Entry fee">{formatEntryFee(league.entry_fee)}</Fact>
            <Fact term="Prize pool">£{(league.current_prize_pool ?? 0).toFixed(2)}</Fact>
          </>
        ) : null}
        {!isPublic && !isCurated && league.created_at ? <Fact term="Created">{formatShortDate(league.created_at)}</Fact> : null}
      </dl>
      <div className="tournament-card__actions">
        <button
          type="button"
          className="button button--primary button--sm"
          onClick={() => onView(league)}
          disabled={viewing}
          aria-busy={viewing || undefined}
          aria-describedby={`${id}-name`}
          data-view-button
        >
          {viewing ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
          View
        </button>
        {canJoin ? (
          <button type="button" className="button button--ghost button--sm" onClick={() => onJoin(league)} aria-describedby={`${id}-name`}>
            Join
          </button>
        ) : null}
        <span className="tournament-card__status">
          {isMember ? (
            <span className="tournament-card__joined">
              <span aria-hidden="true">✓</span> {isPublic ? 'Auto-Joined' : 'Joined'}
            </span>
          ) : isPublic ? (
            <span className="muted">Auto-join on registration</span>
          ) : blocked ? (
            <span className="muted">{blocked}</span>
          ) : null}
          {isCurated ? <span className="muted">Teams selected by admin</span> : null}
        </span>
      </div>
    </li>
  )
}
