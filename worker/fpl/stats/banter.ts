/**
 * Banter stats for one tournament and one gameweek. Pure: no I/O, no clock, no randomness.
 *
 * Completeness first (research §2.9, "data completeness rule"): every manager must have the GW's
 * history row and picks, otherwise nothing is computed and the caller gets the missing entry ids.
 * `managers` must therefore be the tournament's whole membership.
 *
 * Ties on every stat: the first manager in league order wins, i.e. the better league rank (on
 * history `total_points` at the GW) and then the lower entry id. Transfer Tornado compares the
 * hit points spent before that.
 *
 * Stats that need a positive value to mean anything (auto-subs, transfers, rank climb or drop,
 * differential points, bench points) are null when nobody has one.
 *
 * A gameweek FPL has not checked (still in play, or bonus and tables not confirmed) is computed
 * the same way, but its texts say "so far" and `league_context.provisional` is true (decision 113).
 */

import type { GameweekStatus } from '../../db/schema'
import type { FplHistory, FplHistoryRow, FplLive, FplPicks } from '../schemas'
import { type BanterTexts, CHECKED_TEXTS, SO_FAR_TEXTS } from './banter-texts'
import type { LiveLookup } from './points'
import {
  armbandPicks,
  autoSubPoints,
  captainMultiplier,
  captainPoints,
  hasPlayedBy,
  historyRow,
  leagueRanks,
  liveLookup,
  netPoints,
  playedCaptain,
  populationStdDev,
  rankMap,
  roundTo,
} from './points'
import { rankedAt } from './standings'
import type { ElementInfo } from './text'
import { elementNamer } from './text'

type TournamentType = 'public' | 'curated_public' | 'private'

export interface BanterManager {
  entryId: number
  teamName: string
  playerName: string
  history: FplHistory
  picks: FplPicks | null
}

export interface BanterInput {
  tournament: { name: string; type: TournamentType; totalMembers: number }
  gameweek: number
  /** Where the gameweek stands: anything but `checked` gets the "so far" texts (decision 113). */
  status: GameweekStatus
  managers: readonly BanterManager[]
  live: FplLive
  elements: readonly ElementInfo[]
}

interface BanterCard {
  /** The manager's name (most cards read this). */
  manager: string
  /** The manager's name again (some cards and private tournaments read this). */
  player: string
  /** The FPL team name. */
  team_name: string
  description: string
}

interface PointsCard extends BanterCard {
  points: number
}
interface AutoSubSaviourCard extends BanterCard {
  points_gained: number
  emoji: '🦸'
}
interface TransferTornadoCard extends BanterCard {
  transfers: number
  /** Number of 4-point hits: Σ event_transfers_cost / 4. */
  hits: number
  /** Σ event_transfers_cost. */
  points_spent: number
  emoji: '🌪️'
}
interface CaptainCatastropheCard extends BanterCard {
  points: number
  /** web_name of the pick that carried the armband (the nominal captain when nobody played). */
  captain: string
}
interface ComebackKingCard extends BanterCard {
  improvement: number
}
interface FreefallLegendCard extends BanterCard {
  drop: number
}
interface DifferentialGeniusCard extends BanterCard {
  differential_points: number
}
interface MostConsistentCard extends BanterCard {
  /** Population standard deviation of net GW points, one decimal. */
  metric: number
}
interface RankCard extends BanterCard {
  rank: number
}

interface LeagueContext {
  name: string
  total_members: number
  tournament_type: TournamentType
  gameweek: number
  /** Ours: the gameweek's status when the stats were computed. */
  gameweek_status: GameweekStatus
  /** Ours: true until FPL has checked the gameweek; every text then says "so far" (decision 113). */
  provisional: boolean
}

interface TournamentStats {
  tournament_type: TournamentType
  league_name: string
  total_members: number
}

