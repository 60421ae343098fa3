/**
 * A tournament's live table: the feed's player lines (one poll for everyone) and the stored picks
 * of the tournament's managers, ranked by FPL's rules (worker/fpl/live). Computed once per feed
 * generation by the tournament's hub (hub.ts) and sliced per request: the `/live` answer, the team
 * view and the swing feed all read one `TournamentLive`.
 *
 * The managers are the rows of the tournament's stored table (every manager of a classic league up
 * to 5,000, then the top and our members' pages; decision 071). A manager whose picks are not
 * stored yet (queued, or no team this gameweek) counts with no live points on top of his total.
 * Once FPL has checked the gameweek and the refresh has stored that final table, its numbers are
 * FPL's own (live and final agree, and FPL's table is the authority).
 */
import { sql } from 'drizzle-orm'
import type { LiveAnswer, LiveBanterAward, LiveStandingRow, LiveState, LiveSwing, LiveTeamAnswer } from '../../contract/live'
import type { Database } from '../db/client'
import { type LiveGameweek, type LiveManager, type LiveRow, type LiveSheet, liveBanter, liveTable, liveTeam } from '../fpl/live'
import type { StoredRow } from '../services/snapshot-store'
import { feedGameweek, type LiveFeed } from './feed'

/** Swings listed per update, and managers named per swing (the biggest changes first). */
const SWINGS_SHOWN = 8
const MANAGERS_PER_SWING = 12

/** A stored table row with the manager's picks of the gameweek (JSON until parsed). */
interface ManagerRow extends Omit<StoredRow, 'position'> {
  sheet: string | null
  previous_total: number | null
  fetched: number
}

/**
 * The tournament's managers with their picks of one gameweek, parsed: read once per gameweek (picks
 * never change after the deadline) and kept by the hub across feed generations, read again only
 * while some picks are still arriving or when the refresh has stored a new table.
 */
export interface TournamentManagers {
  gameweek: number
  /** The stored table's gameweek, status and revision: a new one means new rows to read. */
  snapshot: SnapshotKey | null
  managers: LiveManager[]
  /** The stored rows in table order (FPL's final numbers once the gameweek is checked). */
  stored: ManagerRow[]
  sheets: Map<number, LiveSheet>
  /** Managers whose picks are not stored yet. */
  pending: number
}

export interface SnapshotKey {
  gameweek: number
  status: string
  revision: number
}

export interface TournamentLive {
  gen: number
  gameweek: number
  status: LiveAnswer['status']
  updating: boolean
  updated_at: string | null
  fixtures: LiveAnswer['fixtures']
  /** Sorted by live rank. */
  rows: LiveRow[]
  swings: LiveSwing[]
  /** The banter stats read from the live table (none once the gameweek is checked). */
  banter: LiveBanterAward[]
  sheets: Map<number, LiveSheet>
  gw: LiveGameweek
}

/** The tournament's latest stored table: which gameweek, how final, which write. */
export async function snapshotKey(db: Database, tournamentId: number): Promise<SnapshotKey | null> {
  const [row] = await db.all<SnapshotKey>(sql`
    SELECT gameweek, gameweek_status AS status, revision FROM tournament_snapshots
    WHERE tournament_id = ${tournamentId} ORDER BY gameweek DESC LIMIT 1`)
  return row ?? null
}

export async function loadManagers(db: Database, tournamentId: number, gameweek: number, snapshot: SnapshotKey | null): Promise<TournamentManagers> {
  const stored = await db.all<ManagerRow>(sql`
    SELECT s.fpl_team_id, s.team_name, s.player_name, s.total_points, s.gameweek_points, s.rank, s.last_rank,
      l.sheet, l.previous_total, l.fetched_at IS NOT NULL AS fetched
    FROM standings_rows s
    LEFT JOIN live_sheets l ON l.gameweek = ${gameweek} AND l.fpl_team_id = s.fpl_team_id
    WHERE s.tournament_id = ${tournamentId}
    ORDER BY s.position`)
  const sheets = new Map<number, LiveSheet>()
  const managers = stored.map((r): LiveManager => {
    const sheet = r.sheet ? (JSON.parse(r.sheet) as LiveSheet) : null
    if (sheet) sheets.set(r.fpl_team_id, sheet)
    // Without picks: his stored total, less this gameweek's points if the stored table has them.
    const previous = r.previous_total ?? r.total_points - (snapshot?.gameweek === gameweek ? r.gameweek_points : 0)
    return { fpl_team_id: r.fpl_team_id, team_name: r.team_name, player_name: r.player_name, previous_total: previous, sheet }
  })
  // The parsed sheets are kept; the raw JSON is not.
  for (const r of stored) r.sheet = null
  return { gameweek, snapshot, managers, stored, sheets, pending: stored.filter((r) => !r.fetched).length }
}

