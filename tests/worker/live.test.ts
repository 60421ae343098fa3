import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { LIVE_SOCKET_CLOSE, type LiveAnswer, type LiveSocketMessage, type LiveTeamAnswer } from '../../contract/live'
import type { LiveBattleAnswer, LiveGlanceAnswer, LiveOwnershipAnswer } from '../../contract/live-insight'
import { getDb } from '../../worker/db/client'
import { feedChanges, type LiveFeed, readFeedGen, writeFeed } from '../../worker/services/live/feed'
import { hubOf, pollerOf } from '../../worker/services/live/hubs'
import { call } from './helpers/http'
import { liveFeed, PUSH } from './helpers/live'
import { addMember, addTournament, addUser, bearer, getJson } from './helpers/world'

// The live API and its socket on a small hand-made gameweek whose every number is worked out by
// hand below: one match in play (club 1 v club 2), three managers of a private tournament.

const GW = 20
// Club 1: ids 1..15, club 2: ids 16..30; per club 2 GKP, 5 DEF, 5 MID, 3 FWD.
const TYPES = [1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4]
const elements: LiveFeed['elements'] = [
  ...TYPES.map((type, i): [number, number, number, string] => [i + 1, type, 1, `Home${i + 1}`]),
  ...TYPES.map((type, i): [number, number, number, string] => [i + 16, type, 2, `Away${i + 16}`]),
]

/** A sheet of 15 picks in position order: 1 GK, 4 DEF, 4 MID, 2 FWD, then bench GK, DEF, MID, FWD. */
function sheet(squad: number[], captain: number, vice: number, extra: { chip?: string; cost?: number } = {}) {
  return {
    active_chip: extra.chip ?? null,
    automatic_subs: [],
    entry_history: { event_transfers_cost: extra.cost ?? 0 },
    picks: squad.map((element, i) => ({
      element,
      position: i + 1,
      multiplier: i < 11 ? (element === captain ? 2 : 1) : 0,
      is_captain: element === captain,
      is_vice_captain: element === vice,
      element_type: elements.find((e) => e[0] === element)?.[1],
    })),
  }
}

// XI then bench, by element id: GK 1, DEF 3-6, MID 8-11, FWD 13-14; bench GK 2, DEF 7, MID 12, FWD 15.
const HOME_SQUAD = [1, 3, 4, 5, 6, 8, 9, 10, 11, 13, 14, 2, 7, 12, 15]
const AWAY_SQUAD = HOME_SQUAD.map((id) => id + 15)

/** Everybody on the pitch has played 60 minutes for 2 points; `extra` adds points (and stats) to some. */
function live(extra: Record<number, { points: number; stats?: Record<string, number> }>): LiveFeed['live'] {
  return elements
    .filter(([id]) => ![2, 7, 12, 15, 17, 22, 27, 30].includes(id))
    .map(([id]) => {
      // FPL's explain adds up to total_points: 60 minutes (2) and, for a scorer, his goal's points.
      const goal = extra[id]?.stats?.goals_scored
        ? [{ identifier: 'goals_scored', value: extra[id]?.stats?.goals_scored ?? 0, points: extra[id]?.points ?? 0 }]
        : []
      const explain = [{ fixture: 200, stats: [{ identifier: 'minutes', value: 60, points: 2 }, ...goal] }]
      return { id, stats: { minutes: 60, total_points: 2 + (extra[id]?.points ?? 0), ...(extra[id]?.stats ?? {}) }, explain }
    })
}

function feed(gen: number, liveElements: LiveFeed['live'], bps: Array<{ element: number; value: number }>): LiveFeed {
  return liveFeed(gen, GW, {
    elements,
    live: liveElements,
    fixtures: [
      {
        id: 200,
        event: GW,
        kickoff_time: '2026-11-21T15:00:00Z',
        started: true,
        finished: false,
        finished_provisional: false,
        team_h: 1,
        team_a: 2,
        stats: [{ identifier: 'bps', h: bps.filter((b) => b.element <= 15), a: bps.filter((b) => b.element > 15) }],
      },
    ],
  })
}

