import { beforeAll, describe, expect, it } from 'vitest'
import type { FplStandingsRow } from '../../../worker/fpl/schemas'
import type { EventLike, MonthlyWinnersInput, PhaseTableRow } from '../../../worker/fpl/stats'
import { computeMonthlyWinners, monthlyPrizePounds, phaseTableFromHistories } from '../../../worker/fpl/stats'
import { makeHistory, realBootstrap, realHistory } from './fixtures'
import type { PubLeague } from './sim'
import { loadPubLeague } from './sim'

const PHASES = [
  { id: 1, name: 'Overall', start_event: 1, stop_event: 38 },
  { id: 3, name: 'September', start_event: 4, stop_event: 6 },
  { id: 2, name: 'August', start_event: 1, stop_event: 3 },
  { id: 4, name: 'October', start_event: 7, stop_event: 9 },
  { id: 5, name: 'November', start_event: 10, stop_event: 13 },
]

/** GW n's deadline: Friday 2026-08-14 + 7(n − 1) days. GWs up to `checkedThrough` are finished and checked. */
function events(checkedThrough: number, overrides: Record<number, Partial<EventLike>> = {}): EventLike[] {
  return Array.from({ length: 13 }, (_, i) => {
    const id = i + 1
    const deadline = new Date(Date.UTC(2026, 7, 14 + 7 * i, 17, 30)).toISOString()
    return { id, deadline_time: deadline, finished: id <= checkedThrough, data_checked: id <= checkedThrough, ...overrides[id] }
  })
}

const row = (entry: number, total: number): PhaseTableRow => ({ entry, player_name: `Player ${entry}`, team_name: `Team ${entry}`, total })

const OCTOBER = [row(1, 180), row(2, 165), row(3, 165), row(4, 150), row(5, 140)]
const TABLES = new Map<number, PhaseTableRow[]>([
  [2, [row(5, 170), row(1, 160)]],
  [3, [row(2, 175), row(1, 150)]],
  [4, OCTOBER],
  [5, [row(3, 61), row(1, 58)]],
])

function base(over: Partial<MonthlyWinnersInput> = {}): MonthlyWinnersInput {
  return {
    phases: PHASES,
    events: events(9),
    currentGameweek: 9,
    currentStatus: 'checked',
    leagueStartEvent: 1,
    phaseTables: TABLES,
    prizePoolPence: 0,
    prizesEnabled: false,
    ...over,
  }
}

