import { useId } from 'react'
import { formatShortDate } from '../../lib/format'
import { initialsOf } from '../../lib/initials'
import type { User } from '../auth/types'

/** Name, email, FPL Team ID (with a Locked badge) and member-since date. */
export function ProfileCard({ user }: { user: User }) {
  const id = useId()
  const since = formatShortDate(user.created_at)
  return (
    <section className="card profile-card" aria-labelledby={`${id}-title`}>
      <div className="profile-card__head">
        <span className="profile-card__avatar" aria-hidden="true">
          {initialsOf(user.name)}
        </span>
        <h2 id={`${id}-title`} className="profile-card__title">
          Profile
        </h2>
      </div>
      <dl className="facts facts--stacked">
        <div>
          <dt>Name</dt>
          <dd>{user.name || '—'}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd className="break-anywhere">{user.email || '—'}</dd>
        </div>
        <div>
          <dt>FPL Team ID</dt>
          <dd>
            {user.fpl_team_id ?? <span className="muted">Not set</span>}
            {user.fpl_team_id_locked ? (
              <span className="badge badge--neutral profile-card__lock" title="Your FPL Team ID can't be changed">
                <span aria-hidden="true">🔒 </span>Locked
              </span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>Member since</dt>
          <dd>{since || '—'}</dd>
        </div>
      </dl>
    </section>
  )
}
