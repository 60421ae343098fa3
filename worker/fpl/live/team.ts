/**
 * One manager's live gameweek from his picks and the poll's player lines. Pure.
 *
 * live points = Σ over the players who count (the eleven after automatic substitutions, all 15
 * under Bench Boost) of live points (projected bonus included) × multiplier − the gameweek's
 * `entry_history.event_transfers_cost`. The subs are FPL's once it has published
 * `automatic_subs` (its `picks` are then already the sheet after them), otherwise projected
 * (autosubs.ts, pending subs included); Bench Boost makes none. Multipliers are worked out here,
 * not read from the picks: 1 for a player who counts, 0 on the bench, the armband's
 * (captaincy.ts) for its holder. "Played" is FPL's: a minute or a card (ElementLive.played).
 *
 * The table scores every manager of every tournament on each poll, so `scoreSheet` works on
 * index-aligned arrays and allocates little; the 15 per-pick objects of the team view are built
 * only by `liveTeam`, never for the table. The league insight (insight.ts) reads the same arrays.
 *
 * With `autoSubs: false` (the screens' switch for projected automatic substitutions) a sheet FPL
 * has not processed is scored as picked: the eleven as picked and the armband on the picked
 * captain, since FPL moves neither before the end of the gameweek. A processed sheet is FPL's and
 * scores the same either way.
 */
import type { LiveCaptain, LivePendingSub, LivePickFixture, LivePointLine, LiveTeamPick, LiveViceCaptain } from '../../../contract/live'
import type { FplHistoryRow, FplPicks } from '../schemas'
import { captainMultiplier } from '../stats/points'
import { type AutoSub, positionsAfterSubs, projectAutoSubs } from './autosubs'
import { armband } from './captaincy'
import { type ElementLive, type LiveGameweek, matchState } from './gameweek'

/** The parts of an `entry/{id}/event/{gw}/picks/` answer the live points read. */
export type LiveSheet = Pick<FplPicks, 'active_chip' | 'automatic_subs' | 'picks'> & {
  entry_history: Pick<FplHistoryRow, 'event_transfers_cost'>
}

/** A manager's live gameweek as a `/live` row shows it. */
export interface LiveSummary {
  /** Net of the transfer cost, projected bonus included. */
  live_points: number
  /** Σ projected bonus × multiplier over the players who count (already inside live_points). */
  projected_bonus: number
  transfers_cost: number
  active_chip: string | null
  /** The picked captain; `multiplier` is the one he scores with now (1 or 0 once the vice took over). */
  captain: LiveCaptain | null
  vice_captain: LiveViceCaptain | null
  auto_subs: AutoSub[]
  /** Projected subs that wait on a bench player still to play (none once FPL has made its subs). */
  pending_subs: LivePendingSub[]
  /** Players who count and have played / who count, have not played and still have a match to come. */
  players_played: number
  players_to_play: number
  /**
   * Ours, for the live banter (decision 114): live points of the players who do not count after
   * the subs (FPL's `points_on_bench`; 0 under Bench Boost, where everyone counts).
   */
  bench_points: number
  /** Live points of the players coming on in `auto_subs` (FPL's or projected), before any multiplier. */
  auto_sub_points: number
  /** Who carries the armband now (the captain, or the vice once he took over); null when nobody does. */
  armband_element: number | null
  /** The armband's live points, multiplier applied (0 when nobody carries it). */
  armband_points: number
  /** Whether the armband's holder has played (a captain whose match is still to come has not). */
  armband_played: boolean
}

/** The team view: the summary and the 15 picks in position order. */
export interface LiveTeam extends LiveSummary {
  picks: LiveTeamPick[]
}

/** A scored sheet: `sheet` in position order, `lines[i]` and `multipliers[i]` those of `sheet[i]`. */
export interface Scored {
  summary: LiveSummary
  sheet: LiveSheet['picks']
  lines: ElementLive[]
  multipliers: number[]
}

export interface ScoreOptions {
  /** Project automatic substitutions and the vice's armband (default); false scores an unprocessed sheet as picked. */
  autoSubs?: boolean
}

