import { runBatch, runWrites } from '../../db/batch'
import type { Database } from '../../db/client'
import type { CachedValue } from '../../fpl/cache'
import type { FplEntry, FplHistory, FplPicks, FplStandingsPage } from '../../fpl/schemas'
import { cacheKeys, type FplSource, type SlimBootstrap } from '../../fpl/source'
import {
  type BanterManager,
  buildStandingsFromHistories,
  computeBanterStats,
  computeMonthlyWinners,
  computePublicStats,
  gameweekSummary,
  type PhaseTableRow,
  phaseTableFromHistories,
} from '../../fpl/stats'
import { storyNotices } from '../notifications/notices'
import type { Notice } from '../notifications/rules'
import { type SnapshotInput, type StoredRow, snapshotStatements, storedTable, type WriteResult } from '../snapshot-store'
import { storyStep } from '../story'
import type { ArchiveStore } from '../story/archive'
import { tournamentRead } from '../tournaments'
import { type Job, markJob } from './jobs'
import { withLiveBase } from './live-base'
import { stateOf } from './tasks'
import { type JobPlan, PAGE_SIZE } from './types'

// The last step of a refresh job: everything it needs is in the FPL cache by now. Compute the
// table, the monthly winners and the banter stats, and write them in one transaction. If a
// piece of the table is missing the job fails and the last good snapshot stays.

export class IncompleteRefreshError extends Error {}

export interface FinalizeOptions {
  prizesEnabled: boolean
  /** Closed seasons (decision 186): the Hall of Fame reads one when a summary must be rebuilt. */
  archive: ArchiveStore
}

export interface Finalized extends WriteResult {
  /** What the members are told now that the snapshot is written (a Gazette, a Manager of the Month). */
  notices: Notice[]
}

export async function finalizeJob(db: Database, source: FplSource, job: Job, options: FinalizeOptions): Promise<Finalized> {
  const plan = job.plan
  const tournament = await runBatch(db, tournamentRead(db, job.tournamentId))
  if (!tournament) throw new IncompleteRefreshError(`Tournament ${job.tournamentId} no longer exists`)
  const state = stateOf(plan)
  const bootstrap = (await source.bootstrap()).data
  const live = (await source.live(plan.gameweek, state)).data

  const table = plan.kind === 'classic' ? await classicTable(source, plan) : await managersTable(source, plan)
  const names = new Map(table.rows.map((r) => [r.fpl_team_id, r]))
  const cohort = await cohortManagers(source, plan, plan.cohort ?? [], table.managers, names)

  const phaseTables = plan.kind === 'classic' ? await classicPhaseTables(source, plan) : managersPhaseTables(bootstrap, plan, table.managers)
  const monthlyWinners = computeMonthlyWinners({
    phases: bootstrap.phases,
    events: bootstrap.events,
    currentGameweek: plan.gameweek,
    currentStatus: plan.status,
    leagueStartEvent: table.startEvent ?? tournament.startEvent,
    phaseTables,
    prizePoolPence: tournament.entryFeePence * Math.max(0, table.memberCount),
    prizesEnabled: options.prizesEnabled,
  })

  const elements = bootstrap.elements
  const banter = computeBanterStats({
    tournament: { name: tournament.name, type: tournament.type, totalMembers: table.meta.total_members },
    gameweek: plan.gameweek,
    status: plan.status,
    managers: cohort,
    live,
    elements,
  })
  // Only a checked gameweek offers site-wide candidates: until then the landing page keeps the last
  // checked gameweek's (an older snapshot's), never a partial score as "the best on the site".
  const publicStats =
    plan.status === 'checked' ? computePublicStats([{ name: tournament.name, gameweek: plan.gameweek, managers: cohort, live, elements }]) : null

  // Over every row read (the whole table, or the stored part of a very large one), in table order.
  const meta = { ...table.meta, gameweek_summary: gameweekSummary(table.rows, plan.gameweek, plan.status) }
  // A private tournament's FPL league lives one season; the others carry on across seasons.
  const season = tournament.fplSeason ?? plan.season
  const story = await storyStep(db, options.archive, {
    tournament: {
      id: tournament.id,
      name: tournament.name,
      type: tournament.type,
      gazetteEnabled: tournament.gazetteEnabled,
      previousTournamentId: tournament.previousTournamentId,
    },
    season,
    gameweek: plan.gameweek,
    status: plan.status,
    version: plan.version,
    bootstrap,
    rows: table.rows,
    meta,
    cohort,
    phaseTables,
    monthlyWinners,
    banter: banter.complete ? banter.stats : null,
    live,
  })

  const input: SnapshotInput = {
    tournamentId: tournament.id,
    season,
    gameweek: plan.gameweek,
    gameweekStatus: plan.status,
    dataVersion: plan.version,
    dataSource: 'fpl_api',
    meta,
    rows: withLiveBase(table.rows, {
      gameweek: plan.gameweek,
      startEvent: table.startEvent ?? tournament.startEvent,
      before: await storedTable(db, tournament.id),
      histories: new Map(cohort.map((m) => [m.entryId, m.history])),
    }),
    monthlyWinners,
    banterStats: banter.complete ? (banter.stats as unknown as Record<string, unknown>) : null,
    publicCandidates: publicStats?.data_source === 'live' ? (publicStats.stats as Record<string, unknown>) : null,
    race: story.race,
    hallOfFame: story.hallOfFame,
  }
  const { statements, result } = await snapshotStatements(db, input)
  await runWrites(db, [...statements, ...story.statements, markJob(db, job.id, 'done')])
  return { ...result, notices: story.gazette ? storyNotices(tournament.id, season, plan.gameweek, story.gazette, Date.now()) : [] }
}

