import type { GameweekStatus, TournamentType } from '../../db/schema'
import type { FplLive } from '../../fpl/schemas'
import type { SlimBootstrap } from '../../fpl/source'
import type { BanterManager, BanterStats, MonthlyWinner, PhaseTableRow } from '../../fpl/stats'
import type { StandingsMeta, StoredRow } from '../snapshot-store'

// What the refresh knows when it finalizes a tournament's snapshot, handed to the league's story
// (decision 131): the race, the kept gameweek results, the Hall of Fame and the Gazette are all
// computed from these facts in the refresh, never on a request.

interface StoryTournament {
  id: number
  name: string
  type: TournamentType
  gazetteEnabled: boolean
  /** Our tournament of the same league last season, when the commissioner linked one (season lineage). */
  previousTournamentId: number | null
}

export interface StoryContext {
  tournament: StoryTournament
  /** "2026/27": the season of the gameweek (a private tournament's FPL league lives one season). */
  season: string
  gameweek: number
  status: GameweekStatus
  /** The upstream data version of the snapshot: with the tournament id, the race's seed. */
  version: string
  bootstrap: Pick<SlimBootstrap, 'phases' | 'events'>
  /** The stored table, in position order (a very large league: its top and our members' pages). */
  rows: StoredRow[]
  meta: StandingsMeta
  /** Managers with their FPL history and this gameweek's picks (the whole table up to 50 managers; else the top 50 and our members). */
  cohort: BanterManager[]
  /** Month tables (FPL phase id → rows): a classic league's first page, or every manager of the others. */
  phaseTables: Map<number, PhaseTableRow[]>
  monthlyWinners: MonthlyWinner[]
  banter: BanterStats | null
  live: FplLive
}
