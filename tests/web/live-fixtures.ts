import type { LiveAnswer, LiveGameweekSummary, LiveSocketMessage, LiveStandingRow, LiveSwing, LiveTeamAnswer, LiveTeamPick } from '../../contract/live'
import { renderApp } from './helpers'
import { mockApi, type Reply } from './mock-api'
import { banterAnswer, leagueDetail, leagues, standingRows, standingsAnswer, winnersAnswer } from './tournament-fixtures'

// Live answers (contract/live.ts) for the Live tab's tests: a small league in GW 7 with the
// viewer (FPL team 123456, demoUser) 3rd.

export const VIEWER_TEAM = 123456

export function liveRow(rank: number, extra: Partial<LiveStandingRow> = {}): LiveStandingRow {
  return {
    fpl_team_id: rank,
    team_name: `Live Team ${rank}`,
    player_name: `Manager ${rank}`,
    live_points: 60 - rank,
    live_total: 1500 - rank * 10,
    live_rank: rank,
    last_rank: rank,
    fpl_rank: rank,
    team_status: 'loaded',
    pending_subs: [],
    projected_bonus: 0,
    transfers_cost: 0,
    active_chip: null,
    captain: { element: 100 + rank, name: `Captain${rank}`, points: 5, multiplier: 2, played: true },
    vice_captain: { element: 200 + rank, name: `Vice${rank}`, played: true },
    auto_subs: [],
    players_played: 11,
    players_to_play: 0,
    is_current_user: false,
    ...extra,
  }
}

/** Five managers; the viewer is 3rd, up from 5th, on Triple Captain with a hit and two auto-subs. */
export function liveRows(): LiveStandingRow[] {
  return [
    liveRow(1, { player_name: 'Priya S', team_name: 'Salah Fingers', last_rank: 2 }),
    liveRow(2, { player_name: 'Tom B', last_rank: 1 }),
    liveRow(3, {
      fpl_team_id: VIEWER_TEAM,
      team_name: 'Vardy Party',
      player_name: 'Jamie Vardy',
      live_points: 71,
      live_total: 1480,
      last_rank: 5,
      projected_bonus: 3,
      transfers_cost: 4,
      active_chip: '3xc',
      captain: { element: 328, name: 'Salah', points: 13, multiplier: 3, played: true },
      vice_captain: { element: 351, name: 'Haaland', played: false },
      auto_subs: [
        { out: 12, in: 14 },
        { out: 40, in: 41 },
      ],
      players_played: 8,
      players_to_play: 3,
      is_current_user: true,
    }),
    liveRow(4, {
      player_name: 'Dan M',
      captain: { element: 351, name: 'Haaland', points: 0, multiplier: 0, played: false },
      vice_captain: { element: 20, name: 'Saka', played: true },
    }),
    liveRow(5, { player_name: 'Alex R', captain: { element: 328, name: 'Salah', points: 13, multiplier: 2, played: false } }),
  ]
}

export const salahGoal: LiveSwing = {
  element: 328,
  name: 'Salah',
  events: ['goal'],
  reasons: [],
  match: null,
  points: 8,
  managers: [
    { fpl_team_id: 1, player_name: 'Priya S', points: 16, captain: true },
    { fpl_team_id: VIEWER_TEAM, player_name: 'Jamie Vardy', points: 8, captain: false },
  ],
}

/** Watkins comes on at ARS 1-0 CHE: an appearance's 2 points (FPL's `explain`), not a clean sheet (decision 140). */
export const watkinsAppearance: LiveSwing = {
  element: 64,
  name: 'Watkins',
  events: ['appearance'],
  reasons: [{ identifier: 'minutes', words: 'appearance', points: 2 }],
  match: { fixture: 61, label: 'ARS 1-0 CHE', minute: 34 },
  points: 2,
  managers: [{ fpl_team_id: VIEWER_TEAM, player_name: 'Jamie Vardy', points: 2, captain: false }],
}

/** The card's league-wide figures of a one-page table (the hub reads them from every row). */
function summaryOf(rows: LiveStandingRow[]): LiveGameweekSummary | null {
  const teams = rows.filter((r) => r.team_status === 'loaded')
  const best = Math.max(...teams.map((r) => r.live_points))
  const leaders = teams.filter((r) => r.live_points === best)
  const top = leaders[0]
  if (!top) return null
  return {
    gameweek: 7,
    top_scorer: { player_name: top.player_name, team_name: top.team_name, points: best, tied_with: leaders.length - 1 },
    average_points: Math.round(teams.reduce((sum, r) => sum + r.live_points, 0) / teams.length),
    provisional: true,
    managers_counted: teams.length,
  }
}

