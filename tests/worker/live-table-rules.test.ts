import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { LiveAnswer } from '../../contract/live'
import { getDb } from '../../worker/db/client'
import { type LiveFeed, writeFeed } from '../../worker/services/live/feed'
import { loadManagers, snapshotKey, withArrivedSheets } from '../../worker/services/live/table'
import { liveFeed } from './helpers/live'
import { addMember, addTournament, addUser, bearer, getJson } from './helpers/world'

// The live table's rows and ranks as stored tables give them (decision 141), on a
// hand-made gameweek where every number is worked out below: all eleven starters of every sheet
// play 90 minutes for 2 points, the captain doubled, so a sheet scores 11 × 2 + 2 = 24.

const GW = 20
const TYPES = [1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4]
const elements: LiveFeed['elements'] = TYPES.map((type, i) => [i + 1, type, 1, `P${i + 1}`])
// XI then bench: GK 1, DEF 3-6, MID 8-11, FWD 13-14; bench GK 2, DEF 7, MID 12, FWD 15.
const SQUAD = [1, 3, 4, 5, 6, 8, 9, 10, 11, 13, 14, 2, 7, 12, 15]
const SHEET = JSON.stringify({
  active_chip: null,
  automatic_subs: [],
  entry_history: { event_transfers_cost: 0 },
  picks: SQUAD.map((element, i) => ({
    element,
    position: i + 1,
    multiplier: i < 11 ? (element === 13 ? 2 : 1) : 0,
    is_captain: element === 13,
    is_vice_captain: element === 14,
    element_type: TYPES[element - 1],
  })),
})

function feed(gen: number, status: LiveFeed['status']): LiveFeed {
  return liveFeed(gen, GW, {
    status,
    event: { finished: status !== 'live', data_checked: status === 'checked' },
    elements,
    live: SQUAD.slice(0, 11).map((id) => ({ id, stats: { minutes: 90, total_points: 2 }, explain: [] })),
    fixtures: [
      {
        id: 300,
        event: GW,
        kickoff_time: '2027-01-16T15:00:00Z',
        started: true,
        finished: status !== 'live',
        finished_provisional: true,
        team_h: 1,
        team_a: 2,
        stats: [],
      },
    ],
  })
}

interface Row {
  entry: number
  name: string
  position: number
  total: number
  rank: number
  /** The league total before GW20, as the refresh stored it. */
  previous: number
  /** 'sheet', 'loading' (queued, not fetched), 'none' (FPL 404), or no live_sheets row at all. */
  picks: 'sheet' | 'loading' | 'none'
}

async function storeTable(tournamentId: number, status: string, meta: object, rows: Row[], revision = 1) {
  await env.DB.prepare(
    `INSERT INTO tournament_snapshots (tournament_id, season, gameweek, gameweek_status, data_version, standings_meta, monthly_winners, revision)
     VALUES (?1, '2026/27', ?2, ?3, ?4, ?5, '[]', ?6) ON CONFLICT (tournament_id, season, gameweek) DO UPDATE SET gameweek_status = excluded.gameweek_status, revision = excluded.revision`,
  )
    .bind(tournamentId, GW, status, `${GW}:${status}`, JSON.stringify(meta), revision)
    .run()
  for (const r of rows) {
    await env.DB.prepare(
      `INSERT INTO standings_rows (tournament_id, position, fpl_team_id, team_name, player_name, total_points, gameweek_points, rank, last_rank, previous_total, transfers)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, NULL, ?9, 0) ON CONFLICT (tournament_id, position) DO UPDATE SET total_points = excluded.total_points,
       gameweek_points = excluded.gameweek_points, rank = excluded.rank`,
    )
      .bind(tournamentId, r.position, r.entry, `${r.name} FC`, r.name, r.total, r.total - r.previous, r.rank, r.previous)
      .run()
  }
}

async function storeSheets(rows: Row[]) {
  for (const r of rows) {
    await env.DB.prepare('INSERT OR REPLACE INTO live_sheets (gameweek, fpl_team_id, sheet, event_transfers, queued_at, fetched_at) VALUES (?, ?, ?, 0, ?, ?)')
      .bind(GW, r.entry, r.picks === 'sheet' ? SHEET : null, Date.now(), r.picks === 'loading' ? null : Date.now())
      .run()
  }
}

