// Matchday Live (issue 15): what `/api/leagues/{id}/live`, `/live/{fpl_team_id}` and the live
// socket answer, shared by the worker and the SPA. Numbers are worked out by FPL's rules from the
// live feed (worker/fpl/live/, docs/decisions/100-live-points-rules.md) until FPL checks the
// gameweek: every number of a gameweek that is not `checked` is provisional.

/** Where the gameweek stands: before the first kick-off, in play, all played but not checked, final. */
export type LiveStatus = 'upcoming' | 'live' | 'finished' | 'checked'

/** How often the app re-reads `/live` when it has no socket (the spec's auto-refresh), ms. */
export const LIVE_REFRESH_MS = 60_000

/** The WebSocket subprotocol that carries the session token: `['bearer', token]`, the server selects `bearer`. */
export const LIVE_SOCKET_PROTOCOL = 'bearer'

export interface LiveCaptain {
  element: number
  name: string
  /** His live points before the armband's multiplier. */
  points: number
  /** 2 (3 with Triple Captain) while he holds the armband; 0 or 1 once the vice took it. */
  multiplier: number
  played: boolean
}

export interface LiveViceCaptain {
  element: number
  name: string
  played: boolean
}

export interface LiveAutoSub {
  /** Element ids: the starter who did not play and the bench player who comes on. */
  out: number
  in: number
}

export interface LiveStandingRow {
  fpl_team_id: number
  team_name: string
  player_name: string
  /** The gameweek so far: projected bonus included, net of the transfer cost. */
  live_points: number
  live_total: number
  live_rank: number
  /** Rank on the totals before this gameweek. */
  last_rank: number
  projected_bonus: number
  transfers_cost: number
  active_chip: string | null
  captain: LiveCaptain | null
  vice_captain: LiveViceCaptain | null
  auto_subs: LiveAutoSub[]
  players_played: number
  players_to_play: number
  is_current_user: boolean
}

export interface LiveFixtureCounts {
  total: number
  started: number
  finished: number
}

/** One player's change since the previous update, and what it did to the managers who count him. */
export interface LiveSwing {
  element: number
  name: string
  /** What happened, e.g. "goal", "assist", "clean sheet", "bonus", "yellow card" (may be several). */
  events: string[]
  /** His own points change (before multipliers). */
  points: number
  /** Managers of this table who count him, with their change (multiplier applied), biggest first. */
  managers: Array<{ fpl_team_id: number; player_name: string; points: number; captain: boolean }>
}

/** The standings answer's pagination, the same shape. */
export interface LivePagination {
  current_page: number
  per_page: number
  total_members: number
  total_pages: number
  has_previous: boolean
  has_next: boolean
}

/** Where the live numbers stand: every live answer and socket message starts with it. */
export interface LiveState {
  gameweek: number
  status: LiveStatus
  /** True until FPL has checked the gameweek: every number may still move. */
  provisional: boolean
  /** FPL answered "The game is being updated." (or failed) at the last poll: the numbers are those of `updated_at`. */
  updating: boolean
  /** When the numbers were read from FPL (ISO), null before the first poll of this gameweek. */
  updated_at: string | null
}

export interface LiveAnswer extends LiveState {
  fixtures: LiveFixtureCounts
  standings: LiveStandingRow[]
  pagination_metadata: LivePagination
  current_user_position: number | null
  current_user_page: number | null
  /** What changed at the last update, biggest swings first (empty when nothing did). */
  swings: LiveSwing[]
  /** The banter stats that make sense mid-gameweek, read from the live table (labelled live). */
  banter: LiveBanterAward[]
}

/** A banter stat read from the live table: who leads it now, never a final award. */
export interface LiveBanterAward {
  key: 'captain_catastrophe' | 'benched_beast' | 'gameweek_rocket' | 'auto_sub_saviour'
  /** "Captain Catastrophe so far", "Auto-Sub Saviour (projected)". */
  title: string
  /** Who leads it now (all of them on a tie). */
  managers: Array<{ fpl_team_id: number; team_name: string; player_name: string }>
  value: number
  /** One sentence, e.g. "Tom's captain Haaland has 2 points so far." */
  text: string
}

export type LiveFixtureState = 'not_started' | 'in_play' | 'finished' | 'no_fixture'

export interface LiveTeamPick {
  element: number
  name: string
  /** After the automatic substitutions: 1..11 count (all 15 under Bench Boost), 12..15 the bench. */
  position: number
  /** 1 GKP, 2 DEF, 3 MID, 4 FWD. */
  element_type: number
  multiplier: number
  minutes: number
  /** Live points of the player (projected bonus included), before the multiplier. */
  points: number
  projected_bonus: number
  fixture_state: LiveFixtureState
  is_captain: boolean
  is_vice_captain: boolean
  subbed_in: boolean
  subbed_out: boolean
}

/** `/live/{fpl_team_id}`: one manager's gameweek, pick by pick. */
export interface LiveTeamAnswer extends LiveState, Omit<LiveStandingRow, 'is_current_user'> {
  /** The 15 picks in position order; empty when the manager has no team this gameweek. */
  picks: LiveTeamPick[]
}

/** What the socket sends each time the tournament's live table changes; the app then re-reads its page. */
export interface LiveSocketMessage extends LiveState {
  type: 'live'
  fixtures: LiveFixtureCounts
  swings: LiveSwing[]
}
