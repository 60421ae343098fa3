import { env } from 'cloudflare:workers'
import { beforeEach, describe, expect, it } from 'vitest'
import { addMember, addTournament, addUser, bearer, getJson } from './helpers/world'

// After FPL's relaunch (decision 185) the commissioner's members answer says who has not come
// along: a member with no team of this season, and a member whose new team is not in the renewed
// league's stored table. Nobody is removed. The user's leagues and the tournament's page say
// which tournament awaits renewal.

const NEW_SEASON = '2027/28'
const OLD_LEAGUE = 123456
const NEW_LEAGUE = 777001

interface Member {
  name: string
  season_status: 'relink' | 'not_in_league' | null
}
interface MembersAnswer {
  fpl_season: string | null
  active_members: Member[]
  inactive_members: Member[]
}
type UserLeague = { id: number; awaiting_renewal: boolean }

/** The stored table of the tournament: one row per team, in the given order. */
async function storeTable(tournamentId: number, teams: number[]) {
  await env.DB.prepare('DELETE FROM standings_rows WHERE tournament_id = ?').bind(tournamentId).run()
  for (const [i, team] of teams.entries()) {
    await env.DB.prepare(
      'INSERT INTO standings_rows (tournament_id, position, fpl_team_id, team_name, player_name, total_points, gameweek_points, rank) VALUES (?, ?, ?, ?, ?, 0, 0, ?)',
    )
      .bind(tournamentId, i + 1, team, `Team ${team}`, `Manager ${team}`, i + 1)
      .run()
  }
}

/** As the rollover leaves an account: last season's team set aside, none linked. */
const setAside = (userId: number) =>
  env.DB.prepare(
    'UPDATE users SET previous_fpl_team_id = fpl_team_id, previous_fpl_team_season = fpl_team_season, fpl_team_id = NULL, fpl_team_season = NULL, fpl_team_verified_at = NULL, fpl_team_id_locked = 0 WHERE id = ?',
  )
    .bind(userId)
    .run()

/** An account the rollover set aside that linked this season's team since. */
async function relinked(userId: number, team: number) {
  await setAside(userId)
  await env.DB.prepare('UPDATE users SET fpl_team_id = ?, fpl_team_season = ? WHERE id = ?').bind(team, NEW_SEASON, userId).run()
}

let tournamentId = 0
let commissioner: Record<string, string> = {}
let commissionerId = 0
let member: Record<string, string> = {}

/**
 * A private tournament of last season after the rollover, as renew.test.ts sets it up: its league
 * id released, every account's team set aside. The commissioner (new team 2000002), Alice (2000003)
 * and Bob (2000099) have linked this season's team; Carol has not; Dan never had one.
 */
beforeEach(async () => {
  for (const table of ['standings_rows', 'memberships']) await env.DB.prepare(`DELETE FROM ${table}`).run()
  await env.DB.prepare("DELETE FROM tournaments WHERE type = 'private'").run()
  await env.DB.prepare('DELETE FROM users').run()
  commissionerId = await addUser('owner@example.com', 'Owner', 1000002)
  const alice = await addUser('alice@example.com', 'Alice', 1000003)
  const bob = await addUser('bob@example.com', 'Bob', 1000004)
  const carol = await addUser('carol@example.com', 'Carol', 1000005)
  const dan = await addUser('dan@example.com', 'Dan', null)
  tournamentId = await addTournament('The Pub League', OLD_LEAGUE, commissionerId)
  for (const user of [commissionerId, alice, bob, carol, dan]) await addMember(tournamentId, user)
  await storeTable(tournamentId, [1000002, 1000003, 1000004, 1000005])
  await env.DB.prepare('UPDATE tournaments SET ended_fpl_league_id = fpl_league_id, fpl_league_id = NULL WHERE id = ?').bind(tournamentId).run()
  await relinked(commissionerId, 2000002)
  await relinked(alice, 2000003)
  await relinked(bob, 2000099)
  await setAside(carol)
  commissioner = await bearer(commissionerId)
  member = await bearer(alice)
})

const renew = () =>
  env.DB.prepare('UPDATE tournaments SET fpl_league_id = ?, fpl_season = ?, ended_fpl_league_id = NULL WHERE id = ?')
    .bind(NEW_LEAGUE, NEW_SEASON, tournamentId)
    .run()

async function members() {
  const { status, body } = await getJson<MembersAnswer>(`/api/leagues/${tournamentId}/members`, commissioner)
  expect(status).toBe(200)
  const statuses = Object.fromEntries([...body.active_members, ...body.inactive_members].map((m) => [m.name, m.season_status]))
  return { season: body.fpl_season, statuses, active: body.active_members.length }
}

describe("the commissioner's members after the relaunch", () => {
  it('marks whoever has not linked a team of the new season, before the renewal', async () => {
    expect(await members()).toEqual({
      season: null,
      // Last season's table names none of the new teams: nobody is said to be out of the league.
      statuses: { Owner: null, Alice: null, Bob: null, Carol: 'relink', Dan: null },
      active: 5,
    })
  })

  it("marks a member whose new team is not in the renewed league's table, and keeps everyone", async () => {
    await renew()
    await storeTable(tournamentId, [2000002, 2000003, 2000004])
    expect(await members()).toEqual({
      season: NEW_SEASON,
      statuses: { Owner: null, Alice: null, Bob: 'not_in_league', Carol: 'relink', Dan: null },
      active: 5,
    })
  })

  it("says nothing of the new teams while the stored table is still last season's (before the renewed league's first refresh)", async () => {
    await renew()
    expect((await members()).statuses).toEqual({ Owner: null, Alice: null, Bob: null, Carol: 'relink', Dan: null })
  })
})

describe("the user's leagues and the tournament's page", () => {
  const inLeagues = async (headers: Record<string, string>) => {
    const { body } = await getJson<{ leagues: UserLeague[] }>('/api/auth/user-leagues', headers)
    return body.leagues.find((l) => l.id === tournamentId)?.awaiting_renewal
  }
  const onPage = async (headers: Record<string, string>) => {
    const { status, body } = await getJson<{ awaiting_renewal: boolean }>(`/api/leagues/${tournamentId}`, headers)
    expect(status).toBe(200)
    return body.awaiting_renewal
  }
  /** What the commissioner and a member are told, in the user's leagues and on the tournament's page. */
  const awaiting = async () => ({
    leagues: [await inLeagues(commissioner), await inLeagues(member)],
    page: [await onPage(commissioner), await onPage(member)],
  })

  it('say a private tournament awaits renewal until it is renewed', async () => {
    expect(await awaiting()).toEqual({ leagues: [true, true], page: [true, true] })
    await renew()
    expect(await awaiting()).toEqual({ leagues: [false, false], page: [false, false] })
  })

  it('never say so of a tournament the rollover did not touch', async () => {
    await env.DB.prepare('UPDATE tournaments SET fpl_league_id = ended_fpl_league_id, ended_fpl_league_id = NULL WHERE id = ?').bind(tournamentId).run()
    expect(await awaiting()).toEqual({ leagues: [false, false], page: [false, false] })
  })
})
