import { env } from 'cloudflare:workers'
import { getDb } from '../../../worker/db/client'
import { handleNotifyMessage } from '../../../worker/services/notifications'
import type { NotifyMessage, NotifySender } from '../../../worker/services/notifications/messages'

/** The notify queue of a test: records what is queued (with its delay); `drain` runs it as the consumer would. */
export class NotifyQueue implements NotifySender {
  readonly sent: { body: NotifyMessage; delaySeconds?: number }[] = []

  async send(body: NotifyMessage, options?: QueueSendOptions) {
    this.sent.push({ body, delaySeconds: options?.delaySeconds })
  }

  async sendBatch(messages: Iterable<MessageSendRequest<NotifyMessage>>) {
    for (const message of messages) this.sent.push({ body: message.body, delaySeconds: message.delaySeconds })
  }

  /** The queued messages of one kind. */
  of<K extends NotifyMessage['kind']>(kind: K) {
    return this.sent.filter((m): m is { body: Extract<NotifyMessage, { kind: K }>; delaySeconds?: number } => m.body.kind === kind)
  }

  clear() {
    this.sent.length = 0
  }

  /**
   * Runs every message due now (no delay) and what they queue, one per invocation; delayed ones
   * stay queued, as the queue would hold them.
   */
  async drain(deps: { fetch?: typeof fetch; now?: () => number } = {}) {
    const results: unknown[] = []
    for (;;) {
      const index = this.sent.findIndex((m) => !m.delaySeconds)
      if (index < 0) return results
      const [message] = this.sent.splice(index, 1)
      results.push(await handleNotifyMessage({ env, db: getDb(env.DB), queue: this, ...deps }, (message as { body: NotifyMessage }).body))
    }
  }
}
