import type { LiveFeed } from '../../../worker/services/live/feed'

/**
 * A live feed as the poller would store it, for tests that write one straight into D1: a live
 * gameweek `gameweek` at generation `gen`, just read (a feed that has not moved for minutes makes
 * a reader wake the poller), nothing in it unless `parts` says so.
 */
export function liveFeed(gen: number, gameweek: number, parts: Partial<LiveFeed> = {}): LiveFeed {
  return {
    gen,
    gameweek,
    status: 'live',
    fetched_at: new Date(Date.now() + gen * 1000).toISOString(),
    updating: false,
    state_at: 0,
    next_deadline: null,
    event: { finished: false, data_checked: false },
    eventStatus: null,
    elements: [],
    live: [],
    fixtures: [],
    changes: [],
    ...parts,
  }
}

/** A hub's news of a new feed when it is watched and nobody in its league is alerted: push only. */
export const PUSH = { push: true, compare: false, window: null }
