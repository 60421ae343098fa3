import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { LiveAnswer } from '../../contract/live'
import { getDb } from '../../worker/db/client'
import { type LiveFeed, writeFeed } from '../../worker/services/live/feed'
import { hubOf } from '../../worker/services/live/hubs'
import { call } from './helpers/http'
import { liveFeed } from './helpers/live'
import { addMember, addTournament, addUser, bearer } from './helpers/world'

// The `/live` pages kept at the edge per version of the table (decision 142): one popular
// tournament's readers share each page instead of all queueing on its one hub, each still gets
// their own row marked and their own place, and each is still authorized on every read.

const GW = 20
let tournamentId: number
const viewers: Array<{ entry: number; headers: Record<string, string> }> = []
let outsider: Record<string, string>

/** A live gameweek before its first kick-off: the table is the stored totals (nothing scored yet). */
const feed = (gen: number): LiveFeed => liveFeed(gen, GW)

/** The worker with a LIVE_HUB that counts the calls reaching a hub. */
function countingHubs() {
  const hubs = env.LIVE_HUB
  const counter = { calls: 0 }
  const LIVE_HUB = {
    idFromName: (name: string) => hubs.idFromName(name),
    get: (id: DurableObjectId) => {
      counter.calls += 1
      return hubs.get(id)
    },
  } as unknown as typeof hubs
  const read = async (path: string, headers: Record<string, string>) => {
    const response = await call(path, { headers }, { LIVE_HUB })
    return { status: response.status, body: (await response.json()) as LiveAnswer }
  }
  return { counter, read }
}

beforeAll(async () => {
  const names = ['Boss', 'Priya', 'Tom', 'Ana', 'Raj']
  const ids: number[] = []
  for (const [i, name] of names.entries()) ids.push(await addUser(`cache-${i}@example.com`, name, 5000001 + i))
  tournamentId = await addTournament('Cached League', 765432, ids[0] as number)
  for (const [i, id] of ids.entries()) {
    await addMember(tournamentId, id)
    viewers.push({ entry: 5000001 + i, headers: await bearer(id) })
  }
  outsider = await bearer(await addUser('cache-outsider@example.com', 'Nosy', 5000099))
  await env.DB.prepare(
    "INSERT INTO tournament_snapshots (tournament_id, season, gameweek, gameweek_status, data_version, standings_meta, monthly_winners) VALUES (?, '2026/27', 19, 'checked', '19:checked', '{}', '[]')",
  )
    .bind(tournamentId)
    .run()
  // Totals after GW19, best first: 5000003, 5000001, 5000005, 5000002, 5000004.
  const totals: Array<[number, number]> = [
    [5000003, 1050],
    [5000001, 1040],
    [5000005, 1030],
    [5000002, 1020],
    [5000004, 1010],
  ]
  for (const [position, [entry, total]] of totals.entries()) {
    await env.DB.prepare(
      `INSERT INTO standings_rows (tournament_id, position, fpl_team_id, team_name, player_name, total_points, gameweek_points, rank, last_rank)
       VALUES (?, ?, ?, ?, ?, ?, 50, ?, ?)`,
    )
      .bind(tournamentId, position + 1, entry, `Team ${entry}`, `Manager ${entry}`, total, position + 1, position + 1)
      .run()
  }
  await writeFeed(getDb(env.DB), feed(1))
})

describe('GET /api/leagues/{id}/live kept at the edge', () => {
  it("serves a page the hub answered once to every viewer, each with their own row marked and their own place, as the hub's own answer would", async () => {
    const { counter, read } = countingHubs()
    const path = `/api/leagues/${tournamentId}/live?page=2&limit=2`
    const first = await read(path, (viewers[0] as (typeof viewers)[number]).headers)
    expect(first.status).toBe(200)
    const reachedHub = counter.calls
    expect(reachedHub).toBeGreaterThan(0)
    for (const viewer of viewers) {
      const { status, body } = await read(path, viewer.headers)
      expect(status).toBe(200)
      const own = await hubOf(env, tournamentId).live({ page: 2, limit: 2, search: null, viewerTeamId: viewer.entry })
      expect(body).toEqual(own)
    }
    // Before: every read was a call to the tournament's one hub. Now the other four viewers' reads
    // (and the first viewer's second) reach none.
    expect(counter.calls).toBe(reachedHub)
    // Priya (5000002) is 4th, on page 2 at this size: her row is marked; Tom (5000003) is 1st, on page 1.
    const priya = await read(path, (viewers[1] as (typeof viewers)[number]).headers)
    expect(priya.body).toMatchObject({ current_user_position: 4, current_user_page: 2 })
    expect(priya.body.standings.map((r) => [r.fpl_team_id, r.is_current_user])).toEqual([
      [5000005, false],
      [5000002, true],
    ])
    const tom = await read(path, (viewers[2] as (typeof viewers)[number]).headers)
    expect(tom.body).toMatchObject({ current_user_position: 1, current_user_page: 1 })
    expect(tom.body.standings.every((r) => !r.is_current_user)).toBe(true)
  })

  it('reads the hub again for a new feed generation, and the answer carries its time', async () => {
    const { counter, read } = countingHubs()
    const path = `/api/leagues/${tournamentId}/live?limit=3`
    const viewer = (viewers[0] as (typeof viewers)[number]).headers
    await read(path, viewer)
    const kept = counter.calls
    const next = feed(2)
    await writeFeed(getDb(env.DB), next)
    const { body } = await read(path, viewer)
    expect(counter.calls).toBeGreaterThan(kept)
    expect(body.updated_at).toBe(next.fetched_at)
  })

  it('still authorizes every read: a kept page is never answered to someone who may not read it', async () => {
    const path = `/api/leagues/${tournamentId}/live`
    expect((await call(path, { headers: (viewers[0] as (typeof viewers)[number]).headers })).status).toBe(200)
    expect((await call(path, { headers: outsider })).status).toBe(403)
    expect((await call(path)).status).toBe(401)
  })

  it('takes the standings search, validated as theirs', async () => {
    const viewer = (viewers[0] as (typeof viewers)[number]).headers
    expect((await call(`/api/leagues/${tournamentId}/live?search=${'x'.repeat(51)}`, { headers: viewer })).status).toBe(400)
    expect((await call(`/api/leagues/${tournamentId}/live?search=Manager`, { headers: viewer })).status).toBe(200)
  })
})
