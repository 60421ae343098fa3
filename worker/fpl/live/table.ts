/**
 * A tournament's live table: every manager's live gameweek (team.ts) on top of his league total
 * at the end of the previous gameweek, ranked as FPL ranks a classic league. Pure, and cheap per
 * manager: the per-player work is done once per poll (gameweek.ts) and the ranking on the previous
 * totals once per gameweek (`previousTable`), so a generation is N sums of 15 lines and one sort.
 *
 * Ranks: FPL's (`fplRanking`, stats/points.ts; docs/decisions/141-the-live-table-ranks-as-fpl.md),
 * the same as the Standings tab's, so no table reorders at the check with no points changing.
 * A manager whose picks are still loading keeps his previous place and is not ranked on a total
 * we do not know.
 */
import type { LiveStandingRow, LiveTeamStatus } from '../../../contract/live'
import type { GameweekStatus } from '../../db/schema'
import { fplRanking, UNKNOWN_TRANSFERS } from '../stats/points'
import type { ElementLive, LiveGameweek } from './gameweek'
import { type LiveSheet, type LiveSummary, liveSummary } from './team'

export interface LiveManager {
  fpl_team_id: number
  team_name: string
  player_name: string
  /** His league total before this gameweek (points since the league's start, net of hits; 0 in its first gameweek). */
  previous_total: number
  /** Transfers FPL's tie-break counts up to this gameweek's deadline (Wildcard and Free Hit moves excluded); omit when unknown. */
  transfers_made?: number
  /** The same count before this gameweek (the previous table's tie-break); omit when unknown. */
  transfers_before?: number
  /** FPL's league rank in the last stored table; omit when unknown. */
  fpl_rank?: number | null
  /** The gameweek's picks; null when FPL has none for him (404: he joined after the deadline). */
  sheet: LiveSheet | null
  /** His picks are not fetched yet (the sheet is null until they are). */
  loading?: boolean
  /** His transfers of the gameweek (FPL's `entry/{id}/transfers/` rows of it); omit when not known. */
  transfers?: ReadonlyArray<{ element_in: number; element_out: number }>
}

/**
 * A row of the live table: the contract's row (contract/live.ts) without the viewer's flag, and the
 * per-manager figures the live banter reads (decision 114; see LiveSummary).
 */
export type LiveRow = Omit<LiveStandingRow, 'is_current_user'> &
  Pick<LiveSummary, 'bench_points' | 'auto_sub_points' | 'armband_element' | 'armband_points' | 'armband_played'>

export interface LiveTable {
  gameweek: number
  status: GameweekStatus
  /** True until the gameweek is checked: every number may still move. */
  provisional: boolean
  fixtures: LiveGameweek['fixtures']
  /** Sorted by live rank, ties in FPL's order. */
  standings: LiveRow[]
  /** The index in `managers` of each row of `standings`. */
  order: readonly number[]
}

/** The ranking on the previous totals, the same for every generation of a gameweek. */
export interface PreviousTable {
  /** Each manager's rank before this gameweek; null in the league's first gameweek (no table before it). */
  ranks: Int32Array | null
  /** Each manager's place (0-based) in that table: where a manager whose picks are loading is shown. */
  places: Int32Array
}

/**
 * What the tables of one gameweek keep between feed generations (decision 141, "CPU per feed
 * generation"): each manager's summary and the player lines it was worked out from. A generation
 * re-scores only the managers one of whose players' lines moved. `minutes` alone is not a move:
 * it ticks at every poll for everyone on the pitch, and no summary reads it (team.ts, autosubs.ts
 * and captaincy.ts read `played`, `done`, `type`, `points`, `projectedBonus`, `name`); every
 * other field counts.
 */
export interface LiveTableMemo {
  /** The managers the summaries are of (a new list starts afresh). */
  managers: readonly LiveManager[] | null
  /** The line of each player as the kept summaries read it. */
  lines: Map<number, ElementLive>
  summaries: Array<LiveSummary | undefined>
  /** The managers' picks in a compact form, built once per list (see `compactPicks`). */
  picks: CompactPicks | null
}

export const liveTableMemo = (): LiveTableMemo => ({ managers: null, lines: new Map(), summaries: [], picks: null })

/**
 * The picks of a list of managers as flat arrays, so that a generation finds who must be re-scored
 * without walking 5,000 sheets of objects: each scored manager's element ids (PICKS_PER_MANAGER a
 * manager, 0 past his last) and every player picked once, with the type his pick names.
 */
