/**
 * A tournament's live table: the feed's player lines (one poll for everyone) and the stored picks
 * of the tournament's managers, ranked by FPL's rules (worker/fpl/live). Computed once per feed
 * generation by the tournament's hub (hub.ts) and sliced per request: the `/live` answer, the team
 * view and the swing feed all read one `TournamentLive`.
 *
 * The managers are the rows of the tournament's stored table (every manager of a classic league up
 * to 5,000, then the top and our members' pages; decision 071: `scope` says which). Each starts
 * from his league total before the gameweek as the refresh stored it (decision 141), never from
 * the picks' overall total. A manager whose picks are not fetched yet is `loading` (kept at his
 * previous place); one FPL has no picks for counts with no live points. Once FPL has checked the
 * gameweek and the refresh has stored that final table, its numbers are FPL's own; until the
 * refresh has stored it the table stays provisional, whatever the feed says.
 */
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm'
import type { LiveAnswer, LiveBanterAward, LiveStandingRow, LiveState, LiveSwing, LiveTableScope, LiveTeamAnswer } from '../../../contract/live'
import { among } from '../../db/among'
import type { Database } from '../../db/client'
import { liveSheets, standingsRows, tournamentSnapshots, tournaments } from '../../db/schema'
import { type LiveGameweek, type LiveManager, type LiveRow, type LiveSheet, type LiveTable, liveBanter, liveTable, liveTeam } from '../../fpl/live'
import { type LiveTableMemo, liveTableMemo, type PreviousTable, previousTable } from '../../fpl/live/table'
import { gameweekSummary } from '../../fpl/stats'
import { newestFirst, type StoredRow, storedRowColumns } from '../snapshot-store'
import { feedGameweek, type LiveFeed } from './feed'

/** Swings listed per update, and managers named per swing (the biggest changes first). */
const SWINGS_SHOWN = 8
const MANAGERS_PER_SWING = 12

/** A stored table row with the manager's picks of the gameweek (JSON until parsed). */
export interface ManagerRow extends Omit<StoredRow, 'position'> {
  sheet: string | null
  event_transfers: number | null
  /** His transfers of the gameweek (JSON until parsed, then kept parsed); null when not known. */
  gameweek_transfers?: string | GameweekTransfers | null
  fetched: number
}

/**
 * The tournament's managers with their picks of one gameweek, parsed: read once per gameweek (picks
 * never change after the deadline) and kept by the hub across feed generations, read again only
 * while some picks are still arriving or when the refresh has stored a new table. The ranking on
 * the previous totals is computed here, once, not on every generation.
 */
export interface TournamentManagers {
  gameweek: number
  /** The stored table's gameweek, status and revision: a new one means new rows to read. */
  snapshot: SnapshotKey | null
  managers: LiveManager[]
  previous: PreviousTable
  /** The managers' summaries kept across feed generations: only those whose players moved are re-scored. */
  memo: LiveTableMemo
  /** Whether the table holds the whole league. */
  scope: LiveTableScope
  /** The stored rows in table order (FPL's final numbers once the gameweek is checked). */
  stored: ManagerRow[]
  sheets: Map<number, LiveSheet>
  /** Who picked each player (`picksByPlayer`): the swing feed reads it for the few players who moved. */
  owners: Map<number, number[]>
  /** Managers whose picks are not stored yet. */
  pending: number
  /** The tournament's facts the managers were read with (its start, whether the table is whole). */
  facts: TableFacts | undefined
}

export interface SnapshotKey {
  gameweek: number
  status: string
  revision: number
}

export interface TournamentLive {
  gen: number
  gameweek: number
  /** `checked` only once FPL's checked table is stored (the feed may say so earlier). */
  status: LiveAnswer['status']
  updating: boolean
  updated_at: string | null
  fixtures: LiveAnswer['fixtures']
  scope: LiveTableScope
  /** Sorted by live rank. */
  rows: LiveRow[]
  swings: LiveSwing[]
  /** The banter stats read from the live table (none once the gameweek is checked). */
  banter: LiveBanterAward[]
  summary: LiveAnswer['gameweek_summary']
  sheets: Map<number, LiveSheet>
  /** The managers the table was scored from (the league's matchday insight reads them again, insight.ts). */
  managers: readonly LiveManager[]
  gw: LiveGameweek
}

