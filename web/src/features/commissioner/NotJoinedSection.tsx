import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { formatNumber } from '../../../../contract/numbers'
import { fplLeagueSizeText } from '../../../../contract/tournaments'
import { InviteLinkActions } from '../tournaments/InviteLinkActions'
import { commissionerError } from './errors'
import { inviteLinkQuery } from './invite-link'
import type { MembersAnswer } from './types'

/**
 * The FPL league's managers who have not joined yet (the top of the stored table; the server caps
 * the list and counts the rest), with the invite link to send them. Before the league's first
 * refresh there is no table yet: the link alone.
 */
export function NotJoinedSection({
  leagueId,
  leagueName,
  members,
}: {
  leagueId: number
  leagueName: string
  /** null while the members load. */
  members: Pick<MembersAnswer, 'fpl_league_size' | 'not_joined'> | null
}) {
  const id = useId()
  // Shown when the clipboard is unavailable, for a manual copy (the message says "from above": decision 181, R12).
  const [manual, setManual] = useState(false)
  const notJoined = members?.not_joined ?? null
  const everyoneJoined = notJoined?.total === 0
  const link = useQuery({ ...inviteLinkQuery(leagueId), enabled: members !== null && !everyoneJoined })
  const more = notJoined ? notJoined.total - notJoined.managers.length : 0

  return (
    <section className="card not-joined" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="commissioner-section__title">
        Not joined yet {notJoined ? <span className="count-pill">{formatNumber(notJoined.total)}</span> : null}
      </h2>
      {members === null ? null : notJoined && members.fpl_league_size !== null ? (
        <p className="muted">{fplLeagueSizeText(members.fpl_league_size)} at the last refresh; these are not members here yet.</p>
      ) : (
        <p className="muted">The FPL league&apos;s managers show here after the league&apos;s first refresh. You can send the invite link now.</p>
      )}

      {everyoneJoined ? <p className="not-joined__done">🎉 Everyone in the FPL league has joined.</p> : null}
      {notJoined && notJoined.managers.length > 0 ? (
        <>
          <ol className="row-list" aria-label="Managers not joined yet">
            {notJoined.managers.map((m) => (
              <li key={m.fpl_team_id} className="row-list__item">
                <div className="row-list__main">
                  <p className="row-list__title">{m.player_name}</p>
                  <p className="row-list__meta">{m.team_name}</p>
                </div>
                <span className="not-joined__rank">Rank {formatNumber(m.rank)}</span>
              </li>
            ))}
          </ol>
          {more > 0 ? <p className="muted not-joined__more">and {formatNumber(more)} more</p> : null}
        </>
      ) : null}

      {members !== null && !everyoneJoined ? (
        <div className="not-joined__invite">
          <h3 className="not-joined__invite-title">Send them the invite link</h3>
          {link.data && manual ? (
            <div className="field">
              <label htmlFor={`${id}-link`} className="field__label">
                Your invite link
              </label>
              <input id={`${id}-link`} className="input invite-input" readOnly value={link.data.invite_url} onFocus={(e) => e.currentTarget.select()} />
            </div>
          ) : null}
          {link.data ? (
            <InviteLinkActions url={link.data.invite_url} leagueName={leagueName} messageId={`${id}-copy`} onCopyFailed={() => setManual(true)} />
          ) : null}
          {link.isError ? (
            <p className="form-message form-message--error" role="alert">
              {commissionerError(link.error, 'Failed to load the invite link')}
            </p>
          ) : null}
          {link.isPending ? (
            <p className="inline-loading" role="status">
              <span className="spinner spinner--sm" aria-hidden="true" /> Loading invite link...
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
