/**
 * The race for a month or the season (the Race Centre, decision 132): each manager's gap to the leader,
 * whether he can still mathematically finish first, and his chance to, from a seeded simulation
 * of the gameweeks left using each manager's own scoring this season. Pure and deterministic for
 * a seed: the refresh computes it once per snapshot (decision 130).
 */

import type { RaceRowAnswer } from '../../../contract/race'

export interface RaceManager {
  fpl_team_id: number
  player_name: string
  /** Points so far in the race (the month's or the season's total). */
  points: number
  /** His net gameweek scores this season, the simulation's sample of his form. */
  scores: readonly number[]
}

/** A row of the race as the API answers it (contract/race.ts). */
export type RaceRow = RaceRowAnswer

export interface RaceOptions {
  gameweeksLeft: number
  /** The biggest gap between two of the league's scores in one gameweek this season (see `largestSwing`). */
  maxSwing: number
  runs?: number
  seed: string
}

/** At least this many simulated finishes per race (decision 130). */
export const RACE_RUNS = 10_000
/** A manager's form spread is never taken below this (a few steady weeks are not certainty). */
const MIN_SPREAD = 8
/** Managers further back than this many combined spreads from the best expected finish are not simulated. */
const NEGLIGIBLE_Z = 4
const MAX_SIMULATED = 100
/** Fewer scores than this and the league's form stands in for his. */
const MIN_SCORES = 3

/**
 * The largest difference between the best and the worst score of one gameweek: the most a
 * manager has been seen to gain on another in a week, in this league, this season.
 */
export function largestSwing(gameweeks: ReadonlyArray<readonly number[]>): number {
  let swing = 0
  for (const scores of gameweeks) if (scores.length > 1) swing = Math.max(swing, Math.max(...scores) - Math.min(...scores))
  return swing
}

/**
 * Alive: the gap can still be closed in the gameweeks left at the league's largest weekly swing
 * (with none left, only the leaders are). Win chances: each alive manager's remaining gameweeks
 * are drawn from a normal distribution of his own scores (mean and spread; the league's when he
 * has too few), all n of them at once (n × mean, √n × spread), rounded; the best total wins and
 * ties share the win. Managers the model cannot tell apart (level on points, the same form) get
 * the same chance, an alive manager always has one above 0 (decision 161), and managers who are
 * out have none.
 */
export function raceTable(managers: readonly RaceManager[], options: RaceOptions): RaceRow[] {
  const leader = Math.max(...managers.map((m) => m.points))
  const alive = managers.map((m) => leader - m.points <= options.gameweeksLeft * options.maxSwing)
  const chances = winChances(managers, alive, options)
  return managers
    .map((m, i) => ({
      fpl_team_id: m.fpl_team_id,
      player_name: m.player_name,
      points: m.points,
      gap: leader - m.points,
      alive: alive[i] ?? false,
      win_chance: chances[i] ?? 0,
    }))
    .sort((a, b) => a.gap - b.gap || b.win_chance - a.win_chance || a.fpl_team_id - b.fpl_team_id)
}

