import { useId } from 'react'
import type { UpdateFplTeamAnswer } from '../../lib/api-answers'
import { useAuth } from '../auth/AuthProvider'
import { type PreviousTeam, RelinkNotice } from '../season/RelinkNotice'
import { TeamIdForm } from './TeamIdForm'

/**
 * The yellow "Add FPL Team ID" card (only for users with no team id that is not locked). After
 * FPL's new season it asks for this season's id, naming the old one as last season's (decision 185).
 */
export function AddFplTeamCard({ onAdded }: { onAdded: (answer: UpdateFplTeamAnswer) => void }) {
  const id = useId()
  const { user } = useAuth()
  const previous: PreviousTeam | null = user?.previous_fpl_team_id ? { teamId: user.previous_fpl_team_id, season: user.previous_fpl_team_season ?? null } : null
  return (
    <section className="card callout callout--warning" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="callout__title">
        <span aria-hidden="true">⚽ </span>
        {previous ? "Add this season's FPL Team ID" : 'Add FPL Team ID'}
      </h2>
      {previous ? (
        <RelinkNotice previous={previous} />
      ) : (
        <p>Link your Fantasy Premier League team to find the mini-leagues you already play in. You can change it until you verify it&apos;s yours.</p>
      )}
      <TeamIdForm saveLabel="Save Team ID" savedTitle="FPL Team ID added" onSaved={onAdded} />
    </section>
  )
}
