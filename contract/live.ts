// Matchday Live (decision 102): what `/api/leagues/{id}/live`, `/live/{fpl_team_id}` and the live
// socket answer, shared by the worker and the SPA. Numbers are worked out by FPL's rules from the
// live feed (worker/fpl/live/, docs/decisions/100-live-points-rules.md) until FPL checks the
// gameweek: every number of a gameweek that is not `checked` is provisional.

/** Where the gameweek stands: before the first kick-off, in play, all played but not checked, final. */
export type LiveStatus = 'upcoming' | 'live' | 'finished' | 'checked'

/** How often the app re-reads `/live` when it has no socket (decision 181, R9), ms. */
export const LIVE_REFRESH_MS = 60_000

/** The WebSocket subprotocol that carries the session token: `['bearer', token]`, the server selects `bearer`. */
export const LIVE_SOCKET_PROTOCOL = 'bearer'

/**
 * The live socket's close codes: a normal close (the screen leaving, or the hub echoing a close
 * that came without a code), and the hub's when the viewer may no longer read the tournament
 * (removed from a private one, signed out): the screen does not reconnect.
 */
export const LIVE_SOCKET_CLOSE = { normal: 1000, revoked: 4403 } as const

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

/**
 * A substitution FPL cannot settle yet: the starter `out` did not play and his matches are over,
 * but the first bench player FPL would bring on for him (`waiting_for`) still has a match to come.
 * Nobody lower on the bench is projected in ahead of him (FPL subs once, at the end of the
 * gameweek, in bench order), so the points shown are those that stand now.
 */
export interface LivePendingSub {
  out: number
  waiting_for: number
}

/**
 * Whether a row's team is known: `loaded` (picks fetched), `loading` (picks not fetched yet: shown
 * as "loading his team", never as 0 points, and left out of overtake alerts), `no_team` (FPL has
 * no picks for him this gameweek, e.g. he joined after the deadline).
 */
export type LiveTeamStatus = 'loaded' | 'loading' | 'no_team'

export interface LiveStandingRow {
  fpl_team_id: number
  team_name: string
  player_name: string
  /** The gameweek so far: projected bonus included, net of the transfer cost. */
  live_points: number
  live_total: number
  /**
   * Rank on the live totals by FPL's rule for equal totals; in a table that keeps only some rows
   * of a big league (`scope.complete` false) it is the place among the kept rows, never shown as
   * the league rank.
   */
  live_rank: number
  /** Rank on the totals before this gameweek (same ranking); null in the league's first gameweek. */
  last_rank: number | null
  /** FPL's own league rank at the last stored table (the rank to show in a big league); null when unknown. */
  fpl_rank: number | null
  team_status: LiveTeamStatus
  pending_subs: LivePendingSub[]
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

/** The match a swing happened in: "ARS 2-1 CHE", and the match minute FPL gave at the poll. */
export interface LiveSwingMatch {
  fixture: number
  label: string
  minute: number | null
}

/** One line of FPL's per-fixture `explain` that moved: what it is, its points change. */
export interface LiveSwingReason {
  /** FPL's identifier: "goals_scored", "minutes", "clean_sheets", "bonus", ... ("projected_bonus" for ours). */
  identifier: string
  /** How the feed words it: "goal", "appearance", "clean sheet", "bonus", "projected bonus". */
  words: string
  points: number
}

/** One player's change since the previous update, and what it did to the managers who count him. */
export interface LiveSwing {
  element: number
  name: string
  /** What happened, e.g. "goal", "assist", "clean sheet", "bonus", "yellow card" (may be several). */
  events: string[]
  /** The events with their points, read from FPL's per-fixture `explain` (and our projected bonus). */
  reasons: LiveSwingReason[]
  /** The match it happened in; null when the change is not tied to one fixture. */
  match: LiveSwingMatch | null
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

/**
 * Which managers the table holds: every manager of the league (`complete`), or, in a league over
 * the kept-rows cap, its top and our members' pages (`kept` rows of `league_size`). Then live
 * ranks are places among the kept rows and the screen shows FPL's last rank (`fpl_rank`).
 */
export interface LiveTableScope {
  complete: boolean
  kept: number
  league_size: number
}

/**
 * The summary card's league-wide figures, read from the same live rows as the banter (so the card
 * never shows "—" while the banter names a leader): the top gameweek score so far (on a tie, the
 * manager ranked higher, `tied_with` the others) and the average over the rows whose team is known.
 */
export interface LiveGameweekSummary {
  gameweek: number
  top_scorer: { player_name: string; team_name: string; points: number; tied_with: number } | null
  average_points: number
  provisional: boolean
  managers_counted: number
}

export interface LiveAnswer extends LiveState {
  fixtures: LiveFixtureCounts
  scope: LiveTableScope
  /** Null before the gameweek starts. */
  gameweek_summary: LiveGameweekSummary | null
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

/** One of a player's fixtures this gameweek, as the team view shows it. */
export interface LivePickFixture {
  fixture: number
  /** The opponent's short name ("CHE"). */
  opponent: string
  home: boolean
  kickoff_time: string | null
  state: Exclude<LiveFixtureState, 'no_fixture'>
  /** The match minute FPL gives (0 before kick-off). */
  minutes: number
}

/** One line of a player's points breakdown (FPL's `explain`, summed over his fixtures). */
export interface LivePointLine {
  /** FPL's identifier ("minutes", "goals_scored", "clean_sheets", "bonus", ...) or "projected_bonus". */
  identifier: string
  /** How many (minutes played, goals, ...). */
  value: number
  points: number
}

export interface LiveTeamPick {
  element: number
  name: string
  /** After the automatic substitutions: 1..11 count (all 15 under Bench Boost), 12..15 the bench. */
  position: number
  /** 1 GKP, 2 DEF, 3 MID, 4 FWD. */
  element_type: number
  multiplier: number
  minutes: number
  /** FPL's "played": at least 1 minute, or a yellow or red card. */
  played: boolean
  /** Live points of the player (projected bonus included), before the multiplier. */
  points: number
  projected_bonus: number
  fixture_state: LiveFixtureState
  /** His fixtures this gameweek (two in a double gameweek, none in a blank). */
  fixtures: LivePickFixture[]
  /** Where his points come from. */
  breakdown: LivePointLine[]
  /** A starter waiting on a pending sub, or the bench player it waits for. */
  sub_pending: boolean
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

/**
 * What the socket sends each time the tournament's live table changes: the feed generation the
 * table was built from. The app then re-reads its page (which carries the table itself).
 */
export interface LiveSocketMessage {
  type: 'live'
  gen: number
}
