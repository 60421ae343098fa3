import type { Database } from '../db/client'
import { PUBLIC_STATS_ERROR, type PublicStatsResult } from '../fpl/stats'
import { log } from '../lib/log'
import { appSnapshotData, keepAppSnapshot } from './app-snapshots'
import { publicCandidatesQuery } from './snapshot-store'
import { tournamentCountQuery } from './tournaments'
import { playerCountQuery } from './users'

// The landing page's site-wide banter stats. Each tournament's refresh stores its own best
// candidates; this merges them (the best of the bests) into one document after every refresh,
// so the public endpoint is a single read.

const KEY = 'public_banter_stats'

// Which card wins when two tournaments offer one: the field compared and the direction.
const BEST: Record<string, { field: string; better: 'higher' | 'lower' }> = {
  top_scorer: { field: 'points', better: 'higher' },
  lowest_scorer: { field: 'points', better: 'lower' },
  benched_beast: { field: 'points', better: 'higher' },
  captain_catastrophe: { field: 'points', better: 'lower' },
  gameweek_rocket: { field: 'points', better: 'higher' },
  comeback_king: { field: 'improvement', better: 'higher' },
  overall_rank_king: { field: 'rank', better: 'lower' },
  transfer_tornado: { field: 'transfers', better: 'higher' },
  hot_streak: { field: 'streak', better: 'higher' },
  cold_streak: { field: 'streak', better: 'higher' },
  fighting_back: { field: 'improvement', better: 'higher' },
}

type Card = Record<string, unknown>

function mergeCandidates(candidates: Array<Record<string, unknown>>): Record<string, Card | null> {
  const merged: Record<string, Card | null> = {}
  for (const [key, rule] of Object.entries(BEST)) {
    let best: Card | null = null
    for (const set of candidates) {
      const card = set[key] as Card | null | undefined
      const value = card?.[rule.field]
      if (!card || typeof value !== 'number') continue
      const current = best?.[rule.field] as number | undefined
      if (current === undefined || (rule.better === 'higher' ? value > current : value < current)) best = card
    }
    merged[key] = best
  }
  return merged
}

/** Recomputes the merged document from every tournament's latest snapshot. */
export async function rebuildPublicStats(db: Database): Promise<PublicStatsResult> {
  const [latest, players, leagues] = await db.batch([publicCandidatesQuery(db), playerCountQuery(db), tournamentCountQuery(db)])
  const newest = new Map<number, Record<string, unknown>>()
  for (const row of latest) if (!newest.has(row.tournamentId) && row.candidates) newest.set(row.tournamentId, row.candidates)
  const stats = mergeCandidates([...newest.values()])
  const result: PublicStatsResult = {
    stats: stats as PublicStatsResult['stats'],
    total_players: players[0]?.n ?? 0,
    total_leagues: leagues[0]?.n ?? 0,
    data_source: 'live',
    message: newest.size > 0 ? 'Live banter from our tournaments.' : 'Banter stats appear after the first gameweek refresh.',
  }
  await keepAppSnapshot(db, KEY, result)
  return result
}

export async function readPublicStats(db: Database): Promise<PublicStatsResult> {
  try {
    return ((await appSnapshotData(db, KEY)) as PublicStatsResult | undefined) ?? (await rebuildPublicStats(db))
  } catch (error) {
    log.error('Public banter stats unavailable', { error })
    return { ...PUBLIC_STATS_ERROR, stats: {} }
  }
}