const BPS = [
  { element: 13, value: 40 }, // 3 projected bonus
  { element: 16, value: 30 }, // 2
  { element: 3, value: 20 }, // 1
]

let tournamentId: number
let member: Record<string, string>
let outsider: Record<string, string>
const first = feed(1, live({ 13: { points: 6, stats: { goals_scored: 1 } } }), BPS)

beforeAll(async () => {
  const commissionerId = await addUser('live-boss@example.com', 'Boss', 3000001)
  const memberId = await addUser('live-member@example.com', 'Priya', 3000002)
  const outsiderId = await addUser('live-outsider@example.com', 'Nosy', 3000009)
  tournamentId = await addTournament('Live League', 654321, commissionerId)
  await addMember(tournamentId, commissionerId)
  await addMember(tournamentId, memberId)
  member = await bearer(memberId)
  outsider = await bearer(outsiderId)
  await env.DB.prepare(
    "INSERT INTO tournament_snapshots (tournament_id, season, gameweek, gameweek_status, data_version, standings_meta, monthly_winners) VALUES (?, '2026/27', 19, 'checked', '19:checked', '{}', '[]')",
  )
    .bind(tournamentId)
    .run()
  // Totals after GW19: the boss leads by 10, Priya second, Tom third.
  await env.DB.prepare(
    `INSERT INTO standings_rows (tournament_id, position, fpl_team_id, team_name, player_name, total_points, gameweek_points, rank, last_rank) VALUES
     (?1, 1, 3000001, 'Boss FC', 'Boss', 1010, 50, 1, 1), (?1, 2, 3000002, 'Salah Fingers', 'Priya', 1000, 60, 2, 2), (?1, 3, 3000003, 'Tom Town', 'Tom', 990, 40, 3, 3)`,
  )
    .bind(tournamentId)
    .run()
  const sheets = [
    // Boss: the away squad, captain 16 (2 pts + 2 projected bonus), a -4 hit for his two transfers:
    // 16 in for 13, 18 in for 2.
    [
      3000001,
      sheet(AWAY_SQUAD, 16, 18, { cost: 4 }),
      [
        { element_in: 16, element_out: 13 },
        { element_in: 18, element_out: 2 },
      ],
    ],
    // Priya: the home squad, captain 13 (goal: 8 pts + 3 projected bonus); one free transfer, 13 in for 28.
    [3000002, sheet(HOME_SQUAD, 13, 14), [{ element_in: 13, element_out: 28 }]],
    // Tom: the home squad under Triple Captain on 13; his transfers were not read (null).
    [3000003, sheet(HOME_SQUAD, 13, 14, { chip: '3xc' }), null],
  ] as const
  for (const [entry, picks, transfers] of sheets) {
    // The picks' overall total is not read: the previous totals are the stored GW19 table's.
    await env.DB.prepare('INSERT INTO live_sheets (gameweek, fpl_team_id, sheet, event_transfers, transfers, fetched_at) VALUES (?, ?, ?, 0, ?, ?)')
      .bind(GW, entry, JSON.stringify(picks), transfers && JSON.stringify(transfers), Date.now())
      .run()
  }
  await writeFeed(getDb(env.DB), first)
})

