import { lazy, Suspense, useState } from 'react'
import { formatNumber } from '../../../../../contract/numbers'
import { Fact } from '../../../components/Fact'
import { panelId, type TabItem, TabList, tabId } from '../../../components/TabList'
import { MembersOnly, SignInGate } from '../../auth/Gates'
import { prizesEnabled, RUNNERS_UP_WIDE } from '../constants'
import type { LeagueData, MonthlyWinner } from '../types'

// The league's story loads on demand: most visits to Winners read the months (decision 132). Through
// import.meta.glob, Vite's lazy chunks, which the page renderer's bundler leaves out: the server
// draws the first screen, never these sections (decision 119's way).
const RaceCentre = lazy(() =>
  import.meta.glob<typeof import('../../story/RaceCentre')>('../../story/RaceCentre.tsx')['../../story/RaceCentre.tsx']!().then((m) => ({
    default: m.RaceCentre,
  })),
)
const HallOfFame = lazy(() =>
  import.meta.glob<typeof import('../../story/HallOfFame')>('../../story/HallOfFame.tsx')['../../story/HallOfFame.tsx']!().then((m) => ({
    default: m.HallOfFame,
  })),
)

const monthTitle = (w: MonthlyWinner) => [w.month, w.year].filter(Boolean).join(' ')
const points = (n: number | null | undefined) => (typeof n === 'number' ? `${formatNumber(n)} pts` : '—')

type WinnersView = 'months' | 'race' | 'hall'

const VIEWS: Array<TabItem<WinnersView>> = [
  { id: 'months', label: 'Months', icon: '👑' },
  { id: 'race', label: 'Race', icon: '🏁' },
  { id: 'hall', label: 'Hall of Fame', icon: '🏛️' },
]

/** Winners: Manager of the Month (the product's cards, decision 181 R10), the Race Centre and the Hall of Fame. */
export function WinnersTab({
  leagueId,
  data,
  loading,
  signedIn,
  onJoin,
}: {
  leagueId: string
  data: LeagueData | null
  loading: boolean
  signedIn: boolean
  onJoin?: () => void
}) {
  const [view, setView] = useState<WinnersView>('months')
  if (!data) {
    return loading ? (
      <p className="inline-loading tab-loading" role="status">
        <span className="spinner spinner--sm" aria-hidden="true" /> Loading tournament data...
      </p>
    ) : null
  }
  if (data.access === 'signin' && !signedIn) {
    return (
      <SignInGate message="Sign in to view the monthly winners of your league.">
        <WinnerList winners={[]} />
      </SignInGate>
    )
  }
  if (data.access === 'members') return <MembersOnly what="monthly winners" onJoin={onJoin} />
  return (
    <>
      <TabList tabs={VIEWS} selected={view} onSelect={setView} label="Winners sections" prefix="winners" className="winners-views" columns={3} />
      <div id={panelId('winners', view)} role="tabpanel" aria-labelledby={tabId('winners', view)} tabIndex={-1}>
        {view === 'months' ? <Months winners={data.monthlyWinners} /> : null}
        <Suspense
          fallback={
            <p className="inline-loading tab-loading" role="status">
              <span className="spinner spinner--sm" aria-hidden="true" /> Loading...
            </p>
          }
        >
          {view === 'race' ? <RaceCentre leagueId={leagueId} /> : null}
          {view === 'hall' ? <HallOfFame leagueId={leagueId} /> : null}
        </Suspense>
      </div>
    </>
  )
}