/** The live table of one feed generation. Pure: the hub computes it once per generation. */
export function tournamentLive(feed: LiveFeed, loaded: TournamentManagers): TournamentLive {
  const gw = feedGameweek(feed)
  const table = liveTable(gw, loaded.managers)
  const final = feed.status === 'checked' && loaded.snapshot?.gameweek === feed.gameweek && loaded.snapshot.status === 'checked'
  return {
    gen: feed.gen,
    gameweek: feed.gameweek,
    status: feed.status,
    updating: feed.updating,
    updated_at: feed.fetched_at,
    fixtures: table.fixtures,
    rows: final ? fplFinalTable(table.standings, loaded.stored) : table.standings,
    swings: swingsOf(feed, gw, table.standings, loaded.sheets),
    banter: liveBanter(table, feed.status),
    sheets: loaded.sheets,
    gw,
  }
}

/** The checked gameweek: FPL's own points and ranks, the live extras (captain, subs) kept. */
function fplFinalTable(computed: LiveRow[], stored: ManagerRow[]): LiveRow[] {
  const byEntry = new Map(computed.map((r) => [r.fpl_team_id, r]))
  return stored.flatMap((s) => {
    const row = byEntry.get(s.fpl_team_id)
    if (!row) return []
    return [{ ...row, live_points: s.gameweek_points, live_total: s.total_points, live_rank: s.rank, last_rank: s.last_rank ?? row.last_rank }]
  })
}

/**
 * The feed's biggest player changes that touch this table, each with the managers who count him
 * and what it did to them (his change times their multiplier after subs and armband). Players
 * nobody here counts are left out: the feed is about this league.
 */
function swingsOf(feed: LiveFeed, gw: LiveGameweek, rows: readonly LiveRow[], sheets: ReadonlyMap<number, LiveSheet>): LiveSwing[] {
  const changes = feed.changes.filter((c) => c.points !== 0)
  if (changes.length === 0) return []
  const changed = new Set(changes.map((c) => c.element))
  // Who counts each changed player, and with which multiplier: from the picks and the row's subs
  // and armband, without building a team view per manager.
  const owners = new Map<number, Array<{ row: LiveRow; multiplier: number }>>()
  for (const row of rows) {
    const sheet = sheets.get(row.fpl_team_id)
    if (!sheet) continue
    for (const pick of sheet.picks) {
      if (!changed.has(pick.element)) continue
      const multiplier = multiplierOf(row, sheet, pick)
      if (multiplier === 0) continue
      const list = owners.get(pick.element)
      if (list) list.push({ row, multiplier })
      else owners.set(pick.element, [{ row, multiplier }])
    }
  }
  const swings: LiveSwing[] = []
  for (const change of changes) {
    const counted = owners.get(change.element)
    if (!counted) continue
    const managers = counted
      .map(({ row, multiplier }) => ({
        fpl_team_id: row.fpl_team_id,
        player_name: row.player_name,
        points: change.points * multiplier,
        captain: multiplier > 1,
      }))
      .sort((a, b) => Math.abs(b.points) - Math.abs(a.points))
      .slice(0, MANAGERS_PER_SWING)
    swings.push({ element: change.element, name: gw.element(change.element).name, events: change.events, points: change.points, managers })
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

/** One page of the table for one viewer: the `/live` answer. */
export function liveAnswer(live: TournamentLive, query: { page: number; limit: number; viewerTeamId: number | null }): LiveAnswer {
  const { page, limit, viewerTeamId } = query
  const total = live.rows.length
  const totalPages = Math.max(1, Math.ceil(total / limit))
  const own = viewerTeamId === null ? -1 : live.rows.findIndex((r) => r.fpl_team_id === viewerTeamId)
  const standings = live.rows
    .slice((page - 1) * limit, page * limit)
    .map((r): LiveStandingRow => ({ ...contractRow(r), is_current_user: r.fpl_team_id === viewerTeamId }))
  return {
    ...liveState(live),
    fixtures: live.fixtures,
    standings,
    pagination_metadata: {
      current_page: page,
      per_page: limit,
      total_members: total,
      total_pages: totalPages,
      has_previous: page > 1,
      has_next: page < totalPages,
    },
    current_user_position: own >= 0 ? (live.rows[own]?.live_rank ?? null) : null,
    current_user_page: own >= 0 ? Math.floor(own / limit) + 1 : null,
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
