import { parseResponse } from 'hono/client'
import { useId } from 'react'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { StatusMessage } from '../../components/StatusMessage'
import { api, pathParam } from '../../lib/api'
import { useConfirmedMutation } from '../../lib/useConfirmedMutation'
import { useTimedMessage } from '../../lib/useTimedMessage'
import { VerifiedBadge } from '../fpl-team/VerifiedBadge'
import { commissionerError } from './errors'
import { NotJoinedSection } from './NotJoinedSection'
import { SeasonStatusNote } from './SeasonStatusNote'
import type { LeagueMember, ManagedLeague, MembersAnswer } from './types'

type Pending = { action: 'kick' | 'reactivate'; member: LeagueMember }

/**
 * Active members, the FPL league's managers who have not joined yet (with the invite link), and
 * inactive members. Everyone but the commissioner can be kicked (they become inactive); an
 * inactive member can be reactivated only when can_reactivate says so. After FPL's relaunch a
 * member who has not come along is marked, never removed.
 */
export function MembersTab({
  league,
  members,
  error,
  onChanged,
}: {
  league: Pick<ManagedLeague, 'id' | 'name' | 'type'>
  /** null while they load. */
  members: MembersAnswer | null
  error: string | null
  onChanged: () => Promise<void> | void
}) {
  const leagueId = league.id
  const active = members?.active_members ?? null
  const inactive = members?.inactive_members ?? null
  const season = members?.fpl_season ?? null
  // Only a private league follows an FPL league with managers to invite.
  const invites = league.type !== 'curated_public' && league.type !== 'public'
  const banner = useTimedMessage()
  const id = useId()

  const change = useConfirmedMutation({
    mutationFn: ({ action, member }: Pending) => {
      const route = api.leagues[':id'][action === 'kick' ? 'kick-user' : 'reactivate-user']
      return parseResponse(route.$post({ param: { id: pathParam(leagueId) }, query: { user_id: String(member.id) } }))
    },
    onSuccess: async (answer) => {
      banner.show('success', answer.message)
      await onChanged()
    },
    onError: (err, { action }) => banner.show('error', commissionerError(err, action === 'kick' ? 'Failed to kick user' : 'Failed to reactivate user')),
    onSettled: () => {
      change.close()
    },
  })
  const pending = change.target

  return (
    <div className="commissioner-members">
      <StatusMessage message={banner.message} error={error} />

      <section className="card" aria-labelledby={`${id}-active`}>
        <h2 id={`${id}-active`} className="commissioner-section__title">
          Active members {active ? <span className="count-pill">{active.length}</span> : null}
        </h2>
        {active === null && !error ? (
          <p className="inline-loading" role="status">
            <span className="spinner spinner--sm" aria-hidden="true" /> Loading members...
          </p>
        ) : null}
        {active && active.length === 0 ? <p className="muted">No active members.</p> : null}
        {active && active.length > 0 ? (
          <ul className="row-list" aria-label="Active members">
            {active.map((m) => (
              <li key={m.id} className="row-list__item">
                <MemberInfo member={m} season={season} />
                {m.is_commissioner ? (
                  <span className="badge badge--accent">Commissioner</span>
                ) : (
                  <button
                    type="button"
                    className="button button--ghost button--sm button--danger-text"
                    onClick={() => change.ask({ action: 'kick', member: m })}
                    aria-label={`Kick ${m.name}`}
                  >
                    Kick
                  </button>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      {invites && !error ? <NotJoinedSection leagueId={leagueId} leagueName={league.name} members={members} /> : null}

      <section className="card" aria-labelledby={`${id}-inactive`}>
        <h2 id={`${id}-inactive`} className="commissioner-section__title">
          Inactive members {inactive ? <span className="count-pill">{inactive.length}</span> : null}
        </h2>
        {inactive && inactive.length === 0 ? <p className="muted">No inactive members.</p> : null}
        {inactive && inactive.length > 0 ? (
          <ul className="row-list" aria-label="Inactive members">
            {inactive.map((m) => (
              <li key={m.id} className="row-list__item">
                <MemberInfo member={m} season={season} />
                {m.can_reactivate ? (
                  <button
                    type="button"
                    className="button button--ghost button--sm"
                    onClick={() => change.ask({ action: 'reactivate', member: m })}
                    aria-label={`Reactivate ${m.name}`}
                  >
                    Reactivate
                  </button>
                ) : (
                  <span className="muted row-list__note">User must rejoin FPL league first</span>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      {pending ? (
        <ConfirmDialog
          title={pending.action === 'kick' ? `Kick ${pending.member.name}?` : `Reactivate ${pending.member.name}?`}
          confirmLabel={pending.action === 'kick' ? 'Kick' : 'Reactivate'}
          busyLabel={pending.action === 'kick' ? 'Kicking...' : 'Reactivating...'}
          {...change.dialog}
          destructive={pending.action === 'kick'}
        >
          <p>
            {pending.action === 'kick'
              ? 'They become inactive: they lose access to the league until you reactivate them.'
              : 'They get full access to the league again.'}
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  )
}

function MemberInfo({ member, season }: { member: LeagueMember; season: string | null }) {
  const status = member.season_status
  return (
    <div className="row-list__main">
      <p className="row-list__title">{member.name}</p>
      <p className="row-list__meta">
        {member.email}
        {member.fpl_team_id ? ` · ${member.team_name ?? 'Team'} (FPL ID ${member.fpl_team_id}) ` : ' · No FPL team'}
        {member.fpl_team_id ? <VerifiedBadge verified={member.fpl_team_verified} whose="member" /> : null}
      </p>
      {status ? <SeasonStatusNote status={status} season={season} /> : null}
      {!status && !member.team_valid ? <p className="row-list__warning">⚠ Team not found in the FPL league</p> : null}
    </div>
  )
}
