import { eq } from 'drizzle-orm'
import { LOW_PROFILE } from '../../../contract/gazette'
import type { LiveStandingRow } from '../../../contract/live'
import type { Database } from '../../db/client'
import { tournaments } from '../../db/schema'
import type { Bindings } from '../../env'
import type { LiveFixture } from '../../fpl/live/gameweek'
import { log } from '../../lib/log'
import { chunk, sendInBatches } from '../../lib/queues'
import { hubOf } from '../../live/hubs'
import { sharingOffEntriesQuery } from '../users'
import { notifyUsers } from './announce'
import type { NotifySender } from './messages'
import { overtakenNotice } from './notices'

// "You were overtaken by a rival in the live table": the live hub compares each new live table
// with the one before and tells a member (with a device, who has not muted it) who passed them.
// One push names the rival now closest above; its key (league, gameweek, window, rival) means a
// rival is told at most once per match window, and the 15-minute cap keeps a busy window quiet.
// A manager whose picks are still loading has no live total yet: he neither overtakes nor is
// overtaken until his team is known (issue 26), and his placeholder place is never kept to compare.

/** A live row as the comparison reads it. */
type RankedRow = Pick<LiveStandingRow, 'fpl_team_id' | 'player_name' | 'live_rank'> & Partial<Pick<LiveStandingRow, 'team_status'>>

const known = (row: RankedRow) => row.team_status !== 'loading'

/** The ranks of a live table worth comparing with the next one (the hub keeps them between alerts). */
export const comparableRanks = (rows: readonly RankedRow[]): [entry: number, rank: number][] => rows.filter(known).map((r) => [r.fpl_team_id, r.live_rank])

export interface Overtake {
  entry: number
  rank: number
  rival: { entry: number; name: string }
}

/**
 * The members overtaken between two tables: a rival who was ranked below them and is now ranked
 * above (a tie is not an overtake). `previous` maps entries to their earlier live rank.
 */
export function overtakes(previous: ReadonlyMap<number, number>, table: readonly RankedRow[], members: Iterable<number>): Overtake[] {
  const rows = table.filter(known)
  const byEntry = new Map(rows.map((row) => [row.fpl_team_id, row]))
  const found: Overtake[] = []
  for (const entry of members) {
    const now = byEntry.get(entry)
    const before = previous.get(entry)
    if (!now || before === undefined) continue
    const passers = rows.filter((r) => r.live_rank < now.live_rank && (previous.get(r.fpl_team_id) ?? 0) > before)
    const closest = passers.reduce<(typeof passers)[number] | undefined>((best, r) => (!best || r.live_rank > best.live_rank ? r : best), undefined)
    if (closest) found.push({ entry, rank: now.live_rank, rival: { entry: closest.fpl_team_id, name: closest.player_name } })
  }
  return found
}

/** The match window in play: the first kick-off among the fixtures being played, null between windows. */
export function matchWindow(fixtures: readonly Pick<LiveFixture, 'kickoff_time' | 'started' | 'finished_provisional'>[]): string | null {
  const kickoffs = fixtures.filter((f) => f.started && !f.finished_provisional && f.kickoff_time).map((f) => f.kickoff_time as string)
  return kickoffs.length ? ([...kickoffs].sort()[0] ?? null) : null
}

// Tournaments worth comparing: private leagues with a member who has a device and has not muted it.
const ALERTED_TOURNAMENTS = `SELECT DISTINCT m.tournament_id AS id FROM memberships m
  JOIN tournaments t ON t.id = m.tournament_id AND t.type = 'private'
  JOIN push_subscriptions p ON p.user_id = m.user_id
  LEFT JOIN notification_preferences np ON np.user_id = m.user_id
  WHERE m.status = 'active' AND (np.muted IS NULL OR NOT EXISTS (SELECT 1 FROM json_each(np.muted) WHERE value = 'overtaken'))`

export async function alertedTournaments(db: Database): Promise<number[]> {
  const { results } = await db.$client.prepare(ALERTED_TOURNAMENTS).all<{ id: number }>()
  return results.map((r) => r.id)
}

/** Hubs asked per message: one subrequest each, within the free plan's 50. */
const HUBS_PER_MESSAGE = 40

/** The poller's news of a new feed, for the leagues with members to alert: queued in messages of 40. */
export async function queueOvertakeChecks(deps: { db: Database; queue: NotifySender }, window: string | null) {
  const alerted = await alertedTournaments(deps.db)
  const messages = chunk(alerted, HUBS_PER_MESSAGE).map((tournamentIds) => ({ body: { kind: 'notify:overtakes' as const, tournamentIds, window } }))
  await sendInBatches(deps.queue, messages)
  return messages.length
}

/** One message of them: each hub compares its new live table with the one before. */
export async function checkOvertakes(env: Pick<Bindings, 'LIVE_HUB'>, message: { tournamentIds: number[]; window: string | null }) {
  const checks = await Promise.allSettled(message.tournamentIds.map((id) => hubOf(env, id).alert(id, message.window)))
  for (const check of checks) if (check.status === 'rejected') log.warn('A live hub missed an overtake check', { error: check.reason })
  return checks.length
}

const ALERTED_MEMBERS = `SELECT u.id AS user_id, u.fpl_team_id AS entry FROM memberships m JOIN users u ON u.id = m.user_id
  WHERE m.tournament_id = ?1 AND m.status = 'active' AND u.fpl_team_id IS NOT NULL AND EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = u.id)`

/** Queues the overtakes of one new live table; answers how many members were told. */
export async function notifyOvertakes(
  deps: { db: Database; queue: NotifySender },
  league: { id: number; gameweek: number; window: string },
  previous: ReadonlyMap<number, number>,
  rows: readonly RankedRow[],
  now = Date.now(),
): Promise<number> {
  const { db } = deps
  const members = (await db.$client.prepare(ALERTED_MEMBERS).bind(league.id).all<{ user_id: number; entry: number }>()).results
  const userOf = new Map(members.map((m) => [m.entry, m.user_id]))
  const found = overtakes(previous, rows, userOf.keys())
  if (found.length === 0) return 0
  const [hidden, name] = await db.batch([
    sharingOffEntriesQuery(
      db,
      found.map((o) => o.rival.entry),
    ),
    db.select({ name: tournaments.name }).from(tournaments).where(eq(tournaments.id, league.id)),
  ])
  const lowProfile = new Set(hidden.map((r) => r.entry))
  const leagueName = name[0]?.name ?? 'Your league'
  await notifyUsers(
    deps,
    found.map((o) => ({
      userId: userOf.get(o.entry) as number,
      notice: overtakenNotice(
        { id: league.id, name: leagueName },
        league.gameweek,
        league.window,
        { entry: o.rival.entry, name: lowProfile.has(o.rival.entry) ? capitalised(LOW_PROFILE) : o.rival.name },
        o.rank,
        now,
      ),
    })),
  )
  return found.length
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
