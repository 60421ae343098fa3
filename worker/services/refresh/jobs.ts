import { and, desc, eq, lt, notExists, or, sql } from 'drizzle-orm'
import { mapRead, rowsOf } from '../../db/batch'
import type { Database } from '../../db/client'
import { refreshJobs } from '../../db/schema'
import { snapshotOf } from '../snapshot-store'
import { JOB_TIMEOUT_MS, type JobPlan, type PlanPatch } from './types'

export interface Job {
  id: string
  tournamentId: number
  plan: JobPlan
  status: 'running' | 'done' | 'failed'
}

/**
 * Creates the job for a tournament and data version, unless one exists: the unique index on
 * (tournament, version) makes two overlapping planners create it once. Returns null when it
 * already existed.
 */
export async function createJob(db: Database, tournamentId: number, plan: JobPlan, messages: number, now = Date.now()): Promise<Job | null> {
  // A job that failed, or never finished (its messages failed for good), must not block the
  // version: the next run tries again. Nor must a done one when the planner still finds the
  // snapshot out of date at this version (written before the league's story existed, decision 131).
  await db
    .delete(refreshJobs)
    .where(
      and(
        eq(refreshJobs.tournamentId, tournamentId),
        eq(refreshJobs.dataVersion, plan.version),
        or(
          eq(refreshJobs.status, 'failed'),
          eq(refreshJobs.status, 'done'),
          and(eq(refreshJobs.status, 'running'), lt(refreshJobs.startedAt, new Date(now - JOB_TIMEOUT_MS))),
        ),
      ),
    )
  const id = crypto.randomUUID()
  const rows = await db
    .insert(refreshJobs)
    .values({ id, tournamentId, dataVersion: plan.version, pending: messages, plan: plan as unknown as Record<string, unknown>, startedAt: new Date(now) })
    .onConflictDoNothing()
    .returning({ id: refreshJobs.id })
  return rows.length ? { id, tournamentId, plan, status: 'running' } : null
}

export async function loadJob(db: Database, id: string): Promise<Job | null> {
  const row = await db.query.refreshJobs.findFirst({ where: eq(refreshJobs.id, id) })
  if (!row) return null
  return { id: row.id, tournamentId: row.tournamentId, plan: row.plan as unknown as JobPlan, status: row.status }
}

/**
 * Records one processed message: merges what it learned into the plan and counts its
 * follow-up messages in before they are sent, so `pending` reaches 0 exactly once, in the
 * message that finished last. Returns the updated job, or null if the job is no longer running.
 */
export async function completeMessage(
  db: Database,
  id: string,
  followUpMessages: number,
  patch: PlanPatch,
): Promise<{ pending: number; plan: JobPlan } | null> {
  const rows = await db
    .update(refreshJobs)
    .set({
      pending: sql`${refreshJobs.pending} - 1 + ${followUpMessages}`,
      plan: sql`json_patch(${refreshJobs.plan}, ${JSON.stringify(patch)})`,
    })
    .where(and(eq(refreshJobs.id, id), eq(refreshJobs.status, 'running')))
    .returning({ pending: refreshJobs.pending, plan: refreshJobs.plan })
  const row = rows[0]
  return row ? { pending: row.pending, plan: row.plan as unknown as JobPlan } : null
}

export const markJob = (db: Database, id: string, status: 'done' | 'failed', error?: string) =>
  db
    .update(refreshJobs)
    .set({ status, error: error ?? null, finishedAt: new Date() })
    .where(eq(refreshJobs.id, id))

/** GET /api/dev/refresh-jobs: the latest jobs, for a developer watching a refresh. */
export const recentJobs = (db: Database) =>
  db
    .select({
      id: refreshJobs.id,
      tournament_id: refreshJobs.tournamentId,
      data_version: refreshJobs.dataVersion,
      status: refreshJobs.status,
      pending: refreshJobs.pending,
      error: refreshJobs.error,
    })
    .from(refreshJobs)
    .orderBy(desc(refreshJobs.startedAt))
    .limit(50)

/** The running jobs: how many, their messages to come, when the oldest started (the deep health check). */
export async function runningJobsSummary(db: Database) {
  const [row] = await db
    .select({
      jobs: sql<number>`count(*)`,
      pending: sql<number | null>`sum(${refreshJobs.pending})`,
      oldest: sql<number | null>`min(${refreshJobs.startedAt})`,
    })
    .from(refreshJobs)
    .where(eq(refreshJobs.status, 'running'))
  return row
}

/** The latest refresh job of a tournament that has no data yet (none once it has: the page's hot path reads no job rows). */
export function firstRefreshJobRead(db: Database, tournamentId: number) {
  const job = db
    .select({
      status: refreshJobs.status,
      pending: refreshJobs.pending,
      pages: sql<number>`(SELECT count(*) FROM json_each(${refreshJobs.plan}, '$.pages'))`,
    })
    .from(refreshJobs)
    .where(and(eq(refreshJobs.tournamentId, tournamentId), notExists(snapshotOf(db, tournamentId))))
    .orderBy(desc(refreshJobs.startedAt))
    .limit(1)
  return mapRead(rowsOf(job), ([latest]) => latest ?? null)
}

/** How many jobs of a data version are still running (the digest waits for none). */
export const runningJobCount = (db: Database, dataVersion: string) =>
  db.$count(refreshJobs, and(eq(refreshJobs.dataVersion, dataVersion), eq(refreshJobs.status, 'running')))
