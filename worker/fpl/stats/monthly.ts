/**
 * Manager of the Month from FPL's `phases` (bootstrap-static). Pure: no I/O.
 *
 * - Months are `phases` other than id 1 ("Overall"); their GW ranges are read, never hard-coded.
 * - A month is listed once it has started (`start_event ≤ currentGameweek`) unless it ended before
 *   the league started (`stop_event < leagueStartEvent`), newest first.
 * - A month is final (`finished`) only when its `stop_event` event is `finished && data_checked`
 *   and, when that is the current gameweek, the refresh saw it `checked` (FPL's league tables
 *   updated too); until then it is `ongoing`, with leaders "so far" and no winner (decision 113).
 * - Ties (decision 044): equal totals share a position (competition ranking, "1224"). Neither the
 *   product's rules nor FPL define a tie-break for the month, so everyone level on the top total
 *   shares the title: `joint_winners` names them all (best first in the table's own order: FPL's
 *   `standings/?phase=P` by `rank_sort`, `phaseTableFromHistories` by total then entry id), and
 *   `winner` stays the first of them. `runners_up` are the three rows after ALL joint winners, so a
 *   runner-up is never at position 1 (after two joint winners the next row is 3rd).
 * - A phase with no table rows (no members, or table not supplied) is skipped.
 */

import type { GameweekStatus } from '../../db/schema'
import type { FplEvent, FplPhase } from '../schemas'
import type { TableHistory } from './points'
import { historyRow, netPoints, roundTo, transfersUpTo } from './points'

/** One row of a month table, best first. */
export interface PhaseTableRow {
  entry: number
  player_name: string
  team_name: string
  total: number
}

/** Phase id → its table (FPL's `standings/?phase=P` rows, or `phaseTableFromHistories`). */
type PhaseTables = ReadonlyMap<number, readonly PhaseTableRow[]> | Readonly<Record<number, readonly PhaseTableRow[]>>

export type PhaseLike = Pick<FplPhase, 'id' | 'name' | 'start_event' | 'stop_event'>
export type EventLike = Pick<FplEvent, 'id' | 'deadline_time' | 'finished' | 'data_checked'>

interface RunnerUp {
  position: number
  player_name: string
  team_name: string
  total_points: number
}

export interface MonthlyWinner {
  month: string
  /** Calendar year (UTC) of the deadline of the phase's first GW; null if that event is unknown. */
  year: number | null
  phase_id: number
  start_event: number
  stop_event: number
  status: 'ongoing' | 'finished'
  /** GWs of the phase started so far (all of them once finished). */
  gameweeks_played: number
  /** 30 % of the prize pool in pounds (2 decimals) when prizes are enabled, else 0. */
  prize: number
  leading_player: string | null
  leading_points: number | null
  /** Ours: everyone level with the leader right now, `leading_player` first (a month in progress can be led jointly). */
  joint_leaders: string[]
  winner: string | null
  /**
   * Ours (decision 044): every manager level on the winning total, best first, `winner` included;
   * one name when the title is not shared, empty until the month is finished.
   */
  joint_winners: string[]
  monthly_points: number | null
  /** monthly_points / gameweeks_played, one decimal. */
  average_per_gw: number | null
  /** The three rows after the joint winners (positions 2–4 unless tied, never 1), only once finished. */
  runners_up: RunnerUp[]
}

export interface MonthlyWinnersInput {
  phases: readonly PhaseLike[]
  events: readonly EventLike[]
  currentGameweek: number
  /** Where the current gameweek stands (the refresh's status): only `checked` can end a month on it. */
  currentStatus: GameweekStatus
  /** The league's `start_event` (1 for leagues that ran all season). */
  leagueStartEvent: number
  phaseTables: PhaseTables
  prizePoolPence: number
  prizesEnabled: boolean
}

/** The share of the prize pool paid to each Manager of the Month, in percent. */
const MONTHLY_PRIZE_PERCENT = 30

const OVERALL_PHASE_ID = 1

function isMonthPhase(phase: PhaseLike): boolean {
  return phase.id !== OVERALL_PHASE_ID && phase.name !== 'Overall'
}

/** 30 % of the pool, in pounds rounded to the penny; 0 when prizes are off. */
export function monthlyPrizePounds(prizePoolPence: number, prizesEnabled: boolean): number {
  if (!prizesEnabled || !(prizePoolPence > 0)) return 0
  // Integer pence first (12345 p × 30 / 100 = 3703.5 → 3704 p), so no 0.3 float error creeps in.
  return Math.round((prizePoolPence * MONTHLY_PRIZE_PERCENT) / 100) / 100
}

