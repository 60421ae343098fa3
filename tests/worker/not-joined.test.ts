import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { cardFromStatData } from '../../worker/og/protocol'
import { NOT_JOINED_SHOWN } from '../../worker/services/commissioner'
import { routeFplToSimulator, SIM_LEAGUES, simulator } from './helpers/fpl'
import { call } from './helpers/http'
import { addMember, addTournament, addUser, bearer, CURATED_TOURNAMENT_ID, getJson, PUBLIC_TOURNAMENT_ID, runCronAndQueue } from './helpers/world'

// Decisions 084 to 086: the FPL league's managers who have not joined (the commissioner's
// members answer) and counts that say what they count (fpl_league_size on the list, the detail,
// the invite answer and the user's leagues), all from the last refresh's stored table.

const sim = simulator()
let pubId = 0
let officeId = 0
let commissioner: Record<string, string> = {}
let member: Record<string, string> = {}

interface NotJoined {
  total: number
  managers: Array<{ fpl_team_id: number; player_name: string; team_name: string; rank: number }>
}
interface MembersAnswer {
  active_members: Array<{ fpl_team_id: number | null }>
  inactive_members: Array<{ fpl_team_id: number | null }>
  fpl_league_size: number | null
  not_joined: NotJoined | null
}
type Counted = { id: number; member_count: number; fpl_league_size: number | null }

const listed = async (headers: Record<string, string> = {}) => (await getJson<Counted[]>('/api/leagues', headers)).body
const sizeIn = (list: Counted[], id: number) => list.find((l) => l.id === id)?.fpl_league_size

beforeAll(async () => {
  routeFplToSimulator(sim)
  sim.setGameweek(12, 'checked')
  // The Pub League (12 managers, 1000001-1000012): the commissioner, two members, one kicked
  // member, a user who never joined, and a member whose team is in no FPL league of ours.
  const owner = await addUser('owner@example.com', 'Owner', 1000002)
  pubId = await addTournament('The Pub League', SIM_LEAGUES.pub, owner)
  await addMember(pubId, owner)
  const alice = await addUser('alice@example.com', 'Alice', 1000003)
  await addMember(pubId, alice)
  await addMember(pubId, await addUser('bob@example.com', 'Bob', 1000004))
  await addMember(pubId, await addUser('kicked@example.com', 'Kicked', 1000005), 'inactive')
  await addUser('stranger@example.com', 'Stranger', 1000006)
  await addMember(pubId, await addUser('elsewhere@example.com', 'Elsewhere', 1000150))
  commissioner = await bearer(owner)
  member = await bearer(alice)
  officeId = await addTournament('Office Banter League', SIM_LEAGUES.office, await addUser('office@example.com', 'Office', 1000101))
})

describe('before the first refresh', () => {
  it('has no FPL league size and no not-joined list: the counts show members only', async () => {
    expect(sizeIn(await listed(), pubId)).toBeNull()
    expect((await getJson<Counted>(`/api/leagues/${pubId}`)).body).toMatchObject({ member_count: 4, fpl_league_size: null })
    expect((await getJson<Counted>('/api/leagues/invite/invite-123456')).body).toMatchObject({ member_count: 4, fpl_league_size: null })
    const members = (await getJson<MembersAnswer>(`/api/leagues/${pubId}/members`, commissioner)).body
    expect(members).toMatchObject({ fpl_league_size: null, not_joined: null })
  })
})

