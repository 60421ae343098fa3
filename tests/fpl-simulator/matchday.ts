/**
 * The match clock: where one fixture stands at a simulated time, as FPL's feed shows it. Pure; times
 * are epoch seconds, durations minutes. season.ts turns a fixture's moment into player numbers.
 * Why these numbers: docs/decisions/110-simulator-match-clock.md.
 */

const HALF = 45
const HALF_TIME_BREAK = 15
/** FPL marks a fixture `finished_provisional` about this long after kick-off. */
const PROVISIONAL_AFTER = 115
/** Then adds its bonus (and sets `finished`) about an hour later. */
export const BONUS_AFTER = PROVISIONAL_AFTER + 60
/** The gameweek is `data_checked` this long after the last fixture's bonus. */
export const CHECKED_AFTER = 120

/** Kick-offs after a match day's first one (minutes): Sat 12:30, 15:00 ×4, 17:30; Sun 14:00 ×2, 16:30; Mon. */
const DAY_OFFSETS: readonly (readonly number[])[] = [[0, 150, 150, 150, 150, 300], [0, 0, 150], [0]]
/** The latest first kick-off (minutes into the UTC day) that leaves room for the full spread. */
const LATEST_FULL_SPREAD = 24 * 60 - 1 - 300

export interface FixtureClock {
  kickoff: number
  /** Stoppage time of each half (whole minutes). */
  firstStoppage: number
  secondStoppage: number
}

export interface FixtureMoment {
  /** Match minutes played: 0 before kick-off, 45 through half-time, 90 from the final whistle. */
  minute: number
  started: boolean
  /** The ball is rolling (a half in progress): the only time a goal can be scored. */
  inPlay: boolean
  finishedProvisional: boolean
  /** Bonus added. */
  finished: boolean
}

/**
 * Kick-off of the `slot`-th fixture of a match day whose first kick-off is `first`. Every kick-off
 * stays on its match day's UTC date, since event-status has one row per date: an evening match day
 * (a Friday or Tuesday night) squeezes its spread into half the gaps.
 */
export function kickoffTime(first: number, day: number, slot: number): number {
  const offsets = DAY_OFFSETS[Math.min(day, DAY_OFFSETS.length - 1)]!
  const offset = offsets[Math.min(slot, offsets.length - 1)]!
  const minuteOfDay = Math.floor((first % 86_400) / 60)
  return first + (minuteOfDay <= LATEST_FULL_SPREAD ? offset : offset / 2) * 60
}

/** Minutes elapsed since kick-off mapped to match minutes: 45 + a break of 15 + 45, plus stoppage. */
export function fixtureMoment(clock: FixtureClock, at: number): FixtureMoment {
  const elapsed = (at - clock.kickoff) / 60
  const secondHalf = HALF + clock.firstStoppage + HALF_TIME_BREAK
  const fullTime = secondHalf + HALF + clock.secondStoppage
  if (elapsed < 0) return { minute: 0, started: false, inPlay: false, finishedProvisional: false, finished: false }
  let minute = 90
  if (elapsed < secondHalf) minute = Math.min(HALF, Math.floor(elapsed))
  else if (elapsed < fullTime) minute = Math.min(90, HALF + Math.floor(elapsed - secondHalf))
  const inPlay = elapsed < HALF + clock.firstStoppage || (elapsed >= secondHalf && elapsed < fullTime)
  return { minute, started: true, inPlay, finishedProvisional: elapsed >= PROVISIONAL_AFTER, finished: elapsed >= BONUS_AFTER }
}

/**
 * The simulated time of this fixture's last change at or before `at` (kick-off, a match minute
 * ticking, `finished_provisional`, bonus), or null before kick-off. Goals and cards happen on
 * minute ticks, so they are covered.
 */
export function lastChange(clock: FixtureClock, at: number): number | null {
  const elapsed = Math.floor((at - clock.kickoff) / 60)
  if (elapsed < 0) return null
  const secondHalf = HALF + clock.firstStoppage + HALF_TIME_BREAK
  let minutes = Math.min(HALF, elapsed)
  if (elapsed >= BONUS_AFTER) minutes = BONUS_AFTER
  else if (elapsed >= PROVISIONAL_AFTER) minutes = PROVISIONAL_AFTER
  else if (elapsed > secondHalf) minutes = secondHalf + Math.min(HALF, elapsed - secondHalf)
  return clock.kickoff + minutes * 60
}
