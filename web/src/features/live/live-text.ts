import type { LiveAnswer, LiveStandingRow, LiveSwing } from '../../../../contract/live'
import { formatNumber } from '../../../../contract/numbers'

// What the Live tab says in words: the swing lines, ordinals, chips, times. Every number of a
// gameweek FPL has not checked is "so far" or "projected", never final.

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st... */
export function ordinal(n: number): string {
  const tens = n % 100
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${formatNumber(n)}${suffix}`
}

/** +16, −4 (a real minus sign), 0. */
export const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : '0')

const CHIPS: Record<string, string> = {
  '3xc': 'Triple Captain',
  bboost: 'Bench Boost',
  freehit: 'Free Hit',
  wildcard: 'Wildcard',
  manager: 'Assistant Manager',
}

export const chipName = (chip: string) => CHIPS[chip] ?? chip

/**
 * What a swing was, from FPL's per-fixture `explain` with the match and minute: "Watkins:
 * appearance +2, ARS 1-0 CHE 34'". A swing without reasons (an older answer) says its events.
 */
function swingWhat({ name, reasons, events, match }: LiveSwing): string {
  if (reasons.length === 0) return events.length > 0 ? `${name} ${events.join(', ')}` : name
  const where = match ? `, ${match.label}${match.minute !== null ? ` ${match.minute}'` : ''}` : ''
  return `${name}: ${reasons.map((r) => `${r.words} ${signed(r.points)}`).join(', ')}${where}`
}

/**
 * "Watkins: appearance +2, ARS 1-0 CHE 34' — +4 for Priya (C), +2 for you" (the viewer named
 * "you"); "Salah goal: +16 for Priya (C)" for a swing without reasons.
 */
export function swingLine(swing: LiveSwing, viewerTeamId: number | null): string {
  const explained = swing.reasons.length > 0
  const what = swingWhat(swing)
  if (swing.managers.length === 0) return explained ? `${what} — nobody here has him` : `${what}: ${signed(swing.points)}, nobody here has him`
  const who = swing.managers
    .map((m) => `${signed(m.points)} for ${m.fpl_team_id === viewerTeamId ? 'you' : m.player_name}${m.captain ? ' (C)' : ''}`)
    .join(', ')
  return `${what}${explained ? ' — ' : ': '}${who}`
}

/**
 * "you climb to 2nd" / "you drop to 4th", or null when the viewer's live rank did not move. In a
 * table of a big league's kept rows a live rank is no league place: "you climb 2 places among the
 * managers followed".
 */
export function rankChange(before: number | null, after: number | null, complete = true): string | null {
  if (before === null || after === null || before === after) return null
  const verb = after < before ? 'climb' : 'drop'
  if (complete) return `you ${verb} to ${ordinal(after)}`
  const places = Math.abs(after - before)
  return `you ${verb} ${places} ${places === 1 ? 'place' : 'places'} among the managers followed`
}

/** 15:42 in the reader's own clock. */
export const clockTime = (date: Date) => date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })

/** "just now", "3 min ago", "2 h ago". */
export function timeAgo(date: Date, now: number): string {
  const minutes = Math.floor((now - date.getTime()) / 60_000)
  if (minutes < 1) return 'just now'
  if (minutes < 60) return `${minutes} min ago`
  return `${Math.floor(minutes / 60)} h ago`
}

/** "6 of 10 matches started, 4 finished". */
export function fixturesLine({ total, started, finished }: LiveAnswer['fixtures']): string {
  return `${started} of ${total} ${total === 1 ? 'match' : 'matches'} started, ${finished} finished`
}

/**
 * The viewer's rivals: the managers directly above and below the viewer's row on this page (by
 * live rank). Empty when the viewer is not on the page.
 */
export function rivalsOf(rows: readonly LiveStandingRow[]): Set<number> {
  const own = rows.findIndex((r) => r.is_current_user)
  if (own < 0) return new Set()
  return new Set([rows[own - 1], rows[own + 1]].flatMap((r) => (r ? [r.fpl_team_id] : [])))
}
