/**
 * Site-wide stats for the landing carousel (`GET /api/public-banter-stats`). Pure: no I/O.
 *
 * - Every manager of every given tournament counts once; the first tournament (in input order)
 *   that lists a manager is their `source_tournament_name` / `league`, and that tournament's
 *   gameweek, live data and elements are used for them.
 * - Unlike the per-tournament banter, a manager whose data is incomplete is not a blocker: they
 *   are simply left out of the stats that need the missing piece (no GW row: GW stats; no picks
 *   or empty live: captain stat).
 * - Ties on every stat: the better overall rank at the GW wins (no rank counts as worst), then the
 *   lower entry id. Transfer Tornado compares hit points spent first.
 * - Streaks need at least `MIN_STREAK` consecutive GWs; a value stat needs a positive value
 *   (climb, bench points, transfers) to qualify. A stat nobody qualifies for is null.
 * - With no managers at all: `stats: {}`, `total_players: 0`, `message: 'No managers yet.'`.
 */

import { formatNumber } from '../../../contract/numbers'
import type { FplHistoryRow, FplLive } from '../schemas'
import type { BanterManager } from './banter'
import type { LiveLookup } from './points'
import { armbandPicks, captainMultiplier, captainPoints, historyRow, liveLookup, netPoints, playedCaptain } from './points'
import type { ElementInfo } from './text'
import { elementNamer, ordinal, plural } from './text'

export interface PublicTournamentInput {
  name: string
  gameweek: number
  managers: readonly BanterManager[]
  live: FplLive
  elements: readonly ElementInfo[]
}

interface PublicCard {
  manager: string
  player: string
  team_name: string
  description: string
  source_tournament_name: string
  /** Same as source_tournament_name (the alternate client shape reads `league`). */
  league: string
}

interface PublicPointsCard extends PublicCard {
  points: number
}
interface PublicRocketCard extends PublicCard {
  points: number
  gameweek: number
}
interface PublicCaptainCard extends PublicCard {
  points: number
  captain: string
}
interface PublicImprovementCard extends PublicCard {
  improvement: number
}
interface PublicRankCard extends PublicCard {
  rank: number
}
interface PublicTornadoCard extends PublicCard {
  transfers: number
  hits: number
  points_spent: number
  emoji: '🌪️'
}
interface PublicStreakCard extends PublicCard {
  streak: number
}

export interface PublicStats {
  top_scorer: PublicPointsCard | null
  lowest_scorer: PublicPointsCard | null
  benched_beast: PublicPointsCard | null
  captain_catastrophe: PublicCaptainCard | null
  gameweek_rocket: PublicRocketCard | null
  comeback_king: PublicImprovementCard | null
  overall_rank_king: PublicRankCard | null
  transfer_tornado: PublicTornadoCard | null
  hot_streak: PublicStreakCard | null
  cold_streak: PublicStreakCard | null
  fighting_back: PublicImprovementCard | null
}

export interface PublicStatsResult {
  /** Every key present (null when nobody qualifies), or `{}` when there are no managers / on error. */
  stats: PublicStats | Record<string, never>
  total_players: number
  total_leagues: number
  data_source: 'live' | 'error'
  message: string
}

/** True when `stats` is the full set (false for the `{}` of the empty and error answers). */
export function hasPublicStats(stats: PublicStatsResult['stats']): stats is PublicStats {
  return Object.hasOwn(stats, 'top_scorer')
}

/** The answer when the public stats cannot be computed (decision 181, R8: the exact text). */
export const PUBLIC_STATS_ERROR: Readonly<PublicStatsResult> = Object.freeze({
  stats: Object.freeze({}) as Record<string, never>,
  total_players: 0,
  total_leagues: 0,
  data_source: 'error',
  message: 'Unable to load public banter stats at this time.',
})

const NO_MANAGERS_MESSAGE = 'No managers yet.'
/** A hot or cold streak needs at least this many consecutive GWs. */
const MIN_STREAK = 2
/** Fighting Back looks this many GWs back. */
const FIGHTING_BACK_SPAN = 3

interface Subject {
  manager: BanterManager
  source: string
  gameweek: number
  live: LiveLookup
  liveEmpty: boolean
  name: (id: number) => string
  row: FplHistoryRow | undefined
  overallRank: number
}

/** The best candidate by `compare` (negative = first argument better); ties: better overall rank, then lower entry id. */
function pickBest<T extends { subject: Subject }>(candidates: readonly T[], compare: (a: T, b: T) => number): T | null {
  let winner: T | null = null
  for (const c of candidates) {
    if (winner === null) {
      winner = c
      continue
    }
    const diff = compare(c, winner) || c.subject.overallRank - winner.subject.overallRank || c.subject.manager.entryId - winner.subject.manager.entryId
    if (diff < 0) winner = c
  }
  return winner
}

function baseCard(s: Subject, description: string): PublicCard {
  return {
    manager: s.manager.playerName,
    player: s.manager.playerName,
    team_name: s.manager.teamName,
    description,
    source_tournament_name: s.source,
    league: s.source,
  }
}

