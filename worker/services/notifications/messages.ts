import type { PushPayload } from '../../../contract/notifications'
import type { BatchSender } from '../../lib/queues'
import type { Notice } from './rules'

// The notify queue's messages (wrangler.toml: banter-arena-notify, one message per invocation).
// An announcement fans out in pages of users; each page's pushes go out in messages of at most
// DELIVERIES_PER_MESSAGE, so an invocation never makes more than that many push requests.

/** Who hears of a broadcast: a tournament's active members, or everyone with a device. */
export type Audience = { tournamentId: number } | { everyone: true }

export interface Delivery {
  subscriptionId: string
  endpoint: string
  p256dh: string
  auth: string
  /** Index into the message's payloads. */
  payload: number
  ttl: number
  urgency: 'normal' | 'high'
}

export type NotifyMessage =
  | { kind: 'notify:broadcast'; notice: Notice; audience: Audience; after?: number }
  | { kind: 'notify:users'; items: { userId: number; notice: Notice }[] }
  | { kind: 'notify:deliver'; payloads: PushPayload[]; deliveries: Delivery[]; attempt: number }
  | { kind: 'notify:digest'; season: string; gameweek: number; after?: number }

export const isNotifyMessage = (body: unknown): body is NotifyMessage =>
  typeof body === 'object' && body !== null && typeof (body as { kind?: unknown }).kind === 'string' && (body as { kind: string }).kind.startsWith('notify:')

/** Push requests per invocation: within the free plan's 50 subrequests, with room for D1 and the queue. */
export const DELIVERIES_PER_MESSAGE = 40
/** Users decided per broadcast message. */
export const USERS_PER_PAGE = 500

export interface NotifySender extends BatchSender<NotifyMessage> {
  send(message: NotifyMessage, options?: QueueSendOptions): Promise<unknown>
}
