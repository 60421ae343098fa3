/**
 * The race for a month or the season (issue 16, Race Centre): each manager's gap to the leader,
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

/** At least this many simulated finishes per race (issue 16). */
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
 * ties share the win. Managers who are out have no chance.
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
  const formOfManager = (i: number) => {
    const scores = managers[i]?.scores ?? []
    return scores.length >= MIN_SCORES ? formOf(scores) : league
  }
  const simulated = likelyWinners(contenders, (i) => managers[i]?.points ?? 0, formOfManager, options.gameweeksLeft)
  const forms = simulated.map(formOfManager)
  const random = seededRandom(options.seed)
  const runs = options.runs ?? RACE_RUNS
  const totals = new Float64Array(simulated.length)
  const left = options.gameweeksLeft
  const rootLeft = Math.sqrt(left)
  for (let run = 0; run < runs; run++) {
    let best = Number.NEGATIVE_INFINITY
    let ties = 0
    simulated.forEach((i, k) => {
      const form = forms[k] as Form
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
  return Array.from(wins, (w) => w / runs)
}

/**
 * The alive managers worth simulating: those whose expected finish is within four combined
 * spreads of the best expected finish (further back, the chance is below 1 in 30,000, less than
 * one of the 10,000 runs), and at most the 100 best expected. The others stay alive with a
 * chance of 0: a big league early in a race is thousands of managers, and the runs cost grows
 * with each one simulated (decision 130).
 */
function likelyWinners(contenders: readonly number[], pointsOf: (i: number) => number, formOf: (i: number) => Form, gameweeksLeft: number): number[] {
  const expected = contenders.map((i) => {
    const form = formOf(i)
    return { i, finish: pointsOf(i) + gameweeksLeft * form.mean, spread: form.spread * Math.sqrt(gameweeksLeft) }
  })
  const best = expected.reduce((a, b) => (b.finish > a.finish ? b : a))
  return expected
    .filter((e) => best.finish - e.finish <= NEGLIGIBLE_Z * Math.hypot(e.spread, best.spread))
    .sort((a, b) => b.finish - a.finish || a.i - b.i)
    .slice(0, MAX_SIMULATED)
    .map((e) => e.i)
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