function winChances(managers: readonly RaceManager[], alive: readonly boolean[], options: RaceOptions): number[] {
  const contenders = managers.flatMap((_, i) => (alive[i] ? [i] : []))
  const wins = new Float64Array(managers.length)
  if (options.gameweeksLeft === 0 || contenders.length === 1) {
    // Nothing left to play: the leaders share the win.
    const leader = Math.max(...contenders.map((i) => managers[i]?.points ?? 0))
    const leaders = contenders.filter((i) => managers[i]?.points === leader)
    for (const i of leaders) wins[i] = 1 / leaders.length
    return Array.from(wins)
  }
  const league = formOf(managers.flatMap((m) => m.scores))
  const forms = managers.map((m) => (m.scores.length >= MIN_SCORES ? formOf(m.scores) : league))
  const left = options.gameweeksLeft
  const rootLeft = Math.sqrt(left)
  // Each alive manager's final total as the model sees it: a normal of this mean and spread.
  const finish = (i: number): Finish => {
    const form = forms[i] as Form
    return { mean: (managers[i]?.points ?? 0) + left * form.mean, spread: rootLeft * form.spread }
  }
  const simulated = likelyWinners(contenders, finish)
  const random = seededRandom(options.seed)
  const runs = options.runs ?? RACE_RUNS
  const totals = new Float64Array(simulated.length)
  for (let run = 0; run < runs; run++) {
    let best = Number.NEGATIVE_INFINITY
    let ties = 0
    simulated.forEach((i, k) => {
      const form = forms[i] as Form
      // The gameweeks left drawn at once: a sum of independent normal weeks is normal, with n times
      // the mean and √n times the spread (26 times cheaper early in a season than week by week).
      const total = (managers[i]?.points ?? 0) + Math.round(left * form.mean + rootLeft * form.spread * normal(random))
      totals[k] = total
      if (total > best) {
        best = total
        ties = 1
      } else if (total === best) ties++
    })
    simulated.forEach((i, k) => {
      if (totals[k] === best) wins[i] = (wins[i] ?? 0) + 1 / ties
    })
  }
  for (const i of simulated) wins[i] = (wins[i] ?? 0) / runs
  shareAmongEquals(simulated, wins, (i) => `${managers[i]?.points}:${forms[i]?.mean}:${forms[i]?.spread}`)
  // Alive but never first in the runs: his chance is real but below what they resolve. The
  // model's own chance (his total above every simulated one) takes its place, and the others
  // give up that much so the chances still sum to 1.
  const unseen = contenders.filter((i) => wins[i] === 0)
  if (unseen.length > 0) {
    const tails = tailChances(unseen, simulated, finish)
    const rest = 1 - tails.reduce((a, b) => a + b, 0)
    for (const i of simulated) wins[i] = (wins[i] ?? 0) * rest
    unseen.forEach((i, k) => {
      wins[i] = tails[k] ?? Number.MIN_VALUE
    })
  }
  return Array.from(wins)
}

/**
 * Equal situations, equal chances: managers with the same points and the same form differ in the
 * runs only by the luck of the draw, so each gets the average of their group's wins.
 */
function shareAmongEquals(simulated: readonly number[], wins: Float64Array, keyOf: (i: number) => string) {
  const groups = new Map<string, number[]>()
  for (const i of simulated) {
    const key = keyOf(i)
    const group = groups.get(key)
    if (group) group.push(i)
    else groups.set(key, [i])
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue
    const share = group.reduce((a, i) => a + (wins[i] ?? 0), 0) / group.length
    for (const i of group) wins[i] = share
  }
}

interface Finish {
  mean: number
  spread: number
}

/**
 * The alive managers worth simulating: those whose expected finish is within four combined
 * spreads of the best expected finish (further back, the chance is below 1 in 30,000, less than
 * one of the 10,000 runs), and at most the 100 best expected, never splitting managers with the
 * same expected finish and spread. The others get the model's chance without a simulation
 * (`tailChances`): a big league early in a race is thousands of managers, and the runs cost grows
 * with each one simulated (decision 130).
 */
function likelyWinners(contenders: readonly number[], finishOf: (i: number) => Finish): number[] {
  const expected = contenders.map((i) => ({ i, ...finishOf(i) }))
  const best = expected.reduce((a, b) => (b.mean > a.mean ? b : a))
  const likely = expected
    .filter((e) => best.mean - e.mean <= NEGLIGIBLE_Z * Math.hypot(e.spread, best.spread))
    .sort((a, b) => b.mean - a.mean || b.spread - a.spread || a.i - b.i)
  let count = Math.min(MAX_SIMULATED, likely.length)
  const last = likely[count - 1]
  while (last && count < likely.length && likely[count]?.mean === last.mean && likely[count]?.spread === last.spread) count++
  return likely.slice(0, count).map((e) => e.i)
}

/**
 * The model's chance that each of `unseen` finishes above every simulated manager (himself
 * aside): the integral of his finish's density times the chance that each rival finishes below
 * it, on a grid of half the narrowest spread (exact to far below what is shown), in logarithms so
 * that a chance of 1e-40 is still a chance. Never 0: a manager still alive can still win, however
 * unlikely. The integrand is log-concave (a normal density times normal distribution functions),
 * so each sum starts 12 of his spreads under his expected finish and stops once past its peak.
 */
