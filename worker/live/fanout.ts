/**
 * The news of a new feed, from the one poller to every hub with open screens, through the refresh
 * queue: HUBS_PER_MESSAGE hubs a message, and the consumer takes one message per invocation, so no
 * invocation calls more hubs than that, within the platform's 50 subrequests however many
 * tournaments are watched (the notify queue's overtake checks go the same way). The poller's own
 * invocation only queues: its poll no longer waits on the hubs.
 */
import type { Bindings } from '../env'
import { log } from '../lib/log'
import { type BatchSender, chunk, sendInBatches } from '../lib/queues'
import { hubOf } from './hubs'

/** Hub calls per invocation (the notify queue's overtake checks take as many). */
export const HUBS_PER_MESSAGE = 40

/** One queue message: these tournaments' hubs push the new feed to their screens. */
export interface LiveNewsMessage {
  live_news: number[]
}

export const isLiveNewsMessage = (body: unknown): body is LiveNewsMessage => typeof body === 'object' && body !== null && 'live_news' in body

/** The poller: the news for every watched hub, in messages of HUBS_PER_MESSAGE. Answers how many messages. */
export async function queueLiveNews(queue: BatchSender<LiveNewsMessage>, tournamentIds: number[]): Promise<number> {
  const messages = chunk(tournamentIds, HUBS_PER_MESSAGE).map((ids) => ({ body: { live_news: ids } }))
  await sendInBatches(queue, messages)
  return messages.length
}

/** The consumer: each hub pushes to its screens. A hub that fails is logged: the next feed reaches it again. Answers the screens told. */
export async function tellHubs(env: Pick<Bindings, 'LIVE_HUB'>, message: LiveNewsMessage): Promise<number> {
  const results = await Promise.allSettled(message.live_news.map((id) => hubOf(env, id).changed(id)))
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
    .stored(tournamentId)
    .catch((error: unknown) => log.warn('A live hub missed the stored table', { error }))
}
