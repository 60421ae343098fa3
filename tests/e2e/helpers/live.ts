import type { Page } from 'playwright-core'
import type { LiveAnswer } from '../../../contract/live'

// What a match-day journey drives besides the browser: the simulator's clock, the poller, and the
// live answer as the API gives it.

/** POSTs a `/__sim/{action}` control request (tests/fpl-simulator/README.md, "HTTP control API"). */
export function simulatorControl(simulatorUrl: string) {
  return async (action: string, body: unknown = {}): Promise<{ ok: boolean; body: Record<string, unknown> }> => {
    const res = await fetch(`${simulatorUrl}/__sim/${action}`, { method: 'POST', body: JSON.stringify(body) })
    return { ok: res.ok, body: (await res.json()) as Record<string, unknown> }
  }
}

/** One run of the live poller now (the dev stack's `POST /api/dev/live/poll`). */
export const pollLiveNow = (baseUrl: string) => fetch(`${baseUrl}/api/dev/live/poll`, { method: 'POST' })

/** A tournament's live answer for a signed-in reader. */
export async function liveAnswer(baseUrl: string, tournamentId: number, headers: Record<string, string>): Promise<LiveAnswer> {
  return (await (await fetch(`${baseUrl}/api/leagues/${tournamentId}/live`, { headers })).json()) as LiveAnswer
}

/**
 * Polls until every manager's picks have arrived through the local queue (each row has a captain),
 * for `gameweek` with `rows` managers; throws with the last answer after `timeoutMs`.
 */
export async function waitForPicks(read: () => Promise<LiveAnswer>, poll: () => Promise<unknown>, gameweek: number, rows: number, timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    await poll()
    const answer = await read()
    if (answer.gameweek === gameweek && answer.standings.length === rows && answer.standings.every((r) => r.captain !== null)) return answer
    if (Date.now() > deadline) throw new Error(`The picks did not arrive: ${JSON.stringify(answer).slice(0, 500)}`)
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  }
}

/** Counts the `live` frames a page's sockets receive: a change pushed, as opposed to re-read. */
export function countLivePushes(page: Page): { live: number; urls: string[] } {
  const seen = { live: 0, urls: [] as string[] }
  page.on('websocket', (socket) => {
    seen.urls.push(socket.url())
    socket.on('framereceived', ({ payload }) => {
      if (String(payload).includes('"type":"live"')) seen.live += 1
    })
  })
  return seen
}

/** Marks the document a page shows, so a later check can tell it was never reloaded. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    ;(globalThis as unknown as { stillSamePage: boolean }).stillSamePage = true
  })
}

/** True while the page still shows the document `markDocument` marked. */
export const sameDocument = async (page: Page): Promise<boolean> =>
  Boolean(await page.evaluate(() => (globalThis as unknown as { stillSamePage?: boolean }).stillSamePage))