/** The tournament's latest stored table: which gameweek, how final, which write. */
export async function snapshotKey(db: Database, tournamentId: number): Promise<SnapshotKey | null> {
  const [row] = await db
    .select({ gameweek: tournamentSnapshots.gameweek, status: tournamentSnapshots.gameweekStatus, revision: tournamentSnapshots.revision })
    .from(tournamentSnapshots)
    .where(eq(tournamentSnapshots.tournamentId, tournamentId))
    .orderBy(...newestFirst)
    .limit(1)
  return row ?? null
}

/** What the live table needs of the tournament besides its rows: its first gameweek and how much of the league is stored. */
interface TableFacts {
  start_event: number
  truncated: number | null
  total_members: number | null
}

/** A stored row with the manager's picks, read with live_sheets joined (`l`) as `sheets` says. */
const managerRows = (db: Database, tournamentId: number, sheets: SQL, join: 'left' | 'inner', where?: SQL) => {
  const columns = {
    ...storedRowColumns,
    // The picks stay JSON text here: the hub parses only the rows it has not parsed before.
    sheet: sql<string | null>`${liveSheets.sheet}`,
    event_transfers: liveSheets.eventTransfers,
    gameweek_transfers: sql<string | null>`${liveSheets.transfers}`,
    fetched: sql<number>`${liveSheets.fetchedAt} IS NOT NULL`,
  }
  const from = db.select(columns).from(standingsRows)
  const joined = join === 'left' ? from.leftJoin(liveSheets, sheets) : from.innerJoin(liveSheets, sheets)
  return joined.where(and(eq(standingsRows.tournamentId, tournamentId), where))
}

const sheetOf = (gameweek: number) => and(eq(liveSheets.gameweek, gameweek), eq(liveSheets.fplTeamId, standingsRows.fplTeamId)) as SQL

export async function loadManagers(db: Database, tournamentId: number, gameweek: number, snapshot: SnapshotKey | null): Promise<TournamentManagers> {
  const [stored, [facts]] = await Promise.all([
    managerRows(db, tournamentId, sheetOf(gameweek), 'left').orderBy(standingsRows.position),
    db
      .select({
        start_event: tournaments.startEvent,
        // Two fields of the stored table's meta (JSON): json_extract has no drizzle builder.
        truncated: sql<number | null>`json_extract(${tournamentSnapshots.standingsMeta}, '$.truncated')`,
        total_members: sql<number | null>`json_extract(${tournamentSnapshots.standingsMeta}, '$.total_members')`,
      })
      .from(tournaments)
      .leftJoin(tournamentSnapshots, eq(tournamentSnapshots.tournamentId, tournaments.id))
      .where(eq(tournaments.id, tournamentId))
      .orderBy(...newestFirst)
      .limit(1),
  ])
  return tournamentManagers(stored, facts, gameweek, snapshot)
}

/**
 * The kept managers with the picks that have arrived since they were read: only the rows of the
 * managers still loading are read and parsed, so a big league whose last picks trickle in is not
 * read whole (8 MB of picks for 5,000 managers) every few seconds. The rest is the managers'
 * assembly again (the ranking before the gameweek, the owners), which costs milliseconds.
 */
export async function withArrivedSheets(db: Database, tournamentId: number, kept: TournamentManagers): Promise<TournamentManagers> {
  const loading = kept.stored.filter((r) => !r.fetched).map((r) => r.fpl_team_id)
  const arrived = await managerRows(
    db,
    tournamentId,
    and(sheetOf(kept.gameweek), isNotNull(liveSheets.fetchedAt)) as SQL,
    'inner',
    among(standingsRows.fplTeamId, loading),
  )
  if (arrived.length === 0) return kept
  const byEntry = new Map(arrived.map((r) => [r.fpl_team_id, r]))
  const stored = kept.stored.map((r) => byEntry.get(r.fpl_team_id) ?? r)
  return tournamentManagers(stored, kept.facts, kept.gameweek, kept.snapshot, kept.sheets)
}

/**
 * The managers of `loadManagers` from the rows it read; `parsed` holds the picks of rows read
 * before (whose JSON is not kept), so only new rows are parsed.
 */
