/**
 * The league's matchday insight, pure: effective ownership in this league, one manager against
 * one rival, and the league's gameweek at a glance, from the same poll (`LiveGameweek`) and
 * picks as the live table. No I/O, no clock.
 *
 * Every manager's multipliers are team.ts's (`scoreSheet`: the subs, the armband, Bench Boost),
 * never worked out again here; `autoSubs: false` scores the sheets FPL has not processed as
 * picked (team.ts). EO = Σ of a player's multipliers over the managers whose picks are known /
 * their number × 100, so a Triple Captain counts 3 and a bench player under Bench Boost 1.
 *
 * Cost (decision 141: the hub computes what it serves once per feed generation): `leagueInsight`
 * scores every manager once (as a fresh live table does: 15 lookups, the sub pass and a sum each)
 * and adds his 15 multipliers into arrays by player id, O(managers × 15); `leagueOwnership` and
 * `leagueGlance` then walk the players owned (a few hundred) and the managers' picks once more,
 * O(managers × 15 + players log players); a viewer's `ownershipWorth` and `battle` read 15 and 30
 * picks, O(1) in the league's size (`rivalOf` one scan of the table's order). Nothing here is
 * per request but those last two.
 */
import type {
  LiveBattle,
  LiveBattleArmband,
  LiveBattleSide,
  LiveBlank,
  LiveCaptainShare,
  LiveChipPlayed,
  LiveCommonPlayer,
  LiveDifferential,
  LiveDifferentialHaul,
  LiveGlance,
  LiveInsightBase,
  LiveInsightManager,
  LiveInsightPlayer,
  LiveOwnedPlayer,
  LiveOwnership,
  LiveOwnershipWorth,
  LivePlayerWorth,
  LiveTransferGain,
  LiveTransfersGlance,
} from '../../../contract/live-insight'
import type { ElementLive, LiveGameweek } from './gameweek'
import type { LiveManager } from './table'
import { type Scored, scoreSheet } from './team'

/** What the insight reads of a manager: the live table's `LiveManager`. */
type InsightManager = Pick<LiveManager, 'fpl_team_id' | 'team_name' | 'player_name' | 'previous_total' | 'sheet' | 'loading'>

/** One manager whose picks are known, scored. */
interface Team extends Scored {
  manager: LiveInsightManager
  live_total: number
}

/** The league scored once per feed generation: what every view below reads. */
export interface LeagueInsight {
  gw: LiveGameweek
  autoSubs: boolean
  /** The managers whose picks are known, in the order given (the table's stored order). */
  teams: Team[]
  byEntry: Map<number, Team>
  /** By player id: managers with him in their 15, counting him, captaining him ×2, ×3, and Σ of his multipliers. */
  owners: Int32Array
  starters: Int32Array
  captains: Int32Array
  triples: Int32Array
  multiplierSum: Int32Array
  /** The players owned, once each. */
  players: ElementLive[]
  /** Σ over the managers of live points before hits. */
  gross: number
}

/** Managers named in a list of the glance. */
const NAMED = 10
/** Players listed among the blanks, and transfers among the best and the worst. */
const SHOWN = 5

/** One decimal; `|| 0` so a −0 (0 points × a negative share) reads 0. */
const round1 = (x: number): number => Math.round(x * 10) / 10 || 0

/** Scores every manager whose picks are known (loading and teamless managers are left out of every figure). */
export function leagueInsight(gw: LiveGameweek, managers: readonly InsightManager[], { autoSubs = true } = {}): LeagueInsight {
  const teams: Team[] = []
  const byEntry = new Map<number, Team>()
  let size = 1
  let gross = 0
  for (const m of managers) {
    if (!m.sheet || m.loading) continue
    const scored = scoreSheet(gw, m.sheet, { autoSubs })
    const team: Team = {
      ...scored,
      manager: { fpl_team_id: m.fpl_team_id, team_name: m.team_name, player_name: m.player_name },
      live_total: m.previous_total + scored.summary.live_points,
    }
    teams.push(team)
    byEntry.set(m.fpl_team_id, team)
    gross += scored.summary.live_points + scored.summary.transfers_cost
    for (const p of scored.sheet) if (p.element >= size) size = p.element + 1
  }
  const owners = new Int32Array(size)
  const starters = new Int32Array(size)
  const captains = new Int32Array(size)
  const triples = new Int32Array(size)
  const multiplierSum = new Int32Array(size)
  const players: ElementLive[] = []
  for (const team of teams) {
    for (let i = 0; i < team.sheet.length; i++) {
      const line = team.lines[i] as ElementLive
      const id = line.id
      const multiplier = team.multipliers[i] ?? 0
      if (owners[id] === 0) players.push(line)
      add(owners, id, 1)
      if (multiplier >= 1) add(starters, id, 1)
      if (multiplier === 2) add(captains, id, 1)
      if (multiplier === 3) add(triples, id, 1)
      add(multiplierSum, id, multiplier)
    }
  }
  return { gw, autoSubs, teams, byEntry, owners, starters, captains, triples, multiplierSum, players, gross }
}

