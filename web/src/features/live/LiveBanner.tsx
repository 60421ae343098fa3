import { useEffect, useState } from 'react'
import type { LiveAnswer } from '../../../../contract/live'
import { clockTime, fixturesLine, timeAgo } from './live-text'

/** The relative time ("3 min ago") moves on this often. */
const TICK_MS = 30_000

/** Each state's class, label and note ("updating" has the time of the data in its note). */
const STATES = {
  live: ['live', 'Live', 'Points so far, with projected bonus and auto-subs.'],
  finished: ['provisional', 'Provisional', 'All matches played; FPL has not checked the gameweek yet.'],
  upcoming: ['upcoming', 'Deadline passed', 'Teams are locked; the first match has not kicked off.'],
  checked: ['checked', 'Final', 'FPL has checked the gameweek.'],
} as const

/** Checked by FPL, but its own points are not stored yet: the numbers are still ours. */
const CHECKED_NOT_STORED = ['provisional', 'Provisional', 'FPL has checked the gameweek; its final points are on their way.'] as const

/**
 * The state of the gameweek on screen: LIVE (a pulsing dot; still under reduced motion), PROVISIONAL
 * (all played, not checked), FPL UPDATING (the numbers of the last good read), with the time of the
 * data and the fixtures count.
 */
export function LiveBanner({ answer }: { answer: LiveAnswer }) {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS)
    return () => clearInterval(timer)
  }, [])
  const updated = answer.updated_at ? new Date(answer.updated_at) : null
  const time = updated ? clockTime(updated) : null
  const [key, label, note] = answer.updating
    ? ['updating', 'FPL updating', `FPL is updating the game; these numbers are from ${time ?? 'the last read'}.`]
    : answer.status === 'checked' && answer.provisional
      ? CHECKED_NOT_STORED
      : STATES[answer.status]
  return (
    <section className={`live-banner live-banner--${key}`} aria-label={`Gameweek ${answer.gameweek} state`}>
      <p className="live-banner__state">
        <span className="live-banner__dot" aria-hidden="true" />
        <strong className="live-banner__label">{label}</strong>
        <span className="live-banner__gw">GW {answer.gameweek}</span>
      </p>
      <p className="live-banner__note">{note}</p>
      <p className="live-banner__facts">
        {updated ? (
          <span>
            Updated <time dateTime={updated.toISOString()}>{time}</time> ({timeAgo(updated, now)})
          </span>
        ) : null}
        <span>{fixturesLine(answer.fixtures)}</span>
      </p>
    </section>
  )
}