export function tournamentManagers(
  stored: ManagerRow[],
  facts: TableFacts | undefined,
  gameweek: number,
  snapshot: SnapshotKey | null,
  parsed: ReadonlyMap<number, LiveSheet> = new Map(),
): TournamentManagers {
  const firstGameweek = gameweek <= (facts?.start_event ?? 1)
  const sheets = new Map<number, LiveSheet>()
  const managers = stored.map((r): LiveManager => {
    const sheet = r.sheet ? (JSON.parse(r.sheet) as LiveSheet) : (parsed.get(r.fpl_team_id) ?? null)
    if (sheet) sheets.set(r.fpl_team_id, sheet)
    const before = snapshot?.gameweek === gameweek ? r.transfers : null
    const transfers = transfersMade(before, r, sheet)
    const moves = transfersOf(r)
    return {
      fpl_team_id: r.fpl_team_id,
      team_name: r.team_name,
      player_name: r.player_name,
      previous_total: firstGameweek ? 0 : previousTotal(r, gameweek, snapshot),
      ...(transfers === null ? {} : { transfers_made: transfers }),
      ...(before === null || before === undefined ? {} : { transfers_before: before }),
      fpl_rank: r.rank,
      sheet,
      ...(r.fetched ? {} : { loading: true }),
      ...(moves ? { transfers: moves } : {}),
    }
  })
  // The parsed sheets are kept; the raw JSON is not.
  for (const r of stored) r.sheet = null
  return {
    gameweek,
    snapshot,
    managers,
    previous: previousTable(managers, { firstGameweek }),
    memo: liveTableMemo(),
    scope: { complete: !facts?.truncated, kept: stored.length, league_size: Math.max(facts?.total_members ?? 0, stored.length) },
    stored,
    sheets,
    owners: picksByPlayer(managers),
    pending: stored.filter((r) => !r.fetched).length,
    facts,
  }
}

type GameweekTransfers = NonNullable<LiveManager['transfers']>

/** His transfers of the gameweek, parsed once: the row keeps them parsed for the next assembly. */
function transfersOf(r: ManagerRow): GameweekTransfers | null {
  if (typeof r.gameweek_transfers === 'string') r.gameweek_transfers = JSON.parse(r.gameweek_transfers) as GameweekTransfers
  return r.gameweek_transfers ?? null
}

/** By player: the manager (index) and pick (index in his sheet) of each time he was picked, as pairs in one list. */
function picksByPlayer(managers: readonly LiveManager[]): Map<number, number[]> {
  const owners = new Map<number, number[]>()
  managers.forEach((m, i) => {
    m.sheet?.picks.forEach((pick, k) => {
      const list = owners.get(pick.element)
      if (list) list.push(i, k)
      else owners.set(pick.element, [i, k])
    })
  })
  return owners
}

/**
 * His league total before the gameweek: as the refresh stored it with this gameweek's table, or
 * the stored table's total when that table is the gameweek before. Only a row the refresh could not
 * base (no checked table before it, no history read) falls back on FPL's row less its gameweek points.
 */
function previousTotal(r: ManagerRow, gameweek: number, snapshot: SnapshotKey | null): number {
  if (snapshot?.gameweek !== gameweek) return r.total_points
  return r.previous_total ?? r.total_points - r.gameweek_points
}

/**
 * Transfers for FPL's tie-break up to this gameweek's deadline: the stored count before the
 * gameweek (`before`: known only once the refresh has stored this gameweek's table, as the count
 * of the gameweek before stops a gameweek short) and the picks' own (none under a Wildcard or Free
 * Hit, none without a team); null when either is unknown.
 */
function transfersMade(before: number | null | undefined, r: ManagerRow, sheet: LiveSheet | null): number | null {
  if (before === null || before === undefined || !r.fetched) return null
  if (!sheet || sheet.active_chip === 'wildcard' || sheet.active_chip === 'freehit') return before
  return r.event_transfers === null ? null : before + r.event_transfers
}

/** The live table of one feed generation, computed once per generation by the hub (it updates `loaded.memo`). */
export function tournamentLive(feed: LiveFeed, loaded: TournamentManagers): TournamentLive {
  const gw = feedGameweek(feed)
  const table = liveTable(gw, loaded.managers, loaded.previous, loaded.memo)
  const final = feed.status === 'checked' && loaded.snapshot?.gameweek === feed.gameweek && loaded.snapshot.status === 'checked'
  // FPL has checked, the refresh has not stored its table yet: the rows are still our projection.
  const status = feed.status === 'checked' && !final ? 'finished' : feed.status
  const rows = final ? fplFinalTable(table.standings, loaded.stored, loaded.previous.ranks === null) : table.standings
  return {
    gen: feed.gen,
    gameweek: feed.gameweek,
    status,
    updating: feed.updating,
    updated_at: feed.fetched_at,
    fixtures: table.fixtures,
    scope: loaded.scope,
    rows,
    swings: swingsOf(feed, gw, table, loaded),
    banter: liveBanter(table, status),
    summary: liveSummaryOf(rows, feed.gameweek, status),
    sheets: loaded.sheets,
    managers: loaded.managers,
    gw,
  }
}

