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
import type { LiveAnswer, LiveBanterAward, LiveStandingRow, LiveSwing, LiveTeamAnswer } from '../../contract/live'
import type { Database } from '../db/client'
import { type LiveGameweek, type LiveManager, type LiveRow, type LiveSheet, liveBanter, liveTable, liveTeam } from '../fpl/live'
import { feedGameweek, type LiveFeed } from './feed'

/** Swings listed per update, and managers named per swing (the biggest changes first). */
const SWINGS_SHOWN = 8
const MANAGERS_PER_SWING = 12

interface ManagerRow {
  fpl_team_id: number
  team_name: string
  player_name: string
  total_points: number
  gameweek_points: number
  rank: number
  last_rank: number | null
  sheet: string | null
  previous_total: number | null
  fetched: number
  snapshot_gameweek: number | null
  snapshot_status: string | null
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
  /** Managers whose picks are not stored yet (the hub reloads them on the next generation). */
  pendingSheets: number
  sheets: Map<number, LiveSheet>
  gw: LiveGameweek
}

/** The tournament's managers with their stored picks of the feed's gameweek, in table order. */
async function managerRows(db: Database, tournamentId: number, gameweek: number): Promise<ManagerRow[]> {
  return db.all<ManagerRow>(sql`
    SELECT s.fpl_team_id, s.team_name, s.player_name, s.total_points, s.gameweek_points, s.rank, s.last_rank,
      l.sheet, l.previous_total, l.fetched_at IS NOT NULL AS fetched, t.gameweek AS snapshot_gameweek, t.gameweek_status AS snapshot_status
    FROM standings_rows s
    LEFT JOIN live_sheets l ON l.gameweek = ${gameweek} AND l.fpl_team_id = s.fpl_team_id
    LEFT JOIN (SELECT gameweek, gameweek_status FROM tournament_snapshots WHERE tournament_id = ${tournamentId} ORDER BY gameweek DESC LIMIT 1) t
    WHERE s.tournament_id = ${tournamentId}
    ORDER BY s.position`)
}

export async function computeTournamentLive(db: Database, tournamentId: number, feed: LiveFeed): Promise<TournamentLive> {
  const rows = await managerRows(db, tournamentId, feed.gameweek)
  const gw = feedGameweek(feed)
  const sheets = new Map<number, LiveSheet>()
  const managers = rows.map((r): LiveManager => {
    const sheet = r.sheet ? (JSON.parse(r.sheet) as LiveSheet) : null
    if (sheet) sheets.set(r.fpl_team_id, sheet)
    // Without picks: his stored total, less this gameweek's points if the stored table has them.
    const previous = r.previous_total ?? r.total_points - (r.snapshot_gameweek === feed.gameweek ? r.gameweek_points : 0)
    return { fpl_team_id: r.fpl_team_id, team_name: r.team_name, player_name: r.player_name, previous_total: previous, sheet }
  })
  const table = liveTable(gw, managers)
  const final = feed.status === 'checked' && rows[0]?.snapshot_gameweek === feed.gameweek && rows[0]?.snapshot_status === 'checked'
  return {
    gen: feed.gen,
    gameweek: feed.gameweek,
    status: feed.status,
    updating: feed.updating,
    updated_at: feed.fetched_at,
    fixtures: table.fixtures,
    rows: final ? fplFinalTable(table.standings, rows) : table.standings,
    swings: swingsOf(feed, gw, table.standings, sheets),
    banter: liveBanter(table, feed.status),
    pendingSheets: rows.filter((r) => !r.fetched).length,
    sheets,
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
 * The feed's biggest player changes, each with the managers of this table who count him and what
 * it did to them (his change × their multiplier after subs and armband).
 */
function swingsOf(feed: LiveFeed, gw: LiveGameweek, rows: readonly LiveRow[], sheets: ReadonlyMap<number, LiveSheet>): LiveSwing[] {
  const changes = feed.changes.filter((c) => c.points !== 0).slice(0, SWINGS_SHOWN)
  if (changes.length === 0) return []
  const wanted = new Set(changes.map((c) => c.element))
  const multipliers = new Map<number, Map<number, number>>()
  for (const row of rows) {
    const sheet = sheets.get(row.fpl_team_id)
    if (!sheet?.picks.some((p) => wanted.has(p.element))) continue
    const team = liveTeam(gw, sheet)
    multipliers.set(row.fpl_team_id, new Map(team.picks.filter((p) => wanted.has(p.element) && p.multiplier > 0).map((p) => [p.element, p.multiplier])))
  }
  return changes.map((change) => {
    const managers = rows
      .flatMap((row) => {
        const multiplier = multipliers.get(row.fpl_team_id)?.get(change.element)
        return multiplier ? [{ fpl_team_id: row.fpl_team_id, player_name: row.player_name, points: change.points * multiplier, captain: multiplier > 1 }] : []
      })
      .sort((a, b) => Math.abs(b.points) - Math.abs(a.points))
      .slice(0, MANAGERS_PER_SWING)
    return { element: change.element, name: gw.element(change.element).name, events: change.events, points: change.points, managers }
  })
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
    ...header(live),
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
  return { ...header(live), ...contractRow(row), picks: sheet ? liveTeam(live.gw, sheet).picks : [] }
}

const header = (live: TournamentLive) => ({
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
