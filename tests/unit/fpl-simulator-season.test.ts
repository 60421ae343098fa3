import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { seasonView } from '../../worker/fpl/season'
import type { FplSimulator } from '../fpl-simulator/handler.ts'
import {
  createFplSimulator,
  createSeasonWorld,
  DEMO_ENTRY_ID,
  LEAGUES,
  NEXT_SEASON_ENTRY_OFFSET,
  NEXT_SEASON_LEAGUES,
  NEXT_SEASON_NAME,
  nextSeasonEntryId,
  nextSeasonLeague,
  OFFICE_LEAGUE_ID,
  PUB_LEAGUE_ID,
  RECYCLED_ENTRY_IDS,
  SEED_MEMBER_ENTRY_IDS,
  SIM_SEASON_NAME,
} from '../fpl-simulator/handler.ts'

interface PastSeason {
  season_name: string
  total_points: number
  rank: number
}

interface History {
  current: Array<{ event: number; total_points: number; overall_rank: number }>
  past: PastSeason[]
  chips: unknown[]
}

interface ClassicLeague {
  id: number
  name: string
  created: string
  admin_entry: number | null
  entry_rank: number
  active_phases: Array<{ league_id: number }>
}

interface Entry {
  id: number
  name: string
  player_first_name: string
  player_last_name: string
  summary_overall_points: number | null
  summary_event_points: number | null
  current_event: number | null
  leagues: { classic: ClassicLeague[] }
}

interface Standings {
  league: { id: number; name: string; admin_entry: number }
  new_entries: { has_next: boolean; results: Array<{ entry: number; entry_name: string }> }
  standings: { results: Array<{ entry: number; total: number; rank: number }> }
}

interface Bootstrap {
  events: Array<{
    id: number
    deadline_time: string
    finished: boolean
    data_checked: boolean
    is_current: boolean
    is_next: boolean
    highest_scoring_entry: number | null
  }>
  elements: Array<{ total_points: number; event_points: number }>
  phases: Array<{ id: number; highest_score: number }>
}

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/fpl')
const fixture = (name: string): Record<string, unknown> => JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8'))

const request = (s: FplSimulator, p: string, init?: RequestInit): Promise<Response> => s.fetch(new Request(`http://fpl.test${p}`, init))

async function getJson<T>(s: FplSimulator, p: string): Promise<T> {
  const res = await request(s, `/api${p}`)
  expect(res.status, p).toBe(200)
  return (await res.json()) as T
}

const status = async (s: FplSimulator, p: string): Promise<number> => (await request(s, `/api${p}`)).status
const post = (s: FplSimulator, p: string, body: unknown): Promise<Response> => request(s, p, { method: 'POST', body: JSON.stringify(body) })
const keys = (value: unknown): string[] => Object.keys(value as object).sort()

// One 2026/27 world for every simulator here: its 2027/28 successor is built once from it.
const world = createSeasonWorld()
const fresh = (): FplSimulator => createFplSimulator({ world })

/** A simulator after the relaunch (2027/28, before GW1). */
function relaunched(): FplSimulator {
  const s = fresh()
  s.setSeason('relaunched')
  return s
}

const DAY = 86_400_000

describe('the finale (finished)', () => {
  it('stands at GW38 checked, and history past gains 2026/27 while current keeps its 38 rows', async () => {
    const s = fresh()
    s.setGameweek(38, 'checked')
    const during = await getJson<History>(s, `/entry/${DEMO_ENTRY_ID}/history/`)
    expect(during.past.map((p) => p.season_name)).not.toContain(SIM_SEASON_NAME)

    expect(s.setSeason('finished')).toMatchObject({ season: { name: '2026/27', phase: 'finished' }, gameweek: 38, phase: 'checked' })
    const summer = await getJson<History>(s, `/entry/${DEMO_ENTRY_ID}/history/`)
    expect(keys(summer)).toEqual(keys(fixture('entry-history.json')))
    expect(summer.current).toEqual(during.current)
    expect(summer.current).toHaveLength(38)
    const last = summer.current[37]!
    expect(summer.past).toEqual([...during.past, { season_name: '2026/27', total_points: last.total_points, rank: last.overall_rank }])
    expect(keys(summer.past.at(-1))).toEqual(keys((fixture('entry-history.json').past as unknown[])[0]))

    const boot = await getJson<Bootstrap>(s, '/bootstrap-static/')
    expect(seasonView(boot.events)).toEqual({ season: '2026/27', phase: 'finished', next_deadline: null })
  })
})

