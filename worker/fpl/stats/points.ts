/**
 * Shared scoring primitives for the stats engine. Pure: no I/O, no clock.
 *
 * Definitions follow shared/research/competitors-and-stat-definitions.md §2:
 * - net GW points = history `points` − `event_transfers_cost` (`points` is gross of hits);
 * - cumulative totals always come from history `total_points`, which is already net of hits;
 * - played captain: the captain, unless he got 0 minutes and the vice got > 0 (then the vice);
 *   if both got 0 nobody carries the armband;
 * - auto-sub points: Σ live `total_points` of every `element_in` in `automatic_subs`.
 */
import type { FplHistory, FplHistoryRow, FplLive, FplPicks } from '../schemas'

/** One pick of a team sheet, as parsed by `picksSchema`. */
export type PickRow = FplPicks['picks'][number]

/** The parts of a history response the primitives read. */
export type HistoryLike = Pick<FplHistory, 'current'>

export interface LiveElementStats {
  minutes: number
  total_points: number
}

/** Live stats by element id. */
export type LiveLookup = ReadonlyMap<number, LiveElementStats>

/** Either a raw `event/{gw}/live/` response or a lookup already built from it. */
export type LiveSource = FplLive | LiveLookup

/** `Map<elementId, { minutes, total_points }>` from an `event/{gw}/live/` response. */
export function liveLookup(live: FplLive): Map<number, LiveElementStats> {
  const map = new Map<number, LiveElementStats>()
  for (const element of live.elements) {
    map.set(element.id, { minutes: element.stats.minutes, total_points: element.stats.total_points })
  }
  return map
}

function asLookup(live: LiveSource): LiveLookup {
  return 'elements' in live && Array.isArray(live.elements) ? liveLookup(live as FplLive) : (live as LiveLookup)
}

/** Net GW points: `points − event_transfers_cost`. */
export function netPoints(row: Pick<FplHistoryRow, 'points' | 'event_transfers_cost'>): number {
  return row.points - row.event_transfers_cost
}

/** The history row of one gameweek, or undefined when the entry did not play it. */
export function historyRow(history: HistoryLike, gameweek: number): FplHistoryRow | undefined {
  return history.current.find((row) => row.event === gameweek)
}

/**
 * Cumulative net total at a gameweek: `total_points` of the latest row at or before it (a
 * manager who missed a GW carries the last total), 0 before the entry's first GW.
 */
export function totalAt(history: HistoryLike, gameweek: number): number {
  let best: FplHistoryRow | undefined
  for (const row of history.current) {
    if (row.event <= gameweek && (best === undefined || row.event > best.event)) best = row
  }
  return best?.total_points ?? 0
}

/** True when the entry has a history row at or before the gameweek. */
export function hasPlayedBy(history: HistoryLike, gameweek: number): boolean {
  return history.current.some((row) => row.event <= gameweek)
}

/** The armband multiplier: 3 with the Triple Captain chip, otherwise 2. */
export function captainMultiplier(picks: Pick<FplPicks, 'active_chip'>): number {
  return picks.active_chip === '3xc' ? 3 : 2
}

/** The captain and vice-captain picks (flags, not multipliers, so processed sheets work too). */
export function armbandPicks(picks: Pick<FplPicks, 'picks'>): { captain: PickRow | null; vice: PickRow | null } {
  return {
    captain: picks.picks.find((p) => p.is_captain) ?? null,
    vice: picks.picks.find((p) => p.is_vice_captain) ?? null,
  }
}

/**
 * The pick that actually carried the armband: the captain, unless the captain got 0 minutes and
 * the vice got more than 0, then the vice; null when both got 0 (or the sheet has no captain).
 * Uses the `is_captain` / `is_vice_captain` flags and live minutes only, so it gives the same
 * answer before processing (captain ×2, vice ×1) and after it (FPL moves the multiplier to the
 * vice and may bench the captain with multiplier 0).
 */
