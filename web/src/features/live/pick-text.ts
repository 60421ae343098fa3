import type { LivePickFixture, LivePointLine } from '../../../../contract/live'
import { signed } from './live-text'

// What the team view says of one pick: where his points come from and his matches. Kept apart
// from live-text so the page renderer (which never draws a team view) does not carry it.

/** FPL's `explain` identifiers as the team view words them, one or many ("1 goal", "2 goals"). */
const POINT_LINES: Record<string, [one: string, many: string]> = {
  goals_scored: ['goal', 'goals'],
  assists: ['assist', 'assists'],
  clean_sheets: ['clean sheet', 'clean sheets'],
  goals_conceded: ['conceded', 'conceded'],
  own_goals: ['own goal', 'own goals'],
  penalties_saved: ['penalty saved', 'penalties saved'],
  penalties_missed: ['penalty missed', 'penalties missed'],
  yellow_cards: ['yellow card', 'yellow cards'],
  red_cards: ['red card', 'red cards'],
  saves: ['save', 'saves'],
  bonus: ['bonus', 'bonus'],
  projected_bonus: ['bonus (projected)', 'bonus (projected)'],
  defensive_contribution: ['defensive contribution', 'defensive contribution'],
}

/** Lines FPL scores as a whole (the points say it all): said without a count, never "2 bonus". */
const UNCOUNTED = new Set(['clean_sheets', 'bonus', 'projected_bonus', 'defensive_contribution'])

/** "90 min +2", "1 goal +6", "clean sheet +4", "7 saves +2", "bonus +2": one line of a player's points. */
export function pointLine({ identifier, value, points }: LivePointLine): string {
  if (identifier === 'minutes') return `${value} min ${signed(points)}`
  const words = identifier.replaceAll('_', ' ')
  const [one, many] = POINT_LINES[identifier] ?? [words, words]
  if (UNCOUNTED.has(identifier)) return `${one} ${signed(points)}`
  return `${value} ${value === 1 ? one : many} ${signed(points)}`
}

/** "v CHE (H) · Sat 15:00" before kick-off, "v CHE (H) 34'" in play, "v CHE (H) FT" once over. */
export function fixtureText(fixture: LivePickFixture): string {
  const side = `v ${fixture.opponent} (${fixture.home ? 'H' : 'A'})`
  if (fixture.state === 'in_play') return `${side} ${fixture.minutes}'`
  if (fixture.state === 'finished') return `${side} FT`
  const kickoff = fixture.kickoff_time ? new Date(fixture.kickoff_time) : null
  return kickoff ? `${side} · ${kickoff.toLocaleString('en-GB', { weekday: 'short', hour: '2-digit', minute: '2-digit' })}` : side
}
