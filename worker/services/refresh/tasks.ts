import { FplBudgetExceededError, FplNotFoundError } from '../../fpl/errors'
import type { GameweekState } from '../../fpl/gameweek'
import type { FplSource } from '../../fpl/source'
import { COHORT_TOP, type JobPlan, MAX_STORED_PAGES, PAGE_SIZE, type PlanPatch, type Task } from './types'

// Runs a message's tasks against the cached FPL source until the invocation's request budget
// is used up. Tasks may create follow-up tasks (the next page of a table, the cohort's
// histories after page 1); whatever is left goes out as new messages.

// Workers allow six open connections per invocation.
const CONCURRENCY = 6

export interface TaskOutcome {
  leftover: Task[]
  patch: PlanPatch
}

export const stateOf = (plan: JobPlan): GameweekState => ({ gameweek: plan.gameweek, status: plan.status, season: plan.season, version: plan.version })

export async function runTasks(source: FplSource, plan: JobPlan, tasks: Task[]): Promise<TaskOutcome> {
  const queue = [...tasks]
  const leftover: Task[] = []
  const patch: PlanPatch = {}
  const state = stateOf(plan)
  const budget = source.client.budget
  const inFlight = new Set<Promise<void>>()
  let failure: unknown = null

  while ((queue.length > 0 && failure === null) || inFlight.size > 0) {
    while (queue.length > 0 && failure === null && inFlight.size < CONCURRENCY) {
      const task = queue.shift() as Task
      // Each running task may still spend a request, and a request may need a retry.
      if (budget.remaining - inFlight.size < 2) {
        leftover.push(task)
        continue
      }
      const running: Promise<void> = runTask(source, plan, state, task, patch)
        .then((followUps) => {
          // The table first: its pages are what readers wait for, and they lead to more work.
          queue.unshift(...followUps.filter(isTableTask))
          queue.push(...followUps.filter((t) => !isTableTask(t)))
        })
        .catch((error: unknown) => {
          if (error instanceof FplBudgetExceededError) leftover.push(task)
          else failure ??= error
        })
        .finally(() => inFlight.delete(running))
      inFlight.add(running)
    }
    if (inFlight.size > 0) await Promise.race(inFlight)
  }
  // Any failure means the message is retried; what succeeded is in the cache already.
  if (failure !== null) throw failure
  return { leftover, patch }
}

async function runTask(source: FplSource, plan: JobPlan, state: GameweekState, task: Task, patch: PlanPatch): Promise<Task[]> {
  const league = plan.league ?? 0
  switch (task.t) {
    case 'page': {
      const result = await source.standingsPage(league, task.page, state)
      const { has_next, results } = result.data.standings
      const followUps: Task[] = []
      patch.pages = { ...patch.pages, [String(task.page)]: true }
      if (task.page === 1) {
        const cohort = has_next ? unique([...results.slice(0, COHORT_TOP).map((r) => r.entry), ...plan.members]) : results.map((r) => r.entry)
        patch.cohort = cohort
        followUps.push(
          ...cohort.flatMap((entry): Task[] => [
            { t: 'history', entry },
            { t: 'picks', entry },
          ]),
        )
      }
      if (!has_next || !task.tail) return followUps
      // Rather than walk a big table one page after another, learn its size and fetch the pages side by side.
      const sample = results[0]?.entry
      if (task.page === 1 && sample) return [{ t: 'size', entry: sample }, ...followUps]
      if (task.page < MAX_STORED_PAGES) return [{ t: 'page', page: task.page + 1, tail: true }, ...followUps]
      patch.truncated = true
      return [...plan.members.map((entry): Task => ({ t: 'member', entry })), ...followUps]
    }
    case 'size': {
      const result = await source.entry(task.entry, state)
      const managers = result.data.leagues.classic.find((l) => l.id === league)?.rank_count ?? 0
      // Unknown size: page 2 carries on one page at a time. A table that grew since is continued by its tail.
      const last = Math.min(MAX_STORED_PAGES, Math.max(2, Math.ceil(managers / PAGE_SIZE)))
      return Array.from({ length: last - 1 }, (_, i): Task => (i + 2 === last ? { t: 'page', page: last, tail: true } : { t: 'page', page: i + 2 }))
    }
    case 'member': {
      const result = await source.entry(task.entry, state)
      const membership = result.data.leagues.classic.find((l) => l.id === league)
      // The table is paged by rank_sort; entry_rank is shared on ties and can point pages too early.
      const position = membership?.active_phases?.find((p) => p.phase === 1)?.rank_sort ?? membership?.entry_rank
      if (!position) return []
      const page = Math.ceil(position / PAGE_SIZE)
      if (page <= MAX_STORED_PAGES) return []
      patch.memberPages = { ...patch.memberPages, [String(page)]: true }
      return [{ t: 'extra-page', page }]
    }
    case 'extra-page':
      await source.standingsPage(league, task.page, state)
      return []
    case 'phase':
      await source.phaseTable(league, task.phase, task.final, state)
      return []
    case 'entry':
      await source.entry(task.entry, state)
      return []
    case 'history':
      await source.history(task.entry, state)
      return []
    case 'picks':
      try {
        await source.picks(task.entry, plan.gameweek, state)
      } catch (error) {
        // Not playing a gameweek is a fact about the manager, not a failure of the refresh.
        if (!(error instanceof FplNotFoundError)) throw error
        patch.noPicks = { ...patch.noPicks, [String(task.entry)]: true }
      }
      return []
    case 'live':
      await source.live(plan.gameweek, state)
      return []
  }
}

const isTableTask = (task: Task) => task.t === 'page' || task.t === 'size' || task.t === 'member' || task.t === 'extra-page'

const unique = (values: number[]) => [...new Set(values)]
