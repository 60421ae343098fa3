import type { SeasonPhase } from '../../contract/season'
import type { FplEvent } from './schemas'

// The season's phase as FPL's bootstrap-static shows it (decision 183). `off_season` is never
// read here: it is FPL not answering after a finished season, which only the caller sees.

export interface SeasonView {
  /** "2026/27", from the season's first deadline. */
  season: string
  phase: Exclude<SeasonPhase, 'off_season'>
  /** The next gameweek's deadline (ISO 8601), null when none is set. */
  next_deadline: string | null
}

type Event = Pick<FplEvent, 'id' | 'deadline_time' | 'finished' | 'data_checked' | 'is_current' | 'is_next'>

export function seasonView(events: readonly Event[]): SeasonView {
  const season = seasonOf(events[0]?.deadline_time)
  const next = events.find((e) => e.is_next)?.deadline_time ?? null
  const current = events.find((e) => e.is_current)
  if (!current) return { season, phase: 'pre_season', next_deadline: next ?? events[0]?.deadline_time ?? null }
  const last = events.reduce<Event | undefined>((a, e) => (!a || e.id > a.id ? e : a), undefined)
  const over = last !== undefined && last.id === current.id && last.finished && last.data_checked
  return { season, phase: over ? 'finished' : 'in_season', next_deadline: over ? null : next }
}

/** "2026/27" from the first deadline of the season. */
export function seasonOf(firstDeadline: string | undefined): string {
  const year = firstDeadline ? new Date(firstDeadline).getUTCFullYear() : new Date().getUTCFullYear()
  return `${year}/${String((year + 1) % 100).padStart(2, '0')}`
}
