import { env } from 'cloudflare:workers'
import { runScheduled } from '../../../worker/cron/scheduled'
import { forgetPublicReads } from '../../../worker/lib/public-read-cache'
import type { BatchSender } from '../../../worker/lib/queues'
import { handleRefreshMessage, type MessageOutcome } from '../../../worker/services/refresh'
import type { RefreshMessage } from '../../../worker/services/refresh/types'
import { handleSeasonArchiveMessage, isSeasonArchiveMessage, type SeasonArchiveMessage } from '../../../worker/services/season-archive'
import type { FplSimulator } from '../../fpl-simulator/handler.ts'
import { routeFplToSimulator, SIM_LEAGUES } from './fpl'
import { NotifyQueue } from './notify'

// Test data and a synchronous stand-in for Cloudflare Queues: messages are kept in order and
// processed one by one, each as its own "invocation", exactly as the consumer would.

export const SEASON = '2026/27'

/**
 * A user as the world needs them. A team comes proven (verified and locked) unless `teamProven`
 * says otherwise: commissioners need a proven team, and most tests are not about proving one.
 */
export async function addUser(email: string, name: string, fplTeamId: number | null, verified = true, teamProven = fplTeamId !== null): Promise<number> {
  const row = await env.DB.prepare(
    'INSERT INTO users (email, name, password_hash, is_verified, fpl_team_id, fpl_team_season, fpl_team_verified_at, fpl_team_id_locked) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
  )
    .bind(email, name, 'x', verified ? 1 : 0, fplTeamId, fplTeamId ? SEASON : null, teamProven ? Date.now() : null, teamProven ? 1 : 0)
    .first<{ id: number }>()
  return row!.id
}

export async function addTournament(name: string, fplLeagueId: number, commissionerId: number | null, extra: { entryFeePence?: number } = {}): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO tournaments (name, type, fpl_league_id, fpl_season, commissioner_id, invite_code, entry_fee_pence) VALUES (?, 'private', ?, ?, ?, ?, ?) RETURNING id",
  )
    .bind(name, fplLeagueId, SEASON, commissionerId, `invite-${fplLeagueId}`, extra.entryFeePence ?? 0)
    .first<{ id: number }>()
  return row!.id
}

export async function addMember(tournamentId: number, userId: number, status: 'active' | 'inactive' = 'active') {
  await env.DB.prepare('INSERT INTO memberships (tournament_id, user_id, status) VALUES (?, ?, ?)').bind(tournamentId, userId, status).run()
}

export const PUBLIC_TOURNAMENT_ID = 1
export const CURATED_TOURNAMENT_ID = 2

export async function addCuratedTeam(fplTeamId: number) {
  await env.DB.prepare('INSERT INTO curated_teams (tournament_id, fpl_team_id) VALUES (?, ?)').bind(CURATED_TOURNAMENT_ID, fplTeamId).run()
}

/** The refresh queue: the refresh's messages, and the season archive's apart (few tests look at those). */
export class FakeQueue implements BatchSender<RefreshMessage | SeasonArchiveMessage> {
  readonly messages: RefreshMessage[] = []
  readonly archives: SeasonArchiveMessage[] = []
  sent = 0
  async sendBatch(batch: Iterable<MessageSendRequest<RefreshMessage | SeasonArchiveMessage>>) {
    for (const message of batch) {
      if (isSeasonArchiveMessage(message.body)) this.archives.push(message.body)
      else this.messages.push(message.body)
      this.sent += 1
    }
  }
}

export interface CronResult {
  run: Awaited<ReturnType<typeof runScheduled>>
  outcomes: MessageOutcome[]
  failures: unknown[]
}

export interface CronOptions {
  /** The refresh's clock and its waits between FPL retries (give both): testClock by default. */
  now?: () => number
  sleep?: (ms: number) => Promise<void>
  timeoutMs?: number
  /** Where the run's notifications are queued (default: `notifyQueue`, which records them). */
  notify?: NotifyQueue
}

