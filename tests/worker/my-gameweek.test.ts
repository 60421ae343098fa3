import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { LiveAnswer } from '../../contract/live'
import type { MyGameweekAnswer, MyGameweekLeague } from '../../contract/my-gameweek'
import { getDb } from '../../worker/db/client'
import { writeFeed } from '../../worker/services/live/feed'
import { liveFeed } from './helpers/live'
import { addMember, addTournament, addUser, bearer, getJson, PUBLIC_TOURNAMENT_ID } from './helpers/world'

// GET /api/me/gameweek (decision 166): the manager's place in every table they are in,
// the same numbers the league's own screens show: its stored standings between gameweeks, its live
// table while a gameweek is played. Own leagues by name, the global tournament last.

const ME = 7100001
const GW = 19
let me: Record<string, string>
let zeta = 0
let alpha = 0
let removed = 0
let huge = 0

/**
 * A stored table after GW19 (checked): rows in order as [entry, total, gameweek points, rank, last
 * rank], at positions 1, 2, ... unless `positions` says where (a big league keeps only some pages).
 */
async function storedTable(
  tournamentId: number,
  rows: Array<[number, number, number, number, number | null]>,
  big: { totalMembers: number; positions: number[] } | null = null,
) {
  const meta = { league_name: 'x', total_members: big?.totalMembers ?? rows.length, truncated: big !== null, last_updated_data: null, fpl_active_members: 0 }
  await env.DB.prepare(
    "INSERT INTO tournament_snapshots (tournament_id, season, gameweek, gameweek_status, data_version, standings_meta, monthly_winners) VALUES (?, '2026/27', ?, 'checked', '19:checked', ?, '[]')",
  )
    .bind(tournamentId, GW, JSON.stringify(meta))
    .run()
  for (const [i, [entry, total, points, rank, lastRank]] of rows.entries()) {
    await env.DB.prepare(
      `INSERT INTO standings_rows (tournament_id, position, fpl_team_id, team_name, player_name, total_points, gameweek_points, rank, last_rank)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
      .bind(tournamentId, big?.positions[i] ?? i + 1, entry, `Team ${entry}`, `Manager ${entry}`, total, points, rank, lastRank)
      .run()
  }
}

const gameweekOf = async (headers: Record<string, string>) => getJson<MyGameweekAnswer>('/api/me/gameweek', headers)
const byId = (answer: MyGameweekAnswer, id: number) => answer.leagues.find((l) => l.tournament_id === id) as MyGameweekLeague

beforeAll(async () => {
  const meId = await addUser('me-gw@example.com', 'Me', ME)
  me = await bearer(meId)
  zeta = await addTournament('Zeta Lads', 810001, meId)
  alpha = await addTournament('Alpha Club', 810002, meId)
  removed = await addTournament('Old League', 810003, meId)
  huge = await addTournament('Huge League', 810004, meId)
  for (const id of [zeta, alpha, huge, PUBLIC_TOURNAMENT_ID]) await addMember(id, meId)
  await addMember(removed, meId, 'inactive')
  // Zeta: I climbed from 4th to 2nd, 10 behind the leader, 5 ahead of 3rd.
  await storedTable(zeta, [
    [7100002, 1100, 60, 1, 1],
    [ME, 1090, 71, 2, 4],
    [7100003, 1085, 40, 3, 2],
    [7100004, 1000, 30, 4, 3],
  ])
  // Alpha: I fell from 1st to 3rd, last.
  await storedTable(alpha, [
    [7100005, 1200, 80, 1, 2],
    [7100006, 1095, 75, 2, 3],
    [ME, 1090, 71, 3, 1],
  ])
  // The global tournament: everyone on the app.
  await storedTable(PUBLIC_TOURNAMENT_ID, [
    [7100002, 1100, 60, 1, 1],
    [ME, 1090, 71, 2, 2],
    [7100005, 1080, 80, 3, 3],
  ])
  await storedTable(removed, [[ME, 1090, 71, 1, 1]])
  // Huge: 25,000 managers, of whom the top and my page are kept; I am 20,001st (20,010th before).
  await storedTable(
    huge,
    [
      [7100010, 1400, 90, 1, 1],
      [7100011, 1390, 70, 2, 2],
      [7100012, 1092, 50, 20000, 19990],
      [ME, 1090, 71, 20001, 20010],
      [7100013, 1089, 20, 20002, 19999],
    ],
    { totalMembers: 25_000, positions: [1, 2, 20000, 20001, 20002] },
  )
})

describe('GET /api/me/gameweek', () => {
  it('asks for a session', async () => {
    expect((await getJson('/api/me/gameweek')).status).toBe(401)
  })

  it('lists every active table, own leagues by name then the global tournament; a removed membership is not listed', async () => {
    const { status, body } = await gameweekOf(me)
    expect(status).toBe(200)
    expect(body.leagues.map((l) => [l.name, l.kind])).toEqual([
      ['Alpha Club', 'league'],
      ['Huge League', 'league'],
      ['Zeta Lads', 'league'],
      ['Banter Arena Tournament', 'global'],
    ])
    expect(body.leagues.some((l) => l.tournament_id === removed)).toBe(false)
  })

  it("between gameweeks: the stored standings' numbers, movement with its sign, neighbours with their gaps", async () => {
    const { body } = await gameweekOf(me)
    expect(body).toMatchObject({ gameweek: GW, status: 'checked', provisional: false, points: 71, next_deadline: null })
    expect(byId(body, zeta)).toEqual({
      tournament_id: zeta,
      name: 'Zeta Lads',
      kind: 'league',
      rank: 2,
      of: 4,
      movement: 2,
      total_points: 1090,
      above: { fpl_team_id: 7100002, player_name: 'Manager 7100002', team_name: 'Team 7100002', gap: 10 },
      below: { fpl_team_id: 7100003, player_name: 'Manager 7100003', team_name: 'Team 7100003', gap: 5 },
    })
    expect(byId(body, alpha)).toMatchObject({ rank: 3, of: 3, movement: -2, total_points: 1090, above: { fpl_team_id: 7100006, gap: 5 }, below: null })
    expect(byId(body, huge)).toMatchObject({
      rank: 20001,
      of: 25_000,
      movement: 9,
      above: { fpl_team_id: 7100012, gap: 2 },
      below: { fpl_team_id: 7100013, gap: 1 },
    })
    // The same numbers as each league's own standings.
    for (const id of [zeta, alpha, huge]) {
      type Standings = {
        current_user_position: number
        current_user_page: number
        total_members: number
        standings: Array<{ fpl_team_id: number; total_points: number }>
      }
      const first = await getJson<Standings>(`/api/leagues/${id}/standings?limit=50`, me)
      // The page of the table that holds my row, as the Standings tab opens it.
      const standings = await getJson<Standings>(`/api/leagues/${id}/standings?limit=50&page=${first.body.current_user_page}`, me)
      const mine = standings.body.standings.find((r) => r.fpl_team_id === ME)
      expect(mine).toBeDefined()
      expect(byId(body, id)).toMatchObject({ rank: standings.body.current_user_position, of: standings.body.total_members, total_points: mine?.total_points })
    }
  })

  it('answers a manager without a team, and one without leagues, with empty numbers', async () => {
    const noTeamId = await addUser('no-team-gw@example.com', 'No Team', null)
    await addMember(zeta, noTeamId)
    const noTeam = await gameweekOf(await bearer(noTeamId))
    expect(noTeam.status).toBe(200)
    expect(noTeam.body.points).toBeNull()
    expect(noTeam.body.leagues).toEqual([expect.objectContaining({ tournament_id: zeta, rank: null, total_points: null, above: null, below: null })])
    const alone = await gameweekOf(await bearer(await addUser('alone-gw@example.com', 'Alone', 7100099)))
    expect(alone.status).toBe(200)
    expect(alone.body).toMatchObject({ leagues: [], points: null })
  })

  it("while the gameweek is played: each league's live table, as its Live tab shows it, and the next deadline", async () => {
    const deadline = Date.now() + 6 * 24 * 3600_000
    await writeFeed(getDb(env.DB), liveFeed(1, GW + 1, { next_deadline: deadline }))
    const { body } = await gameweekOf(me)
    expect(body).toMatchObject({
      gameweek: GW + 1,
      status: 'live',
      provisional: true,
      next_deadline: { gameweek: GW + 2, at: new Date(deadline).toISOString() },
    })
    for (const id of [zeta, alpha, PUBLIC_TOURNAMENT_ID]) {
      const live = (await getJson<LiveAnswer>(`/api/leagues/${id}/live?limit=50`, me)).body
      const at = live.standings.findIndex((r) => r.fpl_team_id === ME)
      const own = live.standings[at]
      const above = live.standings[at - 1]
      const below = live.standings[at + 1]
      expect(byId(body, id)).toMatchObject({
        rank: live.current_user_position,
        of: live.pagination_metadata.total_members,
        total_points: own?.live_total,
        movement: (own?.last_rank ?? 0) - (own?.live_rank ?? 0),
        above: above ? { fpl_team_id: above.fpl_team_id, gap: above.live_total - (own?.live_total ?? 0) } : null,
        below: below ? { fpl_team_id: below.fpl_team_id, gap: (own?.live_total ?? 0) - below.live_total } : null,
      })
    }
    // A big league's table keeps some rows: FPL's rank of the whole league, never a place among kept
    // rows, and no move among them.
    const big = (await getJson<LiveAnswer>(`/api/leagues/${huge}/live?limit=50`, me)).body
    expect(big.scope).toMatchObject({ complete: false, league_size: 25_000 })
    expect(byId(body, huge)).toMatchObject({ rank: 20001, of: 25_000, movement: null })
    expect(big.current_user_position).toBe(20001)
    // A member without a team hears of the same gameweek.
    const noTeamId = await addUser('no-team-live@example.com', 'No Team Live', null)
    await addMember(zeta, noTeamId)
    expect((await gameweekOf(await bearer(noTeamId))).body).toMatchObject({ gameweek: GW + 1, status: 'live', points: null })
    // My picks are not fetched yet: no points to show rather than a 0.
    expect(body.points).toBeNull()
    // Still in the same order, the global tournament last.
    expect(body.leagues.map((l) => l.kind)).toEqual(['league', 'league', 'league', 'global'])
  })
})
