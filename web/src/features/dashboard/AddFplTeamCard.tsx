import { useId } from 'react'
import type { UpdateFplTeamAnswer } from '../../lib/api-answers'
import { TeamIdForm } from './TeamIdForm'

/** The yellow "Add FPL Team ID" card (only for users with no team id that is not locked). */
export function AddFplTeamCard({ onAdded }: { onAdded: (answer: UpdateFplTeamAnswer) => void }) {
  const id = useId()
  return (
    <section className="card callout callout--warning" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="callout__title">
        <span aria-hidden="true">⚽ </span>Add FPL Team ID
      </h2>
      <p>Link your Fantasy Premier League team to find the mini-leagues you already play in. You can change it until you verify it&apos;s yours.</p>
      <TeamIdForm saveLabel="Save Team ID" savedTitle="FPL Team ID added" onSaved={onAdded} />
    </section>
  )
}