function tableFor(tables: PhaseTables, phaseId: number): readonly PhaseTableRow[] {
  if (tables instanceof Map) return (tables as ReadonlyMap<number, readonly PhaseTableRow[]>).get(phaseId) ?? []
  return (tables as Readonly<Record<number, readonly PhaseTableRow[]>>)[phaseId] ?? []
}

/** Competition position of each row: 1 + the number of rows with a strictly higher total. */
function positions(rows: readonly PhaseTableRow[]): number[] {
  return rows.map((row) => 1 + rows.filter((other) => other.total > row.total).length)
}

export function computeMonthlyWinners(input: MonthlyWinnersInput): MonthlyWinner[] {
  const { phases, events, currentGameweek, leagueStartEvent, phaseTables } = input
  const eventById = new Map(events.map((e) => [e.id, e]))
  const prize = monthlyPrizePounds(input.prizePoolPence, input.prizesEnabled)

  const months = phases
    .filter(isMonthPhase)
    .filter((p) => p.start_event <= currentGameweek && p.stop_event >= leagueStartEvent)
    .sort((a, b) => b.start_event - a.start_event || b.id - a.id)

  const out: MonthlyWinner[] = []
  for (const phase of months) {
    const rows = tableFor(phaseTables, phase.id)
    const leader = rows[0]
    if (leader === undefined) continue
    const stop = eventById.get(phase.stop_event)
    const finished = Boolean(stop?.finished && stop.data_checked) && (phase.stop_event !== currentGameweek || input.currentStatus === 'checked')
    const first = eventById.get(phase.start_event)
    const year = first ? new Date(first.deadline_time).getUTCFullYear() : null
    const lastStarted = finished ? phase.stop_event : Math.min(phase.stop_event, currentGameweek)
    const gameweeksPlayed = Math.max(0, lastStarted - phase.start_event + 1)

    const base: MonthlyWinner = {
      month: phase.name,
      year: year !== null && Number.isFinite(year) ? year : null,
      phase_id: phase.id,
      start_event: phase.start_event,
      stop_event: phase.stop_event,
      status: finished ? 'finished' : 'ongoing',
      gameweeks_played: gameweeksPlayed,
      prize,
      leading_player: leader.player_name,
      leading_points: leader.total,
      joint_leaders: [],
      winner: null,
      joint_winners: [],
      monthly_points: null,
      average_per_gw: null,
      runners_up: [],
    }
    const pos = positions(rows)
    // Rows level with the leader (position 1) share the lead, and once finished the title; the table is best first.
    const shared = pos.filter((p) => p === 1).length
    base.joint_leaders = rows.slice(0, shared).map((row) => row.player_name)
    if (finished) {
      base.winner = leader.player_name
      base.joint_winners = rows.slice(0, shared).map((row) => row.player_name)
      base.monthly_points = leader.total
      base.average_per_gw = gameweeksPlayed > 0 ? roundTo(leader.total / gameweeksPlayed, 1) : null
      base.runners_up = rows.slice(shared, shared + 3).map((row, i) => ({
        position: pos[shared + i] ?? shared + i + 1,
        player_name: row.player_name,
        team_name: row.team_name,
        total_points: row.total,
      }))
    }
    out.push(base)
  }
  return out
}

export interface PhaseHistoryManager {
  entryId: number
  teamName: string
  playerName: string
  history: TableHistory
}

/**
 * A month table from histories: Σ net points (`points − event_transfers_cost`) over the phase's
 * GWs up to `currentGameweek`; GWs a manager did not play count 0. In FPL's order: total
 * descending, then fewer transfers in the season so far (`transfersUpTo` the current gameweek,
 * FPL's tie-break as its classic table applies it today; whether FPL freezes a past month's order
 * is not known, and nothing depends on it: equal totals share the title, decision 044), then
 * entry id ascending (FPL's `rank_sort`).
 */
export function phaseTableFromHistories(
  managers: readonly PhaseHistoryManager[],
  phase: Pick<PhaseLike, 'start_event' | 'stop_event'>,
  currentGameweek: number,
): PhaseTableRow[] {
  const last = Math.min(phase.stop_event, currentGameweek)
  return managers
    .map((m) => {
      let total = 0
      for (let gw = phase.start_event; gw <= last; gw++) {
        const row = historyRow(m.history, gw)
        if (row) total += netPoints(row)
      }
      return { entry: m.entryId, player_name: m.playerName, team_name: m.teamName, total, transfers: transfersUpTo(m.history, currentGameweek) }
    })
    .sort((a, b) => b.total - a.total || a.transfers - b.transfers || a.entry - b.entry)
    .map(({ transfers: _transfers, ...row }) => row)
}