export function liveAnswer(extra: Partial<LiveAnswer> = {}, rows: LiveStandingRow[] = liveRows()): LiveAnswer {
  const own = rows.findIndex((r) => r.is_current_user)
  return {
    gameweek: 7,
    status: 'live',
    provisional: true,
    updating: false,
    updated_at: '2026-11-21T15:42:00.000Z',
    fixtures: { total: 10, started: 6, finished: 4 },
    scope: { complete: true, kept: rows.length, league_size: rows.length },
    gameweek_summary: summaryOf(rows),
    standings: rows,
    pagination_metadata: { current_page: 1, per_page: 50, total_members: rows.length, total_pages: 1, has_previous: false, has_next: false },
    current_user_position: own >= 0 ? (rows[own]?.live_rank ?? null) : null,
    current_user_page: own >= 0 ? 1 : null,
    swings: [],
    banter: [],
    ...extra,
  }
}

export const pick = (element: number, name: string, position: number, element_type: number, extra: Partial<LiveTeamPick> = {}): LiveTeamPick => ({
  element,
  name,
  position,
  element_type,
  multiplier: position <= 11 ? 1 : 0,
  minutes: 90,
  played: (extra.minutes ?? 90) > 0,
  points: 2,
  projected_bonus: 0,
  fixture_state: 'finished',
  fixtures: [],
  breakdown: [],
  sub_pending: false,
  is_captain: false,
  is_vice_captain: false,
  subbed_in: false,
  subbed_out: false,
  ...extra,
})

/** The viewer's team: 3-5-2 after one auto-sub (a defender came on for a midfielder who did not play). */
export function liveTeam(): LiveTeamAnswer {
  const { is_current_user: _, ...row } = liveRows()[2]!
  return {
    ...row,
    gameweek: 7,
    status: 'live',
    provisional: true,
    updating: false,
    updated_at: '2026-11-21T15:42:00.000Z',
    picks: [
      pick(1, 'Raya', 1, 1),
      pick(2, 'Gabriel', 2, 2),
      pick(3, 'Saliba', 3, 2),
      pick(14, 'Mykolenko', 4, 2, { subbed_in: true }),
      pick(328, 'Salah', 5, 3, { is_captain: true, multiplier: 3, points: 13, projected_bonus: 3, minutes: 67, fixture_state: 'in_play' }),
      pick(6, 'Saka', 6, 3),
      pick(7, 'Palmer', 7, 3, { fixture_state: 'not_started', minutes: 0, points: 0 }),
      pick(8, 'Mbeumo', 8, 3),
      pick(9, 'Gordon', 9, 3),
      pick(351, 'Haaland', 10, 4, { is_vice_captain: true, fixture_state: 'not_started', minutes: 0, points: 0 }),
      pick(11, 'Watkins', 11, 4),
      pick(12, 'Flekken', 12, 1, { minutes: 0, points: 0 }),
      pick(40, 'Rice', 13, 3, { subbed_out: true, minutes: 0, points: 0 }),
      pick(15, 'Wissa', 14, 4),
      pick(16, 'Burn', 15, 2),
    ],
  }
}

export const LIVE = 'GET /api/leagues/1/live?page=1&limit=50'
export const STANDINGS = 'GET /api/leagues/1/standings?page=1&limit=50'

/** Tournament 1's page with its live answers (`live`), the other routes as given. */
export function liveApi(live: Reply | Reply[], routes: Record<string, Reply | Reply[]> = {}) {
  return mockApi({
    'GET /api/leagues/1': { body: leagueDetail(leagues[0]!) },
    [STANDINGS]: { body: standingsAnswer(standingRows(20)) },
    'GET /api/leagues/1/monthly-winners': { body: winnersAnswer },
    'GET /api/leagues/1/banter-stats': { body: banterAnswer },
    [LIVE]: live,
    ...routes,
  })
}

export const openLive = (search = '') => renderApp({ pathname: '/tournaments/1', search, state: { league: leagues[0] } })

/** The socket's news of a change: the feed generation of the new table (the screen then re-reads its page). */
export const message = (gen = 8): LiveSocketMessage => ({ type: 'live', gen })