describe('the off-season (off_season)', () => {
  it('answers every /api/ request with the "being updated" page, counted in stats, until another phase is set', async () => {
    const s = fresh()
    const updating = await (async () => {
      const other = fresh()
      other.injectFault({ kind: 'updating' })
      return (await request(other, '/api/bootstrap-static/')).text()
    })()
    expect((await post(s, '/__sim/season', { phase: 'off_season' })).status).toBe(200)
    expect(s.state().season).toEqual({ name: '2026/27', phase: 'off_season' })
    s.resetStats()
    for (const p of ['/bootstrap-static/', `/entry/${DEMO_ENTRY_ID}/`, `/leagues-classic/${PUB_LEAGUE_ID}/standings/`, '/event-status/', '/nowhere/']) {
      const res = await request(s, `/api${p}`)
      expect(res.status, p).toBe(503)
      expect(res.headers.get('content-type'), p).toContain('text/html')
      expect(await res.text(), p).toBe(updating)
    }
    expect(s.stats()).toMatchObject({ total: 5, byKind: { 'bootstrap-static': 1, entry: 1, standings: 1, 'event-status': 1, 'not-found': 1 } })

    s.setSeason('finished')
    expect(await status(s, '/bootstrap-static/')).toBe(200)
  })

  it('replays 2026/27 when its clock is moved after the finale (finished or off_season)', async () => {
    const s = fresh()
    s.setSeason('off_season')
    expect(s.setGameweek(12, 'checked')).toMatchObject({ season: { name: '2026/27', phase: 'in_season' }, gameweek: 12 })
    expect(await status(s, '/bootstrap-static/')).toBe(200)
    s.setSeason('finished')
    s.startMatchDay(13)
    expect(s.state().season.phase).toBe('in_season')
    const history = await getJson<History>(s, `/entry/${DEMO_ENTRY_ID}/history/`)
    expect(history.past.map((p) => p.season_name)).not.toContain('2026/27')
    // At the finale the clock stands at GW38 checked: advancing changes nothing.
    s.setSeason('off_season')
    expect(s.advance()).toMatchObject({ season: { phase: 'off_season' }, gameweek: 38, phase: 'checked' })
  })

  it('refuses any other season phase with a 400, at /__sim and /api/__sim', async () => {
    const s = fresh()
    const cases: Array<[unknown, string]> = [
      [{ phase: 'in_season' }, '"in_season"'],
      [{ phase: 'pre_season' }, '"pre_season"'],
      [{ phase: 1 }, '1'],
      [{}, 'no phase'],
    ]
    for (const [body, got] of cases) {
      for (const p of ['/__sim/season', '/api/__sim/season']) {
        const res = await post(s, p, body)
        expect(res.status, JSON.stringify(body)).toBe(400)
        expect(((await res.json()) as { error: string }).error).toBe(`Expected {"phase": "finished" | "off_season" | "relaunched"}, got ${got}`)
      }
    }
    expect(() => s.setSeason('in_season' as never)).toThrow(RangeError)
    expect(s.state().season).toEqual({ name: '2026/27', phase: 'in_season' })
    const res = await post(s, '/api/__sim/season', { phase: 'relaunched' })
    expect(((await res.json()) as { season: unknown }).season).toEqual({ name: '2027/28', phase: 'relaunched' })
  })
})

