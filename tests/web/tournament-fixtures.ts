import { act } from '@testing-library/react'
import { vi } from 'vitest'
import type { League, StandingRow, StandingsAnswer } from '../../web/src/features/tournaments/types'

// Fixtures and clock helpers for the tournament screens' tests.

/** The list as the API might send it (deliberately unsorted, with the hidden public tournament). */
export const leagues: League[] = [
  {
    id: 1,
    name: 'Zebra League',
    description: '',
    type: 'private',
    auto_join: false,
    is_public: false,
    fpl_league_id: 111111,
    entry_fee: 0,
    current_prize_pool: 0,
    member_count: 8,
    fpl_league_size: 180,
    created_at: '2025-08-10T10:00:00Z',
    is_commissioner: false,
    is_member: false,
    can_join: true,
    join_reason: null,
    is_pinned: false,
  },
  {
    id: 2,
    name: 'Banter Arena Tournament',
    description: '',
    type: 'public',
    auto_join: true,
    is_public: true,
    fpl_league_id: null,
    entry_fee: 0,
    current_prize_pool: 0,
    member_count: 420,
    fpl_league_size: null,
    created_at: '2025-08-01T10:00:00Z',
    is_commissioner: false,
    is_member: true,
    can_join: false,
    join_reason: 'auto_join',
    is_pinned: false,
  },
  {
    id: 3,
    name: 'Real Footballers FPL League',
    description: '',
    type: 'curated_public',
    auto_join: false,
    is_public: true,
    fpl_league_id: null,
    entry_fee: 0,
    current_prize_pool: 0,
    member_count: 12,
    fpl_league_size: null,
    created_at: '2025-08-01T10:00:00Z',
    is_commissioner: false,
    is_member: false,
    can_join: false,
    join_reason: 'curated',
    is_pinned: true,
  },
  {
    id: 4,
    name: 'alpha league',
    description: '',
    type: 'private',
    auto_join: false,
    is_public: false,
    fpl_league_id: 222222,
    entry_fee: 0,
    current_prize_pool: 0,
    member_count: 3,
    fpl_league_size: null,
    created_at: '2025-08-12T10:00:00Z',
    is_commissioner: true,
    is_member: true,
    can_join: false,
    join_reason: 'already_member',
    is_pinned: false,
  },
  {
    id: 5,
    name: 'Global Cup',
    description: '',
    type: 'public',
    auto_join: true,
    is_public: true,
    fpl_league_id: null,
    entry_fee: 0,
    current_prize_pool: 0,
    member_count: 99,
    fpl_league_size: null,
    created_at: '2025-08-01T10:00:00Z',
    is_commissioner: false,
    is_member: false,
    can_join: false,
    join_reason: 'auto_join',
    is_pinned: false,
  },
  {
    id: 6,
    name: 'Mates League',
    description: '',
    type: 'private',
    auto_join: false,
    is_public: false,
    fpl_league_id: 314159,
    entry_fee: 5,
    current_prize_pool: 5,
    member_count: 1,
    fpl_league_size: 1,
    created_at: '2025-08-20T10:00:00Z',
    is_commissioner: false,
    is_member: false,
    can_join: true,
    join_reason: null,
    is_pinned: false,
  },
]

export function standingRows(count: number, { from = 1, me }: { from?: number; me?: number } = {}): StandingRow[] {
  return Array.from({ length: count }, (_, i) => {
    const rank = from + i
    return {
      fpl_team_id: 1000 + rank,
      team_name: `Team ${rank}`,
      player_name: `Manager ${rank}`,
      total_points: 2500 - rank * 10,
      gameweek_points: 40 + (rank % 30),
      rank,
      last_rank: rank,
      is_current_user: rank === me,
    }
  })
}

type GameweekSummary = StandingsAnswer['gameweek_summary']

/**
 * The league-wide This Gameweek figures as the worker computes them over every row (none of the
 * fixture pages' own rows score 104 or average 51.3, so a page-derived card cannot match them).
 */
