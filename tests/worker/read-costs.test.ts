import { beforeAll, describe, expect, it } from 'vitest'
import { countingD1 } from './helpers/d1'
import { routeFplToSimulator, SIM_LEAGUES, simulator } from './helpers/fpl'
import { call } from './helpers/http'
import { addCuratedTeam, addMember, addTournament, addUser, bearer, CURATED_TOURNAMENT_ID, runCronAndQueue } from './helpers/world'

// What a read costs the database: the tournament pages a manager opens on match day take one
// D1 round trip each (session, tournament, membership and data in one batch), and a repeated
// anonymous read of an open tournament takes none.

const sim = simulator()
let officeId = 0
let member: Record<string, string> = {}

async function tripsFor(path: string, headers: Record<string, string> = {}) {
  const { db, counter } = countingD1()
  const res = await call(path, { headers }, { DB: db })
  expect(res.status).toBe(200)
  return counter.trips
}

beforeAll(async () => {
  routeFplToSimulator(sim)
  sim.setGameweek(12, 'checked')
  await addCuratedTeam(1000101)
  const memberId = await addUser('member@example.com', 'Member', 1000101)
  officeId = await addTournament('Office Banter League', SIM_LEAGUES.office, memberId)
  await addMember(officeId, memberId)
  member = await bearer(memberId)
  const { failures } = await runCronAndQueue()
  expect(failures).toEqual([])
})

describe('database round trips per read', () => {
  it("a private league's standings, winners and banter stats: one each, signed in", async () => {
    expect(await tripsFor(`/api/leagues/${officeId}/standings?page=2`, member)).toBe(1)
    expect(await tripsFor(`/api/leagues/${officeId}/standings?search=an&page=2&limit=20`, member)).toBe(1)
    expect(await tripsFor(`/api/leagues/${officeId}/monthly-winners`, member)).toBe(1)
    expect(await tripsFor(`/api/leagues/${officeId}/banter-stats`, member)).toBe(1)
  })

  it("the tournament list and page, its wall and members, the signed-in user's profile, leagues, sharing setting and shares: one each", async () => {
    // A user's first look at the list also keeps their team's FPL leagues, after the answer (one
    // write, once: decision 076); every look is one round trip.
    expect(await tripsFor('/api/leagues', member)).toBe(2)
    expect(await tripsFor('/api/leagues', member)).toBe(1)
    expect(await tripsFor(`/api/leagues/${officeId}`, member)).toBe(1)
    expect(await tripsFor('/api/auth/me', member)).toBe(1)
    expect(await tripsFor('/api/auth/user-leagues', member)).toBe(1)
    expect(await tripsFor(`/api/community-posts/${officeId}`, member)).toBe(1)
    expect(await tripsFor(`/api/leagues/${officeId}/members`, member)).toBe(1)
    expect(await tripsFor('/api/banter/privacy', member)).toBe(1)
    expect(await tripsFor('/api/banter/my-shares', member)).toBe(1)
    expect(await tripsFor(`/api/leagues/${officeId}/admin-check`, member)).toBe(1)
  })

  it('an open tournament read anonymously: one the first time, none while it is cached', async () => {
    const path = `/api/leagues/${CURATED_TOURNAMENT_ID}/standings?limit=20`
    expect(await tripsFor(path)).toBe(1)
    expect(await tripsFor(path)).toBe(0)
  })
})
