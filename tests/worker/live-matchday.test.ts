import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { LiveAnswer } from '../../contract/live'
import { getDb } from '../../worker/db/client'
import { type LiveFeed, writeFeed } from '../../worker/services/live/feed'
import { pollLive } from '../../worker/services/live/poll'
import { fetchSheets, type LiveSheetsMessage, queueMissingSheets } from '../../worker/services/live/sheets'
import { routeFplToSimulator, SIM_LEAGUES, simulator } from './helpers/fpl'
import { addMember, addTournament, addUser, bearer, getJson, runCronAndQueue } from './helpers/world'

// The engine through a simulated match day of the Pub League (12 managers): picks once, a poll a
// step, the table read through the API. Every number is checked against FPL's own arithmetic: an
// independent sum over each manager's picks while matches are in play, and once the gameweek is
// over, the points FPL (the simulator, with its automatic subs and bonus) gives each manager.

const GW = 13
const db = () => getDb(env.DB)
let tournamentId: number
let viewer: Record<string, string>
let feed: LiveFeed | null = null
let clock = Date.parse('2026-11-28T12:00:00Z')

const sim = () => simulator()
const fplJson = async <T>(path: string) => (await (await sim().fetch(new Request(`http://fpl.simulator/api/${path}`))).json()) as T

interface Picks {
  active_chip: string | null
  entry_history: { points: number; event_transfers_cost: number }
  picks: Array<{ element: number; position: number; is_captain: boolean }>
}
interface Live {
  elements: Array<{ id: number; stats: { total_points: number } }>
}
interface Fixture {
  started: boolean
  stats: Array<{ identifier: string; h: Array<{ element: number; value: number }>; a: Array<{ element: number; value: number }> }>
}

/** One poll as the poller runs it, each a little later (so the cached gameweek state is re-read). */
async function poll() {
  clock += 11 * 60_000
  const result = await pollLive({ env, pollMs: 60_000, now: () => clock, sleep: async () => {} }, feed)
  if (result.feed && result.changed) await writeFeed(db(), result.feed)
  feed = result.feed
  return result
}

const table = async () => (await getJson<LiveAnswer>(`/api/leagues/${tournamentId}/live`, viewer)).body

/** FPL's bonus from bps for fixtures in play: 3, 2, 1 to the best three, ties sharing. */
function projectedBonus(fixtures: Fixture[]): Map<number, number> {
  const bonus = new Map<number, number>()
  for (const f of fixtures) {
    const added = f.stats.some((s) => s.identifier === 'bonus' && s.h.length + s.a.length > 0)
    if (!f.started || added) continue
    const bps = f.stats.find((s) => s.identifier === 'bps')
    const scores = [...(bps?.h ?? []), ...(bps?.a ?? [])].sort((a, b) => b.value - a.value)
    for (const s of scores) {
      const beaten = scores.filter((o) => o.value > s.value).length
      if (beaten < 3) bonus.set(s.element, 3 - beaten)
    }
  }
  return bonus
}

/** A manager's points while no starter is done (nobody to substitute, the captain keeps the armband). */
async function pointsInPlay(entry: number, picks: Picks): Promise<number> {
  const live = await fplJson<Live>(`event/${GW}/live/`)
  const bonus = projectedBonus(await fplJson<Fixture[]>(`fixtures/?event=${GW}`))
  const points = new Map(live.elements.map((e) => [e.id, e.stats.total_points + (bonus.get(e.id) ?? 0)]))
  const counting = picks.active_chip === 'bboost' ? picks.picks : picks.picks.filter((p) => p.position <= 11)
  const armband = picks.active_chip === '3xc' ? 3 : 2
  const gross = counting.reduce((sum, p) => sum + (points.get(p.element) ?? 0) * (p.is_captain ? armband : 1), 0)
  expect(entry).toBeGreaterThan(0)
  return gross - picks.entry_history.event_transfers_cost
}

beforeAll(async () => {
  routeFplToSimulator(sim())
  sim().setGameweek(12, 'checked')
  const commissioner = await addUser('pub-boss@example.com', 'Chris', 1000001)
  tournamentId = await addTournament('The Pub League', SIM_LEAGUES.pub, commissioner)
  await addMember(tournamentId, commissioner)
  viewer = await bearer(commissioner)
  await runCronAndQueue()
  sim().startMatchDay(GW)
  // Picks once per manager, after the deadline, through the queue.
  const messages: LiveSheetsMessage[] = []
  await queueMissingSheets(db(), { sendBatch: async (batch) => messages.push(...[...batch].map((m) => m.body)) }, GW, Date.now())
  for (const message of messages) await fetchSheets({ env, db: db() }, message)
})