describe('GET /api/leagues/{id}/live', () => {
  it('scores every manager by FPL rules: projected bonus, armband, chip and hit included', async () => {
    const { status, body } = await getJson<LiveAnswer>(`/api/leagues/${tournamentId}/live`, member)
    expect(status).toBe(200)
    expect(body).toMatchObject({ gameweek: GW, status: 'live', provisional: true, updating: false, updated_at: first.fetched_at })
    expect(body.fixtures).toEqual({ total: 1, started: 1, finished: 0 })
    // Priya: 11 starters × 2 = 22, +6 goal on 13, +3 bonus on 13 and +1 on 3; captain 13 doubles his 11 → 22 + 6 + 3 + 1 + 11 = 43.
    // Tom: the same with 13 tripled → 43 + 11 = 54. Boss: 22 + 2 bonus on 16, doubled → 22 + 2 + 4 − 4 hit = 24.
    expect(body.standings.map((r) => [r.fpl_team_id, r.live_points, r.live_total, r.live_rank, r.last_rank])).toEqual([
      [3000003, 54, 1044, 1, 3],
      [3000002, 43, 1043, 2, 2],
      [3000001, 24, 1034, 3, 1],
    ])
    const priya = body.standings.find((r) => r.fpl_team_id === 3000002)
    expect(priya).toMatchObject({
      is_current_user: true,
      projected_bonus: 3 * 2 + 1,
      transfers_cost: 0,
      active_chip: null,
      captain: { element: 13, name: 'Home13', points: 11, multiplier: 2, played: true },
      vice_captain: { element: 14, name: 'Home14', played: true },
      auto_subs: [],
      players_played: 11,
      players_to_play: 0,
    })
    expect(body.standings.find((r) => r.fpl_team_id === 3000001)).toMatchObject({ transfers_cost: 4, is_current_user: false })
    expect(body.standings.find((r) => r.fpl_team_id === 3000003)?.captain?.multiplier).toBe(3)
    expect(body).toMatchObject({ current_user_position: 2, current_user_page: 1 })
    expect(body.pagination_metadata).toEqual({ current_page: 1, per_page: 50, total_members: 3, total_pages: 1, has_previous: false, has_next: false })
    // Live banter from the same table: Tom's 54 is the Rocket so far, the boss's captain (4 × 2) the
    // Catastrophe so far; nobody has bench points or auto-subs yet, so those two are absent.
    expect(body.banter.map((b) => [b.key, b.managers.map((m) => m.fpl_team_id)])).toEqual(
      expect.arrayContaining([
        ['gameweek_rocket', [3000003]],
        ['captain_catastrophe', [3000001]],
      ]),
    )
    expect(body.banter.map((b) => b.key).sort()).toEqual(['captain_catastrophe', 'gameweek_rocket'])
    expect(body.banter.every((b) => /so far|projected/i.test(b.title))).toBe(true)
  })

  it('pages the table and finds the viewer on another page', async () => {
    const { body } = await getJson<LiveAnswer>(`/api/leagues/${tournamentId}/live?page=2&limit=2`, member)
    expect(body.standings.map((r) => r.fpl_team_id)).toEqual([3000001])
    expect(body).toMatchObject({ current_user_page: 1, current_user_position: 2 })
    expect(body.pagination_metadata).toMatchObject({ current_page: 2, total_pages: 2, has_previous: true, has_next: false })
  })

  it('is for members of a private tournament, as the standings are', async () => {
    expect((await getJson(`/api/leagues/${tournamentId}/live`)).status).toBe(401)
    expect((await getJson(`/api/leagues/${tournamentId}/live`, outsider)).status).toBe(403)
    expect((await getJson(`/api/leagues/${tournamentId}/live/3000002`, outsider)).status).toBe(403)
    expect((await getJson(`/api/leagues/999999/live`, member)).status).toBe(404)
    expect((await getJson(`/api/leagues/${tournamentId}/live?limit=500`, member)).status).toBe(400)
  })
})

describe('GET /api/leagues/{id}/live/{fpl_team_id}', () => {
  it('answers the 15 picks with their live points, multipliers and fixture state', async () => {
    const { status, body } = await getJson<LiveTeamAnswer>(`/api/leagues/${tournamentId}/live/3000002`, member)
    expect(status).toBe(200)
    expect(body).toMatchObject({ gameweek: GW, fpl_team_id: 3000002, live_points: 43, provisional: true })
    expect(body.picks).toHaveLength(15)
    expect(body.picks[0]).toMatchObject({ element: 1, position: 1, element_type: 1, multiplier: 1, minutes: 60, points: 2, fixture_state: 'in_play' })
    expect(body.picks.find((p) => p.element === 13)).toMatchObject({ multiplier: 2, points: 11, projected_bonus: 3, is_captain: true })
    expect(body.picks.find((p) => p.element === 2)).toMatchObject({ position: 12, multiplier: 0, minutes: 0 })
    expect((await getJson(`/api/leagues/${tournamentId}/live/3999999`, member)).status).toBe(404)
  })
})

