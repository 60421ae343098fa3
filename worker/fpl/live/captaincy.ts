/**
 * Who carries the armband in a live gameweek. Pure.
 *
 * The captain does (×2, ×3 with Triple Captain) unless he did not play (no minute and no card:
 * FPL's "played", so a captain booked on the bench keeps it) and no fixture of his club is left to
 * play; then the vice-captain does if he counts and has played; if the vice did not play either,
 * nobody does. While the captain's match is still to come he keeps it, and a vice
 * who has not played yet does not take it (his 0 points are the same either way until he plays,
 * and then he has played). This differs from `playedCaptain` (stats/points.ts), which reads a
 * finished gameweek and so needs no fixture state.
 */
import { captainMultiplier } from '../stats/points'
import type { ElementLive } from './gameweek'

export interface Armband {
  /** The pick that carries the multiplier now (an index into the sheet), or null. */
  holder: number | null
  /** 2, or 3 under `3xc`. */
  multiplier: number
}

/**
 * `captain` and `vice` are indexes into the sheet (−1 when absent), `line(i)` the live line of
 * pick i and `counts(i)` whether pick i counts after the subs.
 */
export function armband(
  sheet: { captain: number; vice: number; chip: string | null },
  line: (pick: number) => ElementLive | undefined,
  counts: (pick: number) => boolean,
): Armband {
  const multiplier = captainMultiplier({ active_chip: sheet.chip })
  const captain = line(sheet.captain)
  if (!captain) return { holder: null, multiplier }
  if (captain.played || !captain.done) return { holder: sheet.captain, multiplier }
  const vice = line(sheet.vice)
  if (vice && counts(sheet.vice) && vice.played) return { holder: sheet.vice, multiplier }
  return { holder: null, multiplier }
}