export const gameweekSummary = (managers: number, extra: Partial<NonNullable<GameweekSummary>> = {}): GameweekSummary => ({
  gameweek: 7,
  top_scorer: { player_name: 'Priya S', team_name: 'Salah Fingers', points: 104, tied_with: 0 },
  average_points: 51.3,
  provisional: false,
  managers_counted: managers,
  ...extra,
})

export function standingsAnswer(
  rows: StandingRow[],
  {
    page = 1,
    totalPages = 1,
    total = rows.length,
    me = null,
    ownPage = me === null ? null : page,
    found = null,
    summary = gameweekSummary(total),
  }: {
    page?: number
    totalPages?: number
    total?: number
    me?: number | null
    ownPage?: number | null
    found?: StandingsAnswer['search']
    summary?: GameweekSummary
  } = {},
): StandingsAnswer {
  return {
    standings: rows,
    demo_mode: false,
    message: null,
    pagination_metadata: {
      current_page: page,
      per_page: 50,
      total_members: total,
      total_pages: totalPages,
      has_previous: page > 1,
      has_next: page < totalPages,
    },
    current_user_position: me,
    current_user_in_standings: me !== null,
    current_user_page: ownPage,
    search: found,
    total_members: total,
    fpl_active_members: total,
    is_public_tournament: false,
    data_source: 'live',
    gameweek: 7,
    refreshed_at: '2025-10-05T18:00:00Z',
    gameweek_summary: summary,
  }
}

/** Months won jointly (decision 044). */
export const jointWinnersAnswer = {
  monthly_winners: [
    {
      month: 'October',
      year: 2025,
      status: 'finished',
      prize: 0,
      gameweeks_played: 3,
      leading_player: 'Tunde L',
      leading_points: 165,
      joint_leaders: ['Tunde L', 'Priya N'],
      winner: 'Tunde L',
      joint_winners: ['Tunde L', 'Priya N'],
      monthly_points: 165,
      average_per_gw: 55,
      runners_up: [
        { position: 3, player_name: 'Harry M', team_name: 'Deportivo Bench', total_points: 155 },
        { position: 3, player_name: 'Priya B', team_name: 'Palmer Violets', total_points: 155 },
        { position: 5, player_name: 'Megan P', team_name: 'Haaland Oates', total_points: 153 },
      ],
    },
    {
      month: 'August',
      year: 2025,
      status: 'finished',
      prize: 0,
      gameweeks_played: 3,
      leading_player: 'Dan M',
      leading_points: 200,
      joint_leaders: ['Dan M', 'Sam K'],
      winner: 'Dan M',
      joint_winners: ['Dan M', 'Sam K'],
      monthly_points: 200,
      average_per_gw: 66.7,
      runners_up: [
        { position: 3, player_name: 'Jo P', team_name: 'Haaland Oates', total_points: 180 },
        { position: 4, player_name: 'Priya S', team_name: 'Salah Fingers', total_points: 170 },
      ],
    },
  ],
  gameweek: 10,
  data_source: 'live',
}

export const winnersAnswer = {
  monthly_winners: [
    {
      month: 'August',
      year: 2025,
      status: 'finished',
      prize: 0,
      gameweeks_played: 3,
      leading_player: 'Priya S',
      leading_points: 210,
      joint_leaders: ['Priya S'],
      winner: 'Priya S',
      joint_winners: ['Priya S'],
      monthly_points: 210,
      average_per_gw: 70,
      runners_up: [
        { position: 2, player_name: 'Dan M', team_name: 'Klopp Goes the Weasel', total_points: 200 },
        { position: 3, player_name: 'Sam K', team_name: 'Expected Toulouse', total_points: 190 },
        { position: 4, player_name: 'Jo P', team_name: 'Haaland Oates', total_points: 180 },
      ],
    },
    {
      month: 'September',
      year: 2025,
      status: 'ongoing',
      prize: 0,
      gameweeks_played: 2,
      leading_player: 'Dan M',
      leading_points: 130,
      joint_leaders: ['Dan M'],
      winner: null,
      joint_winners: [],
      monthly_points: null,
      average_per_gw: null,
      runners_up: [{ position: 2, player_name: 'Priya S', team_name: 'Salah Fingers', total_points: 120 }],
    },
  ],
  gameweek: 7,
  data_source: 'live',
}

