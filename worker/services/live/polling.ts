/**
 * What the one live poller (worker/durable-objects/poller.ts) does at each alarm: poll FPL (poll.ts), store
 * a new feed, and queue its news for the hubs that want it (fanout.ts): the watched ones push it
 * to their screens, the alerted ones compare their tables for overtakes. The poller's Durable
 * Object keeps the loop (its alarm, the watched hubs, when it last asked for picks).
 */
import { getDb } from '../../db/client'
import { type Bindings, isDevelopment } from '../../env'
import { log } from '../../lib/log'
import { queueLiveNews } from './fanout'
import { readFeed, writeFeed } from './feed'
import { alertedTournaments, matchWindow } from './overtakes'
import { pollLive } from './poll'
import { forgetOtherGameweeks } from './sheets'

/** The loop's last poll and the time it set its alarm for (epoch ms), kept with every poll. */
export interface PollerLoop {
  lastPollAt: number
  nextPollAt: number
}

/** What the operator's deep health check asks the poller (GET /api/health/deep). */
export interface PollerStatus extends Partial<PollerLoop> {
  /** The alarm set now, null when none is (the cron's wake starts the loop again). */
  alarmAt: number | null
  pollMs: number
}

/** The interval in a match window (LIVE_POLL_SECONDS). */
export const pollInterval = (env: Pick<Bindings, 'LIVE_POLL_SECONDS'>) => Number(env.LIVE_POLL_SECONDS) * 1000 || 60_000

export interface Polled {
  /** When to poll again; null to rest (poll.ts RESTING_CHECK_MS). */
  next: number | null
  feed: { gen: number; status: string; gameweek: number } | null
  /** The feed has just moved to another gameweek. */
  newGameweek: boolean
}

/** One poll: the feed stored when it changed (or was read again), its news queued when it changed. */
export async function pollOnce(env: Bindings, watched: () => Promise<number[]>): Promise<Polled> {
  const db = getDb(env.DB)
  const previous = await readFeed(db)
  const { feed, changed, nextPollAt } = await pollLive({ env, pollMs: pollInterval(env), neverSleep: isDevelopment(env) }, previous)
  if (!feed) return { next: nextPollAt, feed: null, newGameweek: false }
  if (changed || feed.fetched_at !== previous?.fetched_at) await writeFeed(db, feed)
  const newGameweek = feed.gameweek !== previous?.gameweek
  if (newGameweek) await forgetOtherGameweeks(db, feed.gameweek)
  if (changed) {
    // The hubs hear of it through the refresh queue, 40 a message: the poller's work does not grow with them.
    const alerted = await alertedTournaments(db).catch((error: unknown) => {
      log.warn('The leagues to compare for overtakes were not read', { error })
      return []
    })
    await queueLiveNews(env.REFRESH_QUEUE, { watched: await watched(), alerted, window: matchWindow(feed.fixtures) }).catch((error: unknown) =>
      log.warn('The live news was not queued', { error }),
    )
  }
  return { next: nextPollAt, feed: { gen: feed.gen, status: feed.status, gameweek: feed.gameweek }, newGameweek }
}