/** What the refresh and the cron of a test announce, unless the test passes a queue of its own. */
const notifyQueue = new NotifyQueue()

/**
 * The refresh's time in these tests: its waits (retry backoff, FPL's Retry-After) return at once
 * and move this clock on instead, so they play out as in production without taking the seconds.
 * It only runs ahead of Date.now(), by the waits skipped so far in this test file.
 */
export const testClock = {
  skippedMs: 0,
  now: () => Date.now() + testClock.skippedMs,
  sleep: async (ms: number) => {
    testClock.skippedMs += ms
  },
}

/** One cron run and every queue message it leads to. Failed messages are returned, not retried. */
export async function runCronAndQueue(options: CronOptions = {}): Promise<CronResult & { failed: RefreshMessage[]; queue: FakeQueue }> {
  const queue = new FakeQueue()
  // The live poller is woken by tests of the live engine only: its polls would add FPL requests
  // (and timing) to every refresh test.
  const run = await runScheduled(env, Date.now(), {
    queue,
    forceState: true,
    now: options.now ?? testClock.now,
    sleep: options.sleep ?? testClock.sleep,
    wakeLive: async () => {},
    notify: options.notify ?? notifyQueue,
  })
  return { run, queue, ...(await drainQueue(queue, options)) }
}

/** Processes queued messages (and what they queue) the way the consumer would, one per invocation. */
export async function drainQueue(queue: FakeQueue, options: CronOptions = {}, retry: RefreshMessage[] = []) {
  const outcomes: MessageOutcome[] = []
  const failures: unknown[] = []
  const failed: RefreshMessage[] = []
  queue.messages.unshift(...retry)
  while (queue.messages.length > 0) {
    const message = queue.messages.shift() as RefreshMessage
    try {
      outcomes.push(
        await handleRefreshMessage(
          {
            env,
            queue,
            now: options.now ?? testClock.now,
            sleep: options.sleep ?? testClock.sleep,
            timeoutMs: options.timeoutMs,
            onFinalized: forgetPublicReads,
            notify: options.notify ?? notifyQueue,
          },
          message,
        ),
      )
    } catch (error) {
      failures.push(error)
      failed.push(message)
    }
  }
  // The archive's moves, as the consumer takes them: a failure is the test's.
  for (let archive = queue.archives.shift(); archive; archive = queue.archives.shift()) await handleSeasonArchiveMessage(env, archive)
  return { outcomes, failures, failed }
}

export async function getJson<T = Record<string, unknown>>(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const { call } = await import('./http')
  const res = await call(path, { headers })
  return { status: res.status, body: (await res.json()) as T }
}

/** A bearer header for a user, signed and started like a real session (its row included). */
export async function bearer(userId: number): Promise<Record<string, string>> {
  const { startSession } = await import('../../../worker/services/auth/tokens')
  const { getDb } = await import('../../../worker/db/client')
  const version = await env.DB.prepare('SELECT token_version FROM users WHERE id = ?').bind(userId).first<number>('token_version')
  return { authorization: `Bearer ${await startSession(env, getDb(env.DB), { userId, tokenVersion: version ?? 0 })}` }
}

/**
 * The simulator's 180-manager Office Banter League at GW12 (checked), run by its manager 1000101
 * ("Office Boss", a member): the big league several suites read. Refresh it with runCronAndQueue.
 */
export async function officeLeagueWithBoss(sim: FplSimulator): Promise<{ officeId: number; bossId: number; boss: Record<string, string> }> {
  routeFplToSimulator(sim)
  sim.setGameweek(12, 'checked')
  const bossId = await addUser('boss@example.com', 'Office Boss', 1000101)
  const officeId = await addTournament('Office Banter League', SIM_LEAGUES.office, bossId)
  await addMember(officeId, bossId)
  return { officeId, bossId, boss: await bearer(bossId) }
}
