import { deadlineTime } from '../../lib/format'
import type { SeasonAnswer } from './types'

/**
 * What the season banner says (decision 183); null in season, when gameweeks speak for
 * themselves. Between seasons it says what still works, so weeks without FPL never read as an
 * outage of ours.
 */
export function seasonNotice({ season, phase, next_deadline }: SeasonAnswer): string | null {
  switch (phase) {
    case 'in_season':
      return null
    case 'finished':
      return `The ${season} season is over. The final tables, the Gazette and the Hall of Fame stay here until the next season starts.`
    case 'off_season':
      return `The ${season} season is over, and FPL is getting the next one ready: live numbers and team look-ups come back when it relaunches. The final tables, the Gazette and the Hall of Fame are all here.`
    case 'pre_season':
      return next_deadline
        ? `The ${season} season is on! Gameweek 1's deadline is ${deadlineTime(new Date(next_deadline))}.`
        : `The ${season} season is on! FPL has not set Gameweek 1's deadline yet.`
  }
}