interface Table {
  rows: StoredRow[]
  meta: SnapshotInput['meta']
  startEvent: number | null
  memberCount: number
  /** For tournaments built from histories: the managers with their data. */
  managers: BanterManager[]
}

// Cached answers of this job's data version (or final ones) only: an answer left from an
// earlier gameweek must never be mixed into this snapshot.
async function readAll<T>(source: FplSource, plan: JobPlan, keys: string[]): Promise<Map<string, T>> {
  const values = await source.cache.readMany<T>(keys)
  const out = new Map<string, T>()
  for (const [key, value] of values) {
    if (value && (value.version === plan.version || value.version === 'final')) out.set(key, (value as CachedValue<T>).data)
  }
  return out
}

async function classicTable(source: FplSource, plan: JobPlan): Promise<Table> {
  const league = plan.league as number
  const pages = [...new Set([...Object.keys(plan.pages), ...Object.keys(plan.memberPages)].map(Number))].sort((a, b) => a - b)
  const found = await readAll<FplStandingsPage>(
    source,
    plan,
    pages.map((p) => cacheKeys.standings(league, p)),
  )
  const rows: StoredRow[] = []
  let first: FplStandingsPage | null = null
  for (const page of pages) {
    const data = found.get(cacheKeys.standings(league, page))
    if (!data) throw new IncompleteRefreshError(`Standings page ${page} of league ${league} is missing`)
    if (page === 1) first = data
    rows.push(
      ...data.standings.results.map((r, i) => ({
        position: r.rank_sort ?? (page - 1) * PAGE_SIZE + i + 1,
        fpl_team_id: r.entry,
        team_name: r.entry_name,
        player_name: r.player_name,
        total_points: r.total,
        gameweek_points: r.event_total,
        rank: r.rank,
        last_rank: r.last_rank,
      })),
    )
  }
  const table = dedupeByPosition(rows)
  // A size learned from an entry may overshoot a table that shrank since: count the rows.
  const total = plan.truncated ? await truncatedSize(source, plan) : table.length
  return {
    rows: table,
    meta: {
      league_name: first?.league.name ?? '',
      total_members: total,
      truncated: plan.truncated,
      last_updated_data: first?.last_updated_data ?? null,
      fpl_active_members: plan.members.length,
    },
    startEvent: first?.league.start_event ?? null,
    memberCount: total,
    managers: [],
  }
}

