import type { TournamentType } from '../db/schema'
import type { BanterStats, MonthlyWinner } from '../fpl/stats'
import type { SnapshotView, StandingsMeta, StandingsPage, StandingsSlice, StoredRow } from './snapshot-store'

// What the tournament pages answer: the snapshots the refresh wrote, shaped as the
// standings, monthly-winners and banter-stats answers of decision 181, R7. Nothing here calls FPL or D1.

const PENDING_MESSAGE = 'Standings will appear after the next data refresh.'

export interface StandingsQuery extends StandingsSlice {
  /** The viewer's FPL team, to mark their own row. */
  viewerTeamId: number | null
}

const standingRow = (row: StoredRow, viewerTeamId: number | null) => ({
  fpl_team_id: row.fpl_team_id,
  team_name: row.team_name,
  player_name: row.player_name,
  total_points: row.total_points,
  gameweek_points: row.gameweek_points,
  rank: row.rank,
  last_rank: row.last_rank,
  is_current_user: viewerTeamId !== null && row.fpl_team_id === viewerTeamId,
})

/** What the answer says when nothing matches a search, or when a search covers part of a very large league. */
const noMatchMessage = (search: string) => `No manager or team name matches "${search}".`
const PARTIAL_SEARCH_MESSAGE = 'Search covers the top of this very large league and the pages where our members stand.'

export function standingsResponse(tournament: { type: TournamentType }, query: StandingsQuery, { snapshot, rows, own, matches }: StandingsPage) {
  const { page, limit, search, viewerTeamId } = query
  const meta = snapshot?.document as StandingsMeta | undefined
  const total = meta?.total_members ?? 0
  // A search pages through its matches; otherwise the pages are the table's.
  const paged = search !== null ? (matches ?? 0) : total
  const totalPages = Math.max(1, Math.ceil(paged / limit))
  const notStored = search === null && !!meta?.truncated && rows.length === 0 && page <= totalPages
  return {
    standings: rows.map((row) => standingRow(row, viewerTeamId)),
    demo_mode: false,
    message: !snapshot
      ? PENDING_MESSAGE
      : search !== null && matches === 0
        ? noMatchMessage(search)
        : search !== null && meta?.truncated
          ? PARTIAL_SEARCH_MESSAGE
          : notStored
            ? 'This part of a very large league is not stored: we keep the top of the table and the pages where our members stand.'
            : null,
    pagination_metadata: {
      current_page: page,
      per_page: limit,
      total_members: paged,
      total_pages: totalPages,
      has_previous: page > 1,
      has_next: page < totalPages,
    },
    current_user_position: own?.rank ?? null,
    current_user_in_standings: own !== null,
    // The table page (at this page size) holding the viewer's row, whatever page or search was
    // asked: the Live tab opens there. Null signed out or outside the table.
    current_user_page: own ? Math.ceil(own.position / limit) : null,
    // With a search: the text searched (trimmed) and how many rows match; the rows keep their real ranks.
    search: search !== null ? { query: search, total_matches: matches ?? 0 } : null,
    total_members: total,
    fpl_active_members: meta?.fpl_active_members ?? 0,
    is_public_tournament: tournament.type === 'public',
    data_source: snapshot?.dataSource ?? 'pending',
    gameweek: snapshot?.gameweek ?? null,
    refreshed_at: snapshot?.refreshedAt.toISOString() ?? null,
    // League-wide, the same on every page; null before the first refresh and in older snapshots.
    gameweek_summary: meta?.gameweek_summary ?? null,
  }
}

const freshness = (snapshot: SnapshotView | null) => ({
  gameweek: snapshot?.gameweek ?? null,
  data_source: snapshot?.dataSource ?? 'pending',
  refreshed_at: snapshot?.refreshedAt.toISOString() ?? null,
})

/** A month as snapshots before decision 044 stored it: no joint_winners or joint_leaders, a co-leader listed as runner-up 1. */
type StoredMonth = Omit<MonthlyWinner, 'joint_winners' | 'joint_leaders'> & Partial<Pick<MonthlyWinner, 'joint_winners' | 'joint_leaders'>>

/** An older snapshot's month read as today's: runners-up at position 1 shared the title (decision 044). */
export function readStoredMonth(month: StoredMonth): MonthlyWinner {
  if (month.joint_winners && month.joint_leaders) return { ...month, joint_winners: month.joint_winners, joint_leaders: month.joint_leaders }
  const coLeaders = month.runners_up.filter((r) => r.position <= 1).map((r) => r.player_name)
  const leaders = month.joint_winners?.length
    ? month.joint_winners
    : month.leading_player
      ? [month.leading_player, ...coLeaders.filter((name) => name !== month.leading_player)]
      : []
  const joint = month.status === 'finished' && month.winner ? leaders : []
  return { ...month, joint_winners: month.joint_winners ?? joint, joint_leaders: leaders, runners_up: month.runners_up.filter((r) => r.position > 1) }
}

export function monthlyWinnersResponse(snapshot: SnapshotView | null) {
  const months = (snapshot?.document as StoredMonth[] | undefined) ?? []
  return { monthly_winners: months.map(readStoredMonth), ...freshness(snapshot) }
}

/** Banter stats as stored: snapshots before decision 113 have no gameweek status in their league context. */
type StoredBanter = Omit<BanterStats, 'league_context'> & {
  league_context: Omit<BanterStats['league_context'], 'gameweek_status' | 'provisional'> &
    Partial<Pick<BanterStats['league_context'], 'gameweek_status' | 'provisional'>>
}

/** Shown instead of stats whose texts may read as final while the gameweek is not checked (written before decision 113). */
const provisionalPendingMessage = (gameweek: number) => `Gameweek ${gameweek} banter so far appears after the next data refresh.`

/**
 * The banter answer. `provisional` and `gameweek_status` come from the snapshot (the status it was
 * computed at) and are copied into `league_context`, so the cards and the answer agree. Stats
 * written before the "so far" texts existed are not shown while their gameweek is unchecked:
 * their texts would call a partial number final (decision 113); the next refresh replaces them.
 */
export function banterStatsResponse(snapshot: SnapshotView | null) {
  const stored = (snapshot?.document as StoredBanter | null | undefined) ?? null
  const status = snapshot?.gameweekStatus ?? null
  const provisional = status !== null && status !== 'checked'
  const legacyProvisional = provisional && stored !== null && stored.league_context.provisional === undefined
  const stats: BanterStats | null =
    snapshot && stored && !legacyProvisional
      ? { ...stored, league_context: { ...stored.league_context, gameweek_status: snapshot.gameweekStatus, provisional } }
      : null
  let message: string | null = null
  if (!snapshot) message = PENDING_MESSAGE
  else if (legacyProvisional) message = provisionalPendingMessage(snapshot.gameweek)
  else if (!stats) message = "Banter stats appear once every manager's gameweek data is in."
  return {
    comprehensive_banter_stats: stats,
    message,
    // Ours (decision 113): true while the snapshot's gameweek is not checked by FPL; every card then says "so far".
    provisional,
    gameweek_status: status,
    ...freshness(snapshot),
  }
}
