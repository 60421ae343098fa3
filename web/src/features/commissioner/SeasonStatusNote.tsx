import type { LeagueMember } from './types'

/**
 * Where a member stands after FPL's relaunch (decision 185): a badge and one line saying why, so
 * the commissioner sees who has not come along. Nobody is removed for it. `season` is the season of
 * the league the tournament follows; null while it waits for renewal.
 */
export function SeasonStatusNote({ status, season }: { status: NonNullable<LeagueMember['season_status']>; season: string | null }) {
  const newTeam = season ? `a ${season} team` : "this season's team"
  return (
    <p className="row-list__warning">
      <span className="badge badge--neutral">{status === 'relink' ? 'Not relinked' : 'Not in league'}</span>{' '}
      {status === 'relink' ? `Has not linked ${newTeam} yet` : `Their ${season ?? "this season's"} team is not in this league`}
    </p>
  )
}