/**
 * The card's league-wide figures from the same rows the banter reads (so it never shows "—" while
 * the banter names a leader): the top gameweek score and the average over the managers whose
 * team is known, in table order.
 */
function liveSummaryOf(rows: readonly LiveRow[], gameweek: number, status: LiveAnswer['status']): LiveAnswer['gameweek_summary'] {
  const known = rows
    .filter((r) => r.team_status !== 'loading')
    .map((r) => ({ player_name: r.player_name, team_name: r.team_name, gameweek_points: r.live_points }))
  return gameweekSummary(known, gameweek, status)
}

/**
 * The checked gameweek: FPL's own points and ranks, the live extras (captain, subs) kept; no
 * movement in the league's first gameweek. A row whose picks we never fetched has FPL's points
 * all the same: it is not "loading".
 */
function fplFinalTable(computed: LiveRow[], stored: ManagerRow[], firstGameweek: boolean): LiveRow[] {
  const byEntry = new Map(computed.map((r) => [r.fpl_team_id, r]))
  return stored.flatMap((s) => {
    const row = byEntry.get(s.fpl_team_id)
    if (!row) return []
    return [
      {
        ...row,
        live_points: s.gameweek_points,
        live_total: s.total_points,
        live_rank: s.rank,
        last_rank: firstGameweek ? null : (s.last_rank ?? row.last_rank),
        fpl_rank: s.rank,
        team_status: row.team_status === 'loading' ? 'loaded' : row.team_status,
      },
    ]
  })
}

/**
 * The feed's biggest player changes that touch this table, each with the managers who count him
 * and what it did to them (his change times their multiplier after subs and armband): the biggest
 * shares first, ties in table order. Players nobody here counts are left out: the feed is about
 * this league. Only the owners of the few players who moved are looked at (`owners`), never every
 * sheet.
 */
function swingsOf(feed: LiveFeed, gw: LiveGameweek, table: LiveTable, loaded: Pick<TournamentManagers, 'managers' | 'owners'>): LiveSwing[] {
  const changes = feed.changes.filter((c) => c.points !== 0)
  if (changes.length === 0) return []
  const n = table.order.length
  const placeOf = new Int32Array(n)
  table.order.forEach((i, place) => {
    placeOf[i] = place
  })
  const swings: LiveSwing[] = []
  for (const change of changes) {
    const picked = loaded.owners.get(change.element) ?? []
    // One number per owner who counts him: multiplier 3 before 2 before 1, each in table order.
    const keys: number[] = []
    for (let j = 0; j < picked.length; j += 2) {
      const i = picked[j] as number
      const place = placeOf[i] as number
      const sheet = (loaded.managers[i] as LiveManager).sheet as LiveSheet
      const multiplier = multiplierOf(table.standings[place] as LiveRow, sheet, sheet.picks[picked[j + 1] as number] as LiveSheet['picks'][number])
      if (multiplier > 0) keys.push((3 - multiplier) * n + place)
    }
    if (keys.length === 0) continue
    const managers = Array.from(Int32Array.from(keys).sort().subarray(0, MANAGERS_PER_SWING), (key) => {
      const multiplier = 3 - Math.floor(key / n)
      const row = table.standings[key % n] as LiveRow
      return { fpl_team_id: row.fpl_team_id, player_name: row.player_name, points: change.points * multiplier, captain: multiplier > 1 }
    })
    swings.push({
      element: change.element,
      name: gw.element(change.element).name,
      events: change.events,
      reasons: change.reasons,
      match: change.match,
      points: change.points,
      managers,
    })
    if (swings.length === SWINGS_SHOWN) break
  }
  return swings
}

/** A pick's multiplier now: it counts if it plays (the eleven after subs, all 15 under Bench Boost), the armband's holder more. */
function multiplierOf(row: LiveRow, sheet: LiveSheet, pick: LiveSheet['picks'][number]): number {
  const subbedIn = row.auto_subs.some((s) => s.in === pick.element)
  const subbedOut = row.auto_subs.some((s) => s.out === pick.element)
  const counts = row.active_chip === 'bboost' || subbedIn || (pick.position <= 11 && !subbedOut)
  if (!counts) return 0
  if (pick.element !== row.armband_element) return 1
  return sheet.active_chip === '3xc' ? 3 : 2
}