export function scoreSheet(gw: LiveGameweek, input: LiveSheet, { autoSubs = true }: ScoreOptions = {}): Scored {
  const sheet = inPositionOrder(input.picks)
  const lines = new Array<ElementLive>(sheet.length)
  // Bit i: sheet[i] counts (a starter not subbed out, or a sub who came in; everyone under Bench Boost).
  let counting = 0
  let captain = -1
  let vice = -1
  const benchBoost = input.active_chip === 'bboost'
  for (let i = 0; i < sheet.length; i++) {
    const p = sheet[i] as LiveSheet['picks'][number]
    lines[i] = gw.element(p.element, p.element_type)
    if (benchBoost || p.position <= 11) counting |= 1 << i
    if (captain < 0 && p.is_captain) captain = i
    if (vice < 0 && p.is_vice_captain) vice = i
  }
  const processed = input.automatic_subs.length > 0
  const asPicked = !autoSubs && !processed
  const { subs: auto_subs, pending: pending_subs } =
    benchBoost || asPicked
      ? { subs: [], pending: [] }
      : processed
        ? { subs: input.automatic_subs.map((s) => ({ out: s.element_out, in: s.element_in })), pending: [] }
        : projectAutoSubs(sheet, lines)
  if (!processed) {
    for (const sub of auto_subs) {
      counting &= ~(1 << sheet.findIndex((p) => p.element === sub.out))
      counting |= 1 << sheet.findIndex((p) => p.element === sub.in)
    }
  }
  const counts = (i: number) => (counting & (1 << i)) !== 0
  const { holder, multiplier: armbandMultiplier } = asPicked
    ? { holder: captain < 0 ? null : captain, multiplier: captainMultiplier(input) }
    : armband({ captain, vice, chip: input.active_chip }, (i) => lines[i], counts)

  let gross = 0
  let projected_bonus = 0
  let players_played = 0
  let players_to_play = 0
  let bench_points = 0
  const multipliers = new Array<number>(lines.length)
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as ElementLive
    const multiplier = !counts(i) ? 0 : i === holder ? armbandMultiplier : 1
    gross += line.points * multiplier
    projected_bonus += line.projectedBonus * multiplier
    if (multiplier > 0 && line.played) players_played++
    if (multiplier > 0 && !line.played && !line.done) players_to_play++
    if (multiplier === 0) bench_points += line.points
    multipliers[i] = multiplier
  }
  let auto_sub_points = 0
  for (const sub of auto_subs) auto_sub_points += lines[sheet.findIndex((p) => p.element === sub.in)]?.points ?? 0
  const held = holder === null ? undefined : lines[holder]

  const transfers_cost = input.entry_history.event_transfers_cost
  const c = lines[captain]
  const v = lines[vice]
  return {
    summary: {
      live_points: gross - transfers_cost,
      projected_bonus,
      transfers_cost,
      active_chip: input.active_chip,
      captain: c ? { element: c.id, name: c.name, points: c.points, multiplier: multipliers[captain] ?? 0, played: c.played } : null,
      vice_captain: v ? { element: v.id, name: v.name, played: v.played } : null,
      auto_subs,
      pending_subs,
      players_played,
      players_to_play,
      bench_points,
      auto_sub_points,
      armband_element: held ? held.id : null,
      armband_points: held ? held.points * armbandMultiplier : 0,
      armband_played: held ? held.played : false,
    },
    sheet,
    lines,
    multipliers,
  }
}

/** FPL sends picks in position order; sort only a sheet that is not. */
function inPositionOrder(picks: LiveSheet['picks']): LiveSheet['picks'] {
  let position = Number.NEGATIVE_INFINITY
  for (const p of picks) {
    if (p.position <= position) return [...picks].sort((a, b) => a.position - b.position)
    position = p.position
  }
  return picks
}

/** A manager's `/live` row numbers, without the per-pick view. */
export function liveSummary(gw: LiveGameweek, sheet: LiveSheet): LiveSummary {
  return scoreSheet(gw, sheet).summary
}

/** The team view (`/live/{fpl_team_id}`): the summary and the 15 picks in position order after the subs. */
export function liveTeam(gw: LiveGameweek, sheet: LiveSheet): LiveTeam {
  const scored = scoreSheet(gw, sheet)
  const { auto_subs, pending_subs } = scored.summary
  const projected = sheet.automatic_subs.length === 0 && auto_subs.length > 0
  const positions = projected ? positionsAfterSubs(scored.sheet, scored.lines, auto_subs) : scored.sheet.map((p) => p.position)
  const subbedIn = new Set(auto_subs.map((s) => s.in))
  const subbedOut = new Set(auto_subs.map((s) => s.out))
  const pending = new Set(pending_subs.flatMap((s) => [s.out, s.waiting_for]))
  const picks = scored.sheet.map((p, i): LiveTeamPick => {
    const line = scored.lines[i] ?? gw.element(p.element, p.element_type)
    return {
      element: p.element,
      name: line.name,
      position: positions[i] ?? p.position,
      element_type: line.type,
      multiplier: scored.multipliers[i] ?? 0,
      minutes: line.minutes,
      played: line.played,
      points: line.points,
      projected_bonus: line.projectedBonus,
      fixture_state: line.state,
      fixtures: pickFixtures(gw, line.team),
      breakdown: breakdown(gw, p.element),
      sub_pending: pending.has(p.element),
      is_captain: p.is_captain,
      is_vice_captain: p.is_vice_captain,
      subbed_in: subbedIn.has(p.element),
      subbed_out: subbedOut.has(p.element),
    }
  })
  return { ...scored.summary, picks: picks.sort((a, b) => a.position - b.position) }
}

/** His club's fixtures as the team view shows them: the opponent, home or away, kick-off, state and minute. */
function pickFixtures(gw: LiveGameweek, team: number): LivePickFixture[] {
  return gw.clubFixtures(team).map((f) => {
    const home = f.team_h === team
    return {
      fixture: f.id,
      opponent: gw.clubName(home ? f.team_a : f.team_h),
      home,
      kickoff_time: f.kickoff_time,
      state: matchState(f),
      minutes: f.minutes ?? 0,
    }
  })
}

/** His point lines summed over his fixtures by identifier, in FPL's order (bonus not yet in FPL's points under "bonus"). */
function breakdown(gw: LiveGameweek, element: number): LivePointLine[] {
  const lines = new Map<string, LivePointLine>()
  for (const { identifier, value, points } of gw.pointLines(element)) {
    const line = lines.get(identifier)
    if (line) {
      line.value += value
      line.points += points
    } else lines.set(identifier, { identifier, value, points })
  }
  return [...lines.values()]
}
