import { useQuery } from '@tanstack/react-query'
import { seasonQuery } from './season-api'

/** Last season's team of an account the season rollover unlinked (decision 185). */
export interface PreviousTeam {
  teamId: number
  season: string | null
}

/**
 * What the add-team card tells an account whose team the season rollover moved to last season's
 * (decision 185): FPL's new season renumbered every team, so the old id is named as last season's
 * and never offered as this season's. The new season's name comes from GET /api/season once it
 * has relaunched; until it answers the text does without it.
 */
export function RelinkNotice({ previous }: { previous: PreviousTeam }) {
  const { data } = useQuery(seasonQuery())
  const relaunched = data && (data.phase === 'pre_season' || data.phase === 'in_season') && data.season !== previous.season
  return <p>{relinkText(previous, relaunched ? data.season : null)}</p>
}

function relinkText({ teamId, season }: PreviousTeam, currentSeason: string | null): string {
  const renumbered = currentSeason ? `FPL gave every team a new ID for ${currentSeason}` : 'FPL gave every team a new ID this season'
  const last = season ? `Last season you were team ${teamId} (${season}).` : `Last season you were team ${teamId}.`
  return `A new season: ${renumbered}. ${last} Enter this season's ID below, then confirm the team is yours as before.`
}
