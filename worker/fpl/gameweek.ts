import type { GameweekStatus } from '../db/schema'
import type { FplBootstrap, FplEventStatus } from './schemas'
import { seasonOf } from './season'

// Where the season stands, from bootstrap-static's events and event-status. The data version
// names the upstream state a snapshot was computed from. While a gameweek is in play the stored
// tables are refreshed once (`13:live`): the live engine (worker/services/live) computes the live table
// from one shared poll, so the refresh's upstream cost does not grow with tournaments during
// matches (docs/decisions/102). Between the last whistle and FPL's check (`finished`) the version
// carries a half-hour bucket: FPL's own tables and bonus settle then, and the refresh follows.

export interface GameweekState {
  gameweek: number
  status: GameweekStatus
  season: string
  version: string
}

const LIVE_BUCKET_MS = 30 * 60 * 1000

export function gameweekState(bootstrap: Pick<FplBootstrap, 'events'>, eventStatus: FplEventStatus | null, now: number): GameweekState {
  const events = bootstrap.events
  const current = events.find((e) => e.is_current)
  const season = seasonOf(events[0]?.deadline_time)
  if (!current) {
    // Pre-season: no gameweek has started yet.
    const next = events.find((e) => e.is_next) ?? events[0]
    return { gameweek: next?.id ?? 1, status: 'upcoming', season, version: `${next?.id ?? 1}:upcoming` }
  }
  const leaguesUpdated = !eventStatus || eventStatus.leagues === 'Updated'
  const status: GameweekStatus = !current.finished ? 'live' : current.data_checked && leaguesUpdated ? 'checked' : 'finished'
  const bucket = status !== 'finished' ? '' : `:${new Date(Math.floor(now / LIVE_BUCKET_MS) * LIVE_BUCKET_MS).toISOString().slice(0, 16)}`
  return { gameweek: current.id, status, season, version: `${current.id}:${status}${bucket}` }
}
