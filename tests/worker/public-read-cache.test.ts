import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { PUBLIC_READ_TTL_MS } from '../../worker/lib/public-read-cache'
import { routeFplToSimulator, SIM_LEAGUES, simulator } from './helpers/fpl'
import { call, json } from './helpers/http'
import { addCuratedTeam, addMember, addTournament, addUser, bearer, CURATED_TOURNAMENT_ID, getJson, runCronAndQueue } from './helpers/world'

// Anonymous reads of open tournaments are answered from the isolate's memory for a short
// while; anything else always reads D1. The tests change D1 behind the API's back to see which
// answer came from where.

const sim = simulator()
const STANDINGS = `/api/leagues/${CURATED_TOURNAMENT_ID}/standings`
let privateId = 0
let member: Record<string, string> = {}
let memberId = 0

type Standings = { standings: Array<{ fpl_team_id: number; total_points: number }> }
const topPoints = async (path: string, headers: Record<string, string> = {}) => (await getJson<Standings>(path, headers)).body.standings[0]?.total_points
const bumpTopRow = (tournamentId: number) =>
  env.DB.prepare('UPDATE standings_rows SET total_points = total_points + 1000 WHERE tournament_id = ? AND position = 1').bind(tournamentId).run()

beforeAll(async () => {
  routeFplToSimulator(sim)
  sim.setGameweek(12, 'checked')
  await addCuratedTeam(1000101)
  await addCuratedTeam(1000102)
  memberId = await addUser('member@example.com', 'Member', 1000101)
  privateId = await addTournament('Office Banter League', SIM_LEAGUES.office, memberId)
  await addMember(privateId, memberId)
  member = await bearer(memberId)
  const { failures } = await runCronAndQueue()
  expect(failures).toEqual([])
})

afterEach(() => {
  vi.useRealTimers()
})

describe('public read cache', () => {
  it('answers repeated anonymous reads of an open tournament from memory, with the same headers', async () => {
    const before = await topPoints(STANDINGS)
    await bumpTopRow(CURATED_TOURNAMENT_ID)
    const cached = await call(STANDINGS)
    expect(((await cached.json()) as Standings).standings[0]?.total_points).toBe(before)
    expect(cached.headers.get('cache-control')).toBe('no-store')
    expect(cached.headers.get('content-type')).toMatch(/^application\/json/)
    expect(cached.headers.get('x-content-type-options')).toBe('nosniff')
    // A signed-in reader always reads D1 (their answer marks their own row).
    expect(await topPoints(STANDINGS, member)).toBe(before! + 1000)
  })

  it('forgets what it kept after the TTL, after a write, and after a refresh', async () => {
    const path = `${STANDINGS}?page=1&limit=10`
    const first = await topPoints(path)
    await bumpTopRow(CURATED_TOURNAMENT_ID)
    expect(await topPoints(path)).toBe(first)
    vi.useFakeTimers({ now: Date.now() + PUBLIC_READ_TTL_MS + 1, toFake: ['Date'] })
    expect(await topPoints(path)).toBe(first! + 1000)
    vi.useRealTimers()

    await bumpTopRow(CURATED_TOURNAMENT_ID)
    expect(await topPoints(path)).toBe(first! + 1000)
    const write = await call('/api/banter/privacy', { ...json({ banter_sharing_enabled: true }, { method: 'PUT', headers: member }) })
    expect(write.status).toBe(200)
    expect(await topPoints(path)).toBe(first! + 2000)

    await bumpTopRow(CURATED_TOURNAMENT_ID)
    expect(await topPoints(path)).toBe(first! + 2000)
    sim.setGameweek(13, 'checked')
    const { failures } = await runCronAndQueue()
    expect(failures).toEqual([])
    expect(await topPoints(path)).not.toBe(first! + 2000)
  })

  it('never keeps a private tournament, an error, or a tournament without data yet', async () => {
    expect((await getJson(`/api/leagues/${privateId}/standings`)).status).toBe(401)
    const viaMember = await topPoints(`/api/leagues/${privateId}/standings`, member)
    await bumpTopRow(privateId)
    expect(await topPoints(`/api/leagues/${privateId}/standings`, member)).toBe(viaMember! + 1000)
    expect((await getJson(`/api/leagues/${privateId}/standings`)).status).toBe(401)

    const missing = await getJson('/api/leagues/999999/standings')
    expect(missing.status).toBe(404)

    const pending = await addTournament('Fresh Private', SIM_LEAGUES.fridays, memberId)
    await env.DB.prepare("UPDATE tournaments SET type = 'public' WHERE id = ?").bind(pending).run()
    const waiting = await getJson<{ message: string }>(`/api/leagues/${pending}/standings`)
    expect(waiting.body.message).toBe('Standings will appear after the next data refresh.')
    await env.DB.prepare(
      "INSERT INTO tournament_snapshots (tournament_id, season, gameweek, gameweek_status, data_version, standings_meta, monthly_winners) VALUES (?, '2026/27', 13, 'checked', 'x', '{}', '[]')",
    )
      .bind(pending)
      .run()
    expect((await getJson<{ message: string | null }>(`/api/leagues/${pending}/standings`)).body.message).toBeNull()
  })
})