describe('the new ids (exported for the app and its tests)', () => {
  it('maps every entry to a new 7-digit id and every league to a new 6-digit one, some renamed', () => {
    expect(NEXT_SEASON_NAME).toBe('2027/28')
    expect(nextSeasonEntryId(DEMO_ENTRY_ID)).toBe(DEMO_ENTRY_ID + NEXT_SEASON_ENTRY_OFFSET)
    for (const id of [DEMO_ENTRY_ID, ...Object.values(SEED_MEMBER_ENTRY_IDS).flat(), 1200000]) {
      expect(String(nextSeasonEntryId(id))).toHaveLength(7)
      expect(nextSeasonEntryId(id)).not.toBe(id)
    }
    expect(NEXT_SEASON_LEAGUES.map((l) => l.previousId)).toEqual(LEAGUES.map((l) => l.id))
    for (const l of NEXT_SEASON_LEAGUES) {
      expect(String(l.id)).toHaveLength(6)
      expect(LEAGUES.map((old) => old.id)).not.toContain(l.id)
    }
    expect(nextSeasonLeague(PUB_LEAGUE_ID)?.name).toBe('The Pub League')
    expect(nextSeasonLeague(OFFICE_LEAGUE_ID)?.name).toBe('Office Banter League 27/28')
    expect(RECYCLED_ENTRY_IDS).toEqual([1000001, 1000012])
  })
})