function add(counts: Int32Array, id: number, n: number): void {
  counts[id] = (counts[id] ?? 0) + n
}

function base(insight: LeagueInsight): LiveInsightBase {
  return { gameweek: insight.gw.gameweek, auto_subs: insight.autoSubs, managers: insight.teams.length }
}

function player(gw: LiveGameweek, line: ElementLive): LiveInsightPlayer {
  return { element: line.id, name: line.name, club: gw.clubName(line.team), element_type: line.type, points: line.points, fixture_state: line.state }
}

/** A player's EO as a fraction (Σ multipliers / managers: 0 to 3). */
const eoOf = (insight: LeagueInsight, id: number): number => (insight.teams.length === 0 ? 0 : (insight.multiplierSum[id] ?? 0) / insight.teams.length)

/** Share of the managers, % with one decimal. */
const percentOf = (insight: LeagueInsight, count: number): number => (insight.teams.length === 0 ? 0 : round1((count / insight.teams.length) * 100))

/** Every player owned in the league, by EO, then live points. */
export function leagueOwnership(insight: LeagueInsight): LiveOwnership {
  const byEo = [...insight.players].sort(
    (a, b) => (insight.multiplierSum[b.id] ?? 0) - (insight.multiplierSum[a.id] ?? 0) || b.points - a.points || a.id - b.id,
  )
  const n = insight.teams.length
  return {
    ...base(insight),
    average_points: n === 0 ? 0 : round1(insight.gross / n),
    players: byEo.map(
      (line): LiveOwnedPlayer => ({
        ...player(insight.gw, line),
        owners: insight.owners[line.id] ?? 0,
        starters: insight.starters[line.id] ?? 0,
        captains: insight.captains[line.id] ?? 0,
        triple_captains: insight.triples[line.id] ?? 0,
        eo: round1(eoOf(insight, line.id) * 100),
        projected_bonus: line.projectedBonus,
      }),
    ),
  }
}

/** A manager's 15 against the league, and his gain against its average; null when his picks are not known. */
export function ownershipWorth(insight: LeagueInsight, entry: number): LiveOwnershipWorth | null {
  const team = insight.byEntry.get(entry)
  if (!team) return null
  const picks = team.lines.map((line, i): LivePlayerWorth => {
    const multiplier = team.multipliers[i] ?? 0
    const eo = eoOf(insight, line.id)
    return { ...player(insight.gw, line), multiplier, eo: round1(eo * 100), worth: round1(line.points * (multiplier - eo)) }
  })
  const gain = team.summary.live_points + team.summary.transfers_cost - insight.gross / insight.teams.length
  return { fpl_team_id: entry, picks: picks.sort((a, b) => b.worth - a.worth), gain: round1(gain) }
}

/**
 * The rival a battle opens on: the nearest manager above `entry` in the live table's `order`
 * (entry ids by live rank) whose picks are known, or below him when nobody above is; null when
 * `entry` is not in the table or nobody else has picks.
 */
export function rivalOf(insight: LeagueInsight, order: readonly number[], entry: number): number | null {
  const at = order.indexOf(entry)
  if (at < 0) return null
  for (let i = at - 1; i >= 0; i--) if (insight.byEntry.has(order[i] as number)) return order[i] as number
  for (let i = at + 1; i < order.length; i++) if (insight.byEntry.has(order[i] as number)) return order[i] as number
  return null
}

/**
 * The viewer against one rival: a player both count with the same multiplier cancels out; any
 * other difference of multipliers (only one has him, one captains him, one benches him) is a
 * differential of the side with the bigger one, worth his points × the difference. Null when
 * either's picks are not known or they are the same manager.
 */
