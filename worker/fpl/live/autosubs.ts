/**
 * Projected automatic substitutions, by FPL's rules. Pure.
 *
 * Starters are taken in position order (1..11). A starter with 0 minutes whose club has no
 * fixture left to play (all finished or `finished_provisional`, or none at all) is replaced by
 * the first bench player, in bench order (12..15), who has played (minutes > 0) and leaves a valid
 * formation: exactly 1 goalkeeper, at least 3 defenders, 2 midfielders and 1 forward. The
 * goalkeeper count makes the bench goalkeeper (position 12) replace only the goalkeeper. A bench
 * player who has not played yet is passed over even if his match is still to come (the rule as
 * issue 15 states it); FPL itself subs once, after the last match, so such a projection can
 * change when he comes on. Used only on a sheet FPL has not processed and never under Bench Boost
 * (team.ts decides).
 */
import type { LiveAutoSub } from '../../../contract/live'
import type { ElementLive } from './gameweek'

/** One pick of a sheet: FPL's `picks[]` row (element_type is absent from older seasons' captures). */
export interface SheetPick {
  element: number
  position: number
  element_type?: number
}

/** A starter out, a bench player in (element ids): the contract's shape. */
export type AutoSub = LiveAutoSub

/** Minimum players per element type (index 1 GKP .. 4 FWD); the goalkeeper count must be exactly 1. */
const MIN_OF_TYPE = [0, 1, 3, 2, 1]

function validFormation(counts: readonly number[]): boolean {
  return counts[1] === 1 && MIN_OF_TYPE.every((min, type) => (counts[type] ?? 0) >= min)
}

function add(counts: number[], type: number, n: number): void {
  counts[type] = (counts[type] ?? 0) + n
}

/**
 * `sheet` in position order and `lines[i]` the live line of `sheet[i]` (the table calls this for
 * every manager of every tournament on every poll, hence arrays and no copies).
 */
export function projectAutoSubs(sheet: readonly SheetPick[], lines: readonly ElementLive[]): AutoSub[] {
  const counts = [0, 0, 0, 0, 0]
  for (let i = 0; i < sheet.length; i++) if ((sheet[i]?.position ?? 99) <= 11) add(counts, lines[i]?.type ?? 0, 1)
  const subs: AutoSub[] = []
  let used = 0 // bit i: sheet[i] has come on
  for (let s = 0; s < sheet.length; s++) {
    const starter = sheet[s]
    const out = lines[s]
    if (!starter || !out || starter.position > 11 || out.minutes > 0 || !out.done) continue
    for (let b = 0; b < sheet.length; b++) {
      const candidate = sheet[b]
      const sub = lines[b]
      if (!candidate || !sub || candidate.position <= 11 || used & (1 << b) || sub.minutes === 0) continue
      add(counts, out.type, -1)
      add(counts, sub.type, 1)
      if (validFormation(counts)) {
        used |= 1 << b
        subs.push({ out: starter.element, in: candidate.element })
        break
      }
      add(counts, out.type, 1)
      add(counts, sub.type, -1)
    }
  }
  return subs
}

/**
 * The sheet after the subs, laid out as FPL lays out a processed sheet: each player coming in
 * takes the slot of the one going out and the one going out takes his bench slot, then the
 * eleven are ordered by element type (goalkeeper, defenders, midfielders, forwards), keeping the
 * slot order within a type. Returns the new position of each `sheet[i]`.
 */
export function positionsAfterSubs(sheet: readonly SheetPick[], lines: readonly ElementLive[], subs: readonly AutoSub[]): number[] {
  const slots = sheet.map((p) => p.position)
  for (const { out, in: into } of subs) {
    const a = sheet.findIndex((p) => p.element === out)
    const b = sheet.findIndex((p) => p.element === into)
    if (a < 0 || b < 0) continue
    const slotOut = slots[a] ?? 0
    slots[a] = slots[b] ?? 0
    slots[b] = slotOut
  }
  const slot = (i: number) => slots[i] ?? 99
  const eleven = sheet.map((_, i) => i).filter((i) => slot(i) <= 11)
  eleven.sort((i, j) => (lines[i]?.type ?? 0) - (lines[j]?.type ?? 0) || slot(i) - slot(j))
  const positions = [...slots]
  eleven.forEach((i, n) => {
    positions[i] = n + 1
  })
  return positions
}
