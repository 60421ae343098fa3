import type { GameweekStatus } from '../../db/schema'
import type { BatchSender } from '../../lib/queues'

// The refresh of one tournament is a job: a set of FPL fetch tasks spread over queue messages
// (each message is one invocation with its own subrequest budget), then a finalize step that
// computes the snapshot from the cached answers and writes it atomically.

/** One upstream read each (a cache hit costs no request). */
export type Task =
  // A classic league's standings page; page 1 also decides the cohort. Only the `tail` page (the
  // last one known to exist) goes on to the next page when FPL says there is one.
  | { t: 'page'; page: number; tail?: true }
  | { t: 'size'; entry: number } // a manager of the league whose entry says how many pages it has
  | { t: 'member'; entry: number } // a very large league: find the page where our member stands
  | { t: 'extra-page'; page: number } // such a page, beyond the stored top of the table
  | { t: 'phase'; phase: number; final: boolean } // a month's table (FPL's phase standings)
  | { t: 'entry'; entry: number }
  | { t: 'history'; entry: number }
  | { t: 'picks'; entry: number }
  | { t: 'live' }

type JobKind =
  | 'classic' // a private tournament on an FPL classic league
  | 'managers' // the public tournament (our users) and the curated league (chosen teams)

export interface JobPlan {
  kind: JobKind
  gameweek: number
  status: GameweekStatus
  season: string
  version: string
  league: number | null
  /** Our members' FPL team ids (classic) or every manager of the table (managers). */
  members: number[]
  /** Whose history and picks the banter stats need; classic leagues learn it from page 1. */
  cohort: number[] | null
  /** The pages of the stored top of the table fetched so far (an object, so patches merge). */
  pages: Record<string, true>
  truncated: boolean
  memberPages: Record<string, true>
  /** Months that have started (for monthly winners). */
  phases: Array<{ id: number; final: boolean }>
  /** Entries without picks for the gameweek (404: did not play). */
  noPicks: Record<string, true>
}

export interface RefreshMessage {
  job: string
  tasks: Task[]
}

/** What processing tasks taught the job; merged into its plan with SQLite's json_patch. */
export type PlanPatch = Partial<Pick<JobPlan, 'cohort' | 'pages' | 'truncated' | 'memberPages' | 'noPicks'>>

// Limits that keep every invocation inside the Workers free plan (50 subrequests): FPL
// requests per invocation, with room left for D1, KV and the queue.
export const FPL_REQUESTS_PER_INVOCATION = 40
// Tasks per message, below the request budget so retries of a few tasks still fit.
export const TASKS_PER_MESSAGE = 30
export const PAGE_SIZE = 50
// The top of a classic league that is stored in full (5,000 managers); beyond it, only the
// pages where our members stand.
export const MAX_STORED_PAGES = 100
// Leagues on one page get banter stats over everyone; bigger ones over the top page and our
// members (a full crawl of every manager's picks would be thousands of requests a gameweek).
export const COHORT_TOP = 50
// A job still running after this long is abandoned (its messages failed for good).
export const JOB_TIMEOUT_MS = 30 * 60 * 1000

export type MessageSender = BatchSender<RefreshMessage>