export interface BanterStats {
  gameweek_rocket: PointsCard | null
  wooden_spoon_warrior: PointsCard | null
  tournament_leader: PointsCard | null
  auto_sub_saviour: AutoSubSaviourCard | null
  transfer_tornado: TransferTornadoCard | null
  captain_catastrophe: CaptainCatastropheCard | null
  comeback_king: ComebackKingCard | null
  freefall_legend: FreefallLegendCard | null
  differential_genius: DifferentialGeniusCard | null
  most_consistent: MostConsistentCard | null
  benched_beast: PointsCard | null
  overall_rank_king: RankCard | null
  league_context: LeagueContext
  tournament_stats: TournamentStats
}

export type BanterResult =
  | { complete: true; stats: BanterStats }
  | {
      complete: false
      /** Entry ids lacking the GW's history row or picks (empty when only the live data is missing). */
      missing: number[]
      reason: 'manager_data' | 'live_data'
    }

/** A player started by fewer than this percentage of the league's managers is a differential. */
const DIFFERENTIAL_PERCENT = 20
/** Most Consistent needs at least this many GWs played. */
const MIN_GAMEWEEKS_FOR_CONSISTENCY = 3

/** Every fact the stats are picked from, per manager. */
interface Facts {
  manager: BanterManager
  picks: FplPicks
  row: FplHistoryRow
  /** Index in league order (rank, then entry id): the tie-break. */
  order: number
  leagueRank: number
  previousRank: number | null
  net: number
  total: number
  captainPoints: number
  autoSubPoints: number
  transfers: number
  transferCost: number
  stdev: number | null
  gameweeksPlayed: number
  benchBoost: boolean
  differentialPoints: number
  differentialPicks: Array<{ element: number; points: number }>
}

/** The best candidate by `compare` (negative = first argument better); ties go to the earlier league order. */
function best<T extends { order: number }>(candidates: readonly T[], compare: (a: T, b: T) => number): T | null {
  let winner: T | null = null
  for (const c of candidates) {
    if (winner === null) {
      winner = c
      continue
    }
    const diff = compare(c, winner)
    if (diff < 0 || (diff === 0 && c.order < winner.order)) winner = c
  }
  return winner
}

function card(f: Facts, description: string): BanterCard {
  return { manager: f.manager.playerName, player: f.manager.playerName, team_name: f.manager.teamName, description }
}

/** Entry ids whose GW history row or picks are missing. */
function missingManagers(managers: readonly BanterManager[], gameweek: number): number[] {
  return managers.filter((m) => historyRow(m.history, gameweek) === undefined || m.picks === null || m.picks.picks.length === 0).map((m) => m.entryId)
}

