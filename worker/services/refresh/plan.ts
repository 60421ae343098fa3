import type { Database } from '../../db/client'
import type { GameweekState } from '../../fpl/gameweek'
import type { SlimBootstrap } from '../../fpl/source'
import { chunk, sendInBatches } from '../../lib/queues'
import { storedVersionsQuery } from '../snapshot-store'
import { createJob } from './jobs'
import { type RefreshTarget, refreshTargets } from './targets'
import { type JobPlan, type MessageSender, type RefreshMessage, TASKS_PER_MESSAGE, type Task } from './types'

// The cron's part of a refresh: decide which tournaments need new data for the current
// upstream state, create one job each (idempotent), and hand their first tasks to the queue.

export interface PlanResult {
  jobs: Array<{ id: string; tournamentId: number; messages: number }>
  skipped: number
  messages: RefreshMessage[]
}

export async function planRefresh(db: Database, state: GameweekState, bootstrap: SlimBootstrap, now = Date.now(), only?: number): Promise<PlanResult> {
  const result: PlanResult = { jobs: [], skipped: 0, messages: [] }
  if (state.status === 'upcoming' && !bootstrap.events.some((e) => e.finished)) return result // pre-season

  const targets = await refreshTargets(db, state.season, only)
  const stored = targets.length
    ? await storedVersionsQuery(
        db,
        targets.map((t) => t.id),
      )
    : []
  // Only each tournament's newest snapshot says whether it is up to date: last season's GW 1 had
  // the same data version as this season's (decision 185).
  const newest = new Map<number, (typeof stored)[number]>()
  for (const s of stored) if (!newest.has(s.tournamentId)) newest.set(s.tournamentId, s)
  const upToDate = new Set([...newest.values()].filter((s) => s.version === state.version && Boolean(s.story)).map((s) => s.tournamentId))

  for (const target of targets) {
    const plan = jobPlan(target, state, bootstrap)
    if (upToDate.has(target.id) || !plan) {
      result.skipped += 1
      continue
    }
    const messages = chunk(initialTasks(plan), TASKS_PER_MESSAGE)
    const job = await createJob(db, target.id, plan, messages.length, now)
    if (!job) {
      result.skipped += 1 // another run is already on it
      continue
    }
    result.jobs.push({ id: job.id, tournamentId: target.id, messages: messages.length })
    result.messages.push(...messages.map((tasks) => ({ job: job.id, tasks })))
  }
  return result
}

function jobPlan(target: RefreshTarget, state: GameweekState, bootstrap: SlimBootstrap): JobPlan | null {
  const classic = target.type === 'private'
  if (classic && !target.fplLeagueId) return null
  if (!classic && target.teams.length === 0) return null
  return {
    kind: classic ? 'classic' : 'managers',
    gameweek: state.gameweek,
    status: state.status,
    season: state.season,
    version: state.version,
    league: classic ? target.fplLeagueId : null,
    members: target.teams,
    cohort: classic ? null : target.teams,
    pages: {},
    truncated: false,
    memberPages: {},
    phases: startedMonths(bootstrap, state),
    noPicks: {},
  }
}

function startedMonths(bootstrap: SlimBootstrap, state: GameweekState) {
  const events = new Map(bootstrap.events.map((e) => [e.id, e]))
  return bootstrap.phases
    .filter((p) => p.id > 1 && p.start_event <= state.gameweek)
    .map((p) => {
      const last = events.get(p.stop_event)
      return { id: p.id, final: !!last && last.finished && last.data_checked }
    })
}

function initialTasks(plan: JobPlan): Task[] {
  const shared: Task[] = [{ t: 'live' }]
  if (plan.kind === 'classic') {
    return [{ t: 'page', page: 1, tail: true }, ...shared, ...plan.phases.map((p): Task => ({ t: 'phase', phase: p.id, final: p.final }))]
  }
  return [
    ...shared,
    ...plan.members.flatMap((entry): Task[] => [
      { t: 'entry', entry },
      { t: 'history', entry },
      { t: 'picks', entry },
    ]),
  ]
}

export async function send(queue: MessageSender, messages: RefreshMessage[]) {
  await sendInBatches(
    queue,
    messages.map((body) => ({ body })),
  )
}

/**
 * A new tournament's first refresh, queued while its creator waits rather than at the next cron
 * run (up to 10 minutes away): the job and messages the cron would plan for it, from the
 * gameweek state the create call has just read.
 */
export async function queueFirstRefresh(db: Database, queue: MessageSender, from: { state: GameweekState; bootstrap: SlimBootstrap }, tournamentId: number) {
  const plan = await planRefresh(db, from.state, from.bootstrap, Date.now(), tournamentId)
  await send(queue, plan.messages)
  return plan.jobs
}
