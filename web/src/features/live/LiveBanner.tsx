import { useEffect, useState } from 'react'
import type { LiveAnswer } from '../../../../contract/live'
import { clockTime, fixturesLine, timeAgo } from './live-text'

/** The relative time ("3 min ago") moves on this often. */
const TICK_MS = 30_000

type State = { key: 'live' | 'provisional' | 'updating' | 'upcoming'; label: string; note: string }

function stateOf(answer: LiveAnswer, time: string | null): State {
  if (answer.updating) {
    return {
      key: 'updating',
      label: 'FPL updating',
      note: time ? `FPL is updating the game; these numbers are from ${time}.` : 'FPL is updating the game; the numbers will follow.',
    }
  }
  if (answer.status === 'finished') return { key: 'provisional', label: 'Provisional', note: 'All matches played; FPL has not checked the gameweek yet.' }
  if (answer.status === 'upcoming') return { key: 'upcoming', label: 'Deadline passed', note: 'Teams are locked; the first match has not kicked off.' }
  return { key: 'live', label: 'Live', note: 'Points so far, with projected bonus and auto-subs.' }
}

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
  const state = stateOf(answer, time)
  return (
    <section className={`live-banner live-banner--${state.key}`} aria-label={`Gameweek ${answer.gameweek} state`}>
      <p className="live-banner__state">
        <span className="live-banner__dot" aria-hidden="true" />
        <strong className="live-banner__label">{state.label}</strong>
        <span className="live-banner__gw">GW {answer.gameweek}</span>
      </p>
      <p className="live-banner__note">{state.note}</p>
      <p className="live-banner__facts">
        {updated && time ? (
          <span>
            Updated <time dateTime={updated.toISOString()}>{time}</time> ({timeAgo(updated, now)})
          </span>
        ) : null}
        <span>{fixturesLine(answer.fixtures)}</span>
      </p>
    </section>
  )
}