export function playedCaptain(picks: Pick<FplPicks, 'picks'>, live: LiveSource): PickRow | null {
  const lookup = asLookup(live)
  const { captain, vice } = armbandPicks(picks)
  if (captain === null) return null
  if ((lookup.get(captain.element)?.minutes ?? 0) > 0) return captain
  if (vice !== null && (lookup.get(vice.element)?.minutes ?? 0) > 0) return vice
  return null
}

/** Live points of the played captain × the armband multiplier (2, or 3 under `3xc`); 0 when nobody played. */
export function captainPoints(picks: Pick<FplPicks, 'picks' | 'active_chip'>, live: LiveSource): number {
  const lookup = asLookup(live)
  const played = playedCaptain(picks, lookup)
  if (played === null) return 0
  return (lookup.get(played.element)?.total_points ?? 0) * captainMultiplier(picks)
}

/** Σ live `total_points` of every `element_in` in `automatic_subs` (0 when there were no subs). */
export function autoSubPoints(picks: Pick<FplPicks, 'automatic_subs'>, live: LiveSource): number {
  const lookup = asLookup(live)
  let sum = 0
  for (const sub of picks.automatic_subs) sum += lookup.get(sub.element_in)?.total_points ?? 0
  return sum
}

/**
 * Σ live `total_points` × `multiplier` over a sheet: the gross GW score (before hits) that FPL
 * shows as history `points` once the sheet is processed (auto-subs in, armband settled).
 */
export function picksPoints(picks: Pick<FplPicks, 'picks'>, live: LiveSource): number {
  const lookup = asLookup(live)
  let sum = 0
  for (const p of picks.picks) sum += (lookup.get(p.element)?.total_points ?? 0) * p.multiplier
  return sum
}

export interface RankInput {
  entry: number
  total: number
}

export type Ranked<T> = T & { rank: number }

/** Default tiebreak: entry id ascending. */
const byEntryAsc = (a: RankInput, b: RankInput): number => a.entry - b.entry

/**
 * Standard competition ranking ("1224"): rows sorted by total descending, then by `tiebreak`
 * (entry id ascending by default) for a stable order. Equal totals share a rank; the next rank
 * skips (two on 100 are both 1st, the next is 3rd). Returns new objects; the input is untouched.
 */
export function leagueRanks<T extends RankInput>(rows: readonly T[], tiebreak: (a: T, b: T) => number = byEntryAsc): Array<Ranked<T>> {
  const { order, ranks } = rankOrder(rows, tiebreak)
  return Array.from(order, (i) => ({ ...(rows[i] as T), rank: ranks[i] as number }))
}

/**
 * `leagueRanks` without a new row per row, for tables ranked every minute (the live table):
 * `order` lists the rows' indices in table order, `ranks[i]` is row i's rank.
 */
export function rankOrder<T extends RankInput>(rows: readonly T[], tiebreak: (a: T, b: T) => number = byEntryAsc): { order: number[]; ranks: Int32Array } {
  const order = Array.from(rows.keys()).sort((a, b) => {
    const x = rows[a] as T
    const y = rows[b] as T
    return y.total - x.total || tiebreak(x, y)
  })
  const ranks = new Int32Array(rows.length)
  order.forEach((row, index) => {
    const previous = index > 0 ? (rows[order[index - 1] as number] as T) : null
    ranks[row] = previous !== null && previous.total === (rows[row] as T).total ? (ranks[order[index - 1] as number] as number) : index + 1
  })
  return { order, ranks }
}

/** Rank by entry id, from `leagueRanks`. */
export function rankMap<T extends RankInput>(ranked: ReadonlyArray<Ranked<T>>): Map<number, number> {
  return new Map(ranked.map((row) => [row.entry, row.rank]))
}

/** Population standard deviation; NaN for an empty list. */
export function populationStdDev(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  const mean = values.reduce((a, b) => a + b, 0) / values.length
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length
  return Math.sqrt(variance)
}

/** Round half away from zero to `digits` decimals (1 → one decimal). */
export function roundTo(value: number, digits: number): number {
  const f = 10 ** digits
  return (Math.sign(value) * Math.round(Math.abs(value) * f + Number.EPSILON)) / f
}
