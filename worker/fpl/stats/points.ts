/**
 * Shared scoring primitives for the stats engine. Pure: no I/O, no clock.
 *
 * Definitions follow shared/research/competitors-and-stat-definitions.md §2:
 * - net GW points = history `points` − `event_transfers_cost` (`points` is gross of hits);
 * - cumulative totals always come from history `total_points`, which is already net of hits;
 * - played: at least 1 minute or a yellow / red card (FPL: "Playing in a Gameweek means playing at
 *   least 1 minute or receiving a yellow / red card");
 * - played captain: the captain, unless he did not play and the vice did (then the vice); if
 *   neither played nobody carries the armband;
 * - auto-sub points: Σ live `total_points` of every `element_in` in `automatic_subs`.
 */
import type { FplHistory, FplHistoryRow, FplLive, FplPicks } from '../schemas'

/** One pick of a team sheet, as parsed by `picksSchema`. */
export type PickRow = FplPicks['picks'][number]

/** The parts of a history response the primitives read. */
export type HistoryLike = Pick<FplHistory, 'current'>

/** A history as a table ranks it: the totals and, for FPL's tie-break, the chips (`transfersUpTo`). */
export type TableHistory = Pick<FplHistory, 'current' | 'chips'>

export interface LiveElementStats {
  minutes: number
  total_points: number
  /** At least 1 minute or a card (`playedInGameweek`). */
  played: boolean
}

/** FPL's "played" for one player's live stats: at least 1 minute, or a yellow or red card. */
export function playedInGameweek(stats: Pick<FplLive['elements'][number]['stats'], 'minutes' | 'yellow_cards' | 'red_cards'>): boolean {
  return stats.minutes > 0 || (stats.yellow_cards ?? 0) > 0 || (stats.red_cards ?? 0) > 0
}

/** Live stats by element id. */
export type LiveLookup = ReadonlyMap<number, LiveElementStats>

/** Either a raw `event/{gw}/live/` response or a lookup already built from it. */
export type LiveSource = FplLive | LiveLookup

/** `Map<elementId, { minutes, total_points }>` from an `event/{gw}/live/` response. */
export function liveLookup(live: FplLive): Map<number, LiveElementStats> {
  const map = new Map<number, LiveElementStats>()
  for (const element of live.elements) {
    map.set(element.id, { minutes: element.stats.minutes, total_points: element.stats.total_points, played: playedInGameweek(element.stats) })
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
 * The pick that actually carried the armband: the captain, unless the captain did not play and
 * the vice did, then the vice; null when neither played (or the sheet has no captain). "Played"
 * is `playedInGameweek` (a booked captain on 0 minutes keeps the armband).
 * Uses the `is_captain` / `is_vice_captain` flags and live stats only, so it gives the same
 * answer before processing (captain ×2, vice ×1) and after it (FPL moves the multiplier to the
 * vice and may bench the captain with multiplier 0).
 */
export function playedCaptain(picks: Pick<FplPicks, 'picks'>, live: LiveSource): PickRow | null {
  const lookup = asLookup(live)
  const { captain, vice } = armbandPicks(picks)
  if (captain === null) return null
  if (lookup.get(captain.element)?.played) return captain
  if (vice !== null && lookup.get(vice.element)?.played) return vice
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
  /** Transfers FPL's tie-break counts (`transfersUpTo`); null or absent when unknown. */
  transfers?: number | null
}

export type Ranked<T> = T & { rank: number }

/** A transfer count not known: it sorts after every known count, and its tie shares one rank. */
export const UNKNOWN_TRANSFERS = 0x7fffffff

/** Chips whose transfers FPL's tie-break does not count. */
const FREE_MOVES = new Set(['wildcard', 'freehit'])

/**
 * The transfers FPL's tie-break counts at the end of `gameweek`: history `event_transfers` of the
 * season's gameweeks up to it, those made under a Wildcard or Free Hit left out
 * (docs/decisions/141-the-live-table-ranks-as-fpl.md).
 */
export function transfersUpTo(history: TableHistory, gameweek: number): number {
  const free = new Set(history.chips.filter((c) => FREE_MOVES.has(c.name)).map((c) => c.event))
  let count = 0
  for (const row of history.current) if (row.event <= gameweek && !free.has(row.event)) count += row.event_transfers
  return count
}

/**
 * FPL's classic-league ranking, the one ranking of every table in the app (standings, live,
 * banter, the story). Total descending; equal totals are split on transfers, fewer first, and
 * share a rank only when their transfers are equal too ("1 2 2 4"), as FPL's own table does (the
 * 2024-25 capture: 2755 ranked 8 and 9, 2750 shared at 14). When the transfers of anyone on an
 * equal total are unknown, that whole tie shares one rank: a split we cannot check is never shown.
 * Within a shared rank, the lower entry id first (FPL's `rank_sort`).
 *
 * Typed arrays in, for the live table that ranks thousands of rows each minute: `order` lists the
 * ranked rows' indices in table order, `ranks[i]` is row i's rank (0 for a row `counted` leaves out).
 */
export function fplRanking(
  totals: ArrayLike<number>,
  transfers: ArrayLike<number>,
  entries: ArrayLike<number>,
  counted?: ArrayLike<number>,
): { order: number[]; ranks: Int32Array } {
  const order: number[] = []
  for (let i = 0; i < totals.length; i++) if (!counted || counted[i]) order.push(i)
  order.sort(
    (a, b) =>
      (totals[b] as number) - (totals[a] as number) || (transfers[a] as number) - (transfers[b] as number) || (entries[a] as number) - (entries[b] as number),
  )
  const ranks = new Int32Array(totals.length)
  for (let start = 0; start < order.length; ) {
    const total = totals[order[start] as number]
    let end = start + 1
    while (end < order.length && totals[order[end] as number] === total) end++
    // Unknown counts sort last: a tie whose last row is known is known throughout.
    const split = transfers[order[end - 1] as number] !== UNKNOWN_TRANSFERS
    for (let k = start; k < end; k++) {
      const row = order[k] as number
      const above = order[k - 1] as number
      ranks[row] = !split ? start + 1 : k > start && transfers[row] === transfers[above] ? (ranks[above] as number) : k + 1
    }
    start = end
  }
  return { order, ranks }
}

/** `fplRanking` of plain rows: new objects with their rank, in table order; the input is untouched. */
export function leagueRanks<T extends RankInput>(rows: readonly T[]): Array<Ranked<T>> {
  const { order, ranks } = fplRanking(
    Float64Array.from(rows, (r) => r.total),
    Int32Array.from(rows, (r) => r.transfers ?? UNKNOWN_TRANSFERS),
    Int32Array.from(rows, (r) => r.entry),
  )
  return Array.from(order, (i) => ({ ...(rows[i] as T), rank: ranks[i] as number }))
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
