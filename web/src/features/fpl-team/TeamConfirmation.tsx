import { type RefObject, useEffect, useId, useRef } from 'react'
import type { FplTeam } from './types'
import type { TeamConfirmationState } from './useTeamConfirmation'
import './fpl-team.css'

/**
 * The question of `useTeamConfirmation`, while it is being asked (nothing otherwise). "Yes"
 * confirms the team and goes on with `onConfirmed` (the save that asked); "No" goes back to the
 * id field.
 */
export function TeamConfirmation({
  check,
  confirmLabel,
  onConfirmed,
  returnFocusTo,
}: {
  check: TeamConfirmationState
  confirmLabel: string
  onConfirmed: () => void
  returnFocusTo: RefObject<HTMLInputElement | null>
}) {
  if (check.state.status !== 'asking') return null
  return (
    <TeamQuestion
      team={check.state.team}
      confirmLabel={confirmLabel}
      onConfirm={() => {
        check.confirm()
        onConfirmed()
      }}
      onChange={() => {
        check.reset()
        returnFocusTo.current?.focus()
      }}
    />
  )
}

/**
 * "Is this your team?": the team and manager name FPL has for the id just typed, with a way to
 * go ahead and a way back to the id. Focus moves here when it appears, so the question is heard.
 */
function TeamQuestion({ team, confirmLabel, onConfirm, onChange }: { team: FplTeam; confirmLabel: string; onConfirm: () => void; onChange: () => void }) {
  const ref = useRef<HTMLDivElement>(null)
  const id = useId()
  useEffect(() => ref.current?.focus(), [])
  return (
    // biome-ignore lint/a11y/useSemanticElements: a question with its two answers, not form fields; a fieldset would add its UA styles (margin, min-inline-size: min-content) to this grid
    <div ref={ref} className="team-confirm focus-target" role="group" aria-labelledby={`${id}-title`} aria-describedby={`${id}-team`} tabIndex={-1}>
      <p id={`${id}-title`} className="team-confirm__title">
        Is this your team?
      </p>
      <p id={`${id}-team`} className="team-confirm__team">
        <strong>{team.team_name}</strong> — {team.player_name}
        <span className="team-confirm__id">FPL Team ID {team.fpl_team_id}</span>
      </p>
      <p className="team-confirm__note">Only add your own team: you&apos;ll be asked to prove it&apos;s yours before you can run its league.</p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="button button--ghost" onClick={onChange}>
          No, change the ID
        </button>
      </div>
    </div>
  )
}