describe('the relaunch (relaunched: 2027/28 before GW1)', () => {
  it('bootstrap-static: deadlines a year on, GW1 next, nothing current or finished, no points yet', async () => {
    const s = relaunched()
    expect(s.state()).toMatchObject({ season: { name: '2027/28', phase: 'relaunched' }, gameweek: 1, phase: 'upcoming' })
    const old = await getJson<Bootstrap>(fresh(), '/bootstrap-static/')
    const boot = await getJson<Bootstrap>(s, '/bootstrap-static/')
    expect(keys(boot)).toEqual(keys(fixture('bootstrap-static.json')))
    expect(boot.events).toHaveLength(38)
    expect(boot.events.map((e) => Date.parse(e.deadline_time) - Date.parse(old.events[e.id - 1]!.deadline_time))).toEqual(Array(38).fill(364 * DAY))
    expect(boot.events[0]!.deadline_time.slice(0, 4)).toBe('2027')
    expect(boot.events.filter((e) => e.is_current || e.finished || e.data_checked)).toEqual([])
    expect(boot.events.filter((e) => e.is_next).map((e) => e.id)).toEqual([1])
    expect(boot.elements.every((e) => e.total_points === 0 && e.event_points === 0)).toBe(true)
    expect(boot.phases.map((p) => [p.id, p.highest_score])).toEqual(old.phases.map((p) => [p.id, 0]))
    expect(seasonView(boot.events)).toEqual({ season: '2027/28', phase: 'pre_season', next_deadline: boot.events[0]!.deadline_time })
  })

  it('entry/{new id}: the same person and team name, 0 points, the new league ids and names', async () => {
    const s = relaunched()
    const before = await getJson<Entry>(fresh(), `/entry/${DEMO_ENTRY_ID}/`)
    const entry = await getJson<Entry>(s, `/entry/${nextSeasonEntryId(DEMO_ENTRY_ID)}/`)
    expect(keys(entry)).toEqual(keys(fixture('entry.json')))
    expect(entry).toMatchObject({
      id: nextSeasonEntryId(DEMO_ENTRY_ID),
      name: before.name,
      player_first_name: before.player_first_name,
      player_last_name: before.player_last_name,
      summary_overall_points: 0,
      summary_event_points: 0,
      current_event: null,
    })
    const expected = before.leagues.classic.map((l) => {
      const next = nextSeasonLeague(l.id)
      return next ? [next.id, next.name, next.created] : [l.id, l.name, l.created.replace('2026', '2027')]
    })
    expect(entry.leagues.classic.map((l) => [l.id, l.name, l.created])).toEqual(expected)
    for (const l of entry.leagues.classic.filter((c) => c.id !== 314)) {
      expect(l.admin_entry! - NEXT_SEASON_ENTRY_OFFSET).toBe(LEAGUES.find((old) => nextSeasonLeague(old.id)?.id === l.id)!.adminEntry)
      expect(l.active_phases).toEqual([])
    }
  })

  it('old ids: the demo and seeded ones are strangers, other old entries and leagues 404', async () => {
    const s = relaunched()
    const ours = new Set(NEXT_SEASON_LEAGUES.map((l) => l.id))
    for (let old = RECYCLED_ENTRY_IDS[0]; old <= RECYCLED_ENTRY_IDS[1]; old++) {
      const mine = await getJson<Entry>(s, `/entry/${nextSeasonEntryId(old)}/`)
      const stranger = await getJson<Entry>(s, `/entry/${old}/`)
      expect(stranger.id).toBe(old)
      expect([stranger.player_first_name, stranger.player_last_name, stranger.name]).not.toEqual([mine.player_first_name, mine.player_last_name, mine.name])
      expect(stranger.leagues.classic.filter((l) => ours.has(l.id))).toEqual([])
      expect(stranger.leagues.classic.map((l) => l.id)).toEqual([314])
      expect((await getJson<History>(s, `/entry/${old}/history/`)).current).toEqual([])
    }
    for (const old of [1000013, 1000101, 1000501, 1100001]) expect(await status(s, `/entry/${old}/`), String(old)).toBe(404)
    for (const l of LEAGUES) expect(await status(s, `/leagues-classic/${l.id}/standings/`), String(l.id)).toBe(404)
    // A stranger answers under the recycled id only, and no new id is beyond the simulator's entries.
    for (const id of [3300001, nextSeasonEntryId(1200001)]) expect(await status(s, `/entry/${id}/`), String(id)).toBe(404)
    // And before the relaunch the new ids are nobody.
    expect(await status(fresh(), `/entry/${nextSeasonEntryId(DEMO_ENTRY_ID)}/`)).toBe(404)
    expect(await status(fresh(), `/leagues-classic/${nextSeasonLeague(PUB_LEAGUE_ID)!.id}/standings/`)).toBe(404)
  })

  it('history: current empty, past ending with 2026/27 after the earlier seasons; picks 404, transfers []', async () => {
    const s = relaunched()
    const summer = fresh()
    summer.setSeason('finished')
    const last = await getJson<History>(summer, `/entry/${DEMO_ENTRY_ID}/history/`)
    const id = nextSeasonEntryId(DEMO_ENTRY_ID)
    const history = await getJson<History>(s, `/entry/${id}/history/`)
    expect(history).toEqual({ current: [], past: last.past, chips: [] })
    expect(history.past.at(-1)?.season_name).toBe('2026/27')
    expect(history.past.length).toBeGreaterThan(1)
    expect(await status(s, `/entry/${id}/event/1/picks/`)).toBe(404)
    expect(await getJson(s, `/entry/${id}/transfers/`)).toEqual([])
  })

  it('standings of a new league: the pre-season shape, members in new_entries with their new ids', async () => {
    const s = relaunched()
    const pub = nextSeasonLeague(PUB_LEAGUE_ID)!
    const table = await getJson<Standings>(s, `/leagues-classic/${pub.id}/standings/`)
    expect(keys(table)).toEqual(keys(fixture('leagues-classic-standings-page1.json')))
    expect(table.league).toMatchObject({ id: pub.id, name: 'The Pub League', admin_entry: nextSeasonEntryId(1000002) })
    expect(table.standings.results).toEqual([])
    expect(table.new_entries.results.map((r) => r.entry)).toEqual(Array.from({ length: 12 }, (_, i) => nextSeasonEntryId(1000001 + i)))
    expect(table.new_entries.results[0]!.entry_name).toBe('Klopp Dogs')
    const office = await getJson<Standings>(s, `/leagues-classic/${nextSeasonLeague(OFFICE_LEAGUE_ID)!.id}/standings/`)
    expect(office.league.name).toBe('Office Banter League 27/28')
    expect(office.new_entries.has_next).toBe(true)
  })

  it('event/1/live is empty, event-status is pre-season, fixtures kick off a year on', async () => {
    const s = relaunched()
    expect(await (await request(s, '/api/event/1/live/')).text()).toBe(JSON.stringify(fixture('event-live-future-gw-empty.json')))
    const eventStatus = await getJson<{ status: Array<{ points: string; bonus_added: boolean; date: string }>; leagues: string }>(s, '/event-status/')
    expect(eventStatus.leagues).toBe('')
    expect(eventStatus.status.map((d) => [d.points, d.bonus_added])).toEqual(Array(3).fill(['', false]))
    expect(eventStatus.status[0]!.date).toBe('2027-08-13')
    type Fixture = { kickoff_time: string; started: boolean; team_h_score: number | null }
    const kickoffs = (fixtures: Fixture[]): number[] => fixtures.map((f) => Date.parse(f.kickoff_time)).sort((a, b) => a - b)
    const next = await getJson<Fixture[]>(s, '/fixtures/')
    const old = await getJson<Fixture[]>(fresh(), '/fixtures/')
    expect(next).toHaveLength(380)
    expect(kickoffs(next)).toEqual(kickoffs(old).map((t) => t + 364 * DAY))
    expect(next.every((f) => !f.started && f.team_h_score === null)).toBe(true)
  })
})