// A league of four: Cat leads before GW20 but her picks are still loading; Dan has no team.
const SMALL: Row[] = [
  { entry: 4000003, name: 'Cat', position: 1, total: 120, rank: 1, previous: 120, picks: 'loading' },
  { entry: 4000002, name: 'Bob', position: 2, total: 110, rank: 2, previous: 110, picks: 'sheet' },
  { entry: 4000001, name: 'Ann', position: 3, total: 100, rank: 3, previous: 100, picks: 'sheet' },
  { entry: 4000004, name: 'Dan', position: 4, total: 90, rank: 4, previous: 90, picks: 'none' },
]
// A league of 100,000 whose stored table is its top three and the page of our member Eve, 20,001st.
const BIG: Row[] = [
  { entry: 4000011, name: 'Top', position: 1, total: 2000, rank: 1, previous: 1950, picks: 'sheet' },
  { entry: 4000012, name: 'Second', position: 2, total: 1990, rank: 2, previous: 1940, picks: 'sheet' },
  { entry: 4000013, name: 'Third', position: 3, total: 1980, rank: 3, previous: 1930, picks: 'sheet' },
  { entry: 4000010, name: 'Eve', position: 20001, total: 1500, rank: 20001, previous: 1450, picks: 'sheet' },
]

let small = 0
let big = 0
let ann: Record<string, string>
let eve: Record<string, string>
const live = async (id: number, viewer: Record<string, string>, query = '') => (await getJson<LiveAnswer>(`/api/leagues/${id}/live${query}`, viewer)).body
const rowsOf = (body: LiveAnswer) => body.standings.map((r) => [r.player_name, r.team_status, r.live_points, r.live_total, r.live_rank, r.fpl_rank])

beforeAll(async () => {
  const annId = await addUser('ann@example.com', 'Ann', 4000001)
  const eveId = await addUser('eve@example.com', 'Eve', 4000010)
  small = await addTournament('Rules League', 700001, annId)
  big = await addTournament('Big League', 700002, eveId)
  await addMember(small, annId)
  await addMember(big, eveId)
  ann = await bearer(annId)
  eve = await bearer(eveId)
  await storeTable(small, 'live', { league_name: 'Rules League', total_members: 4, truncated: false }, SMALL)
  await storeTable(big, 'live', { league_name: 'Big League', total_members: 100_000, truncated: true }, BIG)
  await storeSheets([...SMALL, ...BIG])
  await writeFeed(getDb(env.DB), feed(1, 'live'))
})

describe('picks still arriving', () => {
  it('shows a manager whose picks are loading as loading at his previous place, and one FPL has no team for as no_team', async () => {
    const body = await live(small, ann)
    // Bob 110 + 24 = 134, Ann 100 + 24 = 124; Cat keeps 1st (her 120 before the gameweek), Dan 90 + 0.
    expect(rowsOf(body)).toEqual([
      ['Cat', 'loading', 0, 120, 1, 1],
      ['Bob', 'loaded', 24, 134, 2, 2],
      ['Ann', 'loaded', 24, 124, 3, 3],
      ['Dan', 'no_team', 0, 90, 4, 4],
    ])
    expect(body.standings.every((r) => Array.isArray(r.pending_subs) && r.pending_subs.length === 0)).toBe(true)
    expect(body.scope).toEqual({ complete: true, kept: 4, league_size: 4 })
    expect(body.current_user_position).toBe(3)
  })
})

describe('picks arriving while the table is kept (the big league is not read whole every 10 s)', () => {
  it('reads and parses only the picks that arrived, and keeps the parsed picks of everyone else', async () => {
    const db = getDb(env.DB)
    const snapshot = await snapshotKey(db, small)
    const before = await loadManagers(db, small, GW, snapshot)
    expect(before.pending).toBe(1)
    // Nothing new: the kept managers as they are.
    expect(await withArrivedSheets(db, small, before)).toBe(before)
    const cat = SMALL.find((r) => r.name === 'Cat') as Row
    await storeSheets([{ ...cat, picks: 'sheet' }])
    const after = await withArrivedSheets(db, small, before)
    expect(after.pending).toBe(0)
    expect(after.managers.map((m) => [m.player_name, m.loading ?? false, m.sheet !== null])).toEqual([
      ['Cat', false, true],
      ['Bob', false, true],
      ['Ann', false, true],
      ['Dan', false, false],
    ])
    // Bob's and Ann's picks are the very objects parsed before: their rows were not read again.
    expect(after.sheets.get(4000002)).toBe(before.sheets.get(4000002))
    expect(after.sheets.get(4000001)).toBe(before.sheets.get(4000001))
    await storeSheets([cat])
  })
})