describe("the league's matchday insight: GET /api/leagues/{id}/live/ownership, /battle and /glance", () => {
  const path = (view: string, query = '') => `/api/leagues/${tournamentId}/live/${view}${query}`

  it('counts effective ownership over the league, triple captain included, and the viewer against it', async () => {
    const { status, body } = await getJson<LiveOwnershipAnswer>(path('ownership'), member)
    expect(status).toBe(200)
    expect(body).toMatchObject({ gameweek: GW, status: 'live', provisional: true, auto_subs: true, managers: 3 })
    // 13: Priya captains him (×2), Tom triple-captains him (×3), Boss has not got him: 5 / 3 = 166.7%; 2 + 6 goal + 3 bonus = 11.
    // 16: Boss's captain (×2): 2 / 3 = 66.7%; 2 + 2 bonus = 4. 3: both home squads start him (1 + 1): 66.7%; 2 + 1 bonus = 3.
    expect(body.players.slice(0, 3).map((p) => [p.element, p.owners, p.starters, p.captains, p.triple_captains, p.eo, p.points])).toEqual([
      [13, 2, 2, 1, 1, 166.7, 11],
      [16, 1, 1, 1, 0, 66.7, 4],
      [3, 2, 2, 0, 0, 66.7, 3],
    ])
    // The league's average before hits: (43 + 54 + 28) / 3 = 41.7; Priya's 43 is 1.3 above it.
    expect(body.average_points).toBe(41.7)
    expect(body.mine).toMatchObject({ fpl_team_id: 3000002, gain: 1.3 })
    // Her captain: 11 × (2 − 1.667) = 3.7.
    expect(body.mine?.picks.find((p) => p.element === 13)).toMatchObject({ multiplier: 2, eo: 166.7, worth: 3.7 })
  })

  it("refuses who may not read the standings (a private league's outsider) and a switch that is neither on nor off", async () => {
    expect((await getJson(path('ownership'), outsider)).status).toBe(403)
    expect((await getJson(path('glance'), outsider)).status).toBe(403)
    expect((await getJson(path('ownership', '?auto_subs=maybe'), member)).status).toBe(400)
  })

  it("battles the viewer against the manager just above him: a shared captain's triple is the only difference", async () => {
    const { status, body } = await getJson<LiveBattleAnswer>(path('battle'), member)
    expect(status).toBe(200)
    // Tom (54) is just above Priya (43) and has her squad: everything cancels but 13's third armband.
    expect([body.viewer.fpl_team_id, body.rival.fpl_team_id]).toEqual([3000002, 3000003])
    expect(body.viewer.differentials).toEqual([])
    expect(body.rival.differentials.map((d) => [d.element, d.multiplier, d.shared, d.worth])).toEqual([[13, 1, true, 11]])
    expect(body).toMatchObject({ live_gap: -11, total_gap: -1 })
    // Her armband is worth 11 more, his 22 more.
    expect(body.captaincy.points).toBe(-11)
  })

  it('battles any rival picked from the table, and says why it cannot', async () => {
    const { body } = await getJson<LiveBattleAnswer>(path('battle', '?with=3000001'), member)
    // Boss has the other club: nothing in common. 43 − 24 (his 4-point hit included) = 19.
    expect(body.common).toEqual([])
    expect(body).toMatchObject({ live_gap: 19, rival: { fpl_team_id: 3000001, transfers_cost: 4 } })
    expect((await getJson(path('battle', '?with=4999999'), member)).status).toBe(404)
    expect((await call(path('battle'))).status).toBe(401)
  })

  it("sums up the league's gameweek: the armbands, the chips and the transfers' gain, hits included", async () => {
    const { status, body } = await getJson<LiveGlanceAnswer>(path('glance'), member)
    expect(status).toBe(200)
    expect(body.captaincy.map((c) => [c.element, c.managers, c.percent, c.triple])).toEqual([
      [13, 2, 66.7, 1],
      [16, 1, 33.3, 0],
    ])
    expect(body.chips.map((c) => [c.chip, c.managers])).toEqual([['3xc', 1]])
    // Priya: 13 in (11) for 28 out (2): 11 − 2 = 9. Boss: 16 (4) and 18 (2) in for 13 (11) and 2
    // (on the bench, not played: 0) out, less his 4-point hit: 6 − 11 − 4 = −9. Tom's transfers are
    // not known: he is left out.
    expect(body.transfers).toMatchObject({ managers: 2, hits: 1, hit_points: 4, worst: [] })
    expect(body.transfers?.best.map((g) => [g.fpl_team_id, g.points_in, g.points_out, g.hit, g.gain])).toEqual([
      [3000002, 11, 2, 0, 9],
      [3000001, 6, 11, 4, -9],
    ])
  })
})