describe('after a refresh', () => {
  beforeAll(async () => {
    const { failures } = await runCronAndQueue()
    expect(failures).toEqual([])
  })

  it("lists the FPL league's managers with no membership, in table order, and counts them", async () => {
    const { status, body } = await getJson<MembersAnswer>(`/api/leagues/${pubId}/members`, commissioner)
    expect(status).toBe(200)
    expect(body.fpl_league_size).toBe(12)
    // Members (active or kicked) whose team is in the FPL league have joined; everyone else in
    // the stored table has not, the stranger with an account included.
    const table = (
      await env.DB.prepare('SELECT fpl_team_id, player_name, team_name, rank FROM standings_rows WHERE tournament_id = ? ORDER BY position').bind(pubId).all()
    ).results as NotJoined['managers']
    const joined = new Set([1000002, 1000003, 1000004, 1000005])
    const expected = table.filter((r) => !joined.has(r.fpl_team_id))
    expect(expected).toHaveLength(8)
    expect(body.not_joined).toEqual({ total: 8, managers: expected })
    expect(body.not_joined!.managers.map((m) => m.fpl_team_id)).toContain(1000006)
    expect(body.not_joined!.managers[0]).toEqual({
      fpl_team_id: expect.any(Number),
      player_name: expect.any(String),
      team_name: expect.any(String),
      rank: expect.any(Number),
    })
  })

  it('is empty once every manager of the FPL league has joined', async () => {
    const rows = (await env.DB.prepare('SELECT fpl_team_id FROM standings_rows WHERE tournament_id = ?').bind(pubId).all<{ fpl_team_id: number }>()).results
    const added: number[] = []
    for (const { fpl_team_id } of rows) {
      const exists = await env.DB.prepare('SELECT id FROM users WHERE fpl_team_id = ?').bind(fpl_team_id).first<number>('id')
      const id = exists ?? (await addUser(`m${fpl_team_id}@example.com`, `M${fpl_team_id}`, fpl_team_id))
      const has = await env.DB.prepare('SELECT 1 AS x FROM memberships WHERE tournament_id = ? AND user_id = ?').bind(pubId, id).first('x')
      if (!has) {
        await addMember(pubId, id)
        added.push(id)
      }
    }
    const { body } = await getJson<MembersAnswer>(`/api/leagues/${pubId}/members`, commissioner)
    expect(body.not_joined).toEqual({ total: 0, managers: [] })
    for (const id of added) await env.DB.prepare('DELETE FROM memberships WHERE tournament_id = ? AND user_id = ?').bind(pubId, id).run()
  })

  it('is for the commissioner only: a member gets the one 403 body, signed out 401', async () => {
    const asMember = await call(`/api/leagues/${pubId}/members`, { headers: member })
    expect(asMember.status).toBe(403)
    expect(await asMember.json()).toEqual({ detail: 'Only the commissioner of this league can do that.', code: 'not_commissioner' })
    expect((await call(`/api/leagues/${pubId}/members`)).status).toBe(401)
  })

  it('caps the list at one FPL page and counts the rest (the 180-manager league)', async () => {
    const office = await bearer((await env.DB.prepare("SELECT id FROM users WHERE email = 'office@example.com'").first<number>('id'))!)
    await addMember(officeId, (await env.DB.prepare("SELECT id FROM users WHERE email = 'office@example.com'").first<number>('id'))!)
    const { body } = await getJson<MembersAnswer>(`/api/leagues/${officeId}/members`, office)
    expect(body.fpl_league_size).toBe(180)
    expect(body.not_joined!.managers).toHaveLength(NOT_JOINED_SHOWN)
    expect(body.not_joined!.total).toBe(179)
  })

  it('carries the FPL league size on the list, the detail, the invite answer and the user leagues', async () => {
    const list = await listed(member)
    expect(sizeIn(list, pubId)).toBe(12)
    expect(sizeIn(list, officeId)).toBe(180)
    // The curated and public tournaments have no FPL league: their own counts say it all.
    expect(sizeIn(list, CURATED_TOURNAMENT_ID)).toBeNull()
    expect((await getJson<Counted>(`/api/leagues/${PUBLIC_TOURNAMENT_ID}`)).body.fpl_league_size).toBeNull()
    expect((await getJson<Counted>(`/api/leagues/${pubId}`, member)).body).toMatchObject({ member_count: 4, fpl_league_size: 12 })
    expect((await getJson<Counted>('/api/leagues/invite/invite-123456')).body).toMatchObject({ member_count: 4, fpl_league_size: 12 })
    const mine = (await getJson<{ leagues: Counted[] }>('/api/auth/user-leagues', member)).body.leagues
    expect(mine.find((l) => l.id === pubId)).toMatchObject({ member_count: 4, fpl_league_size: 12 })
  })

  it("records the FPL league's size on a share, and the card draws it", async () => {
    const res = await call('/api/banter/share', {
      method: 'POST',
      headers: { ...member, 'content-type': 'application/json' },
      body: JSON.stringify({ league_id: pubId, stat_type: 'benched_beast', stat_data: { fpl_league_size: 99_999 } }),
    })
    expect(res.status).toBe(201)
    // The server's count, not the client's.
    const { stat_data } = (await res.json()) as { stat_data: Record<string, unknown> }
    expect(stat_data).toMatchObject({ league_members: 4, fpl_league_size: 12 })
    expect(cardFromStatData(stat_data, 'Banter Arena')).toMatchObject({ league_members: 4, fpl_league_size: 12 })
  })
})