function tailChances(unseen: readonly number[], simulated: readonly number[], finishOf: (i: number) => Finish): number[] {
  const rivals = simulated.map(finishOf)
  const all = [...rivals, ...unseen.map(finishOf)]
  const favourite = rivals.reduce((a, b) => (b.mean > a.mean ? b : a))
  const step = Math.min(...all.map((f) => f.spread)) / 2
  // Below 40 spreads under the favourite's expected finish he is never beaten (e^-800); above 12
  // spreads over anyone's, nobody's total is.
  const from = favourite.mean - 40 * favourite.spread
  const points = Math.max(2, Math.ceil((Math.max(...all.map((f) => f.mean + 12 * f.spread)) - from) / step) + 1)
  const belowAll = new Float64Array(points)
  for (let p = 0; p < points; p++) {
    const x = from + p * step
    let sum = 0
    for (const r of rivals) sum += logPhi((x - r.mean) / r.spread)
    belowAll[p] = sum
  }
  const simulatedSet = new Set(simulated)
  return unseen.map((i, k) => {
    const f = all[rivals.length + k] as Finish
    const own = simulatedSet.has(i)
    const logStep = Math.log(step / f.spread) - 0.5 * Math.log(2 * Math.PI)
    let peak = Number.NEGATIVE_INFINITY
    let sum = 0
    for (let p = Math.max(0, Math.floor((f.mean - 12 * f.spread - from) / step)); p < points; p++) {
      const z = (from + p * step - f.mean) / f.spread
      const term = logStep - 0.5 * z * z + (belowAll[p] ?? 0) - (own ? logPhi(z) : 0)
      if (term > peak) {
        sum = sum * Math.exp(peak - term) + 1
        peak = term
      } else {
        sum += Math.exp(term - peak)
        if (term < peak - 50) break
      }
    }
    const chance = Math.exp(peak + Math.log(sum))
    return Number.isFinite(chance) && chance > 0 ? Math.min(chance, 1) : Number.MIN_VALUE
  })
}

/** erfcc's polynomial in t, highest power first. */
const ERFC_COEFFICIENTS = [0.17087277, -0.82215223, 1.48851587, -1.13520398, 0.27886807, -0.18628806, 0.09678418, 0.37409196, 1.00002368, -1.26551223]

/** log Φ(z), the standard normal's cumulative chance, without underflow far in the lower tail. */
function logPhi(z: number): number {
  const x = Math.abs(z) / Math.SQRT2
  // erfc(x) = t·e^(-x² + poly(t)), fractional error below 1.2e-7 (Numerical Recipes' erfcc).
  const t = 1 / (1 + 0.5 * x)
  let poly = 0
  for (const c of ERFC_COEFFICIENTS) poly = c + t * poly
  const logErfc = Math.log(t) - x * x + poly
  return z < 0 ? Math.log(0.5) + logErfc : Math.log1p(-0.5 * Math.exp(logErfc))
}

interface Form {
  mean: number
  spread: number
}

function formOf(scores: readonly number[]): Form {
  if (scores.length === 0) return { mean: 50, spread: MIN_SPREAD * 2 }
  const mean = scores.reduce((a, b) => a + b, 0) / scores.length
  const variance = scores.reduce((a, s) => a + (s - mean) ** 2, 0) / scores.length
  return { mean, spread: Math.max(MIN_SPREAD, Math.sqrt(variance)) }
}

/** A standard normal draw (Box-Muller). */
function normal(random: () => number): number {
  const u = 1 - random()
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random())
}

/** mulberry32 seeded from the FNV-1a hash of the seed text: the same snapshot, the same chances. */
function seededRandom(seed: string): () => number {
  let state = 0x811c9dc5
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 0x01000193)
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** "Tom needs 31 more than Priya over GW 14-15" (to pass him; level on points is a tie). */
export function catchUpText(
  chaser: Pick<RaceRow, 'player_name' | 'points'>,
  leader: Pick<RaceRow, 'player_name' | 'points'>,
  firstGameweek: number,
  lastGameweek: number,
): string {
  const needed = leader.points - chaser.points + 1
  const span = firstGameweek === lastGameweek ? `GW ${firstGameweek}` : `GW ${firstGameweek}-${lastGameweek}`
  return `${chaser.player_name} needs ${needed} more than ${leader.player_name} over ${span}`
}