describe('GET /api/leagues/{id}/live/socket', () => {
  const socketInit = (token?: string): RequestInit => ({
    headers: { upgrade: 'websocket', ...(token ? { 'sec-websocket-protocol': `bearer, ${token}` } : {}) },
  })
  const tokenOf = (headers: Record<string, string>) => (headers.authorization ?? '').replace('Bearer ', '')

  it('refuses a request that is not an upgrade, and viewers who may not read the tournament', async () => {
    expect((await call(`/api/leagues/${tournamentId}/live/socket`, { headers: member })).status).toBe(426)
    expect((await call(`/api/leagues/${tournamentId}/live/socket`, socketInit())).status).toBe(401)
    expect((await call(`/api/leagues/${tournamentId}/live/socket`, socketInit(tokenOf(outsider)))).status).toBe(403)
    expect((await call(`/api/leagues/${tournamentId}/live/socket`, socketInit('not.a.token'))).status).toBe(401)
  })

  it('accepts a member (token as the bearer subprotocol), registers with the poller and pushes each change', async () => {
    const response = await call(`/api/leagues/${tournamentId}/live/socket`, socketInit(tokenOf(member)))
    expect(response.status).toBe(101)
    expect(response.headers.get('sec-websocket-protocol')).toBe('bearer')
    const socket = response.webSocket as WebSocket
    socket.accept()
    const messages: LiveSocketMessage[] = []
    socket.addEventListener('message', (event) => {
      messages.push(JSON.parse(String(event.data)))
    })

    const { runInDurableObject } = await import('cloudflare:test')
    const watchers = await runInDurableObject(pollerOf(env), (_poller, state) => state.storage.get<number[]>('watchers'))
    expect(watchers).toContain(tournamentId)

    // Away 16 scores: +6 for him, +12 for the boss (his captain); 16's bps overtakes 13's.
    const before = first
    const next = feed(2, live({ 13: { points: 6, stats: { goals_scored: 1 } }, 16: { points: 6, stats: { goals_scored: 1 } } }), [
      { element: 16, value: 60 },
      { element: 13, value: 40 },
      { element: 3, value: 20 },
    ])
    await writeFeed(getDb(env.DB), { ...next, changes: feedChanges(before, next) })
    expect(await hubOf(env, tournamentId).news(PUSH)).toBe(1)
    await expect.poll(() => messages.length).toBe(1)
    // The message names the feed generation; the screen then re-reads its page, which says the rest.
    expect(messages[0]).toEqual({ type: 'live', gen: next.gen })

    const { body } = await getJson<LiveAnswer>(`/api/leagues/${tournamentId}/live`, member)
    expect(body).toMatchObject({ gameweek: GW, status: 'live', provisional: true, updated_at: next.fetched_at })
    // 16: goal (+6) and projected bonus 2 → 3 (+1): +7; for the boss ×2.
    expect(body.swings[0]).toMatchObject({ element: 16, name: 'Away16', points: 7, managers: [{ fpl_team_id: 3000001, points: 14, captain: true }] })
    expect(body.swings[0]?.events).toEqual(expect.arrayContaining(['goal']))
    // 13 drops from 3 to 2 projected bonus: −1 for Priya (×2) and Tom (×3).
    expect(body.swings[1]).toMatchObject({ element: 13, points: -1 })
    expect(body.swings[1]?.managers.map((m) => [m.fpl_team_id, m.points])).toEqual([
      [3000003, -3],
      [3000002, -2],
    ])
    // Boss 1010 + 38 = 1048 leads; Priya and Tom tie on 1041 and share 2nd (the lower entry id first).
    expect(body.standings.map((r) => [r.fpl_team_id, r.live_points, r.live_total, r.live_rank])).toEqual([
      [3000001, 38, 1048, 1],
      [3000002, 41, 1041, 2],
      [3000003, 51, 1041, 2],
    ])
    socket.close(1000, 'bye')
  })

  it('fans one change out to every open screen over hibernatable sockets, and forgets the hub when the last one closes', async () => {
    const { runInDurableObject } = await import('cloudflare:test')
    const open = async () => {
      const response = await call(`/api/leagues/${tournamentId}/live/socket`, socketInit(tokenOf(member)))
      const socket = response.webSocket as WebSocket
      socket.accept()
      const received: LiveSocketMessage[] = []
      socket.addEventListener('message', (event) => {
        received.push(JSON.parse(String(event.data)))
      })
      return { socket, received }
    }
    const screens = [await open(), await open(), await open()]
    // Accepted with ctx.acceptWebSocket (hibernation): the object lists them and answers pings
    // without waking, so an idle screen costs nothing.
    const hub = hubOf(env, tournamentId)
    const state = await runInDurableObject(hub, (_hub, s) => ({ sockets: s.getWebSockets().length, ping: s.getWebSocketAutoResponse()?.request }))
    expect(state).toEqual({ sockets: 3, ping: 'ping' })

    expect(await hub.news(PUSH)).toBe(3)
    for (const screen of screens) await expect.poll(() => screen.received.length).toBe(1)

    for (const screen of screens) screen.socket.close(1000, 'bye')
    await expect.poll(() => runInDurableObject(pollerOf(env), (_poller, s) => s.storage.get<number[]>('watchers'))).not.toContain(tournamentId)
  })

  it('disconnects a member the commissioner removed at the next change, and keeps the others', async () => {
    const removedId = await addUser('live-removed@example.com', 'Soon Gone', 3000004)
    await addMember(tournamentId, removedId)
    const removed = await bearer(removedId)
    const open = async (headers: Record<string, string>) => {
      const socket = (await call(`/api/leagues/${tournamentId}/live/socket`, socketInit(tokenOf(headers)))).webSocket as WebSocket
      socket.accept()
      const seen = { messages: 0, closed: null as number | null }
      socket.addEventListener('message', () => {
        seen.messages += 1
      })
      socket.addEventListener('close', (event) => {
        seen.closed = event.code
      })
      return seen
    }
    const stays = await open(member)
    const goes = await open(removed)
    await env.DB.prepare("UPDATE memberships SET status = 'inactive' WHERE tournament_id = ? AND user_id = ?").bind(tournamentId, removedId).run()

    expect(await hubOf(env, tournamentId).news(PUSH)).toBe(1)
    await expect.poll(() => goes.closed).toBe(LIVE_SOCKET_CLOSE.revoked)
    await expect.poll(() => stays.messages).toBe(1)
    expect(goes.messages).toBe(0)
  })
})

describe('a poller that is not running', () => {
  it('is woken by the first reader who finds the feed idle, and polls FPL itself from then on', async () => {
    const { runInDurableObject } = await import('cloudflare:test')
    const { routeFplToSimulator, simulator } = await import('./helpers/fpl')
    routeFplToSimulator(simulator())
    await runInDurableObject(pollerOf(env), (_poller, state) => state.storage.deleteAlarm())
    await writeFeed(getDb(env.DB), { ...first, gen: 50, fetched_at: new Date(Date.now() - 10 * 60_000).toISOString() })
    expect((await getJson(`/api/leagues/${tournamentId}/live`, member)).status).toBe(200)
    // The loop runs again: its first poll reads the simulator's gameweek and stores a new feed.
    await expect.poll(async () => (await readFeedGen(getDb(env.DB)))?.gameweek, { timeout: 10_000 }).toBe(simulator().state().gameweek)
  })
})