interface CompactPicks {
  elements: Int32Array
  /** The distinct players picked and their `element_type` (0 when the pick has none). */
  ids: Int32Array
  types: Int32Array
  /** One more than the highest player id picked. */
  size: number
  /** FPL's tie-break inputs, the same for every generation. */
  entries: Int32Array
  transfers: Int32Array
}

/** A sheet's 15 picks (a few more are tolerated: the memo then re-scores such a manager at every generation). */
const PICKS_PER_MANAGER = 15

/** Managers the table scores: those with picks, not loading. */
const scored = (m: LiveManager): m is LiveManager & { sheet: LiveSheet } => m.sheet !== null && !m.loading

function compactPicks(managers: readonly LiveManager[]): CompactPicks {
  const elements = new Int32Array(managers.length * PICKS_PER_MANAGER)
  const typeOf = new Map<number, number>()
  managers.forEach((m, i) => {
    if (!scored(m)) return
    m.sheet.picks.forEach((p, k) => {
      if (k < PICKS_PER_MANAGER) elements[i * PICKS_PER_MANAGER + k] = p.element
      if (!typeOf.has(p.element)) typeOf.set(p.element, p.element_type ?? 0)
    })
  })
  const ids = Int32Array.from(typeOf.keys())
  return {
    elements,
    ids,
    types: Int32Array.from(typeOf.values()),
    size: 1 + ids.reduce((max, id) => Math.max(max, id), 0),
    entries: entriesOf(managers),
    transfers: transfersOf(managers),
  }
}

function lineMoved(before: ElementLive, now: ElementLive): boolean {
  for (const key in now) {
    if (key !== 'minutes' && before[key as keyof ElementLive] !== now[key as keyof ElementLive]) return true
  }
  return false
}

const NO_TEAM: LiveSummary = {
  live_points: 0,
  projected_bonus: 0,
  transfers_cost: 0,
  active_chip: null,
  captain: null,
  vice_captain: null,
  auto_subs: [],
  pending_subs: [],
  players_played: 0,
  players_to_play: 0,
  bench_points: 0,
  auto_sub_points: 0,
  armband_element: null,
  armband_points: 0,
  armband_played: false,
}

const transfersOf = (managers: readonly LiveManager[], before = false) =>
  Int32Array.from(managers, (m) => (before ? m.transfers_before : m.transfers_made) ?? UNKNOWN_TRANSFERS)
const entriesOf = (managers: readonly LiveManager[]) => Int32Array.from(managers, (m) => m.fpl_team_id)

/** The table before this gameweek; `firstGameweek` for the league's first (FPL's GW1, or its start_event). */
export function previousTable(managers: readonly LiveManager[], { firstGameweek = false } = {}): PreviousTable {
  const { order, ranks } = fplRanking(
    Float64Array.from(managers, (m) => m.previous_total),
    transfersOf(managers, true),
    entriesOf(managers),
  )
  const places = new Int32Array(managers.length)
  order.forEach((row, place) => {
    places[row] = place
  })
  return { ranks: firstGameweek ? null : ranks, places }
}

/** The players whose lines moved since the memo's summaries read them (1 by id); the memo keeps the new lines. */
function movedPlayers(gw: LiveGameweek, memo: LiveTableMemo, picks: CompactPicks): Uint8Array {
  const moved = new Uint8Array(picks.size)
  for (let k = 0; k < picks.ids.length; k++) {
    const id = picks.ids[k] as number
    const line = gw.element(id, picks.types[k])
    const kept = memo.lines.get(id)
    if (kept && !lineMoved(kept, line)) continue
    moved[id] = 1
    memo.lines.set(id, line)
  }
  return moved
}

/** Each manager's live gameweek: from `memo` where none of his players' lines moved since. */
function summaries(gw: LiveGameweek, managers: readonly LiveManager[], memo: LiveTableMemo | undefined): LiveSummary[] {
  if (!memo) return managers.map((m) => (scored(m) ? liveSummary(gw, m.sheet) : NO_TEAM))
  const picks = compactOf(managers, memo)
  const moved = movedPlayers(gw, memo, picks)
  const teams = new Array<LiveSummary>(managers.length)
  for (let i = 0; i < managers.length; i++) {
    const m = managers[i] as LiveManager
    if (!scored(m)) {
      teams[i] = NO_TEAM
      continue
    }
    let stale = memo.summaries[i] === undefined || m.sheet.picks.length > PICKS_PER_MANAGER
    for (let k = i * PICKS_PER_MANAGER, end = k + PICKS_PER_MANAGER; !stale && k < end; k++) stale = moved[picks.elements[k] as number] === 1
    if (stale) memo.summaries[i] = liveSummary(gw, m.sheet)
    teams[i] = memo.summaries[i] as LiveSummary
  }
  return teams
}

