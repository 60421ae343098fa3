/**
 * Test data for the stats engine: the real FPL captures (parsed with the app's own schemas) and
 * small builders for hand-made cases. Not a test file itself (no `.test.ts`).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { FplBootstrap, FplHistory, FplHistoryRow, FplLive, FplPicks } from '../../../worker/fpl/schemas'
import { bootstrapSchema, historySchema, liveSchema, picksSchema } from '../../../worker/fpl/schemas'

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/fpl')

function readJson(name: string): unknown {
  return JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8')) as unknown
}

let bootstrapCache: FplBootstrap | null = null
/** bootstrap-static 2025-26, GW37 current (events, phases, elements with GW37 `event_points`). */
export function realBootstrap(): FplBootstrap {
  bootstrapCache ??= bootstrapSchema.parse(readJson('bootstrap-static.json'))
  return bootstrapCache
}

/** Team 3122849, GW37 2025-26: 2 automatic subs, captain Haaland (430), vice Mbeumo (119). */
export const realPicksGw37 = (): FplPicks => picksSchema.parse(readJson('entry-event-picks.json'))

/** Team 1, GW1 2025-26: 3 automatic subs, captain Bowen (624), vice Ederson (399) subbed out. */
export const realPicksAltGw1 = (): FplPicks => picksSchema.parse(readJson('entry-event-picks-alt-entry1-gw1-2025-26.json'))

/** Team 1, 2025-26, all 38 GWs (no hits, no chips). */
export const realHistory = (): FplHistory => historySchema.parse(readJson('entry-history.json'))

/** 2025-26 GW1 live, trimmed by its source repo to elements 1,2,3,5,6,7,8,16,17,18. */
export const realLiveGw1Trimmed = (): FplLive => liveSchema.parse(readJson('event-live.json'))

/**
 * GW37 2025-26 live for the 15 players of team 3122849, built from the real bootstrap-static
 * capture (GW37 is its current event, so `elements[].event_points` are the GW37 scores). Per-GW
 * minutes are not in that capture: FPL auto-subbed 427 and 249 out, which it only does at
 * 0 minutes, so they get 0; every other pick gets 90 (only "0 or not" matters here).
 *
 *   pos  el   name         type  GW37 pts  mult
 *    1   220  Sánchez      GK       2       1
 *    2   684  Thiaw        DEF      2       1
 *    3    72  Senesi       DEF      4       1
 *    4   260  Guéhi        DEF      2       1
 *    5   475  Botman       DEF      4       1   (auto-sub in, for 249)
 *    6    16  Saka         MID     10       1
 *    7   119  Mbeumo       MID      7       1   vice
 *    8   517  Anderson     MID     12       1
 *    9   593  P.M.Sarr     MID      4       1
 *   10   136  Thiago       FWD      2       1   (auto-sub in, for 427)
 *   11   430  Haaland      FWD      9       2   captain
 *   12   502  Sels         GK       2       0
 *   13   427  Reijnders    MID      0       0   (subbed out, 0 min)
 *   14   249  João Pedro   FWD      0       0   (subbed out, 0 min)
 *   15   258  Mitchell     DEF      1       0
 */
export function gw37Live(overrides: Record<number, readonly [number, number]> = {}): FplLive {
  const picks = realPicksGw37()
  const byId = new Map(realBootstrap().elements.map((e) => [e.id, e]))
  const stats: Record<number, readonly [number, number]> = {}
  for (const p of picks.picks) {
    const eventPoints = (byId.get(p.element) as { event_points?: unknown } | undefined)?.event_points
    if (typeof eventPoints !== 'number') throw new Error(`no event_points for ${p.element}`)
    stats[p.element] = [p.element === 427 || p.element === 249 ? 0 : 90, eventPoints]
  }
  return makeLive({ ...stats, ...overrides })
}

// ---------------------------------------------------------------------------------------------
// Builders
// ---------------------------------------------------------------------------------------------

/** A live response from `{ elementId: [minutes, total_points] }`. */
export function makeLive(stats: Record<number, readonly [number, number]>): FplLive {
  return {
    elements: Object.entries(stats).map(([id, [minutes, total_points]]) => ({ id: Number(id), stats: { minutes, total_points } })),
  }
}

export interface RowSpec {
  event: number
  /** Gross GW points (before the hit), as FPL's history `points`. */
  points: number
  /** Cumulative net total, as FPL's history `total_points`. */
  total: number
  cost?: number
  transfers?: number
  bench?: number
  overall?: number | null
}

export function makeRow(r: RowSpec): FplHistoryRow {
  return {
    event: r.event,
    points: r.points,
    total_points: r.total,
    rank: null,
    overall_rank: r.overall ?? null,
    event_transfers: r.transfers ?? 0,
    event_transfers_cost: r.cost ?? 0,
    points_on_bench: r.bench ?? 0,
    bank: 0,
    value: 1000,
  }
}

export function makeHistory(rows: readonly RowSpec[], chips: Array<{ name: string; event: number }> = []): FplHistory {
  return { current: rows.map(makeRow), past: [], chips }
}

export interface SheetSpec {
  /** Elements with multiplier > 0, in order (the captain's multiplier is set from `mult`). */
  starters: readonly number[]
  bench?: readonly number[]
  captain: number
  vice: number
  chip?: string | null
  subs?: ReadonlyArray<readonly [number, number]>
  /** Explicit multipliers per element (overrides the defaults: starters 1, bench 0 or 1 under bboost). */
  mult?: Readonly<Record<number, number>>
  event?: number
}

/** A picks response: starters at positions 1.., bench after them. */
export function makePicks(spec: SheetSpec, entryHistory: FplHistoryRow = makeRow({ event: spec.event ?? 1, points: 0, total: 0 })): FplPicks {
  const bb = spec.chip === 'bboost'
  const all = [...spec.starters.map((e) => [e, 1] as const), ...(spec.bench ?? []).map((e) => [e, bb ? 1 : 0] as const)]
  return {
    active_chip: spec.chip ?? null,
    automatic_subs: (spec.subs ?? []).map(([element_in, element_out]) => ({ element_in, element_out, event: spec.event ?? 1 })),
    entry_history: entryHistory,
    picks: all.map(([element, base], i) => ({
      element,
      position: i + 1,
      multiplier: spec.mult?.[element] ?? base,
      is_captain: element === spec.captain,
      is_vice_captain: element === spec.vice,
    })),
  }
}
