import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { LiveAnswer } from '../../contract/live'
import type { MyGameweekAnswer, MyGameweekLeague } from '../../contract/my-gameweek'
import { getDb } from '../../worker/db/client'
import { type LiveFeed, writeFeed } from '../../worker/services/live/feed'
import { pollLive } from '../../worker/services/live/poll'
import { fetchSheets, type LiveSheetsMessage, queueMissingSheets } from '../../worker/services/live/sheets'
import { routeFplToSimulator, SIM_LEAGUES, simulator } from './helpers/fpl'
import { addMember, addTournament, addUser, bearer, getJson, PUBLIC_TOURNAMENT_ID, runCronAndQueue } from './helpers/world'

// The gameweek panel (GET /api/me/gameweek) through a simulated match day of the Pub League: a real
// refresh, the picks, the poller's feed. At each step the panel says what the league's own screens
// say: its standings after the refresh, its Live tab while the matches are played.

const GW = 13
const ME = 1000001
const db = () => getDb(env.DB)
let pubId = 0
let me: Record<string, string>
let feed: LiveFeed | null = null
let clock = Date.parse('2026-11-28T12:00:00Z')
const sim = () => simulator()

async function poll() {
  clock += 11 * 60_000
  const result = await pollLive({ env, pollMs: 60_000, now: () => clock, sleep: async () => {} }, feed)
  if (result.feed && result.changed) await writeFeed(db(), result.feed)
  feed = result.feed
}

const panel = async () => (await getJson<MyGameweekAnswer>('/api/me/gameweek', me)).body
const pubOf = (answer: MyGameweekAnswer) => answer.leagues.find((l) => l.tournament_id === pubId) as MyGameweekLeague

/** The league's Live tab, whole: the manager's row and the rows around it. */
async function liveRows() {
  const live = (await getJson<LiveAnswer>(`/api/leagues/${pubId}/live?limit=50`, me)).body
  const at = live.standings.findIndex((r) => r.fpl_team_id === ME)
  return { live, own: live.standings[at], above: live.standings[at - 1], below: live.standings[at + 1] }
}

beforeAll(async () => {
  routeFplToSimulator(sim())
  sim().setGameweek(12, 'checked')
  const meId = await addUser('pub-me@example.com', 'Chris', ME)
  pubId = await addTournament('The Pub League', SIM_LEAGUES.pub, meId)
  await addMember(PUBLIC_TOURNAMENT_ID, meId)
  await addMember(pubId, meId)
  me = await bearer(meId)
  await runCronAndQueue()
})

describe('the gameweek panel through a match day', () => {
  it("after the refresh: the league's standings, the global tournament last", async () => {
    const body = await panel()
    expect(body).toMatchObject({ gameweek: 12, status: 'checked', provisional: false })
    expect(body.leagues.at(-1)?.kind).toBe('global')
    const standings = (
      await getJson<{
        current_user_position: number
        total_members: number
        standings: Array<{ fpl_team_id: number; total_points: number; gameweek_points: number }>
      }>(`/api/leagues/${pubId}/standings?limit=50`, me)
    ).body
    const own = standings.standings.find((r) => r.fpl_team_id === ME)
    expect(pubOf(body)).toMatchObject({ rank: standings.current_user_position, of: standings.total_members, total_points: own?.total_points })
    expect(body.points).toBe(own?.gameweek_points)
  })

  it("mid-match: the Live tab's place, total, neighbours and the points so far", async () => {
    sim().startMatchDay(GW)
    const messages: LiveSheetsMessage[] = []
    await queueMissingSheets(db(), { sendBatch: async (batch) => messages.push(...[...batch].map((m) => m.body)) }, GW, Date.now())
    for (const message of messages) await fetchSheets({ env, db: db() }, message)
    sim().step(90 + 30)
    await poll()
    const body = await panel()
    const { live, own, above, below } = await liveRows()
    expect(live.status).toBe('live')
    expect(own?.team_status).toBe('loaded')
    expect(body.points).not.toBeNull()
    expect(body).toMatchObject({ gameweek: GW, status: 'live', provisional: true, points: own?.live_points })
    expect(pubOf(body)).toMatchObject({
      rank: live.current_user_position,
      of: live.pagination_metadata.total_members,
      total_points: own?.live_total,
      movement: own?.last_rank === null ? null : (own?.last_rank ?? 0) - (own?.live_rank ?? 0),
      above: above ? { fpl_team_id: above.fpl_team_id, gap: above.live_total - (own?.live_total ?? 0) } : null,
      below: below ? { fpl_team_id: below.fpl_team_id, gap: (own?.live_total ?? 0) - below.live_total } : null,
    })
  })

  it('once FPL has checked and the refresh stored it: the final standings', async () => {
    for (let i = 0; i < 400 && sim().state().phase !== 'checked'; i++) sim().step(30)
    await poll()
    // Checked by FPL, not stored yet: still the live projection.
    expect(await panel()).toMatchObject({ gameweek: GW, status: 'finished', provisional: true })
    await runCronAndQueue()
    const body = await panel()
    const standings = (
      await getJson<{ current_user_position: number; standings: Array<{ fpl_team_id: number; total_points: number; gameweek_points: number }> }>(
        `/api/leagues/${pubId}/standings?limit=50`,
        me,
      )
    ).body
    const own = standings.standings.find((r) => r.fpl_team_id === ME)
    expect(body).toMatchObject({ gameweek: GW, status: 'checked', provisional: false, points: own?.gameweek_points })
    expect(pubOf(body)).toMatchObject({ rank: standings.current_user_position, total_points: own?.total_points })
  })
})