const card = (manager: string, description: string, extra: Record<string, unknown>) => ({
  manager,
  player: manager,
  team_name: `${manager} FC`,
  description,
  ...extra,
})

export const banterAnswer = {
  comprehensive_banter_stats: {
    tournament_stats: { tournament_type: 'private', league_name: 'Zebra League', total_members: 8 },
    league_context: { name: 'Zebra League', total_members: 8, tournament_type: 'private', gameweek: 7, gameweek_status: 'checked', provisional: false },
    gameweek_rocket: card('Priya S', '104 points in GW7.', { points: 104 }),
    auto_sub_saviour: { player: 'Dan M', team_name: 'Dan FC', description: 'The bench bailed them out.', points_gained: 12, emoji: '🦸' },
    tournament_leader: card('Sam K', 'Top of the league.', { points: 512 }),
    transfer_tornado: card('Jo P', '3 hits.', { transfers: 20, hits: 3, points_spent: 12, emoji: '🌪️' }),
    captain_catastrophe: card('Alex R', 'Captained a blank.', { points: 2, captain: 'Haaland' }),
    wooden_spoon_warrior: card('Chris T', 'Fewest points.', { points: 18 }),
    comeback_king: card('Priya S', 'Climbed 4 places.', { improvement: 4 }),
    freefall_legend: card('Dan M', 'Dropped 3 places.', { drop: 3 }),
    differential_genius: card('Sam K', 'Differential haul.', { differential_points: 22 }),
    most_consistent: card('Jo P', 'Reliable.', {}),
    benched_beast: card('Alex R', '31 on the bench.', {}),
    overall_rank_king: null,
  },
  message: null,
  provisional: false,
  gameweek_status: 'checked',
  gameweek: 7,
}

export function leagueDetail(league: League, extra: Record<string, unknown> = {}) {
  return { ...league, commissioner_name: 'Jamie Vardy', curated_teams: [], refresh: { state: 'ready', pages_fetched: 1 }, ...extra }
}

/** Fakes timers and Date, not setImmediate, so lazy modules and mocked fetches still settle. */
export function fakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
}

/** Moves the fake clock on, running what falls due (and the promises it starts). */
export const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })

/** Real event-loop turns until `assertion` passes (lazy chunks, fetch mocks) while the clock is fake. */
export async function settle(assertion: () => void = () => {}, turns = 200): Promise<void> {
  for (let i = 0; ; i += 1) {
    try {
      assertion()
      return
    } catch (error) {
      if (i >= turns) throw error
    }
    await act(async () => {
      await new Promise<void>((resolve) => setImmediate(resolve))
    })
  }
}

/** An IntersectionObserver that reports every observed element as visible at once (jsdom has none). */
export function stubIntersectionObserver() {
  class VisibleObserver {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(target: Element) {
      this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver)
    }
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return []
    }
  }
  vi.stubGlobal('IntersectionObserver', VisibleObserver)
}

/** A league the discovery found with the demo team (GET /api/discover-leagues/{team}). */
export const discoveredLeague = (
  league_id: number,
  league_name: string,
  fpl_league_id: number,
  member_count: number,
  already_member: boolean,
  entry_fee = 0,
) => ({
  league_id,
  league_name,
  team_name: 'Salah Fingers',
  player_name: 'Jamie',
  fpl_league_id,
  member_count,
  entry_fee,
  already_member,
})