describe('the new season played (stretch)', () => {
  it('plays 2027/28 GW1 under the new ids, with other results than 2026/27 GW1', async () => {
    const s = relaunched()
    expect(s.setGameweek(1, 'checked')).toMatchObject({ season: { name: '2027/28', phase: 'relaunched' }, gameweek: 1, phase: 'checked' })
    const pub = nextSeasonLeague(PUB_LEAGUE_ID)!
    const table = await getJson<Standings>(s, `/leagues-classic/${pub.id}/standings/`)
    expect(table.standings.results.map((r) => r.entry).sort()).toEqual(Array.from({ length: 12 }, (_, i) => nextSeasonEntryId(1000001 + i)))
    for (const row of table.standings.results.slice(0, 3)) {
      const history = await getJson<History>(s, `/entry/${row.entry}/history/`)
      expect(history.current.map((h) => h.total_points)).toEqual([row.total])
      const entry = await getJson<Entry>(s, `/entry/${row.entry}/`)
      expect(entry.leagues.classic.find((l) => l.id === pub.id)?.entry_rank).toBe(row.rank)
      expect(entry.leagues.classic.find((l) => l.id === pub.id)?.active_phases.map((p) => p.league_id)).toContain(pub.id)
    }
    expect(await status(s, `/entry/${nextSeasonEntryId(DEMO_ENTRY_ID)}/event/1/picks/`)).toBe(200)
    const boot = await getJson<Bootstrap>(s, '/bootstrap-static/')
    expect(boot.events[0]!.highest_scoring_entry! - NEXT_SEASON_ENTRY_OFFSET).toBeGreaterThan(1000000)

    const old = fresh()
    old.setGameweek(1, 'checked')
    const oldTable = await getJson<Standings>(old, `/leagues-classic/${PUB_LEAGUE_ID}/standings/`)
    const totals = (t: Standings): number[] => [...t.standings.results].sort((a, b) => a.entry - b.entry).map((r) => r.total)
    expect(totals(table)).not.toEqual(totals(oldTable))
  })

  it('a rename on the FPL site carries over the summer (same person), under either id', async () => {
    const w = createSeasonWorld()
    const s = createFplSimulator({ world: w })
    s.setSeason('relaunched')
    const id = nextSeasonEntryId(1000003)
    const res = await post(s, `/__sim/entries/${id}`, { name: 'Haaland BA-9Z' })
    expect(res.status).toBe(200)
    expect(((await res.json()) as Entry).id).toBe(id)
    expect((await post(s, '/__sim/entries/1000013', { name: 'Nobody' })).status).toBe(404)
    const table = await getJson<Standings>(s, `/leagues-classic/${nextSeasonLeague(PUB_LEAGUE_ID)!.id}/standings/`)
    expect(table.new_entries.results.find((r) => r.entry === id)?.entry_name).toBe('Haaland BA-9Z')
    s.setSeason('finished')
    expect((await getJson<Entry>(s, '/entry/1000003/')).name).toBe('Haaland BA-9Z')
  })
})