export function computeBanterStats(input: BanterInput): BanterResult {
  const { tournament, gameweek, managers, elements } = input
  const missing = missingManagers(managers, gameweek)
  if (missing.length > 0) return { complete: false, missing, reason: 'manager_data' }
  if (managers.length > 0 && input.live.elements.length === 0) return { complete: false, missing: [], reason: 'live_data' }

  const live: LiveLookup = liveLookup(input.live)
  const name = elementNamer(elements)
  const leagueName = tournament.name

  // League order now and a GW earlier, both from history total_points (net of hits).
  const ranked = leagueRanks(managers.map((m) => ({ ...rankedAt(m, gameweek), manager: m })))
  const previousRanks = gameweek > 1 ? rankMap(leagueRanks(managers.map((m) => rankedAt(m, gameweek - 1)))) : null

  // How many managers started each element (multiplier > 0 after subs; bench-boosted bench counts).
  const starters = new Map<number, number>()
  for (const m of managers) {
    const started = new Set((m.picks?.picks ?? []).filter((p) => p.multiplier > 0).map((p) => p.element))
    for (const element of started) starters.set(element, (starters.get(element) ?? 0) + 1)
  }
  // Integer comparison (count / N < 20 %  ⇔  count × 100 < 20 × N): 3 of 15 is exactly 20 %, not fewer.
  const isDifferential = (element: number): boolean => (starters.get(element) ?? 0) * 100 < DIFFERENTIAL_PERCENT * managers.length

  const facts: Facts[] = ranked.map(({ manager: m, rank, total }, order) => {
    const picks = m.picks as FplPicks
    const row = historyRow(m.history, gameweek) as FplHistoryRow
    const season = m.history.current.filter((r) => r.event <= gameweek)
    const nets = season.map(netPoints)
    const differentialPicks = picks.picks
      .filter((p) => p.multiplier > 0 && isDifferential(p.element))
      .map((p) => ({ element: p.element, points: (live.get(p.element)?.total_points ?? 0) * p.multiplier }))
    return {
      manager: m,
      picks,
      row,
      order,
      leagueRank: rank,
      previousRank: previousRanks !== null && hasPlayedBy(m.history, gameweek - 1) ? (previousRanks.get(m.entryId) ?? null) : null,
      net: netPoints(row),
      total,
      captainPoints: captainPoints(picks, live),
      autoSubPoints: autoSubPoints(picks, live),
      transfers: season.reduce((a, r) => a + r.event_transfers, 0),
      transferCost: season.reduce((a, r) => a + r.event_transfers_cost, 0),
      stdev: nets.length >= MIN_GAMEWEEKS_FOR_CONSISTENCY ? populationStdDev(nets) : null,
      gameweeksPlayed: nets.length,
      benchBoost: picks.active_chip === 'bboost' || m.history.chips.some((c) => c.event === gameweek && c.name === 'bboost'),
      differentialPoints: differentialPicks.reduce((a, d) => a + d.points, 0),
      differentialPicks,
    }
  })

  const provisional = input.status !== 'checked'
  const texts = provisional ? SO_FAR_TEXTS : CHECKED_TEXTS
  const second = facts[1] ?? null

  // Gameweek Rocket / Wooden Spoon: net GW points.
  const rocket = best(facts, (a, b) => b.net - a.net)
  const spoon = best(facts, (a, b) => a.net - b.net)

  // Tournament leader: first in league order.
  const leader = facts[0] ?? null

  // Auto-Sub Saviour.
  const saviour = best(
    facts.filter((f) => f.autoSubPoints > 0),
    (a, b) => b.autoSubPoints - a.autoSubPoints,
  )

  // Transfer Tornado: most transfers, then more hit points.
  const tornado = best(
    facts.filter((f) => f.transfers > 0),
    (a, b) => b.transfers - a.transfers || b.transferCost - a.transferCost,
  )

  // Captain Catastrophe: lowest armband points.
  const catastrophe = best(
    facts.filter((f) => armbandPicks(f.picks).captain !== null),
    (a, b) => a.captainPoints - b.captainPoints,
  )

  // Comeback King / Freefall Legend: league rank movement this GW.
  const movers = facts.filter((f) => f.previousRank !== null)
  const comeback = best(
    movers.filter((f) => (f.previousRank as number) - f.leagueRank > 0),
    (a, b) => (b.previousRank as number) - b.leagueRank - ((a.previousRank as number) - a.leagueRank),
  )
  const freefall = best(
    movers.filter((f) => f.leagueRank - (f.previousRank as number) > 0),
    (a, b) => b.leagueRank - (b.previousRank as number) - (a.leagueRank - (a.previousRank as number)),
  )

  const differential = best(
    facts.filter((f) => f.differentialPoints > 0),
    (a, b) => b.differentialPoints - a.differentialPoints,
  )

  const consistent = best(
    facts.filter((f) => f.stdev !== null),
    (a, b) => (a.stdev as number) - (b.stdev as number),
  )

  const benched = best(
    facts.filter((f) => !f.benchBoost && f.row.points_on_bench > 0),
    (a, b) => b.row.points_on_bench - a.row.points_on_bench,
  )

  const rankKing = best(
    facts.filter((f) => f.row.overall_rank !== null && f.row.overall_rank > 0),
    (a, b) => (a.row.overall_rank as number) - (b.row.overall_rank as number),
  )

  const gameweekPoints = (f: Facts) => ({ points: f.net, hit: f.row.event_transfers_cost, gameweek, league: leagueName })
  const stats: BanterStats = {
    gameweek_rocket: rocket && { ...card(rocket, texts.rocket(gameweekPoints(rocket))), points: rocket.net },
    wooden_spoon_warrior: spoon && { ...card(spoon, texts.spoon(gameweekPoints(spoon))), points: spoon.net },
    tournament_leader: leader && {
      ...card(
        leader,
        texts.leader({
          total: leader.total,
          league: leagueName,
          gameweek,
          second: second && { name: second.manager.playerName, gap: leader.total - second.total },
        }),
      ),
      points: leader.total,
    },
    auto_sub_saviour: saviour && {
      ...card(
        saviour,
        texts.saviour({
          subs: saviour.picks.automatic_subs.map((s) => `${name(s.element_in)} (${live.get(s.element_in)?.total_points ?? 0})`),
          points: saviour.autoSubPoints,
        }),
      ),
      points_gained: saviour.autoSubPoints,
      emoji: '🦸',
    },
    transfer_tornado: tornado && {
      ...card(tornado, texts.tornado({ transfers: tornado.transfers, cost: tornado.transferCost })),
      transfers: tornado.transfers,
      hits: Math.round(tornado.transferCost / 4),
      points_spent: tornado.transferCost,
      emoji: '🌪️',
    },
    captain_catastrophe: catastrophe && captainCard(catastrophe, live, name, texts),
    comeback_king: comeback && {
      ...card(
        comeback,
        texts.comeback({
          places: (comeback.previousRank as number) - comeback.leagueRank,
          from: comeback.previousRank as number,
          to: comeback.leagueRank,
          gameweek,
        }),
      ),
      improvement: (comeback.previousRank as number) - comeback.leagueRank,
    },
    freefall_legend: freefall && {
      ...card(
        freefall,
        texts.freefall({
          places: freefall.leagueRank - (freefall.previousRank as number),
          from: freefall.previousRank as number,
          to: freefall.leagueRank,
          gameweek,
        }),
      ),
      drop: freefall.leagueRank - (freefall.previousRank as number),
    },
    differential_genius: differential && {
      ...card(differential, texts.differential({ points: differential.differentialPoints, league: leagueName, led: topDifferential(differential, name) })),
      differential_points: differential.differentialPoints,
    },
    most_consistent: consistent && {
      ...card(consistent, texts.consistent({ stdev: roundTo(consistent.stdev as number, 1), gameweeks: consistent.gameweeksPlayed })),
      metric: roundTo(consistent.stdev as number, 1),
    },
    benched_beast: benched && {
      ...card(benched, texts.benched({ points: benched.row.points_on_bench, gameweek })),
      points: benched.row.points_on_bench,
    },
    overall_rank_king: rankKing && {
      ...card(rankKing, texts.rankKing({ rank: rankKing.row.overall_rank as number, league: leagueName, gameweek })),
      rank: rankKing.row.overall_rank as number,
    },
    league_context: {
      name: leagueName,
      total_members: tournament.totalMembers,
      tournament_type: tournament.type,
      gameweek,
      gameweek_status: input.status,
      provisional,
    },
    tournament_stats: { tournament_type: tournament.type, league_name: leagueName, total_members: tournament.totalMembers },
  }
  return { complete: true, stats }
}

function captainCard(f: Facts, live: LiveLookup, name: (id: number) => string, texts: BanterTexts): CaptainCatastropheCard {
  const { captain, vice } = armbandPicks(f.picks)
  const played = playedCaptain(f.picks, live)
  const points = f.captainPoints
  const base = captain ? name(captain.element) : 'nobody'
  const description =
    played === null
      ? texts.captain({ kind: 'nobody', captain: base, vice: vice ? name(vice.element) : null })
      : captain && played.element !== captain.element
        ? texts.captain({ kind: 'passed', captain: base, carrier: name(played.element), points })
        : texts.captain({ kind: captainMultiplier(f.picks) === 3 ? 'triple' : 'captain', carrier: name(played.element), points })
  return { ...card(f, description), points, captain: played ? name(played.element) : base }
}

/** The differential pick that scored most (lower element id on a tie), for "led by". */
function topDifferential(f: Facts, name: (id: number) => string): { name: string; points: number } | null {
  const top = [...f.differentialPicks].sort((a, b) => b.points - a.points || a.element - b.element)[0]
  return top ? { name: name(top.element), points: top.points } : null
}