describe('the search and the summary card', () => {
  it('finds rows as the standings search does (any case, team or manager name), with their real ranks', async () => {
    const body = await live(small, ann, '?search=BOB')
    expect(rowsOf(body)).toEqual([['Bob', 'loaded', 24, 134, 2, 2]])
    expect(body.pagination_metadata).toMatchObject({ total_members: 1, total_pages: 1 })
    // The viewer's own place is the table's, whatever the search.
    expect(body).toMatchObject({ current_user_position: 3, current_user_page: 1 })
    expect((await live(small, ann, '?search=nobody')).standings).toEqual([])
  })

  it('gives the card the leader and average of the whole table on every page, as the banter reads them', async () => {
    const body = await live(small, ann, '?page=4&limit=1')
    expect(body.standings.map((r) => r.player_name)).toEqual(['Dan'])
    // Over the known teams in table order: Bob 24 (level with Ann), Ann 24, Dan 0 → average 16.
    expect(body.gameweek_summary).toEqual({
      gameweek: GW,
      top_scorer: { player_name: 'Bob', team_name: 'Bob FC', points: 24, tied_with: 1 },
      average_points: 16,
      provisional: true,
      managers_counted: 3,
    })
    expect(body.banter.find((b) => b.key === 'gameweek_rocket')?.managers.map((m) => m.player_name)).toEqual(['Bob', 'Ann'])
  })
})

describe('a league over the kept rows', () => {
  it("says the table is part of the league and gives FPL's rank: the member at 20,001 never reads 4th", async () => {
    const body = await live(big, eve)
    expect(body.scope).toEqual({ complete: false, kept: 4, league_size: 100_000 })
    const own = body.standings.find((r) => r.is_current_user)
    expect(own).toMatchObject({ player_name: 'Eve', live_total: 1474, live_rank: 4, fpl_rank: 20001 })
    expect(body.current_user_position).toBe(20001)
  })
})

describe('the swing feed', () => {
  it("names each swing's reasons and match as the feed read them from FPL's explain", async () => {
    const reasons = [
      { identifier: 'goals_scored', words: 'goal', points: 4 },
      { identifier: 'projected_bonus', words: 'projected bonus', points: 3 },
    ]
    const match = { fixture: 300, label: 'ONE 1-0 TWO', minute: 34 }
    await writeFeed(getDb(env.DB), { ...feed(2, 'live'), changes: [{ element: 13, points: 7, events: ['goal', 'projected bonus'], reasons, match }] })
    const [swing] = (await live(small, ann)).swings
    // Ann and Bob count the captain 13: his 7 doubled.
    expect(swing).toMatchObject({ element: 13, points: 7, reasons, match })
    expect(swing?.managers.map((m) => [m.player_name, m.points])).toEqual([
      ['Bob', 14],
      ['Ann', 14],
    ])
  })
})

describe('checked but not stored', () => {
  it('stays provisional on our numbers until the refresh stores FPL’s checked table, then serves it', async () => {
    await writeFeed(getDb(env.DB), feed(3, 'checked'))
    const before = await live(small, ann)
    expect(before).toMatchObject({ status: 'finished', provisional: true })
    expect(before.standings.map((r) => [r.player_name, r.live_total])).toEqual([
      ['Cat', 120],
      ['Bob', 134],
      ['Ann', 124],
      ['Dan', 90],
    ])

    // FPL's checked table, stored by the refresh: Cat's picks came to 30.
    const checked = SMALL.map((r) => ({ ...r, total: r.previous + ({ Cat: 30, Bob: 24, Ann: 24, Dan: 0 }[r.name] ?? 0) }))
    const ranked = [checked[0], checked[1], checked[2], checked[3]].map((r, i) => ({ ...(r as Row), rank: i + 1 }))
    await storeTable(small, 'checked', { league_name: 'Rules League', total_members: 4, truncated: false }, ranked, 2)
    const after = await live(small, ann)
    expect(after).toMatchObject({ status: 'checked', provisional: false })
    // Cat's picks never arrived: FPL's points stand for her all the same.
    expect(after.standings.map((r) => [r.player_name, r.team_status, r.live_points, r.live_total, r.live_rank])).toEqual([
      ['Cat', 'loaded', 30, 150, 1],
      ['Bob', 'loaded', 24, 134, 2],
      ['Ann', 'loaded', 24, 124, 3],
      ['Dan', 'no_team', 0, 90, 4],
    ])
  })
})
