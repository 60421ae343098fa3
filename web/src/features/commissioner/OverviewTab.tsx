import { formatNumber } from '../../../../contract/numbers'
import { Fact } from '../../components/Fact'
import { formatShortDate } from '../../lib/format'
import type { CommunityPost } from '../community/types'
import type { LeagueMember, ManagedLeague } from './types'

export type CommissionerTab = 'overview' | 'settings' | 'invite' | 'members' | 'moderation'

export function OverviewTab({
  league,
  members,
  posts,
  onGo,
}: {
  league: ManagedLeague
  members: LeagueMember[] | null
  posts: CommunityPost[] | null
  onGo: (tab: CommissionerTab) => void
}) {
  const reported = posts?.filter((p) => p.reported).length
  const stat = (value: number | undefined) => (value === undefined ? '…' : formatNumber(value))
  return (
    <div className="commissioner-overview">
      <ul className="stat-tiles" aria-label="League at a glance">
        <li className="card stat-tile">
          <span className="stat-tile__value">{stat(members?.length)}</span>
          <span className="stat-tile__label">Active members</span>
        </li>
        <li className="card stat-tile">
          <span className="stat-tile__value">{stat(posts?.length)}</span>
          <span className="stat-tile__label">Community posts</span>
        </li>
        <li className={reported ? 'card stat-tile stat-tile--alert' : 'card stat-tile'}>
          <span className="stat-tile__value">{stat(reported)}</span>
          <span className="stat-tile__label">Reported posts</span>
        </li>
      </ul>

      <section className="card" aria-labelledby="league-info-title">
        <h2 id="league-info-title" className="commissioner-section__title">
          League information
        </h2>
        <dl className="facts">
          <Fact term="Name" valueClassName="break-anywhere">
            {league.name}
          </Fact>
          <Fact term="FPL League ID">{league.fpl_league_id ?? '—'}</Fact>
          <Fact term="Visibility">{league.is_public ? 'Public' : 'Private'}</Fact>
          <Fact term="Created">{formatShortDate(league.created_at) || '—'}</Fact>
        </dl>
        <p className="commissioner-description">
          <strong>Description: </strong>
          {league.description ? league.description : <span className="muted">No description yet.</span>}
        </p>
      </section>

      <section className="card" aria-labelledby="quick-actions-title">
        <h2 id="quick-actions-title" className="commissioner-section__title">
          Quick actions
        </h2>
        <div className="quick-actions">
          <button type="button" className="button button--ghost" onClick={() => onGo('settings')}>
            ⚙️ Edit settings
          </button>
          <button type="button" className="button button--ghost" onClick={() => onGo('invite')}>
            🔗 Invite managers
          </button>
          <button type="button" className="button button--ghost" onClick={() => onGo('members')}>
            👥 Manage members
          </button>
          <button type="button" className="button button--ghost" onClick={() => onGo('moderation')}>
            🛡️ Moderate posts
          </button>
        </div>
      </section>
    </div>
  )
}