function overallRankAt(s: Subject, gameweek: number): number | null {
  const rank = historyRow(s.manager.history, gameweek)?.overall_rank ?? null
  return rank !== null && rank > 0 ? rank : null
}

/** Consecutive GWs, counting back from the subject's GW, where the overall rank moved in `direction`. */
function currentStreak(s: Subject, direction: 'up' | 'down'): number {
  let streak = 0
  for (let gw = s.gameweek; gw > 1; gw--) {
    const now = overallRankAt(s, gw)
    const before = overallRankAt(s, gw - 1)
    if (now === null || before === null) break
    if (direction === 'up' ? now < before : now > before) streak++
    else break
  }
  return streak
}

export function computePublicStats(tournaments: readonly PublicTournamentInput[]): PublicStatsResult {
  const subjects: Subject[] = []
  const seen = new Set<number>()
  for (const t of tournaments) {
    const live = liveLookup(t.live)
    const name = elementNamer(t.elements)
    for (const m of t.managers) {
      if (seen.has(m.entryId)) continue
      seen.add(m.entryId)
      const row = historyRow(m.history, t.gameweek)
      const rank = row?.overall_rank ?? null
      subjects.push({
        manager: m,
        source: t.name,
        gameweek: t.gameweek,
        live,
        liveEmpty: t.live.elements.length === 0,
        name,
        row,
        overallRank: rank !== null && rank > 0 ? rank : Number.POSITIVE_INFINITY,
      })
    }
  }
  if (subjects.length === 0) {
    return { stats: {}, total_players: 0, total_leagues: tournaments.length, data_source: 'live', message: NO_MANAGERS_MESSAGE }
  }

  const withRow = subjects.filter((s): s is Subject & { row: FplHistoryRow } => s.row !== undefined).map((s) => ({ subject: s, row: s.row }))

  const top = pickBest(withRow, (a, b) => netPoints(b.row) - netPoints(a.row))
  const low = pickBest(withRow, (a, b) => netPoints(a.row) - netPoints(b.row))

  const bench = pickBest(
    withRow.filter(
      ({ subject: s, row }) =>
        row.points_on_bench > 0 &&
        s.manager.picks?.active_chip !== 'bboost' &&
        !s.manager.history.chips.some((c) => c.event === s.gameweek && c.name === 'bboost'),
    ),
    (a, b) => b.row.points_on_bench - a.row.points_on_bench,
  )

  const captains = subjects.flatMap((s) => {
    const picks = s.manager.picks
    if (picks === null || s.row === undefined || s.liveEmpty || armbandPicks(picks).captain === null) return []
    return [{ subject: s, picks, points: captainPoints(picks, s.live) }]
  })
  const captain = pickBest(captains, (a, b) => a.points - b.points)

  const seasonBests = subjects.flatMap((s) => {
    let bestRow: FplHistoryRow | undefined
    for (const r of s.manager.history.current) {
      if (r.event > s.gameweek) continue
      if (bestRow === undefined || netPoints(r) > netPoints(bestRow) || (netPoints(r) === netPoints(bestRow) && r.event < bestRow.event)) bestRow = r
    }
    return bestRow ? [{ subject: s, row: bestRow }] : []
  })
  const rocket = pickBest(seasonBests, (a, b) => netPoints(b.row) - netPoints(a.row))

  const climbs = subjects.flatMap((s) => {
    const now = overallRankAt(s, s.gameweek)
    const before = overallRankAt(s, s.gameweek - 1)
    return now !== null && before !== null && before - now > 0 ? [{ subject: s, improvement: before - now, from: before, to: now }] : []
  })
  const comeback = pickBest(climbs, (a, b) => b.improvement - a.improvement)

  const ranked = subjects.filter((s) => Number.isFinite(s.overallRank)).map((s) => ({ subject: s }))
  const rankKing = pickBest(ranked, () => 0)

  const tornadoes = subjects.flatMap((s) => {
    const season = s.manager.history.current.filter((r) => r.event <= s.gameweek)
    const transfers = season.reduce((a, r) => a + r.event_transfers, 0)
    const cost = season.reduce((a, r) => a + r.event_transfers_cost, 0)
    return transfers > 0 ? [{ subject: s, transfers, cost }] : []
  })
  const tornado = pickBest(tornadoes, (a, b) => b.transfers - a.transfers || b.cost - a.cost)

  const hot = pickBest(
    subjects.map((s) => ({ subject: s, streak: currentStreak(s, 'up') })).filter((x) => x.streak >= MIN_STREAK),
    (a, b) => b.streak - a.streak,
  )
  const cold = pickBest(
    subjects.map((s) => ({ subject: s, streak: currentStreak(s, 'down') })).filter((x) => x.streak >= MIN_STREAK),
    (a, b) => b.streak - a.streak,
  )

  const fights = subjects.flatMap((s) => {
    const now = overallRankAt(s, s.gameweek)
    const before = overallRankAt(s, s.gameweek - FIGHTING_BACK_SPAN)
    return now !== null && before !== null && before - now > 0 ? [{ subject: s, improvement: before - now, from: before, to: now }] : []
  })
  const fighting = pickBest(fights, (a, b) => b.improvement - a.improvement)

  const stats: PublicStats = {
    top_scorer: top && {
      ...baseCard(
        top.subject,
        `${plural(netPoints(top.row), 'point')} in Gameweek ${top.subject.gameweek}, the best of every manager on the site. Insufferable for a week, minimum.`,
      ),
      points: netPoints(top.row),
    },
    lowest_scorer: low && {
      ...baseCard(
        low.subject,
        `${plural(netPoints(low.row), 'point')} in Gameweek ${low.subject.gameweek}, the lowest on the site. There is always next week. Probably.`,
      ),
      points: netPoints(low.row),
    },
    benched_beast: bench && {
      ...baseCard(
        bench.subject,
        `Left ${plural(bench.row.points_on_bench, 'point')} on the bench in Gameweek ${bench.subject.gameweek}. The subs are filing a formal complaint.`,
      ),
      points: bench.row.points_on_bench,
    },
    captain_catastrophe: captain && publicCaptainCard(captain.subject, captain.picks, captain.points),
    gameweek_rocket: rocket && {
      ...baseCard(
        rocket.subject,
        `${plural(netPoints(rocket.row), 'point')} in Gameweek ${rocket.row.event}, the biggest haul of the season so far. Still talking about it.`,
      ),
      points: netPoints(rocket.row),
      gameweek: rocket.row.event,
    },
    comeback_king: comeback && {
      ...baseCard(
        comeback.subject,
        `Climbed ${formatNumber(comeback.improvement)} places in the world in Gameweek ${comeback.subject.gameweek}, from ${ordinal(comeback.from)} to ${ordinal(comeback.to)}. The green arrow of the week.`,
      ),
      improvement: comeback.improvement,
    },
    overall_rank_king: rankKing && {
      ...baseCard(rankKing.subject, `${ordinal(rankKing.subject.overallRank)} in the world, the best overall rank on the site. Expect to hear about it.`),
      rank: rankKing.subject.overallRank,
    },
    transfer_tornado: tornado && {
      ...baseCard(
        tornado.subject,
        tornado.cost > 0
          ? `${plural(tornado.transfers, 'transfer')} this season and ${plural(tornado.cost, 'point')} spent on hits. The wildcard is a state of mind.`
          : `${plural(tornado.transfers, 'transfer')} this season without a single hit. The wildcard is a state of mind.`,
      ),
      transfers: tornado.transfers,
      hits: Math.round(tornado.cost / 4),
      points_spent: tornado.cost,
      emoji: '🌪️',
    },
    hot_streak: hot && {
      ...baseCard(hot.subject, `Green arrows ${plural(hot.streak, 'gameweek')} running. Do not speak to them about it, it might break the spell.`),
      streak: hot.streak,
    },
    cold_streak: cold && {
      ...baseCard(cold.subject, `Red arrows ${plural(cold.streak, 'gameweek')} running. Somebody take the team sheet off them.`),
      streak: cold.streak,
    },
    fighting_back: fighting && {
      ...baseCard(
        fighting.subject,
        `Up ${formatNumber(fighting.improvement)} places in the world over the last ${FIGHTING_BACK_SPAN} gameweeks, from ${ordinal(fighting.from)} to ${ordinal(fighting.to)}. Fighting back.`,
      ),
      improvement: fighting.improvement,
    },
  }
  return {
    stats,
    total_players: subjects.length,
    total_leagues: tournaments.length,
    data_source: 'live',
    message: `Live banter from ${plural(subjects.length, 'manager')} across ${plural(tournaments.length, 'tournament')}.`,
  }
}

function publicCaptainCard(s: Subject, picks: NonNullable<BanterManager['picks']>, points: number): PublicCaptainCard {
  const { captain, vice } = armbandPicks(picks)
  const played = playedCaptain(picks, s.live)
  const nominal = captain ? s.name(captain.element) : 'nobody'
  let description: string
  if (played === null) {
    description = vice
      ? `Neither ${nominal} nor vice-captain ${s.name(vice.element)} played a minute, so the armband returned 0 points. Tremendous planning.`
      : `${nominal} did not play a minute, so the armband returned 0 points. Tremendous planning.`
  } else if (captain && played.element !== captain.element) {
    description = `${nominal} did not play, so the armband passed to ${s.name(played.element)}: ${plural(points, 'point')} all in. Worst armband on the site.`
  } else if (captainMultiplier(picks) === 3) {
    description = `Triple Captained ${s.name(played.element)} for a grand total of ${plural(points, 'point')}. Worst armband on the site.`
  } else {
    description = `Captained ${s.name(played.element)} for a grand total of ${plural(points, 'point')}. The worst armband on the site.`
  }
  return { ...baseCard(s, description), points, captain: played ? s.name(played.element) : nominal }
}