/** The memo's compact picks, built afresh for a new list of managers. */
function compactOf(managers: readonly LiveManager[], memo: LiveTableMemo): CompactPicks {
  if (memo.managers !== managers || !memo.picks) {
    memo.managers = managers
    memo.lines.clear()
    memo.summaries = []
    memo.picks = compactPicks(managers)
  }
  return memo.picks
}

/**
 * The table of one feed generation. With `memo` (kept by the caller across the generations of a
 * gameweek, for the same managers) only the managers whose players moved are re-scored.
 */
export function liveTable(
  gw: LiveGameweek,
  managers: readonly LiveManager[],
  previous: PreviousTable = previousTable(managers),
  memo?: LiveTableMemo,
): LiveTable {
  const n = managers.length
  const teams = summaries(gw, managers, memo)
  const totals = new Float64Array(n)
  const counted = new Uint8Array(n)
  let loading = 0
  for (let i = 0; i < n; i++) {
    const m = managers[i] as LiveManager
    totals[i] = m.previous_total + (teams[i] as LiveSummary).live_points
    if (m.loading) loading++
    else counted[i] = 1
  }
  const kept = memo?.picks
  const live = fplRanking(totals, kept?.transfers ?? transfersOf(managers), kept?.entries ?? entriesOf(managers), loading > 0 ? counted : undefined)
  const order = loading > 0 ? withLoadingRows(live.order, previous.places) : live.order
  const standings = new Array<LiveRow>(n)
  // A row's rank counts the loading rows shown above it; equal ranks stay equal across them.
  let loadingAbove = 0
  let lastLiveRank = 0
  let lastRank = 0
  for (let place = 0; place < n; place++) {
    const i = order[place] as number
    const manager = managers[i] as LiveManager
    const team = teams[i] as LiveSummary
    let rank: number
    if (manager.loading) {
      rank = place + 1
      loadingAbove++
    } else {
      const liveRank = live.ranks[i] as number
      rank = liveRank === lastLiveRank ? lastRank : liveRank + loadingAbove
      lastLiveRank = liveRank
      lastRank = rank
    }
    standings[place] = {
      fpl_team_id: manager.fpl_team_id,
      team_name: manager.team_name,
      player_name: manager.player_name,
      live_points: team.live_points,
      live_total: totals[i] as number,
      live_rank: rank,
      last_rank: previous.ranks ? (previous.ranks[i] as number) : null,
      fpl_rank: manager.fpl_rank ?? null,
      team_status: statusOf(manager),
      pending_subs: team.pending_subs,
      projected_bonus: team.projected_bonus,
      transfers_cost: team.transfers_cost,
      active_chip: team.active_chip,
      captain: team.captain,
      vice_captain: team.vice_captain,
      auto_subs: team.auto_subs,
      players_played: team.players_played,
      players_to_play: team.players_to_play,
      bench_points: team.bench_points,
      auto_sub_points: team.auto_sub_points,
      armband_element: team.armband_element,
      armband_points: team.armband_points,
      armband_played: team.armband_played,
    }
  }
  return { gameweek: gw.gameweek, status: gw.status, provisional: gw.status !== 'checked', fixtures: gw.fixtures, standings, order }
}

const statusOf = (m: LiveManager): LiveTeamStatus => (m.loading ? 'loading' : m.sheet ? 'loaded' : 'no_team')

/**
 * The table order with each loading row at its previous place (`places`) and the ranked rows
 * filling the other places in their live order.
 */
function withLoadingRows(ranked: readonly number[], places: Int32Array): number[] {
  const order = new Array<number>(places.length).fill(-1)
  const isRanked = new Uint8Array(places.length)
  for (const i of ranked) isRanked[i] = 1
  for (let i = 0; i < places.length; i++) if (!isRanked[i]) order[places[i] as number] = i
  let next = 0
  for (let place = 0; place < order.length; place++) if (order[place] === -1) order[place] = ranked[next++] as number
  return order
}