function Months({ winners }: { winners: MonthlyWinner[] }) {
  if (winners.length === 0) {
    return (
      <div className="card tab-empty">
        <p className="tab-empty__icon" aria-hidden="true">
          👑
        </p>
        <h2 className="tab-empty__title">No monthly winners yet</h2>
        <p className="muted">The first Manager of the Month appears once the month&apos;s gameweeks get going.</p>
      </div>
    )
  }
  return <WinnerList winners={winners} />
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']

/** Sort key of a month: year * 12 + month index (unknown parts sort last). */
const monthKey = (w: MonthlyWinner) => {
  const index = MONTHS.indexOf(w.month.trim().toLowerCase())
  return (w.year ?? 0) * 12 + Math.max(index, 0)
}

/** The month in progress first, then the newest finished month first. */
export function orderWinners(winners: MonthlyWinner[]): MonthlyWinner[] {
  return [...winners].sort((a, b) => Number(b.status === 'ongoing') - Number(a.status === 'ongoing') || monthKey(b) - monthKey(a))
}

function WinnerList({ winners }: { winners: MonthlyWinner[] }) {
  return (
    <ul className="winners" aria-label="Manager of the Month">
      {orderWinners(winners).map((w) => (
        <li key={`${w.month}-${w.year ?? ''}`}>{w.status === 'ongoing' ? <OngoingCard winner={w} /> : <WinnerCard winner={w} />}</li>
      ))}
    </ul>
  )
}

function OngoingCard({ winner }: { winner: MonthlyWinner }) {
  const leaders = winner.joint_leaders
  return (
    <article className="card winner-card winner-card--ongoing" data-status="ongoing">
      <header className="winner-card__head">
        <h2 className="winner-card__month">{monthTitle(winner)}</h2>
        <span className="badge badge--primary">In Progress</span>
      </header>
      {/* Nothing is won until the month's last gameweek is checked (decision 113): leaders "so far", no trophy. */}
      <p className="winner-card__label">{leaders.length > 1 ? 'Joint leaders so far' : 'Leader so far'}</p>
      <p className="winner-card__name">
        <span aria-hidden="true">🏃 </span>
        {leaders.length > 0 ? leaders.join(' & ') : '—'}
      </p>
      <dl className="winner-card__facts">
        <Fact term="Points so far">{points(winner.leading_points)}</Fact>
        <Fact term="Gameweeks played">{winner.gameweeks_played}</Fact>
      </dl>
      <RunnersUp runners={winner.runners_up} title="Chasing so far" />
    </article>
  )
}

function WinnerCard({ winner }: { winner: MonthlyWinner }) {
  const showPrize = prizesEnabled() && winner.prize > 0
  // Equal points share the title, so a runner-up is never "1" (decision 044).
  const winners = winner.joint_winners
  const joint = winners.length > 1
  return (
    <article className="card winner-card" data-status={winner.status}>
      <header className="winner-card__head">
        <h2 className="winner-card__month">{monthTitle(winner)}</h2>
        <span className="badge badge--accent">Manager of the Month</span>
      </header>
      {joint ? <p className="winner-card__label">Joint winners</p> : null}
      <p className="winner-card__name">
        <span aria-hidden="true">👑 </span>
        {winners.length > 0 ? winners.join(' & ') : '—'}
      </p>
      <dl className="winner-card__facts">
        <Fact term="Monthly points">{points(winner.monthly_points)}</Fact>
        <Fact term="Average per GW">{typeof winner.average_per_gw === 'number' ? winner.average_per_gw.toFixed(1) : '—'}</Fact>
        {showPrize ? <Fact term="Prize">£{winner.prize.toFixed(2)}</Fact> : null}
      </dl>
      <RunnersUp runners={winner.runners_up} />
    </article>
  )
}

/**
 * Up to 3 runners-up; the third is hidden on small screens (CSS), so small screens show 2. A month
 * in progress has no runners-up yet, only managers chasing the lead (`title`).
 */
function RunnersUp({ runners, title = 'Runners-up' }: { runners: MonthlyWinner['runners_up']; title?: string }) {
  const list = runners.slice(0, RUNNERS_UP_WIDE)
  if (list.length === 0) return null
  return (
    <div className="runners-up">
      <h3 className="runners-up__title">{title}</h3>
      <ol className="runners-up__list">
        {list.map((r, i) => (
          <li key={`${r.position}-${r.player_name}`} className={i >= 2 ? 'runner-up runner-up--wide' : 'runner-up'} data-wide-only={i >= 2 || undefined}>
            <span className="runner-up__pos">{r.position}</span>
            <span className="runner-up__name">{r.player_name}</span>
            <span className="runner-up__pts">{points(r.total_points)}</span>
          </li>
        ))}
      </ol>
    </div>
  )
}
