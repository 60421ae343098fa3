import type { Database } from '../../db/client'
import type { Bindings } from '../../env'
import { deliver } from './deliver'
import { sendDigests } from './digest'
import { fanOut, fanOutBroadcast } from './fanout'
import type { NotifyMessage, NotifySender } from './messages'

export type { NotifyMessage } from './messages'
export { isNotifyMessage } from './messages'

export interface NotifyDeps {
  env: Bindings
  db: Database
  queue: NotifySender
  fetch?: typeof fetch
  now?: () => number
}

/** One message of the notify queue. */
export async function handleNotifyMessage(deps: NotifyDeps, message: NotifyMessage) {
  switch (message.kind) {
    case 'notify:broadcast':
      return fanOutBroadcast(deps, message)
    case 'notify:users':
      return fanOut(deps, message.items)
    case 'notify:deliver':
      return deliver(deps, message)
    case 'notify:digest':
      return sendDigests(deps, message)
  }
}