/** A manager's position to show as his place: his live rank in a table of the whole league, FPL's last rank otherwise. */
export const positionOf = (live: Pick<TournamentLive, 'scope'>, row: Pick<LiveRow, 'live_rank' | 'fpl_rank'>): number | null =>
  live.scope.complete ? row.live_rank : row.fpl_rank

/**
 * The viewer's place in an answer, from his row's index in the whole table (−1 when he has none)
 * and its `positionOf`: the one rule for the hub's answers and the edge's kept pages (page-cache.ts).
 */
export function viewerPlace(own: number, position: number | null, limit: number): Pick<LiveAnswer, 'current_user_position' | 'current_user_page'> {
  return own < 0
    ? { current_user_position: null, current_user_page: null }
    : { current_user_position: position, current_user_page: Math.floor(own / limit) + 1 }
}

export interface LiveQuery {
  page: number
  limit: number
  viewerTeamId: number | null
  /** Trimmed, non-empty text to find in team and manager names (as the standings search), or null for the whole table. */
  search: string | null
}

/** SQLite's LIKE, which the standings search uses, ignores case for ASCII letters only. */
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase())

/**
 * One page of the table for one viewer: the `/live` answer. A search pages through the rows whose
 * team or manager name contains it, with their real ranks. The viewer's position is `positionOf`
 * (a place among kept rows is not a rank).
 */
export function liveAnswer(live: TournamentLive, query: LiveQuery): LiveAnswer {
  const { page, limit, viewerTeamId, search } = query
  const needle = search === null ? null : asciiLower(search)
  const rows = needle === null ? live.rows : live.rows.filter((r) => asciiLower(r.team_name).includes(needle) || asciiLower(r.player_name).includes(needle))
  const total = rows.length
  const totalPages = Math.max(1, Math.ceil(total / limit))
  const own = viewerTeamId === null ? -1 : live.rows.findIndex((r) => r.fpl_team_id === viewerTeamId)
  const ownRow = live.rows[own]
  const standings = rows
    .slice((page - 1) * limit, page * limit)
    .map((r): LiveStandingRow => ({ ...contractRow(r), is_current_user: r.fpl_team_id === viewerTeamId }))
  return {
    ...liveState(live),
    fixtures: live.fixtures,
    scope: live.scope,
    standings,
    pagination_metadata: {
      current_page: page,
      per_page: limit,
      total_members: total,
      total_pages: totalPages,
      has_previous: page > 1,
      has_next: page < totalPages,
    },
    ...viewerPlace(own, ownRow ? positionOf(live, ownRow) : null, limit),
    gameweek_summary: live.summary,
    swings: live.swings,
    banter: live.banter,
  }
}

/** One manager's picks, scored: the `/live/{fpl_team_id}` answer; null when he is not in the table. */
export function liveTeamAnswer(live: TournamentLive, fplTeamId: number): LiveTeamAnswer | null {
  const row = live.rows.find((r) => r.fpl_team_id === fplTeamId)
  if (!row) return null
  const sheet = live.sheets.get(fplTeamId)
  return { ...liveState(live), ...contractRow(row), picks: sheet ? liveTeam(live.gw, sheet).picks : [] }
}

/** Where the table's numbers stand (the head of every live answer and socket message). */
export const liveState = (live: TournamentLive): LiveState => ({
  gameweek: live.gameweek,
  status: live.status,
  provisional: live.status !== 'checked',
  updating: live.updating,
  updated_at: live.updated_at,
})

/** The row as the contract names it (and nothing the engine keeps for itself). */
function contractRow(r: LiveRow): Omit<LiveStandingRow, 'is_current_user'> {
  return {
    fpl_team_id: r.fpl_team_id,
    team_name: r.team_name,
    player_name: r.player_name,
    live_points: r.live_points,
    live_total: r.live_total,
    live_rank: r.live_rank,
    last_rank: r.last_rank,
    fpl_rank: r.fpl_rank,
    team_status: r.team_status,
    pending_subs: r.pending_subs,
    projected_bonus: r.projected_bonus,
    transfers_cost: r.transfers_cost,
    active_chip: r.active_chip,
    captain: r.captain,
    vice_captain: r.vice_captain,
    auto_subs: r.auto_subs,
    players_played: r.players_played,
    players_to_play: r.players_to_play,
  }
}