export function battle(insight: LeagueInsight, viewer: number, rival: number): LiveBattle | null {
  const v = insight.byEntry.get(viewer)
  const r = insight.byEntry.get(rival)
  if (!v || !r || v === r) return null
  const theirs = new Map<number, number>()
  r.lines.forEach((line, i) => {
    theirs.set(line.id, r.multipliers[i] ?? 0)
  })
  const mine: LiveDifferential[] = []
  const others: LiveDifferential[] = []
  const common: LiveCommonPlayer[] = []
  const differential = (line: ElementLive, multiplier: number, shared: boolean): LiveDifferential => ({
    ...player(insight.gw, line),
    multiplier,
    shared,
    worth: line.points * multiplier,
  })
  v.lines.forEach((line, i) => {
    const m = v.multipliers[i] ?? 0
    const other = theirs.get(line.id)
    theirs.delete(line.id)
    const difference = m - (other ?? 0)
    if (difference > 0) mine.push(differential(line, difference, other !== undefined))
    else if (difference < 0) others.push(differential(line, -difference, true))
    else if (m > 0) common.push({ element: line.id, name: line.name, multiplier: m, points: line.points })
  })
  r.lines.forEach((line, i) => {
    const m = r.multipliers[i] ?? 0
    if (theirs.has(line.id) && m > 0) others.push(differential(line, m, false))
  })
  const viewerArmband = armbandOf(v)
  const rivalArmband = armbandOf(r)
  const extra = (a: LiveBattleArmband | null) => (a ? a.points * (a.multiplier - 1) : 0)
  return {
    ...base(insight),
    viewer: side(v, mine),
    rival: side(r, others),
    captaincy: { viewer: viewerArmband, rival: rivalArmband, points: extra(viewerArmband) - extra(rivalArmband) },
    live_gap: v.summary.live_points - r.summary.live_points,
    total_gap: v.live_total - r.live_total,
    common,
  }
}

function side(team: Team, differentials: LiveDifferential[]): LiveBattleSide {
  differentials.sort((a, b) => b.worth - a.worth || b.points - a.points || a.element - b.element)
  let left = 0
  team.lines.forEach((line, i) => {
    if ((team.multipliers[i] ?? 0) > 0 && !line.done) left++
  })
  return {
    ...team.manager,
    live_points: team.summary.live_points,
    live_total: team.live_total,
    transfers_cost: team.summary.transfers_cost,
    active_chip: team.summary.active_chip,
    differentials,
    differential_points: differentials.reduce((sum, d) => sum + d.worth, 0),
    left_to_play: left,
    differentials_to_play: differentials.filter((d) => d.fixture_state === 'not_started' || d.fixture_state === 'in_play').map((d) => d.element),
  }
}

function armbandOf(team: Team): LiveBattleArmband | null {
  const i = team.lines.findIndex((line) => line.id === team.summary.armband_element)
  const line = team.lines[i]
  return line ? { element: line.id, name: line.name, multiplier: team.multipliers[i] ?? 0, points: line.points } : null
}

/** The gameweek's transfers of each manager (FPL's `entry/{id}/transfers/` rows of the gameweek), by entry id. */
type GameweekTransfers = ReadonlyMap<number, ReadonlyArray<{ element_in: number; element_out: number }>>

/** The league's gameweek at a glance: armbands, chips, blanks, the biggest differential haul and, when read, the transfers' gain. */
export function leagueGlance(insight: LeagueInsight, { transfers }: { transfers?: GameweekTransfers } = {}): LiveGlance {
  return {
    ...base(insight),
    captaincy: captaincySplit(insight),
    chips: chipsPlayed(insight),
    blanks: blanks(insight),
    differential: differentialHaul(insight),
    transfers: transfers ? transfersGlance(insight, transfers) : null,
  }
}

function captaincySplit(insight: LeagueInsight): LiveCaptainShare[] {
  // Keyed by the holder's id, 0 for nobody (FPL's ids start at 1).
  const shares = new Map<number, { managers: number; triple: number }>()
  for (const team of insight.teams) {
    const holder = team.summary.armband_element ?? 0
    const share = shares.get(holder) ?? { managers: 0, triple: 0 }
    share.managers++
    if (holder !== 0 && team.summary.active_chip === '3xc') share.triple++
    shares.set(holder, share)
  }
  return [...shares]
    .map(([id, { managers, triple }]): LiveCaptainShare => {
      const line = id === 0 ? null : insight.gw.element(id)
      return { element: line?.id ?? null, name: line?.name ?? null, managers, percent: percentOf(insight, managers), triple, points: line?.points ?? 0 }
    })
    .sort((a, b) => b.managers - a.managers || (a.element ?? Number.MAX_SAFE_INTEGER) - (b.element ?? Number.MAX_SAFE_INTEGER))
}