describe('computeMonthlyWinners: hand-built season', () => {
  it('lists started months only, newest first, never the Overall phase', () => {
    const months = computeMonthlyWinners(base())
    expect(months.map((m) => m.month)).toEqual(['October', 'September', 'August']) // November starts at GW10
    expect(months.map((m) => m.year)).toEqual([2026, 2026, 2026])
  })

  it('a finished month: winner, monthly_points, average_per_gw, runners-up 2–4 with shared positions', () => {
    const october = computeMonthlyWinners(base())[0]
    expect(october).toEqual({
      month: 'October',
      year: 2026,
      phase_id: 4,
      start_event: 7,
      stop_event: 9,
      status: 'finished',
      gameweeks_played: 3,
      prize: 0,
      leading_player: 'Player 1',
      leading_points: 180,
      joint_leaders: ['Player 1'],
      winner: 'Player 1',
      joint_winners: ['Player 1'],
      monthly_points: 180,
      average_per_gw: 60, // 180 / 3 GWs
      runners_up: [
        { position: 2, player_name: 'Player 2', team_name: 'Team 2', total_points: 165 },
        { position: 2, player_name: 'Player 3', team_name: 'Team 3', total_points: 165 }, // tie: shares 2nd
        { position: 4, player_name: 'Player 4', team_name: 'Team 4', total_points: 150 }, // next is 4th, not 3rd
      ],
    })
  })

  it('finished only when the stop event is finished AND data_checked', () => {
    // GW9 finished but not data_checked: October is provisional.
    const provisional = computeMonthlyWinners(base({ events: events(8, { 9: { finished: true, data_checked: false } }) }))[0]
    expect(provisional).toMatchObject({
      month: 'October',
      status: 'ongoing',
      gameweeks_played: 3,
      leading_player: 'Player 1',
      leading_points: 180,
      winner: null,
      monthly_points: null,
      average_per_gw: null,
      runners_up: [],
    })
    // GW9 not even finished.
    expect(computeMonthlyWinners(base({ events: events(8) }))[0]?.status).toBe('ongoing')
    // data_checked without finished (never seen, but must not count either).
    expect(computeMonthlyWinners(base({ events: events(8, { 9: { finished: false, data_checked: true } }) }))[0]?.status).toBe('ongoing')
  })

  it('an ongoing month counts the GWs started so far', () => {
    // current GW 11: November (GW10–13) has had GW10 and GW11 → 2
    const months = computeMonthlyWinners(base({ currentGameweek: 11, events: events(10) }))
    expect(months[0]).toMatchObject({ month: 'November', status: 'ongoing', gameweeks_played: 2, leading_player: 'Player 3', leading_points: 61, winner: null })
    expect(months[1]).toMatchObject({ month: 'October', status: 'finished', winner: 'Player 1' })
  })

  it('skips months that ended before the league started', () => {
    // League starts GW5: August (1–3) ended before; September (4–6) is still shown.
    expect(computeMonthlyWinners(base({ leagueStartEvent: 5 })).map((m) => m.month)).toEqual(['October', 'September'])
    // League starts GW7: only October.
    expect(computeMonthlyWinners(base({ leagueStartEvent: 7 })).map((m) => m.month)).toEqual(['October'])
  })

  it('a tie at the top: both share the title (joint_winners), runners-up start at 3rd, never 1st', () => {
    const tables = new Map([[4, [row(7, 170), row(3, 170), row(2, 160), row(4, 150), row(5, 150), row(6, 140)]]])
    const [october] = computeMonthlyWinners(base({ phaseTables: tables }))
    expect(october?.winner).toBe('Player 7') // `winner` keeps the first in FPL's order (decision 044)
    expect(october?.joint_winners).toEqual(['Player 7', 'Player 3'])
    expect(october?.runners_up.map((r) => [r.player_name, r.position])).toEqual([
      ['Player 2', 3],
      ['Player 4', 4],
      ['Player 5', 4], // Player 6 (6th) is past the three runners-up
    ])
  })

  it('three-way tie at the top: all three are joint winners, the next row is 4th', () => {
    const tables = new Map([[4, [row(1, 99), row(2, 99), row(3, 99), row(4, 80)]]])
    const [october] = computeMonthlyWinners(base({ phaseTables: tables }))
    expect(october?.joint_winners).toEqual(['Player 1', 'Player 2', 'Player 3'])
    expect(october?.runners_up).toEqual([{ position: 4, player_name: 'Player 4', team_name: 'Team 4', total_points: 80 }])
  })

  it('a sole winner: joint_winners names just them; ongoing months have none yet', () => {
    const [october, september] = computeMonthlyWinners(base())
    expect(october?.joint_winners).toEqual(['Player 1'])
    expect(september?.joint_winners).toEqual(['Player 2'])
    expect(computeMonthlyWinners(base({ events: events(8) }))[0]).toMatchObject({ status: 'ongoing', joint_winners: [], runners_up: [] })
  })

  it('a month in progress led jointly names every leader (joint_leaders), and no winner yet', () => {
    const tables = new Map([[4, [row(7, 120), row(3, 120), row(2, 110)]]])
    const [october] = computeMonthlyWinners(base({ events: events(8), phaseTables: tables }))
    expect(october).toMatchObject({ status: 'ongoing', leading_player: 'Player 7', joint_leaders: ['Player 7', 'Player 3'], winner: null, joint_winners: [] })
  })

  it('no finished month ever has a runner-up at position 1', () => {
    const tables = new Map([
      [2, [row(1, 50), row(2, 50)]],
      [3, [row(1, 60), row(2, 60), row(3, 60), row(4, 60), row(5, 60)]],
      [4, [row(1, 70), row(2, 70), row(3, 69)]],
    ])
    for (const month of computeMonthlyWinners(base({ phaseTables: tables }))) {
      expect(
        month.runners_up.every((r) => r.position > 1),
        month.month,
      ).toBe(true)
    }
  })

  it('prize: 30 % of the pool in pounds, only when prizes are enabled', () => {
    // 12,345 p × 30 / 100 = 3,703.5 p → 3,704 p = £37.04
    expect(computeMonthlyWinners(base({ prizePoolPence: 12_345, prizesEnabled: true }))[0]?.prize).toBe(37.04)
    expect(computeMonthlyWinners(base({ prizePoolPence: 12_345, prizesEnabled: false }))[0]?.prize).toBe(0)
    // £100 pool → £30.00; the same for ongoing months
    expect(computeMonthlyWinners(base({ prizePoolPence: 10_000, prizesEnabled: true, events: events(8) }))[0]?.prize).toBe(30)
    expect(monthlyPrizePounds(0, true)).toBe(0)
  })

  it('accepts tables as a plain record and skips a month with no table', () => {
    const months = computeMonthlyWinners(base({ phaseTables: { 4: OCTOBER } }))
    expect(months.map((m) => m.month)).toEqual(['October'])
  })
})

