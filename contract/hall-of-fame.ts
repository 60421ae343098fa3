// The Hall of Fame (decision 136): all-time records and seasons' tables of a tournament, computed by
// the refresh on each checked gameweek and read by GET /api/leagues/{id}/records and /seasons.
// Season lineage (PUT /api/leagues/{id}/lineage) links last season's FPL league, so both span
// FPL's July reset.

export const RECORD_KINDS = [
  'best_gameweek',
  'worst_gameweek',
  'most_manager_of_the_month',
  'biggest_climb',
  'longest_at_top',
  'worst_captaincy',
  'most_bench_points',
] as const
export type RecordKind = (typeof RECORD_KINDS)[number]

/** One holder of a record, and when: a gameweek (or a run of them to `gameweek_to`), or a month. */
export interface RecordHolder {
  fpl_team_id: number | null
  player_name: string
  team_name: string
  season: string
  gameweek: number | null
  gameweek_to: number | null
  month: string | null
}

export interface HallRecord {
  kind: RecordKind
  title: string
  value: number
  unit: 'points' | 'titles' | 'places' | 'gameweeks'
  /** Joint holders all hold it (the first few are listed; `holder_count` says how many). */
  holders: RecordHolder[]
  holder_count: number
  /** What the record covers when it is not every kept gameweek (captaincy: the gameweeks whose picks were read). */
  covers: string | null
}

export interface SeasonTableRow {
  position: number
  fpl_team_id: number
  player_name: string
  team_name: string
  total: number
  /** FPL's overall rank of the season (FPL history seasons only). */
  overall_rank: number | null
}

export interface HallSeason {
  season: string
  /** `kept`: the league's own table as we kept it; `fpl_history`: the managers' season totals from FPL's history, ranked among them. */
  source: 'kept' | 'fpl_history'
  league_name: string
  /** `final` once GW38 is kept; `so_far` before; `fpl_history` for seasons from FPL's history. */
  status: 'final' | 'so_far' | 'fpl_history'
  through_gameweek: number | null
  total_managers: number
  /** The top of the table (at most SEASON_TABLE_ROWS). */
  rows: SeasonTableRow[]
}

export const SEASON_TABLE_ROWS = 50
export const RECORD_HOLDERS_LISTED = 10
/** How many seasons of lineage the Hall of Fame follows back (this tournament and three before it). */
export const LINEAGE_DEPTH = 3

export const HALL_OF_FAME_PENDING = 'The Hall of Fame appears once FPL has checked a gameweek of this league.'

export interface RecordsAnswer {
  status: 'ready' | 'pending'
  message: string | null
  records: HallRecord[]
  /** The seasons the records were computed from, newest first. */
  seasons_covered: string[]
  computed_at: string | null
}

export interface SeasonsAnswer {
  status: 'ready' | 'pending'
  message: string | null
  seasons: HallSeason[]
  computed_at: string | null
}

export interface LineageAnswer {
  previous_fpl_league_id: number | null
  /** Our tournament of that league, when we kept one. */
  previous_tournament: { id: number; name: string; fpl_season: string | null } | null
  message: string
}
