// Matchday insight: what the league's live table says about this league only (its effective
// ownership, one manager against one rival, its gameweek at a glance), worked out from the same
// poll and picks as the live table (worker/fpl/live/insight.ts). Every figure is live: provisional
// until FPL checks the gameweek, like the table's (contract/live.ts).
import type { LiveFixtureState, LiveState } from './live'

/** A manager as the insight names him. */
export interface LiveInsightManager {
  fpl_team_id: number
  team_name: string
  player_name: string
}

/** What every insight starts with: its gameweek, whether projected automatic subs are in, and its denominator. */
export interface LiveInsightBase {
  gameweek: number
  /** Projected automatic substitutions (and the vice's armband) counted; FPL's own published subs count either way. */
  auto_subs: boolean
  /** Managers whose picks are known: every percentage here is of them. */
  managers: number
}

/** A player as the insight shows him: live points with projected bonus, as the table counts them. */
export interface LiveInsightPlayer {
  element: number
  /** FPL's `web_name`. */
  name: string
  /** His club's short name ("ARS"). */
  club: string
  /** 1 GKP, 2 DEF, 3 MID, 4 FWD. */
  element_type: number
  points: number
  fixture_state: LiveFixtureState
}

/** One player owned in the league. */
export interface LiveOwnedPlayer extends LiveInsightPlayer {
  /** Managers with him in their 15. */
  owners: number
  /** Managers he counts for (multiplier ≥ 1, after the subs; the whole 15 under Bench Boost). */
  starters: number
  /** Managers for whom he carries the armband ×2 / ×3. */
  captains: number
  triple_captains: number
  /** Effective ownership in the league, %: Σ of his multipliers over the managers / managers × 100 (0 to 300), one decimal. */
  eo: number
  projected_bonus: number
}

/** `leagueOwnership`: every player owned in the league, by effective ownership, then live points. */
export interface LiveOwnership extends LiveInsightBase {
  /** The managers' average live points before hits (= Σ over the players of points × EO / 100), one decimal. */
  average_points: number
  players: LiveOwnedPlayer[]
}

/** One of a manager's 15 against the league: points × (his multiplier − EO / 100). */
export interface LivePlayerWorth extends LiveInsightPlayer {
  multiplier: number
  /** The league's EO of the player, % (one decimal). */
  eo: number
  /** What the player gained him against the league's average, one decimal (negative on his bench when others count him). */
  worth: number
}

/** `ownershipWorth`: a manager's 15 against the league, biggest gain first. */
export interface LiveOwnershipWorth {
  fpl_team_id: number
  picks: LivePlayerWorth[]
  /**
   * His gain against the league's average: Σ over every player owned in the league (his and not)
   * of points × (his multiplier − EO / 100), i.e. his live points before hits − the league's
   * average; one decimal.
   */
  gain: number
}

/** A player who counts more for one side of a battle than for the other. */
export interface LiveDifferential extends LiveInsightPlayer {
  /** His multiplier for this side minus for the other (≥ 1). */
  multiplier: number
  /** The other side has him too, with a smaller multiplier: an armband or a bench difference. */
  shared: boolean
  /** points × multiplier: what he is worth to this side in the battle. */
  worth: number
}

export interface LiveBattleSide extends LiveInsightManager {
  /** Net of the transfer cost, as the table counts it. */
  live_points: number
  live_total: number
  transfers_cost: number
  active_chip: string | null
  /** His differentials, biggest worth first. */
  differentials: LiveDifferential[]
  /** Σ worth of the differentials. */
  differential_points: number
  /** Players who count for him and still have a match to come (not started, or in play). */
  left_to_play: number
  /** The differentials among them (element ids). */
  differentials_to_play: number[]
}

/** The armband of one side: who carries it now (the vice once he took over), his multiplier and his live points. */
export interface LiveBattleArmband {
  element: number
  name: string
  multiplier: number
  points: number
}