describe('computeMonthlyWinners: real 2025-26 phases and events, team 1’s real history', () => {
  const bootstrap = realBootstrap()
  const managers = [{ entryId: 1, teamName: 'Getting the Worm', playerName: 'Ron Early', history: realHistory() }]
  const current = 37 // the capture's is_current GW; GW38 is neither finished nor checked
  const tables = new Map(bootstrap.phases.map((p) => [p.id, phaseTableFromHistories(managers, p, current)] as const))
  const months = computeMonthlyWinners({
    phases: bootstrap.phases,
    events: bootstrap.events,
    currentGameweek: current,
    currentStatus: 'checked',
    leagueStartEvent: 1,
    phaseTables: tables,
    prizePoolPence: 0,
    prizesEnabled: false,
  })
  const byName = new Map(months.map((m) => [m.month, m]))

  it('ten months from FPL’s phases, newest first', () => {
    expect(months.map((m) => m.month)).toEqual(['May', 'April', 'March', 'February', 'January', 'December', 'November', 'October', 'September', 'August'])
  })

  it('May (GW35–38) is ongoing: GW35 22 + GW36 29 + GW37 19 = 70 over 3 GWs', () => {
    expect(byName.get('May')).toMatchObject({
      status: 'ongoing',
      gameweeks_played: 3,
      leading_player: 'Ron Early',
      leading_points: 70,
      winner: null,
      year: 2026,
    })
  })

  it('April (GW32–34) is final: 63 + 24 + 44 = 131, 131 / 3 = 43.7 a GW', () => {
    expect(byName.get('April')).toMatchObject({ status: 'finished', winner: 'Ron Early', monthly_points: 131, average_per_gw: 43.7, gameweeks_played: 3 })
  })

  it('December (GW14–19) 28 + 50 + 41 + 30 + 50 + 60 = 259, 259 / 6 = 43.2, year 2025; January (GW20–24) is 2026', () => {
    expect(byName.get('December')).toMatchObject({ monthly_points: 259, average_per_gw: 43.2, gameweeks_played: 6, year: 2025 })
    // January: 26 + 27 + 39 + 42 + 45 = 179, 179 / 5 = 35.8; GW20's deadline is 2026-01-03
    expect(byName.get('January')).toMatchObject({ monthly_points: 179, average_per_gw: 35.8, year: 2026 })
  })
})

describe('phaseTableFromHistories', () => {
  it('sums NET points over the phase GWs up to the current one, ties by entry id', () => {
    const managers = [
      // GW4 70, GW5 60 with a -4 hit (net 56), GW6 50 → September total 176 (gross would be 180)
      {
        entryId: 9,
        teamName: 'Nine',
        playerName: 'Niamh',
        history: makeHistory([
          { event: 4, points: 70, total: 70 },
          { event: 5, points: 60, total: 126, cost: 4 },
          { event: 6, points: 50, total: 176 },
        ]),
      },
      // joined GW5: 90 + 86 = 176, level with Niamh; entry 3 sorts first
      {
        entryId: 3,
        teamName: 'Three',
        playerName: 'Theo',
        history: makeHistory([
          { event: 5, points: 90, total: 90 },
          { event: 6, points: 86, total: 176 },
        ]),
      },
    ]
    const september = { start_event: 4, stop_event: 6 }
    expect(phaseTableFromHistories(managers, september, 6)).toEqual([
      { entry: 3, player_name: 'Theo', team_name: 'Three', total: 176 },
      { entry: 9, player_name: 'Niamh', team_name: 'Nine', total: 176 },
    ])
    // Up to GW5 only: Theo 90, Niamh 70 + 56 = 126
    expect(phaseTableFromHistories(managers, september, 5).map((r) => [r.entry, r.total])).toEqual([
      [9, 126],
      [3, 90],
    ])
  })
})

