import { lazy, type Ref, Suspense } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import type { LiveAnswer } from '../../../../contract/live'
import { formatNumber } from '../../../../contract/numbers'
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
  /** The stored table's gameweek: a big league's rows show FPL's rank at it. */
  storedGameweek: number | null
  /** What an empty table says (no managers yet, or no match for the search). */
  empty: string
}

/**
 * The Live tab's view of a gameweek in play, inside the table's card: the state banner, the swing
 * feed, the live rows and the team view the URL names. Only signed-in readers see it, so it loads
 * on demand, never with the page (decision 119).
 */
export default function LiveBoard({ leagueId, answer, swings, ownRowRef, storedGameweek, empty }: LiveBoardProps) {
  const { scope } = answer
  return (
    <>
      <LiveBanner answer={answer} />
      <SwingFeed entries={swings} />
      {scope.complete ? null : (
        <p className="live-scope" data-testid="live-scope">
          This league has {formatNumber(scope.league_size)} managers; the live table follows {formatNumber(scope.kept)} of them (the top and our members'
          pages). Ranks are FPL's{storedGameweek ? ` at GW ${storedGameweek}` : ''}; the arrows are live moves among the managers followed.
        </p>
      )}
      {answer.standings.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <LiveRows rows={answer.standings} ownRowRef={ownRowRef} scope={scope} storedGameweek={storedGameweek} />
      )}
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
