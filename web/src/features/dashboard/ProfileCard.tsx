import { useId, useRef, useState } from 'react'
import { Fact } from '../../components/Fact'
import type { UpdateFplTeamAnswer } from '../../lib/api-answers'
import { formatShortDate } from '../../lib/format'
import { initialsOf } from '../../lib/initials'
import { useAuth } from '../auth/AuthProvider'
import type { User } from '../auth/types'
import { verifiedTeamFields } from '../fpl-team/fpl-team-api'
import { LazyTeamVerification } from '../fpl-team/LazyTeamVerification'
import { VerifiedBadge } from '../fpl-team/VerifiedBadge'
import { TeamIdForm } from './TeamIdForm'

/**
 * Name, email, FPL Team ID (Verified / Not verified, and a Locked badge) and member-since date.
 * While the team is not verified its owner can verify it here, or change the id.
 */
export function ProfileCard({ user, onTeamChanged }: { user: User; onTeamChanged: (answer: UpdateFplTeamAnswer) => void }) {
  const id = useId()
  const { updateUser } = useAuth()
  const [panel, setPanel] = useState<'verify' | 'change' | null>(null)
  const actionsRef = useRef<HTMLDivElement>(null)
  const since = formatShortDate(user.created_at)
  const unverified = user.fpl_team_id !== null && !user.fpl_team_verified
  const closePanel = () => {
    setPanel(null)
    // Back to where the panel was opened from (or the card, once the team is verified).
    requestAnimationFrame(() => (actionsRef.current?.querySelector('button') ?? actionsRef.current)?.focus())
  }
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
        <Fact term="Name">{user.name || '—'}</Fact>
        <Fact term="Email" valueClassName="break-anywhere">
          {user.email || '—'}
        </Fact>
        <div>
          <dt>FPL Team ID</dt>
          <dd>
            {user.fpl_team_id ?? <span className="muted">Not set</span>}
            {user.fpl_team_id === null ? null : <VerifiedBadge verified={user.fpl_team_verified} whose="you" className="profile-card__lock" />}
            {user.fpl_team_id_locked ? (
              <span className="badge badge--neutral profile-card__lock" title="Your FPL Team ID can't be changed">
                <span aria-hidden="true">🔒 </span>Locked
              </span>
            ) : null}
          </dd>
        </div>
        <Fact term="Member since">{since || '—'}</Fact>
      </dl>
      <div ref={actionsRef} tabIndex={-1} className="profile-card__team focus-target">
        {unverified && panel === null ? (
          <div className="button-row">
            <button type="button" className="button button--primary button--sm" onClick={() => setPanel('verify')}>
              Verify it&apos;s yours
            </button>
            {user.fpl_team_id_locked ? null : (
              <button type="button" className="button button--ghost button--sm" onClick={() => setPanel('change')}>
                Change team ID
              </button>
            )}
          </div>
        ) : null}
        {panel === 'verify' && user.fpl_team_id !== null ? (
          <LazyTeamVerification teamId={user.fpl_team_id} onVerified={(team) => updateUser(verifiedTeamFields(team))} onClose={closePanel} />
        ) : null}
        {panel === 'change' ? (
          <>
            <p className="muted">
              Leagues your current team brought you into are left when you change it; the new team&apos;s leagues are offered to you instead.
            </p>
            <TeamIdForm
              saveLabel="Save new ID"
              savedTitle="FPL Team ID changed"
              onSaved={(answer) => {
                closePanel()
                onTeamChanged(answer)
              }}
            />
            <button type="button" className="link-button" onClick={closePanel}>
              Keep team {user.fpl_team_id}
            </button>
          </>
        ) : null}
      </div>
    </section>
  )
}
