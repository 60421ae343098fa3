import { useId } from 'react'
import { useNavigate } from 'react-router'
import { Modal } from '../../components/Modal'
import { Confetti } from './Confetti'
import type { CreatedLeague } from './CreateTournamentDialog'
import { InviteLinkActions } from './InviteLinkActions'

/**
 * The celebration after creating a tournament: confetti, the invite link to send the league
 * (copy, WhatsApp) and a View Tournament action. It stays open until closed, so the link can be
 * used (decision 078: the product's 5-second close came before the dialog handed anything out).
 */
export function CreatedDialog({ league, onClose }: { league: CreatedLeague; onClose: () => void }) {
  const navigate = useNavigate()
  const id = useId()

  const view = () => {
    onClose()
    // Our decision: the action opens the new tournament's own page (under /tournaments).
    navigate(`/tournaments/${league.league_id}`, { state: { league: { id: league.league_id, name: league.name } } })
  }

  return (
    <>
      <Confetti />
      <Modal labelledBy={`${id}-title`} describedBy={`${id}-body`} onClose={onClose} className="tournament-dialog created-dialog">
        <p className="created-dialog__icon" aria-hidden="true">
          🏆
        </p>
        <h2 id={`${id}-title`} className="tournament-dialog__title">
          {league.is_commissioner === false ? "You're In!" : 'Tournament Created!'}
        </h2>
        <div id={`${id}-body`}>
          {/* Said once: the title says what happened, this line the rest (the server's words when it gave them). */}
          {league.message ? (
            <p>{league.message}</p>
          ) : (
            <p>
              <strong>{league.name}</strong>{' '}
              {league.is_commissioner === false ? 'already existed: you joined it as a member.' : "is live, and you're the Commissioner."}
            </p>
          )}
          <p className="muted">Open it now to view tournament standings, monthly winners and the banter.</p>
        </div>
        {league.invite_url ? (
          <section className="created-dialog__invite" aria-labelledby={`${id}-invite`}>
            <h3 id={`${id}-invite`} className="created-dialog__invite-title">
              Invite your league
            </h3>
            <label htmlFor={`${id}-link`} className="muted">
              Send the managers of your FPL league this link to join.
            </label>
            <input id={`${id}-link`} className="input created-dialog__link" value={league.invite_url} readOnly onFocus={(e) => e.currentTarget.select()} />
            <InviteLinkActions url={league.invite_url} leagueName={league.name} messageId={`${id}-copied`} />
          </section>
        ) : null}
        <div className="button-row dialog-actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Close
          </button>
          <button type="button" className="button button--primary" onClick={view} data-autofocus>
            View Tournament
          </button>
        </div>
      </Modal>
    </>
  )
}
