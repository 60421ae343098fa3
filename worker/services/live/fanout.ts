/**
 * The news of a new feed, from the one poller to the hubs that want it, through the refresh queue:
 * a hub with open screens pushes it to them, a hub of a league with members to alert compares its
 * table for overtakes, and a hub that is both does both in one call. HUBS_PER_MESSAGE hubs a
 * message, and the consumer takes one message per invocation, so no invocation calls more hubs
 * than that, within the platform's 50 subrequests however many tournaments are watched or alerted.
 * The poller's own invocation only queues: its poll no longer waits on the hubs.
 */
import type { Bindings } from '../../env'
import { log } from '../../lib/log'
import { type BatchSender, chunk, sendInBatches } from '../../lib/queues'
import { hubOf } from './hubs'

/** Hub calls per invocation: one subrequest each, within the free plan's 50. */
export const HUBS_PER_MESSAGE = 40

/** What one hub does with the news: push it to its screens (watched), compare for overtakes (alerted). */
export interface HubNews {
  push: boolean
  compare: boolean
  /** The match window in play (overtakes.ts `matchWindow`): overtakes are told only inside one. */
  window: string | null
}

/** One queue message: these tournaments' hubs take the new feed, each as its entry says. */
export interface LiveNewsMessage {
  live_news: { window: string | null; hubs: Array<{ id: number; push: boolean; compare: boolean }> }
}

export const isLiveNewsMessage = (body: unknown): body is LiveNewsMessage => typeof body === 'object' && body !== null && 'live_news' in body

/**
 * The poller: the news for every watched or alerted hub, each hub once, in messages of
 * HUBS_PER_MESSAGE. Answers how many messages.
 */
export async function queueLiveNews(
  queue: BatchSender<LiveNewsMessage>,
  news: { watched: readonly number[]; alerted: readonly number[]; window: string | null },
): Promise<number> {
  const watched = new Set(news.watched)
  const alerted = new Set(news.alerted)
  const hubs = [...new Set([...watched, ...alerted])].map((id) => ({ id, push: watched.has(id), compare: alerted.has(id) }))
  const messages = chunk(hubs, HUBS_PER_MESSAGE).map((group) => ({ body: { live_news: { window: news.window, hubs: group } } }))
  await sendInBatches(queue, messages)
  return messages.length
}

/** The consumer: each hub takes its news. A hub that fails is logged: the next feed reaches it again. Answers the screens told. */
export async function tellHubs(env: Pick<Bindings, 'LIVE_HUB'>, message: LiveNewsMessage): Promise<number> {
  const { window, hubs } = message.live_news
  const results = await Promise.allSettled(hubs.map((hub) => hubOf(env, hub.id).news({ push: hub.push, compare: hub.compare, window })))
  let sockets = 0
  for (const result of results) {
    if (result.status === 'rejected') log.warn('A live hub missed an update', { error: result.reason })
    else sockets += result.value
  }
  return sockets
}

/**
 * The refresh stored a new table for a tournament (the checked one of a gameweek): its open screens
 * re-read, as after a new feed. One hub call; a failure is logged, the stored table stays.
 */
export async function storedTableNews(env: Pick<Bindings, 'LIVE_HUB'>, tournamentId: number): Promise<void> {
  await hubOf(env, tournamentId)
    .stored()
    .catch((error: unknown) => log.warn('A live hub missed the stored table', { error }))
}