describe('computeMonthlyWinners: simulated Pub League against FPL’s own ?phase= tables', () => {
  const toRows = (rows: readonly FplStandingsRow[]): PhaseTableRow[] =>
    rows.map((r) => ({ entry: r.entry, player_name: r.player_name, team_name: r.entry_name, total: r.total }))

  let gw12: PubLeague
  beforeAll(async () => {
    gw12 = await loadPubLeague()
  })

  it('our history-built month tables have the same totals and order as standings/?phase=P', () => {
    for (const [phaseId, fplRows] of gw12.phaseStandings) {
      const phase = gw12.bootstrap.phases.find((p) => p.id === phaseId)
      if (!phase) throw new Error(`phase ${phaseId}`)
      const ours = phaseTableFromHistories(gw12.managers, phase, gw12.gameweek)
      expect(
        ours.map((r) => [r.entry, r.total]),
        phase.name,
      ).toEqual(fplRows.map((r) => [r.entry, r.total]))
    }
  })

  it('GW12: November (GW10–13) ongoing, October (GW7–9) won by Tunde Li with 165', () => {
    const months = computeMonthlyWinners({
      phases: gw12.bootstrap.phases,
      events: gw12.bootstrap.events,
      currentGameweek: gw12.gameweek,
      currentStatus: 'checked',
      leagueStartEvent: gw12.leagueStartEvent,
      phaseTables: new Map([...gw12.phaseStandings].map(([id, rows]) => [id, toRows(rows)])),
      prizePoolPence: 0,
      prizesEnabled: false,
    })
    expect(months.map((m) => m.month)).toEqual(['November', 'October', 'September', 'August'])
    const [november, october] = months
    expect(november).toMatchObject({ status: 'ongoing', gameweeks_played: 3, leading_player: 'Mateo Shah', leading_points: 164, winner: null, year: 2026 })
    expect(october).toMatchObject({
      status: 'finished',
      winner: 'Tunde Li',
      joint_winners: ['Tunde Li'],
      monthly_points: 165,
      average_per_gw: 55,
      gameweeks_played: 3,
    })
    // FPL's October table: 165, 156, 155 (rank 3), 155 (rank 3, rank_sort 4)
    expect(october?.runners_up).toEqual([
      { position: 2, player_name: 'Priya Nair', team_name: 'Ctrl Alt De Bruyne', total_points: 156 },
      { position: 3, player_name: 'Harry Marsh', team_name: 'Deportivo Bench', total_points: 155 },
      { position: 3, player_name: 'Priya Barker', team_name: 'Palmer Violets', total_points: 155 },
    ])
  })

  it('a tie at the top of FPL’s real-shaped October table: Tunde Li and Priya Nair share the title', () => {
    // FPL's October rows as captured, with Priya Nair's total raised to the leader's 165
    const phaseTables = new Map(
      [...gw12.phaseStandings].map(([id, rows]) => [
        id,
        toRows(rows).map((r) => (r.player_name === 'Priya Nair' && r.total === 156 ? { ...r, total: 165 } : r)),
      ]),
    )
    const october = computeMonthlyWinners({
      phases: gw12.bootstrap.phases,
      events: gw12.bootstrap.events,
      currentGameweek: gw12.gameweek,
      currentStatus: 'checked',
      leagueStartEvent: gw12.leagueStartEvent,
      phaseTables,
      prizePoolPence: 0,
      prizesEnabled: false,
    }).find((m) => m.month === 'October')
    expect(october).toMatchObject({ status: 'finished', winner: 'Tunde Li', joint_winners: ['Tunde Li', 'Priya Nair'], monthly_points: 165 })
    expect(october?.runners_up.map((r) => [r.position, r.player_name, r.total_points])).toEqual([
      [3, 'Harry Marsh', 155],
      [3, 'Priya Barker', 155],
      [5, 'Megan Price', 153],
    ])
  })

  it('GW13 finished but not data_checked keeps November ongoing; once checked it is final', async () => {
    for (const [phase, expected] of [
      ['finished', 'ongoing'],
      ['checked', 'finished'],
    ] as const) {
      const league = await loadPubLeague({ gameweek: 13, phase })
      const [november] = computeMonthlyWinners({
        phases: league.bootstrap.phases,
        events: league.bootstrap.events,
        currentGameweek: league.gameweek,
        currentStatus: phase,
        leagueStartEvent: league.leagueStartEvent,
        phaseTables: new Map([...league.phaseStandings].map(([id, rows]) => [id, toRows(rows)])),
        prizePoolPence: 5_000,
        prizesEnabled: true,
      })
      expect(november?.month).toBe('November')
      expect(november?.status, phase).toBe(expected)
      expect(november?.gameweeks_played).toBe(4)
      expect(november?.prize).toBe(15) // 30 % of £50
    }
  })

  it('a month ending on the current gameweek stays ongoing until the refresh sees it checked (FPL data_checked, league tables not updated yet)', async () => {
    const league = await loadPubLeague({ gameweek: 13, phase: 'checked' })
    const input = {
      phases: league.bootstrap.phases,
      events: league.bootstrap.events,
      currentGameweek: league.gameweek,
      leagueStartEvent: league.leagueStartEvent,
      phaseTables: new Map([...league.phaseStandings].map(([id, rows]) => [id, toRows(rows)])),
      prizePoolPence: 0,
      prizesEnabled: false,
    }
    const [waiting] = computeMonthlyWinners({ ...input, currentStatus: 'finished' })
    expect(waiting).toMatchObject({ month: 'November', status: 'ongoing', winner: null, joint_winners: [], runners_up: [] })
    expect(waiting?.joint_leaders.length).toBeGreaterThan(0)
    expect(computeMonthlyWinners({ ...input, currentStatus: 'checked' })[0]).toMatchObject({ month: 'November', status: 'finished' })
  })
})
