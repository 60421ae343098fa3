import type { LiveFixtureState } from '../../../../contract/live'
import { formatNumber } from '../../../../contract/numbers'

// What the league insight says in words. Its figures come with one decimal from the worker.

/** "37.5%". */
export const percent = (n: number) => `${formatNumber(n)}%`

/** "1 manager", "3 managers". */
export const managers = (n: number) => `${formatNumber(n)} ${n === 1 ? 'manager' : 'managers'}`

/** Where a player's match stands, in a word or two. */
export const MATCH_STATE: Record<LiveFixtureState, string> = {
  not_started: 'To play',
  in_play: 'Playing',
  finished: 'Done',
  no_fixture: 'No match',
}
