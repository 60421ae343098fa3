import { useEffect, useId, useState } from 'react'
import { Link } from 'react-router'
import type { MyGameweekAnswer, MyGameweekLeague } from '../../../../contract/my-gameweek'
import { LAST_GAMEWEEK } from '../../../../contract/season'
import { deadlineTime } from '../../lib/format'
import { useOnline } from '../../lib/online'
import { PRODUCT_NAME } from '../../lib/product'
import type { User } from '../auth/types'
import { catchText, chaserText, deadlineIn, gameweekState, movementText, placeText } from './gameweek-text'
import { useMyGameweek } from './my-gameweek'
import { changesSince, readLastVisit, rememberVisit } from './since-last-visit'

// The panel the dashboard leads with (decision 166): the gameweek and its state,
// my points, the next deadline, my place in each table with the managers either side, and what
// changed since this device last showed it. Each league opens on its Live tab (the tournament
// page's first tab) in one tap.

/** Opens the tournament's page, which starts on its Live tab. */
const tournamentPath = (id: number) => `/tournaments/${id}`

function Movement({ movement }: { movement: number | null }) {
  const text = movementText(movement)
  if (!text) return null
  return (
    <span className={`gw-move gw-move--${text.kind}`}>
      <span aria-hidden="true">{text.mark}</span>
      <span className="visually-hidden">{text.words}</span>
    </span>
  )
}

function LeagueRow({ league }: { league: MyGameweekLeague }) {
  const rivals = [
    league.above ? catchText(league.above) : league.rank === 1 ? 'Top of the table' : null,
    league.below ? chaserText(league.below) : null,
  ].filter((line): line is string => line !== null)
  return (
    <li className="gw-league">
      <Link to={tournamentPath(league.tournament_id)} className="gw-league__name">
        {league.name}
      </Link>
      <p className="gw-league__place">
        <strong>{placeText(league)}</strong> <Movement movement={league.movement} />
      </p>
      {league.kind === 'global' ? <p className="gw-league__kind">Global · every verified manager on {PRODUCT_NAME}</p> : null}
      {rivals.length > 0 ? (
        <p className="gw-league__rivals">
          {rivals.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </p>
      ) : null}
    </li>
  )
}

function Deadline({ next, gameweek }: { next: MyGameweekAnswer['next_deadline']; gameweek: number | null }) {
  // After the season's last gameweek no deadline is left; before it, a missing one is not known yet.
  if (!next) return <dd>{gameweek !== null && gameweek >= LAST_GAMEWEEK ? 'None left this season' : 'Not known yet'}</dd>
  const at = new Date(next.at)
  return (
    <dd>
      GW {next.gameweek} · <time dateTime={next.at}>{deadlineTime(at)}</time> <span className="gw-facts__soft">({deadlineIn(at, Date.now())})</span>
    </dd>
  )
}

/** Where to go without leagues: Find Leagues (the header's button) or the tournament list. */
function FindLeaguesHint({ none }: { none: boolean }) {
  return (
    <p className="gw-hint">
      {none ? 'You are not in a league yet. ' : ''}Use Find Leagues above to join the mini-leagues your FPL team plays in, or{' '}
      <Link to="/tournaments">browse the tournaments</Link>.
    </p>
  )
}

function Leagues({ leagues }: { leagues: MyGameweekLeague[] }) {
  const own = leagues.some((l) => l.kind === 'league')
  return (
    <>
      {leagues.length > 0 ? (
        <ul className="gw-leagues" aria-label="Your place in each league">
          {leagues.map((league) => (
            <LeagueRow key={league.tournament_id} league={league} />
          ))}
        </ul>
      ) : null}
      {own ? null : <FindLeaguesHint none={leagues.length === 0} />}
    </>
  )
}

function SinceLastVisit({ changes }: { changes: string[] }) {
  if (changes.length === 0) return null
  return (
    <div className="gw-since">
      <h3 className="gw-since__title">Since your last visit</h3>
      <ul className="gw-since__list">
        {changes.map((change) => (
          <li key={change}>{change}</li>
        ))}
      </ul>
    </div>
  )
}

/** The gameweek's state, when there is one (none before the season). */
const stateOf = (answer: MyGameweekAnswer | undefined) =>
  answer?.status && answer.gameweek !== null ? gameweekState(answer.status, answer.provisional, answer.gameweek) : null

interface AnswerProps {
  answer: MyGameweekAnswer
  /** What the state says beyond its label (provisional), or that the season has not started. */
  note: string | null
  user: User
  changes: string[]
}

function Answer({ answer, note, user, changes }: AnswerProps) {
  const hasTeam = Boolean(user.fpl_team_id)
  return (
    <>
      {note ? <p className="gw-note">{note}</p> : null}
      <dl className="gw-facts">
        {hasTeam && answer.gameweek !== null ? (
          <div>
            <dt>Your points</dt>
            <dd>
              <strong className="gw-facts__points">{answer.points ?? '–'}</strong>
              {answer.provisional && answer.points !== null ? <span className="gw-facts__soft"> so far</span> : null}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Next deadline</dt>
          <Deadline next={answer.next_deadline} gameweek={answer.gameweek} />
        </div>
      </dl>
      {hasTeam ? (
        <Leagues leagues={answer.leagues} />
      ) : (
        <p className="gw-hint">
          {user.fpl_team_id_locked
            ? 'No FPL team is linked to your account, so there are no points or places to show.'
            : 'Add your FPL Team ID in the card below to see your points and your place in each league.'}
        </p>
      )}
      <SinceLastVisit changes={changes} />
    </>
  )
}

export function GameweekPanel({ user }: { user: User }) {
  const titleId = useId()
  const query = useMyGameweek(user.id)
  const online = useOnline()
  // Read once, before this visit is stored: the changes stay for the whole visit (per device).
  const [lastVisit] = useState(() => readLastVisit(user.id))
  const answer = query.data

  useEffect(() => {
    if (answer) rememberVisit(user.id, answer)
  }, [answer, user.id])

  const failed = query.isError && !query.isFetching
  const loading = !answer && online && !failed
  const title = answer?.gameweek ? `Gameweek ${answer.gameweek}` : 'Your gameweek'
  const state = stateOf(answer)
  return (
    <section className="card gw-panel" aria-labelledby={titleId} aria-busy={loading || undefined}>
      <div className="gw-panel__head">
        <h2 id={titleId} className="gw-panel__title">
          {title}
        </h2>
        {state ? <span className={`gw-state gw-state--${state.label.toLowerCase()}`}>{state.label}</span> : null}
      </div>
      {answer ? (
        <Answer answer={answer} note={state ? state.note : 'The season has not started yet.'} user={user} changes={changesSince(lastVisit, answer)} />
      ) : null}
      {!answer && !online ? <p className="gw-hint">You’re offline: your gameweek will load when you’re back online.</p> : null}
      {!answer && online && failed ? (
        <p className="form-message form-message--error" role="alert">
          We couldn’t load your gameweek.{' '}
          <button type="button" className="link-button" onClick={() => void query.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      {loading ? (
        <>
          <p className="visually-hidden">Loading your gameweek...</p>
          <div className="gw-skeleton" aria-hidden="true" />
        </>
      ) : null}
    </section>
  )
}
