/**
 * Projected automatic substitutions, by FPL's rules. Pure.
 *
 * FPL subs once, at the end of the gameweek, in bench order. Starters are taken in position order
 * (1..11). A starter who did not play (`played`: no minute and no card) and whose club has no
 * fixture left to play (all finished or `finished_provisional`, or none at all) is looked at
 * against the bench in order (12..15), keeping only players who leave a valid formation: exactly
 * 1 goalkeeper, at least 3 defenders, 2 midfielders and 1 forward (the goalkeeper count makes the
 * bench goalkeeper replace only the goalkeeper). The first such bench player who has played comes
 * on; one whose matches are over without playing is passed over; one who has not played and still
 * has a match to come makes the sub pending: nobody comes on for that starter, and that bench
 * player is kept for him (no later starter takes him), because FPL will bring him on if he plays
 * and nobody below him can be projected in ahead of him (decision 140, a pending sub). Used
 * only on a sheet FPL has not processed and never under Bench Boost (team.ts decides).
 */
import type { LiveAutoSub, LivePendingSub } from '../../../contract/live'
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

export interface ProjectedSubs {
  subs: AutoSub[]
  /** Starters whose sub waits on a bench player still to play. */
  pending: LivePendingSub[]
}

/**
 * `sheet` in position order and `lines[i]` the live line of `sheet[i]` (the table calls this for
 * every manager of every tournament on every poll, hence arrays and no copies).
 */
export function projectAutoSubs(sheet: readonly SheetPick[], lines: readonly ElementLive[]): ProjectedSubs {
  const counts = [0, 0, 0, 0, 0]
  for (let i = 0; i < sheet.length; i++) if ((sheet[i]?.position ?? 99) <= 11) add(counts, lines[i]?.type ?? 0, 1)
  const subs: AutoSub[] = []
  const pending: LivePendingSub[] = []
  let taken = 0 // bit i: sheet[i] has come on, or is kept for a pending sub
  for (let s = 0; s < sheet.length; s++) {
    const starter = sheet[s]
    const out = lines[s]
    if (!starter || !out || starter.position > 11 || out.played || !out.done) continue
    for (let b = 0; b < sheet.length; b++) {
      const candidate = sheet[b]
      const sub = lines[b]
      if (!candidate || !sub || candidate.position <= 11 || taken & (1 << b) || (!sub.played && sub.done)) continue
      add(counts, out.type, -1)
      add(counts, sub.type, 1)
      const valid = validFormation(counts)
      if (valid && sub.played) {
        taken |= 1 << b
        subs.push({ out: starter.element, in: candidate.element })
        break
      }
      // Nobody comes on: the formation would break, or he is still to play (the sub waits on him).
      add(counts, out.type, 1)
      add(counts, sub.type, -1)
      if (valid) {
        taken |= 1 << b
        pending.push({ out: starter.element, waiting_for: candidate.element })
        break
      }
    }
  }
  return { subs, pending }
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
