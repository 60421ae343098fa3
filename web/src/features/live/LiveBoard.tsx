import { lazy, type Ref, Suspense } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import type { LiveAnswer } from '../../../../contract/live'
import { LiveBanner } from './LiveBanner'
import { LiveRows } from './LiveRows'
import { SwingFeed } from './SwingFeed'
import type { SwingEntry } from './swing-feed'
import { openTeam, teamSearch } from './team-link'

// The team view is opened from a row (or a link to it): loaded then.
const TeamView = lazy(() => import('./TeamView'))

export interface LiveBoardProps {
  leagueId: string
  answer: LiveAnswer
  swings: readonly SwingEntry[]
  ownRowRef: Ref<HTMLLIElement>
}

/**
 * The Live tab's view of a gameweek in play, inside the table's card: the state banner, the swing
 * feed, the live rows and the team view the URL names. Only signed-in readers see it, so it loads
 * on demand, never with the page (decision 119).
 */
export default function LiveBoard({ leagueId, answer, swings, ownRowRef }: LiveBoardProps) {
  return (
    <>
      <LiveBanner answer={answer} />
      <SwingFeed entries={swings} />
      {answer.standings.length === 0 ? <p className="muted">No managers yet.</p> : <LiveRows rows={answer.standings} ownRowRef={ownRowRef} />}
      <TeamViewOfUrl leagueId={leagueId} />
    </>
  )
}

/**
 * The team view the URL names (`?team=`, decision 118). Opened from a row it closes with Back
 * (its own history entry); opened from a link it closes in place. Focus returns to where it was.
 */
function TeamViewOfUrl({ leagueId }: { leagueId: string }) {
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const location = useLocation()
  const fplTeamId = openTeam(params)
  if (fplTeamId === null) return null
  const close = () => {
    if ((location.state as { liveTeam?: boolean } | null)?.liveTeam) navigate(-1)
    else setParams(new URLSearchParams(teamSearch(params, null)), { replace: true, preventScrollReset: true })
  }
  return (
    <Suspense fallback={null}>
      <TeamView key={fplTeamId} leagueId={leagueId} fplTeamId={fplTeamId} onClose={close} />
    </Suspense>
  )
}
