import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { LiveAnswer, LiveSocketMessage } from '../../contract/live'
import { getDb } from '../../worker/db/client'
import { type LiveNewsMessage, queueLiveNews, tellHubs } from '../../worker/services/live/fanout'
import { type LiveFeed, writeFeed } from '../../worker/services/live/feed'
import { pollerOf } from '../../worker/services/live/hubs'
import { pollLive } from '../../worker/services/live/poll'
import { fetchSheets, type LiveSheetsMessage, queueMissingSheets } from '../../worker/services/live/sheets'
import { routeFplToSimulator, SIM_LEAGUES, simulator } from './helpers/fpl'
import { call } from './helpers/http'
import { addMember, addTournament, addUser, bearer, runCronAndQueue } from './helpers/world'

// An open Live tab's socket through a simulated match day of the Pub League (decisions 142,
// 143, the server's half): opened before the first kick-off, it is told of the first live generation at
// kick-off, and of FPL's checked table once the refresh has stored it, without a reload.

const GW = 13
const db = () => getDb(env.DB)
const sim = () => simulator()
let tournamentId: number
let token: string
let feed: LiveFeed | null = null
let clock = Date.parse('2026-11-28T12:00:00Z')

/** One poll as the poller runs it; a change goes to the watched hubs as the poller queues it and the consumer delivers it. */
async function pollAndTell() {
  clock += 11 * 60_000
  const result = await pollLive({ env, pollMs: 60_000, now: () => clock, sleep: async () => {} }, feed)
  if (result.feed && result.changed) await writeFeed(db(), result.feed)
  feed = result.feed
  if (!result.changed) return result
  const { runInDurableObject } = await import('cloudflare:test')
  const watched = (await runInDurableObject(pollerOf(env), (_p, state) => state.storage.get<number[]>('watchers'))) ?? []
  const queued: LiveNewsMessage[] = []
  await queueLiveNews({ sendBatch: async (batch) => queued.push(...[...batch].map((m) => m.body)) }, { watched, alerted: [], window: null })
  for (const message of queued) await tellHubs(env, message)
  return result
}

beforeAll(async () => {
  routeFplToSimulator(sim())
  sim().setGameweek(12, 'checked')
  const commissioner = await addUser('pub-socket@example.com', 'Chris', 1000001)
  tournamentId = await addTournament('The Pub League', SIM_LEAGUES.pub, commissioner)
  await addMember(tournamentId, commissioner)
  token = ((await bearer(commissioner)).authorization ?? '').replace('Bearer ', '')
  await runCronAndQueue()
  sim().startMatchDay(GW)
  const messages: LiveSheetsMessage[] = []
  await queueMissingSheets(db(), { sendBatch: async (batch) => messages.push(...[...batch].map((m) => m.body)) }, GW, Date.now())
  for (const message of messages) await fetchSheets({ env, db: db() }, message)
})

/** The page the screen re-reads when its socket speaks. */
const page = async () => (await (await call(`/api/leagues/${tournamentId}/live`, { headers: { authorization: `Bearer ${token}` } })).json()) as LiveAnswer

describe('a Live tab left open from before the first kick-off', () => {
  const received: LiveSocketMessage[] = []

  it('opens its socket while the gameweek is upcoming', async () => {
    await pollAndTell()
    expect(feed?.status).toBe('upcoming')
    const response = await call(`/api/leagues/${tournamentId}/live/socket`, {
      headers: { upgrade: 'websocket', 'sec-websocket-protocol': `bearer, ${token}` },
    })
    expect(response.status).toBe(101)
    const socket = response.webSocket as WebSocket
    socket.accept()
    socket.addEventListener('message', (event) => {
      received.push(JSON.parse(String(event.data)))
    })
  })

  it('is told of the first live generation at kick-off', async () => {
    sim().step(90 + 30)
    const { changed } = await pollAndTell()
    expect(changed).toBe(true)
    await expect.poll(() => received.at(-1)?.gen).toBe(feed?.gen)
    expect(received.at(-1)).toEqual({ type: 'live', gen: feed?.gen })
    // The screen re-reads its page on the message: the page is the live table.
    expect(await page()).toMatchObject({ gameweek: GW, status: 'live', provisional: true })
  })

  it("is told of FPL's checked table once the refresh has stored it, not only of the feed's check", async () => {
    for (let i = 0; i < 500 && sim().state().phase !== 'checked'; i++) sim().step(30)
    expect(sim().state().phase).toBe('checked')
    await pollAndTell()
    const beforeRefresh = received.length
    // The refresh stores the checked table: the socket hears of it without a new feed.
    await runCronAndQueue()
    await expect.poll(() => received.length).toBe(beforeRefresh + 1)
    expect(received.at(-1)).toEqual({ type: 'live', gen: feed?.gen })
    expect(await page()).toMatchObject({ gameweek: GW, status: 'checked', provisional: false })
  })
})
