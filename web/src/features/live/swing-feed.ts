import { useState } from 'react'
import type { LiveAnswer } from '../../../../contract/live'
import { rankChange, swingLine } from './live-text'

/** Updates the feed keeps (newest first). */
export const SWING_FEED_SIZE = 5

export interface SwingEntry {
  /** The update's time of data (its key). */
  at: string
  lines: string[]
  /** Arrived while the page was open (announced); false for the update the page opened on. */
  fresh: boolean
}

/**
 * The feed after `answer` arrived, `previous` being the answer shown before it. A new update
 * (another time of data) with swings, or one that moved the viewer, adds an entry; the viewer's
 * move compares their live rank before and after it. Another page of the same update adds nothing.
 */
export function nextFeed(feed: SwingEntry[], previous: LiveAnswer | null, answer: LiveAnswer, viewerTeamId: number | null): SwingEntry[] {
  if (!answer.updated_at || feed.some((e) => e.at === answer.updated_at)) return feed
  if (previous && previous.updated_at === answer.updated_at) return feed
  const sameGameweek = previous?.gameweek === answer.gameweek
  const moved = sameGameweek ? rankChange(previous.current_user_position, answer.current_user_position, answer.scope.complete) : null
  const lines = answer.swings.map((s) => swingLine(s, viewerTeamId))
  if (moved) {
    if (lines[0]) lines[0] = `${lines[0]}; ${moved}`
    else lines.push(moved.replace(/^you/, 'You'))
  }
  if (lines.length === 0) return feed
  return [{ at: answer.updated_at, lines, fresh: previous !== null }, ...feed].slice(0, SWING_FEED_SIZE)
}

/** The swing feed of the answers shown on this screen, from the first one on. */
export function useSwingFeed(answer: LiveAnswer | null, viewerTeamId: number | null): SwingEntry[] {
  const [seen, setSeen] = useState<LiveAnswer | null>(null)
  const [feed, setFeed] = useState<SwingEntry[]>([])
  if (answer && answer !== seen) {
    setSeen(answer)
    setFeed(nextFeed(feed, seen, answer, viewerTeamId))
  }
  return feed
}