/** A player both count with the same multiplier: he cancels out. */
export interface LiveCommonPlayer {
  element: number
  name: string
  multiplier: number
  points: number
}

/** `battle`: the viewer against one rival. */
export interface LiveBattle extends LiveInsightBase {
  viewer: LiveBattleSide
  rival: LiveBattleSide
  /** Both armbands; `points` = the viewer's armband extra (points × (multiplier − 1)) − the rival's (0 when they carry the same). Already inside the differentials. */
  captaincy: { viewer: LiveBattleArmband | null; rival: LiveBattleArmband | null; points: number }
  /** viewer live points − rival live points (= viewer differential_points − rival differential_points − the difference of hits). */
  live_gap: number
  /** viewer live total − rival live total. */
  total_gap: number
  common: LiveCommonPlayer[]
}

/** A share of the league's armbands: who carries it now (null: nobody, the captain and the vice both without a game). */
export interface LiveCaptainShare {
  element: number | null
  name: string | null
  managers: number
  /** % of the managers, one decimal. */
  percent: number
  /** Those of them with Triple Captain. */
  triple: number
  /** His live points before the multiplier (0 for nobody). */
  points: number
}

export interface LiveChipPlayed {
  /** FPL's `active_chip`: "bboost", "3xc", "freehit", "wildcard". */
  chip: string
  managers: number
  percent: number
  /** The first of them in the table's order (at most 10). */
  named: LiveInsightManager[]
}

/** A player owned widely whose matches are over with 2 points or fewer. */
export interface LiveBlank extends LiveInsightPlayer {
  owners: number
  /** % of the managers who own him, one decimal. */
  percent: number
  starters: number
  eo: number
}

/** The biggest haul from a player few managers own (≤ 20 %, or one manager in a league under 5). */
export interface LiveDifferentialHaul extends LiveInsightPlayer {
  /** The biggest multiplier he has for an owner. */
  multiplier: number
  /** points × multiplier. */
  haul: number
  owners: number
  /** His owners, biggest multiplier first (at most 10). */
  named: Array<LiveInsightManager & { multiplier: number }>
}

export interface LiveTransfer {
  element_in: number
  name_in: string
  points_in: number
  element_out: number
  name_out: string
  points_out: number
}

/** One manager's transfers of the gameweek and their gain so far: points in − points out − his hit. */
export interface LiveTransferGain extends LiveInsightManager {
  transfers: LiveTransfer[]
  points_in: number
  points_out: number
  hit: number
  gain: number
}

export interface LiveTransfersGlance {
  /** Managers who made transfers this gameweek. */
  managers: number
  /** Those of them who took a hit, and the hits' points altogether. */
  hits: number
  hit_points: number
  /** The five biggest gains, then the five smallest of the rest (smallest first). */
  best: LiveTransferGain[]
  worst: LiveTransferGain[]
}

/** `leagueGlance`: the league's gameweek at a glance. */
export interface LiveGlance extends LiveInsightBase {
  /** Biggest share first. */
  captaincy: LiveCaptainShare[]
  /** Most played first. */
  chips: LiveChipPlayed[]
  /** The most owned players who blanked (at most 5). */
  blanks: LiveBlank[]
  differential: LiveDifferentialHaul | null
  /** Null when the gameweek's transfers were not read. */
  transfers: LiveTransfersGlance | null
}

/** GET /api/leagues/{id}/live/ownership: the league's ownership, and the viewer's 15 against it (null for a visitor, or a viewer whose team is not in the table). */
export interface LiveOwnershipAnswer extends LiveState, LiveOwnership {
  mine: LiveOwnershipWorth | null
}

/** GET /api/leagues/{id}/live/battle?with={fpl_team_id}: the viewer's team against one rival. */
export interface LiveBattleAnswer extends LiveState, LiveBattle {}

/** GET /api/leagues/{id}/live/glance: the league's gameweek at a glance. */
export interface LiveGlanceAnswer extends LiveState, LiveGlance {}
