import type { LiveStatus } from '../../../../contract/live'
import type { MyGameweekLeague, MyGameweekNeighbour } from '../../../../contract/my-gameweek'
import { formatNumber } from '../../../../contract/numbers'
import { ordinal } from '../live/live-text'

// What the dashboard's gameweek panel says in words. Numbers of a gameweek FPL has not checked
// are called provisional, as the Live tab calls them.

const pts = (n: number) => `${formatNumber(n)} ${n === 1 ? 'pt' : 'pts'}`

/** The gameweek's state: a short label and, while FPL has not checked it, the plain word why it can move. */
export function gameweekState(status: LiveStatus, provisional: boolean, gameweek: number): { label: string; note: string | null } {
  const unchecked = `Provisional: FPL has not checked GW ${gameweek} yet, so points and places can still move.`
  if (status === 'upcoming') return { label: 'Upcoming', note: null }
  if (status === 'live') return { label: 'Live', note: unchecked }
  return { label: 'Finished', note: provisional ? unchecked : null }
}

/** "3rd of 12", or "Not ranked yet" before the table has the manager's row. */
export const placeText = (league: Pick<MyGameweekLeague, 'rank' | 'of'>) =>
  league.rank === null ? 'Not ranked yet' : `${ordinal(league.rank)} of ${formatNumber(league.of)}`

/** ▲2 / ▼1 / – as shown, and the same in words for a screen reader; null when unknown. */
export function movementText(movement: number | null): { mark: string; words: string; kind: 'up' | 'down' | 'same' } | null {
  if (movement === null) return null
  const places = Math.abs(movement)
  const count = `${places} ${places === 1 ? 'place' : 'places'}`
  if (movement > 0) return { mark: `▲${places}`, words: `up ${count} this gameweek`, kind: 'up' }
  if (movement < 0) return { mark: `▼${places}`, words: `down ${count} this gameweek`, kind: 'down' }
  return { mark: '–', words: 'no change this gameweek', kind: 'same' }
}

/** "4 pts behind Dave Smith" (the manager to catch), "Level on points with Dave Smith". */
export const catchText = (above: MyGameweekNeighbour) =>
  above.gap === 0 ? `Level on points with ${above.player_name}` : `${pts(above.gap)} behind ${above.player_name}`

/** "Sam is 2 pts behind" (the manager chasing), "Sam is level on points". */
export const chaserText = (below: MyGameweekNeighbour) =>
  below.gap === 0 ? `${below.player_name} is level on points` : `${below.player_name} is ${pts(below.gap)} behind`

const relative = new Intl.RelativeTimeFormat('en-GB', { numeric: 'always' })

/** "in 2 days", "in 5 hours", "in 20 minutes"; "now" once it is due. */
export function deadlineIn(at: Date, now: number): string {
  const minutes = Math.round((at.getTime() - now) / 60_000)
  if (minutes <= 0) return 'now'
  if (minutes < 60) return relative.format(minutes, 'minute')
  const hours = Math.round(minutes / 60)
  if (hours < 24) return relative.format(hours, 'hour')
  return relative.format(Math.round(hours / 24), 'day')
}