function chipsPlayed(insight: LeagueInsight): LiveChipPlayed[] {
  const chips = new Map<string, LiveInsightManager[]>()
  for (const team of insight.teams) {
    const chip = team.summary.active_chip
    if (!chip) continue
    const managers = chips.get(chip)
    if (managers) managers.push(team.manager)
    else chips.set(chip, [team.manager])
  }
  return [...chips]
    .map(([chip, managers]) => ({ chip, managers: managers.length, percent: percentOf(insight, managers.length), named: managers.slice(0, NAMED) }))
    .sort((a, b) => b.managers - a.managers || a.chip.localeCompare(b.chip))
}

function blanks(insight: LeagueInsight): LiveBlank[] {
  return insight.players
    .filter((line) => line.state === 'finished' && line.points <= 2)
    .sort(
      (a, b) =>
        (insight.owners[b.id] ?? 0) - (insight.owners[a.id] ?? 0) || (insight.multiplierSum[b.id] ?? 0) - (insight.multiplierSum[a.id] ?? 0) || a.id - b.id,
    )
    .slice(0, SHOWN)
    .map((line) => ({
      ...player(insight.gw, line),
      owners: insight.owners[line.id] ?? 0,
      percent: percentOf(insight, insight.owners[line.id] ?? 0),
      starters: insight.starters[line.id] ?? 0,
      eo: round1(eoOf(insight, line.id) * 100),
    }))
}

function differentialHaul(insight: LeagueInsight): LiveDifferentialHaul | null {
  const n = insight.teams.length
  // At most 20 % of the managers own him; in a league under 5 that would be nobody, so one manager.
  const few = (owners: number) => (n < 5 ? owners === 1 : owners * 5 <= n)
  let best: ElementLive | null = null
  let multiplier = 0
  for (const team of insight.teams) {
    for (let i = 0; i < team.lines.length; i++) {
      const line = team.lines[i] as ElementLive
      const m = team.multipliers[i] ?? 0
      if (m === 0 || !few(insight.owners[line.id] ?? 0)) continue
      const haul = line.points * m
      const top = best ? best.points * multiplier : 0
      if (haul > top || (best && haul === top && line.id < best.id)) {
        best = line
        multiplier = m
      }
    }
  }
  // Only a haul above 0 is ever kept (`top` starts at 0).
  const line: ElementLive | null = best
  if (!line) return null
  const named: LiveDifferentialHaul['named'] = []
  for (const team of insight.teams) {
    const i = team.lines.findIndex((l) => l.id === line.id)
    if (i >= 0) named.push({ ...team.manager, multiplier: team.multipliers[i] ?? 0 })
  }
  named.sort((a, b) => b.multiplier - a.multiplier)
  return {
    ...player(insight.gw, line),
    multiplier,
    haul: line.points * multiplier,
    owners: insight.owners[line.id] ?? 0,
    named: named.slice(0, NAMED),
  }
}

function transfersGlance(insight: LeagueInsight, transfers: GameweekTransfers): LiveTransfersGlance {
  const gains: LiveTransferGain[] = []
  let hits = 0
  let hit_points = 0
  for (const team of insight.teams) {
    const made = transfers.get(team.manager.fpl_team_id)
    if (!made || made.length === 0) continue
    const hit = team.summary.transfers_cost
    if (hit > 0) hits++
    hit_points += hit
    let points_in = 0
    let points_out = 0
    const list = made.map(({ element_in, element_out }) => {
      const into = insight.gw.element(element_in)
      const out = insight.gw.element(element_out)
      points_in += into.points
      points_out += out.points
      return { element_in, name_in: into.name, points_in: into.points, element_out, name_out: out.name, points_out: out.points }
    })
    gains.push({ ...team.manager, transfers: list, points_in, points_out, hit, gain: points_in - points_out - hit })
  }
  gains.sort((a, b) => b.gain - a.gain)
  return { managers: gains.length, hits, hit_points, best: gains.slice(0, SHOWN), worst: gains.slice(SHOWN).slice(-SHOWN).reverse() }
}