describe('a simulated match day through the live engine', () => {
  it('before the first kick-off: the gameweek is current, nothing scored, the poller waits for the kick-off', async () => {
    const { nextPollAt } = await poll()
    const body = await table()
    expect(body).toMatchObject({ gameweek: GW, status: 'upcoming', provisional: true })
    expect(body.standings).toHaveLength(12)
    // Nothing scored: a manager's gameweek so far is only his hit.
    expect(body.standings.every((r) => r.live_points === -r.transfers_cost && r.players_played === 0)).toBe(true)
    const kickoff = Math.min(...(await fplJson<Array<{ kickoff_time: string }>>(`fixtures/?event=${GW}`)).map((f) => Date.parse(f.kickoff_time)))
    expect(nextPollAt).toBe(Math.max(clock + 60_000, kickoff - 60_000))
  })

  it('mid-match: every manager scores the sum of his picks, projected bonus and armband included, net of hits', async () => {
    sim().step(90 + 30)
    await poll()
    const body = await table()
    expect(body.status).toBe('live')
    expect(body.fixtures.started).toBeGreaterThan(0)
    for (const row of body.standings) {
      const picks = await fplJson<Picks>(`entry/${row.fpl_team_id}/event/${GW}/picks/`)
      expect([row.fpl_team_id, row.live_points]).toEqual([row.fpl_team_id, await pointsInPlay(row.fpl_team_id, picks)])
    }
  })

  it('a goal: the next poll moves every manager who counts the scorer, and names the swing', async () => {
    const before = await table()
    const state = sim().state()
    const inPlay = state.matchday?.fixtures.filter((f) => f.started && !f.finished_provisional) ?? []
    expect(inPlay.length).toBeGreaterThan(0)
    // A player of a fixture in play whom some Pub League manager counts, on the pitch now.
    let scorer: number | null = null
    for (const row of before.standings) {
      const picks = await fplJson<Picks>(`entry/${row.fpl_team_id}/event/${GW}/picks/`)
      for (const p of picks.picks.filter((p) => p.position <= 11)) {
        try {
          sim().scoreGoal(p.element)
          scorer = p.element
          break
        } catch {
          // not on the pitch in a fixture in play
        }
      }
      if (scorer) break
    }
    expect(scorer).not.toBeNull()
    const { changed } = await poll()
    expect(changed).toBe(true)
    expect(feed?.changes.find((c) => c.element === scorer)?.events).toContain('goal')
    const after = await table()
    for (const row of after.standings) {
      const picks = await fplJson<Picks>(`entry/${row.fpl_team_id}/event/${GW}/picks/`)
      expect([row.fpl_team_id, row.live_points]).toEqual([row.fpl_team_id, await pointsInPlay(row.fpl_team_id, picks)])
    }
    const swing = after.swings.find((s) => s.element === scorer)
    expect(swing?.events).toContain('goal')
    expect(swing?.managers.length).toBeGreaterThan(0)
  })

  it("after the last whistle and the bonus: each manager's live points are FPL's own, automatic subs and all", async () => {
    // Through every match of the gameweek until FPL has added the last bonus (its `finished`).
    for (let i = 0; i < 400 && sim().state().phase === 'live'; i++) sim().step(15)
    expect(sim().state().phase).toBe('finished')
    await poll()
    const body = await table()
    expect(body).toMatchObject({ status: 'finished', provisional: true })
    expect(body.fixtures.finished).toBe(body.fixtures.total)
    let subs = 0
    for (const row of body.standings) {
      const picks = await fplJson<Picks & { automatic_subs: unknown[] }>(`entry/${row.fpl_team_id}/event/${GW}/picks/`)
      subs += picks.automatic_subs.length
      expect([row.fpl_team_id, row.live_points]).toEqual([row.fpl_team_id, picks.entry_history.points - picks.entry_history.event_transfers_cost])
      expect(row.auto_subs).toHaveLength(picks.automatic_subs.length)
    }
    // The league's picks had automatic subs to project (otherwise this test would prove less).
    expect(subs).toBeGreaterThan(0)
    expect(body.standings.every((r) => r.projected_bonus === 0 && r.players_to_play === 0)).toBe(true)
  })

  it('once FPL has checked the gameweek: provisional until the refresh stores its table, then final', async () => {
    for (let i = 0; i < 100 && sim().state().phase !== 'checked'; i++) sim().step(30)
    await poll()
    expect(await table()).toMatchObject({ status: 'finished', provisional: true })
    await runCronAndQueue()
    expect(await table()).toMatchObject({ status: 'checked', provisional: false })
  })
})
