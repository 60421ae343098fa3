// Sending to Cloudflare Queues: a `sendBatch` carries at most 100 messages (and 256 KB), so every
// producer sends its messages through `sendInBatches`. `messageKind` names a message's work for
// its metrics and log lines.

/** Splits items into groups of at most `size`: tasks into messages, messages into batches. */
export function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** What a producer needs of a queue binding (tests pass a recorder). */
export interface BatchSender<Body> {
  sendBatch(messages: Iterable<MessageSendRequest<Body>>): Promise<unknown>
}

/** The queue's limit on messages in one batch. */
const MESSAGES_PER_BATCH = 100

/** Sends the messages in as few batches as the queue allows (`perBatch` lower for large bodies). */
export async function sendInBatches<Body>(queue: BatchSender<Body>, messages: MessageSendRequest<Body>[], perBatch = MESSAGES_PER_BATCH) {
  for (const batch of chunk(messages, perBatch)) await queue.sendBatch(batch)
}

/** notify:<kind>, live:sheets, live:news, season:archive, refresh:<its tasks' kinds> (refresh:entry+history, say), or unknown. */
export function messageKind(body: unknown): string {
  if (typeof body !== 'object' || body === null) return 'unknown'
  if ('kind' in body && typeof body.kind === 'string') return body.kind.slice(0, 40)
  if ('live_sheets' in body) return 'live:sheets'
  if ('live_news' in body) return 'live:news'
  if ('season_archive' in body) return 'season:archive'
  if ('tasks' in body && Array.isArray(body.tasks)) {
    const kinds = new Set(body.tasks.map((task: { t?: unknown }) => String(task?.t)))
    return `refresh:${[...kinds].sort().join('+')}`.slice(0, 100)
  }
  return 'unknown'
}