// A very large league's size, from a member's entry (its leagues list says how many managers
// each league has); at least the stored top otherwise.
async function truncatedSize(source: FplSource, plan: JobPlan): Promise<number> {
  const entries = await readAll<FplEntry>(source, plan, plan.members.map(cacheKeys.entry))
  for (const entry of entries.values()) {
    const count = entry.leagues.classic.find((l) => l.id === plan.league)?.rank_count
    if (count) return count
  }
  return Object.keys(plan.pages).length * PAGE_SIZE
}

const dedupeByPosition = (rows: StoredRow[]) => [...new Map(rows.map((r) => [r.position, r])).values()].sort((a, b) => a.position - b.position)

async function managersTable(source: FplSource, plan: JobPlan): Promise<Table> {
  const entries = await readAll<FplEntry>(source, plan, plan.members.map(cacheKeys.entry))
  const histories = await readAll<FplHistory>(source, plan, plan.members.map(cacheKeys.history))
  const managers: BanterManager[] = []
  for (const id of plan.members) {
    const entry = entries.get(cacheKeys.entry(id))
    const history = histories.get(cacheKeys.history(id))
    // A team that no longer exists upstream drops out of the table rather than blocking it.
    if (!entry || !history) continue
    managers.push({ entryId: id, teamName: entry.name, playerName: `${entry.player_first_name} ${entry.player_last_name}`.trim(), history, picks: null })
  }
  const rows = buildStandingsFromHistories(managers, plan.gameweek).map((r, i) => ({ ...r, position: i + 1 }))
  return {
    rows,
    meta: { league_name: '', total_members: rows.length, truncated: false, last_updated_data: null, fpl_active_members: rows.length },
    startEvent: null,
    memberCount: rows.length,
    managers,
  }
}

// The managers the banter stats are about. Someone whose history or picks are missing stays in
// the list with what is known, so computeBanterStats reports the data as incomplete instead of
// awarding a prize among the others.
async function cohortManagers(
  source: FplSource,
  plan: JobPlan,
  cohort: number[],
  known: BanterManager[],
  names: Map<number, StoredRow>,
): Promise<BanterManager[]> {
  const byId = new Map(known.map((m) => [m.entryId, m]))
  const histories = await readAll<FplHistory>(source, plan, cohort.filter((id) => !byId.has(id)).map(cacheKeys.history))
  const picks = await readAll<FplPicks>(
    source,
    plan,
    cohort.map((id) => cacheKeys.picks(id, plan.gameweek)),
  )
  return cohort.map((id) => {
    const knownManager = byId.get(id)
    const row = names.get(id)
    return {
      entryId: id,
      teamName: knownManager?.teamName ?? row?.team_name ?? '',
      playerName: knownManager?.playerName ?? row?.player_name ?? '',
      history: knownManager?.history ?? histories.get(cacheKeys.history(id)) ?? { current: [], past: [], chips: [] },
      picks: picks.get(cacheKeys.picks(id, plan.gameweek)) ?? null,
    }
  })
}

async function classicPhaseTables(source: FplSource, plan: JobPlan): Promise<Map<number, PhaseTableRow[]>> {
  const league = plan.league as number
  const found = await readAll<FplStandingsPage>(
    source,
    plan,
    plan.phases.map((p) => cacheKeys.standings(league, 1, p.id)),
  )
  const tables = new Map<number, PhaseTableRow[]>()
  for (const phase of plan.phases) {
    const page = found.get(cacheKeys.standings(league, 1, phase.id))
    if (!page) continue
    tables.set(
      phase.id,
      page.standings.results.map((r) => ({ entry: r.entry, player_name: r.player_name, team_name: r.entry_name, total: r.total })),
    )
  }
  return tables
}

function managersPhaseTables(bootstrap: SlimBootstrap, plan: JobPlan, managers: BanterManager[]): Map<number, PhaseTableRow[]> {
  const tables = new Map<number, PhaseTableRow[]>()
  for (const phase of bootstrap.phases) {
    if (plan.phases.some((p) => p.id === phase.id)) tables.set(phase.id, phaseTableFromHistories(managers, phase, plan.gameweek))
  }
  return tables
}
