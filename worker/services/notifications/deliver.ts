import type { Database } from '../../db/client'
import type { Bindings } from '../../env'
import { log } from '../../lib/log'
import { type MetricsEnv, recordMetric } from '../../lib/metrics'
import type { NotifyMessage, NotifySender } from './messages'
import { pushSender, vapidKeys, vapidSubject } from './push'
import { deleteGoneDevices } from './subscriptions'

// The queue's second stage: one message's pushes (at most DELIVERIES_PER_MESSAGE), in parallel.
// A device the push service no longer knows (404, 410) is forgotten; a busy or unreachable push
// service (429, 5xx, no answer) gets the failed pushes again later, a few times, then they go.

export interface DeliverDeps {
  env: Pick<Bindings, 'VAPID_PRIVATE_JWK' | 'ENVIRONMENT' | 'APP_URL'> & MetricsEnv
  db: Database
  queue: NotifySender
  fetch?: typeof fetch
}

export interface DeliverResult {
  sent: number
  gone: number
  retried: number
  dropped: number
}

const MAX_ATTEMPTS = 3
const GONE = new Set([404, 410])
const isTransient = (status: number) => status === 0 || status === 429 || status >= 500

export async function deliver(deps: DeliverDeps, message: Extract<NotifyMessage, { kind: 'notify:deliver' }>): Promise<DeliverResult> {
  const keys = vapidKeys(deps.env)
  const result: DeliverResult = { sent: 0, gone: 0, retried: 0, dropped: 0 }
  if (!keys) {
    log.warn('VAPID_PRIVATE_JWK is not set: pushes are not sent', { dropped: message.deliveries.length })
    return counted(deps.env, { ...result, dropped: message.deliveries.length })
  }
  const send = pushSender(keys, vapidSubject(deps.env), deps.fetch)
  const statuses = await Promise.all(
    message.deliveries.map((d) => send(d, { payload: message.payloads[d.payload] ?? message.payloads[0]!, ttl: d.ttl, urgency: d.urgency })),
  )
  const gone: string[] = []
  const again: typeof message.deliveries = []
  statuses.forEach((status, i) => {
    const delivery = message.deliveries[i]!
    if (status >= 200 && status < 300) result.sent++
    else if (GONE.has(status)) gone.push(delivery.subscriptionId)
    else if (isTransient(status) && message.attempt + 1 < MAX_ATTEMPTS) again.push(delivery)
    else result.dropped++
  })
  await deleteGoneDevices(deps.db, gone)
  if (again.length) {
    await deps.queue.send({ ...message, deliveries: again, attempt: message.attempt + 1 }, { delaySeconds: 60 * 2 ** message.attempt })
  }
  return counted(deps.env, { ...result, gone: gone.length, retried: again.length })
}

/** The push_outcome metric: how many of a message's pushes were sent, gone, retried and dropped. */
function counted(env: MetricsEnv, result: DeliverResult): DeliverResult {
  for (const [outcome, count] of Object.entries(result)) if (count > 0) recordMetric(env, 'push_outcome', { value: count, labels: { outcome } })
  return result
}
