import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { LiveAnswer } from '../../contract/live'
import { getDb } from '../../worker/db/client'
import { type LiveFeed, writeFeed } from '../../worker/services/live/feed'
import { pollLive } from '../../worker/services/live/poll'
import { fetchSheets, type LiveSheetsMessage, queueMissingSheets } from '../../worker/services/live/sheets'
import { routeFplToSimulator, SIM_LEAGUES, simulator } from './helpers/fpl'
import { addMember, addTournament, addUser, bearer, getJson, runCronAndQueue, testClock } from './helpers/world'

// The live table against FPL's own tables (the simulator, which ranks as FPL does: fewer
// transfers first on equal totals, Wildcard and Free Hit weeks left out), through the refresh,
// the picks queue, the poller and the API (decision 141).

const LATE_LEAGUE = 789012
const db = () => getDb(env.DB)
const sim = () => simulator()
const fplJson = async <T>(path: string) => (await (await sim().fetch(new Request(`http://fpl.simulator/api/${path}`))).json()) as T
let feed: LiveFeed | null = null
let clock = Date.parse('2026-11-28T12:00:00Z')

interface Standings {
  standings: { results: Array<{ entry: number; total: number; rank: number; rank_sort: number; event_total: number }> }
}

async function poll() {
  clock += 11 * 60_000
  const result = await pollLive({ env, pollMs: 60_000, now: () => clock, sleep: async () => {} }, feed)
  if (result.feed && result.changed) await writeFeed(db(), result.feed)
  feed = result.feed
}

/** The refresh as the cron runs it, a few seconds later on its clock (KV takes one write per key per second). */
async function refresh() {
  testClock.skippedMs += 5_000
  expect((await runCronAndQueue()).failures).toEqual([])
}

async function fetchPicks(gameweek: number) {
  const messages: LiveSheetsMessage[] = []
  await queueMissingSheets(db(), { sendBatch: async (batch) => messages.push(...[...batch].map((m) => m.body)) }, gameweek, Date.now())
  for (const message of messages) await fetchSheets({ env, db: db() }, message)
}

const table = async (id: number, viewer: Record<string, string>) => (await getJson<LiveAnswer>(`/api/leagues/${id}/live?limit=100`, viewer)).body

let pub = 0
let chris: Record<string, string>

beforeAll(async () => {
  routeFplToSimulator(sim())
  sim().setGameweek(12, 'checked')
  const commissioner = await addUser('chris@example.com', 'Chris', 1000001)
  pub = await addTournament('The Pub League', SIM_LEAGUES.pub, commissioner)
  await addMember(pub, commissioner)
  chris = await bearer(commissioner)
  await refresh()
})

describe('ties as FPL ranks them, and the check', () => {
  it("ranks the table before GW13 as FPL's GW12 table: 566 points split 8th and 9th on transfers", async () => {
    const fpl = await fplJson<Standings>(`leagues-classic/${SIM_LEAGUES.pub}/standings/`)
    // FPL's tie: the demo entry (5 transfers) 8th, 1000009 (10 transfers) 9th, both on 566.
    expect(fpl.standings.results.filter((r) => r.total === 566).map((r) => [r.entry, r.rank])).toEqual([
      [1000001, 8],
      [1000009, 9],
    ])
    sim().startMatchDay(13)
    await refresh()
    await fetchPicks(13)
    await poll()
    const body = await table(pub, chris)
    expect(body.standings).toHaveLength(12)
    const lastRanks = new Map(body.standings.map((r) => [r.fpl_team_id, r.last_rank]))
    expect(fpl.standings.results.map((r) => [r.entry, lastRanks.get(r.entry)])).toEqual(fpl.standings.results.map((r) => [r.entry, r.rank]))
  })

  it("checked but not stored: provisional on our numbers; then FPL's table, in the same order with the same ranks", async () => {
    for (let i = 0; i < 600 && sim().state().phase !== 'checked'; i++) sim().step(15)
    expect(sim().state().phase).toBe('checked')
    await poll()
    const before = await table(pub, chris)
    expect(before).toMatchObject({ gameweek: 13, status: 'finished', provisional: true })

    await refresh()
    const after = await table(pub, chris)
    expect(after).toMatchObject({ gameweek: 13, status: 'checked', provisional: false })
    const fpl = await fplJson<Standings>(`leagues-classic/${SIM_LEAGUES.pub}/standings/`)
    const shown = (body: LiveAnswer) => body.standings.map((r) => [r.fpl_team_id, r.live_total, r.live_rank])
    // FPL's checked table is what the live table showed just before: nothing reorders at the check.
    expect(shown(after)).toEqual([...fpl.standings.results].sort((a, b) => a.rank_sort - b.rank_sort).map((r) => [r.entry, r.total, r.rank]))
    expect(shown(before)).toEqual(shown(after))
  })
})

describe('a league starting at GW20', () => {
  let late = 0
  let member: Record<string, string>

  it('in its first gameweek: no previous rank for anyone, and live totals that are the gameweek so far', async () => {
    sim().setGameweek(20, 'live')
    const memberId = await addUser('late@example.com', 'Late', 1000601)
    late = await addTournament('January Sales League', LATE_LEAGUE, memberId)
    await env.DB.prepare('UPDATE tournaments SET start_event = 20 WHERE id = ?').bind(late).run()
    await addMember(late, memberId)
    member = await bearer(memberId)
    await refresh()
    await fetchPicks(20)
    await poll()
    const body = await table(late, member)
    expect(body).toMatchObject({ gameweek: 20 })
    expect(body.standings).toHaveLength(20)
    expect(body.standings.every((r) => r.last_rank === null && r.live_total === r.live_points)).toBe(true)
  })

  it("at GW21, each manager's league total before it (GW20 only), never his season total", async () => {
    sim().setGameweek(20, 'checked')
    await refresh()
    const fpl = await fplJson<Standings>(`leagues-classic/${LATE_LEAGUE}/standings/`)
    const leagueTotal = new Map(fpl.standings.results.map((r) => [r.entry, r.total]))
    sim().setGameweek(21, 'live')
    await refresh()
    await fetchPicks(21)
    await poll()
    const body = await table(late, member)
    expect(body.gameweek).toBe(21)
    expect(body.standings).toHaveLength(20)
    for (const row of body.standings) {
      const history = await fplJson<{ current: Array<{ event: number; total_points: number }> }>(`entry/${row.fpl_team_id}/history/`)
      const season = history.current.find((h) => h.event === 20)?.total_points
      expect([row.fpl_team_id, row.live_total - row.live_points]).toEqual([row.fpl_team_id, leagueTotal.get(row.fpl_team_id)])
      expect(row.live_total - row.live_points).not.toBe(season)
    }
    // Ranked on the league's own totals: last ranks are FPL's GW20 ranks.
    const lastRanks = new Map(body.standings.map((r) => [r.fpl_team_id, r.last_rank]))
    expect(fpl.standings.results.map((r) => [r.entry, lastRanks.get(r.entry)])).toEqual(fpl.standings.results.map((r) => [r.entry, r.rank]))
  })
})
