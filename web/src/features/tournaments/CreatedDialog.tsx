import { useEffect, useId } from 'react'
import { useNavigate } from 'react-router'
import { Confetti } from './Confetti'
import type { CreatedLeague } from './CreateTournamentDialog'
import { SUCCESS_DIALOG_MS } from './constants'
import { Modal } from './Modal'

/**
 * The celebration after creating a tournament: confetti and a View Tournament action. Closes by
 * itself after 5 seconds.
 */
export function CreatedDialog({ league, onClose }: { league: CreatedLeague; onClose: () => void }) {
  const navigate = useNavigate()
  const id = useId()

  useEffect(() => {
    const timer = setTimeout(onClose, SUCCESS_DIALOG_MS)
    return () => clearTimeout(timer)
  }, [onClose])

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
          <p>
            <strong>{league.name}</strong>{' '}
            {league.is_commissioner === false ? 'already existed: you joined it as a member.' : "is live, and you're the Commissioner."}
          </p>
          {league.message ? <p className="muted">{league.message}</p> : null}
          <p className="muted">Open it now to view tournament standings, monthly winners and the banter.</p>
        </div>
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
