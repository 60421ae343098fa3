import { and, asc, count, eq, exists, getTableColumns, inArray, isNotNull, isNull, lt, ne, notExists, notInArray, or, type SQLWrapper, sql } from 'drizzle-orm'
import { PINNED_CURATED_NAME } from '../../contract/tournaments'
import { type BatchRead, batchOf, constant, mapRead, rowsOf, runBatch } from '../db/batch'
import type { Database } from '../db/client'
import { curatedTeams, tournaments } from '../db/schema'
import type { Bindings } from '../env'
import { FplError } from '../fpl/errors'
import type { FplSource } from '../fpl/source'
import { ApiError } from '../lib/errors'
import { log } from '../lib/log'
import type { SessionUser } from './auth/sessions'
import { orUnavailable, ownTeamInLeague } from './fpl-lookup'
import { firstRefreshJobRead } from './refresh/jobs'
import { queueFirstRefresh } from './refresh/plan'
import type { MessageSender } from './refresh/types'
import { fplLeagueSizeColumn, snapshotOf } from './snapshot-store'
import {
  activeMemberCountsRead,
  activeMembershipUpsert,
  awaitsRenewal,
  creatorMembershipInsert,
  joinTournaments,
  membershipOf,
  membershipsOfUserQuery,
  playerCountQuery,
  provenTeamOf,
  teamAndLeaguesQuery,
  userNameQuery,
} from './users'

// Tournaments as the list, detail, create and join flows see them (decision 181, R7 and R10).

export type Tournament = typeof tournaments.$inferSelect

export const leagueNotFound = () => new ApiError(404, 'League not found', { code: 'league_not_found' })

/** A tournament, or null when there is none with this id. */
export const tournamentRead = (db: Database, id: number): BatchRead<Tournament | null> =>
  mapRead(rowsOf(db.select().from(tournaments).where(eq(tournaments.id, id)).limit(1)), ([t]) => t ?? null)

export async function loadTournament(db: Database, id: number): Promise<Tournament> {
  const tournament = await db.query.tournaments.findFirst({ where: eq(tournaments.id, id) })
  if (!tournament) throw leagueNotFound()
  return tournament
}

/**
 * The global tournament's row (the public auto-join one every verified manager is put in), as a
 * query condition: the rule of `tableKind` (users.ts) said in SQL.
 */
const globalTournamentRow = and(eq(tournaments.type, 'public'), eq(tournaments.autoJoin, true))

export async function publicTournamentId(db: Database): Promise<number | null> {
  const row = await db.query.tournaments.findFirst({ where: globalTournamentRow, columns: { id: true } })
  return row?.id ?? null
}

/** Names the public auto-join tournament after the product, which is configuration (the cron keeps it in step). */
export async function namePublicTournament(db: Database, productName: string) {
  await db
    .update(tournaments)
    .set({ name: `${productName} Tournament`, description: `Compete with all ${productName} users` })
    .where(globalTournamentRow)
}

/** Tournaments of FPL leagues, except those of the FPL leagues in `keep`: what an FPL team brings an account. */
const ofLeaguesExcept = (keep: number[]) => and(isNotNull(tournaments.fplLeagueId), keep.length > 0 ? notInArray(tournaments.fplLeagueId, keep) : undefined)

/** The ids of the tournaments of FPL leagues other than those in `keep`, as a subquery. */
export const leagueTournamentIds = (db: Database, keep: number[]) => db.select({ id: tournaments.id }).from(tournaments).where(ofLeaguesExcept(keep))

/** Takes from `holders` (a subquery of user ids) the commissioner role of the tournaments of FPL leagues other than those in `keep`. */
export const dropCommissionerRolesStatement = (db: Database, holders: SQLWrapper, keep: number[]) =>
  db
    .update(tournaments)
    .set({ commissionerId: null, updatedAt: new Date() })
    .where(and(inArray(tournaments.commissionerId, holders), ofLeaguesExcept(keep)))

/** A new invite code at once: the old link stops working in the same statement. */
export async function renewInviteCode(db: Database, tournamentId: number): Promise<string> {
  const code = newInviteCode()
  await db.update(tournaments).set({ inviteCode: code, updatedAt: new Date() }).where(eq(tournaments.id, tournamentId))
  return code
}

/** The commissioner's settings; returns the tournament as written. */
export async function updateTournamentSettings(db: Database, tournamentId: number, settings: { name: string; description: string; isPublic: boolean }) {
  const [updated] = await db
    .update(tournaments)
    .set({ ...settings, updatedAt: new Date() })
    .where(eq(tournaments.id, tournamentId))
    .returning()
  return updated!
}

/** Links a tournament to the one it continues (the Hall of Fame's lineage). */
export async function setPreviousTournament(db: Database, tournamentId: number, previousFplLeagueId: number | null, previousTournamentId: number | null) {
  await db.update(tournaments).set({ previousFplLeagueId, previousTournamentId, updatedAt: new Date() }).where(eq(tournaments.id, tournamentId))
}

/**
 * Points a tournament of an ended season at this season's FPL league (decision 185), in one
 * statement that also refuses when the tournament moved on meanwhile (renewed twice at once) or
 * another tournament took that league: false then, and nothing is written.
 */
export async function renewTournamentRow(db: Database, t: Tournament, renewal: { fplLeagueId: number; season: string; startEvent: number }): Promise<boolean> {
  const rows = await db
    .update(tournaments)
    .set({ fplLeagueId: renewal.fplLeagueId, fplSeason: renewal.season, startEvent: renewal.startEvent, endedFplLeagueId: null, updatedAt: new Date() })
    .where(
      and(
        eq(tournaments.id, t.id),
        t.fplSeason === null ? isNull(tournaments.fplSeason) : eq(tournaments.fplSeason, t.fplSeason),
        notExists(db.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.fplLeagueId, renewal.fplLeagueId))),
      ),
    )
    .returning({ id: tournaments.id })
  return rows.length > 0
}

export async function setGazetteEnabled(db: Database, tournamentId: number, enabled: boolean) {
  await db.update(tournaments).set({ gazetteEnabled: enabled, updatedAt: new Date() }).where(eq(tournaments.id, tournamentId))
}

/**
 * The season rollover's part in tournaments (decision 185), as statements to batch: each private
 * tournament of an older season lets go of its FPL league id (kept as ended_fpl_league_id, so the
 * league id is free for FPL's new season, decision 062) until its commissioner renews it; the
 * curated league's teams, all of last season, go (an admin adds this season's).
 */
export const endLeaguesOfSeasonsBefore = (db: Database, season: string) => [
  db
    .update(tournaments)
    .set({ endedFplLeagueId: sql`${tournaments.fplLeagueId}`, fplLeagueId: null, updatedAt: new Date() })
    .where(and(eq(tournaments.type, 'private'), isNotNull(tournaments.fplLeagueId), or(isNull(tournaments.fplSeason), lt(tournaments.fplSeason, season)))),
  db.delete(curatedTeams),
]

/** Adds a team to the curated league; false when it is there already. */
export async function addCuratedTeamRow(db: Database, team: typeof curatedTeams.$inferInsert): Promise<boolean> {
  const rows = await db.insert(curatedTeams).values(team).onConflictDoNothing().returning({ id: curatedTeams.id })
  return rows.length > 0
}

/** Removes a team from the curated league; false when it was not there. */
export async function removeCuratedTeamRow(db: Database, tournamentId: number, teamId: number): Promise<boolean> {
  const rows = await db
    .delete(curatedTeams)
    .where(and(eq(curatedTeams.tournamentId, tournamentId), eq(curatedTeams.fplTeamId, teamId)))
    .returning({ id: curatedTeams.id })
  return rows.length > 0
}

/** A random, unguessable invite code (96 bits, URL-safe). */
function newInviteCode(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(12))))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
}

interface Counts {
  members: Map<number, number>
  curated: Map<number, number>
  players: number
}

/** Member counts: active members, curated teams, and our managers (the public tournament's). */
function countsRead(db: Database, tournamentId?: number): BatchRead<Counts> {
  return mapRead(
    batchOf({
      members: activeMemberCountsRead(db, tournamentId),
      curated: rowsOf(
        db
          .select({ id: curatedTeams.tournamentId, n: count() })
          .from(curatedTeams)
          .where(tournamentId === undefined ? undefined : eq(curatedTeams.tournamentId, tournamentId))
          .groupBy(curatedTeams.tournamentId),
      ),
      // Our managers, counted only where they matter: the list, or the public tournament's page.
      players: rowsOf(
        tournamentId === undefined
          ? playerCountQuery(db)
          : db
              // A fragment: drizzle has no CASE (the count runs for the public tournament only).
              .select({ n: sql<number>`CASE WHEN ${tournaments.type} = 'public' THEN ${playerCountQuery(db)} ELSE 0 END` })
              .from(tournaments)
              .where(eq(tournaments.id, tournamentId)),
      ),
    }),
    ({ members, curated, players }) => ({
      members,
      curated: new Map(curated.map((r) => [r.id, Number(r.n)])),
      players: Number(players[0]?.n ?? 0),
    }),
  )
}

/** A tournament row with its FPL league's size at the last refresh (fplLeagueSizeColumn). */
type TournamentWithSize = Tournament & { fplLeagueSize: number | null }

/** What the list and detail know of the viewer: memberships and where their FPL team plays. */
interface Viewer {
  userId: number | null
  /** Tournament id → membership status. */
  memberships: Map<number, 'active' | 'inactive'>
  teamId: number | null
  /** The team's FPL classic leagues as last read from its FPL entry; null when never read. */
  fplLeagues: Set<number> | null
}

/**
 * Why the viewer can or cannot join a tournament (the join route's own checks, answered from D1:
 * no FPL call per row). A team whose leagues were never read may try; the route then asks FPL.
 */
type JoinReason = 'not_signed_in' | 'curated' | 'auto_join' | 'already_member' | 'membership_inactive' | 'no_fpl_team' | 'team_not_in_league'

function joinability(t: Tournament, v: Viewer): { can_join: boolean; join_reason: JoinReason | null } {
  const no = (join_reason: JoinReason) => ({ can_join: false, join_reason })
  if (t.type === 'curated_public') return no('curated')
  if (t.type === 'public') return no('auto_join')
  if (v.userId === null) return no('not_signed_in')
  const status = v.memberships.get(t.id)
  if (status === 'active') return no('already_member')
  if (status === 'inactive') return no('membership_inactive')
  if (v.teamId === null) return no('no_fpl_team')
  if (t.fplLeagueId !== null && v.fplLeagues !== null && !v.fplLeagues.has(t.fplLeagueId)) return no('team_not_in_league')
  return { can_join: true, join_reason: null }
}

function leagueView(t: TournamentWithSize, c: Counts, viewer: Viewer, env: Pick<Bindings, 'PRIZES_ENABLED'>) {
  const viewerUserId = viewer.userId
  const memberCount = t.type === 'curated_public' ? (c.curated.get(t.id) ?? 0) : t.type === 'public' ? c.players : (c.members.get(t.id) ?? 0)
  const isCommissioner = viewerUserId !== null && t.commissionerId === viewerUserId
  const fee = t.entryFeePence / 100
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    type: t.type,
    auto_join: t.autoJoin,
    is_public: t.isPublic,
    fpl_league_id: t.fplLeagueId,
    entry_fee: fee,
    current_prize_pool: env.PRIZES_ENABLED === 'true' ? Math.round(fee * memberCount * 100) / 100 : 0,
    member_count: memberCount,
    // Managers in the FPL league at the last refresh, next to the members who joined here.
    fpl_league_size: t.fplLeagueSize,
    created_at: t.createdAt.toISOString(),
    is_commissioner: isCommissioner,
    is_member: viewer.memberships.get(t.id) === 'active',
    is_pinned: t.type === 'curated_public' && t.name === PINNED_CURATED_NAME,
    ...joinability(t, viewer),
    ...(isCommissioner ? { invite_code: t.inviteCode } : {}),
  }
}

/** The viewer's memberships (active and removed) and their team's FPL leagues. */
function viewerRead(db: Database, viewerUserId: number | null): BatchRead<Viewer> {
  if (viewerUserId === null) return constant({ userId: null, memberships: new Map(), teamId: null, fplLeagues: null })
  return mapRead(
    batchOf({ rows: rowsOf(membershipsOfUserQuery(db, viewerUserId)), team: rowsOf(teamAndLeaguesQuery(db, viewerUserId)) }),
    ({ rows, team: [user] }) => ({
      userId: viewerUserId,
      memberships: new Map(rows.map((r) => [r.id, r.status])),
      teamId: user?.teamId ?? null,
      fplLeagues: user?.leagues ? new Set(user.leagues) : null,
    }),
  )
}

/**
 * The list: the pinned curated league first, then by name; the hidden public tournament left out.
 * `unreadTeam`: the viewer's team whose FPL leagues were never read (its Join buttons are on
 * trust): the route reads them after answering, for the next look.
 */
export function tournamentListRead(db: Database, env: Pick<Bindings, 'PRIZES_ENABLED'>, viewerUserId: number | null) {
  const rows = rowsOf(
    db
      .select({ ...getTableColumns(tournaments), fplLeagueSize: fplLeagueSizeColumn() })
      .from(tournaments)
      .where(ne(tournaments.autoJoin, true))
      // A fragment: drizzle has no COLLATE.
      .orderBy(asc(sql`${tournaments.name} COLLATE NOCASE`)),
  )
  return mapRead(batchOf({ list: rows, counts: countsRead(db), viewer: viewerRead(db, viewerUserId) }), ({ list, counts, viewer }) => {
    const views = list.map((t) => leagueView(t, counts, viewer, env))
    const { userId, teamId, fplLeagues } = viewer
    return {
      leagues: [...views.filter((v) => v.is_pinned), ...views.filter((v) => !v.is_pinned)],
      unreadTeam: userId !== null && teamId !== null && fplLeagues === null ? { userId, teamId } : null,
    }
  })
}

/** One tournament as its page shows it; null when there is no such tournament. */
export function tournamentDetailRead(db: Database, env: Pick<Bindings, 'PRIZES_ENABLED'>, id: number, viewerUserId: number | null) {
  // A subquery rather than a join: D1 batches return rows keyed by column name, so a joined
  // users.name would collide with tournaments.name.
  const commissionerName = userNameQuery(db, tournaments.commissionerId).as('commissioner_name')
  const tournament = rowsOf(
    db
      .select({ ...getTableColumns(tournaments), commissionerName, fplLeagueSize: fplLeagueSizeColumn(), hasData: exists(snapshotOf(db, tournaments.id)) })
      .from(tournaments)
      .where(eq(tournaments.id, id))
      .limit(1),
  )
  return mapRead(
    batchOf({
      tournament,
      counts: countsRead(db, id),
      viewer: viewerRead(db, viewerUserId),
      curated: curatedTeamsRead(db, id),
      job: firstRefreshJobRead(db, id),
    }),
    ({ tournament: [row], counts, viewer, curated, job }) =>
      row
        ? {
            ...leagueView(row, counts, viewer, env),
            // NULL without a commissioner: drizzle types a scalar subquery as its (NOT NULL) column.
            commissioner_name: row.commissionerName as string | null,
            curated_teams: row.type === 'curated_public' ? curated : [],
            refresh: refreshProgress(Boolean(row.hasData), job),
            awaiting_renewal: awaitsRenewal(row),
          }
        : null,
  )
}

/**
 * Where a tournament's data stands, for a page waiting for its first refresh: `ready` once a
 * snapshot exists; before that, the latest refresh job's stage (`queued`: planned, no standings
 * page read yet; `fetching`: reading FPL, `pages_fetched` so far; `computing`: every read done,
 * the snapshot is being worked out), `failed` (the next cron run tries again) or `waiting` (no
 * job yet: the next cron run plans one).
 */
type RefreshState = 'ready' | 'waiting' | 'queued' | 'fetching' | 'computing' | 'failed'

function refreshProgress(hasData: boolean, latest: { status: string; pending: number; pages: number } | null): { state: RefreshState; pages_fetched: number } {
  const pages = Number(latest?.pages ?? 0)
  if (hasData || latest?.status === 'done') return { state: 'ready', pages_fetched: pages }
  if (!latest) return { state: 'waiting', pages_fetched: 0 }
  if (latest.status === 'failed') return { state: 'failed', pages_fetched: pages }
  return { state: latest.pending === 0 ? 'computing' : pages > 0 ? 'fetching' : 'queued', pages_fetched: pages }
}

function curatedTeamsRead(db: Database, tournamentId: number) {
  const query = db.select().from(curatedTeams).where(eq(curatedTeams.tournamentId, tournamentId)).orderBy(asc(curatedTeams.createdAt))
  return mapRead(rowsOf(query), (rows) =>
    rows.map((r) => ({ fpl_team_id: r.fplTeamId, team_name: r.teamName, player_name: r.playerName, added_at: r.createdAt.toISOString() })),
  )
}

export const curatedTeamList = (db: Database, tournamentId: number) => runBatch(db, curatedTeamsRead(db, tournamentId))

async function teamInLeague(db: Database, source: FplSource, user: SessionUser, fplLeagueId: number) {
  if (!user.fplTeamId) throw new ApiError(400, 'Add your FPL Team ID on your dashboard first.', { code: 'no_fpl_team' })
  return ownTeamInLeague(db, source, user.id, user.fplTeamId, fplLeagueId)
}

/** The tournament of an FPL league: one per league (its unique key), whatever the season. */
export const trackedTournament = (db: Database, fplLeagueId: number) => db.query.tournaments.findFirst({ where: eq(tournaments.fplLeagueId, fplLeagueId) })

export const tournamentByInviteCode = (db: Database, code: string) => db.query.tournaments.findFirst({ where: eq(tournaments.inviteCode, code) })

export const tournamentNameAndSeason = (db: Database, id: number) =>
  db.query.tournaments.findFirst({ where: eq(tournaments.id, id), columns: { id: true, name: true, fplSeason: true } })

/** The tournament a tournament continues, if linked (one step of its lineage). */
export async function previousTournamentIdOf(db: Database, id: number): Promise<number | null> {
  const row = await db.query.tournaments.findFirst({ where: eq(tournaments.id, id), columns: { previousTournamentId: true } })
  return row?.previousTournamentId ?? null
}

async function joinExisting(db: Database, user: SessionUser, existing: Tournament) {
  const membership = await membershipOf(db, existing.id, user.id)
  if (membership?.status === 'inactive') throw new ApiError(403, "The league's commissioner removed you from this league.", { code: 'membership_inactive' })
  await joinTournaments(db, user.id, [existing.id])
  return {
    league_id: existing.id,
    invite_code: null,
    is_commissioner: existing.commissionerId === user.id,
    message: `This league already exists. You've been added to ${existing.name} as a member.`,
  }
}

/**
 * The FPL league's own admin (its `admin_entry`), with a proven team, takes the commissioner role
 * of the league's tournament from whoever created it; the old commissioner stays a member.
 */
async function takeCommissionerRole(db: Database, user: SessionUser, t: Tournament) {
  await db.batch([
    activeMembershipUpsert(db, t.id, user.id),
    db.update(tournaments).set({ commissionerId: user.id, updatedAt: new Date() }).where(eq(tournaments.id, t.id)),
  ])
  return {
    league_id: t.id,
    invite_code: t.inviteCode,
    is_commissioner: true,
    message: `You're this league's admin on FPL, so you're now the Commissioner of ${t.name}.`,
  }
}

/** Is the user, with a proven team, the admin of FPL league `fplLeagueId`? Unknown while FPL is down: no. */
async function isFplLeagueAdmin(db: Database, source: FplSource, fplLeagueId: number, userId: number) {
  const provenTeam = await provenTeamOf(db, userId)
  if (provenTeam === null) return false
  try {
    const { state } = await source.state()
    return (await source.standingsPage(fplLeagueId, 1, state)).data.league.admin_entry === provenTeam
  } catch (error) {
    if (error instanceof FplError) return false
    throw error
  }
}

export interface CreateInput {
  name: string
  fplLeagueId: number
}

/**
 * Creates a tournament for an FPL classic league, with the creator as commissioner; when the
 * league is already tracked, the creator joins it as a member instead (or, as the FPL league's
 * admin, takes the commissioner role). Either way the creator's FPL team must be in that league,
 * and a new tournament needs a team its creator has proven, so nobody can take over a stranger's league.
 */
export async function createTournament(db: Database, source: FplSource, queue: MessageSender, user: SessionUser, input: CreateInput) {
  const { state, bootstrap, league } = await orUnavailable(
    async () => {
      const { state, bootstrap } = await source.state()
      return { state, bootstrap, league: (await source.standingsPage(input.fplLeagueId, 1, state)).data.league }
    },
    () => {
      throw new ApiError(400, 'FPL league not found. Please check the League ID.', { code: 'fpl_league_not_found' })
    },
  )
  if (!(await teamInLeague(db, source, user, input.fplLeagueId))) {
    throw new ApiError(400, 'Your FPL team is not in this FPL league. Join it on the FPL site first.', { code: 'team_not_in_league' })
  }
  const provenTeam = await provenTeamOf(db, user.id)
  const existing = await trackedTournament(db, input.fplLeagueId)
  if (existing) {
    const isFplAdmin = provenTeam !== null && provenTeam === league.admin_entry
    return isFplAdmin && existing.commissionerId !== user.id ? takeCommissionerRole(db, user, existing) : joinExisting(db, user, existing)
  }
  // A commissioner runs a league for everyone in it: a team id typed in is not enough.
  if (provenTeam === null) {
    throw new ApiError(
      403,
      'Prove this FPL team is yours before you create a tournament: get a code on your dashboard (or here), add it to your team name on the FPL site, then press Check.',
      { code: 'fpl_team_unverified' },
    )
  }
  const inviteCode = newInviteCode()
  // One batch (one transaction): a tournament never exists without its commissioner's
  // membership. The membership finds the tournament by its new invite code, so it adds
  // nothing when someone else created the league a moment ago.
  const [[created]] = await db.batch([
    db
      .insert(tournaments)
      .values({
        name: input.name,
        description: '',
        type: 'private',
        fplLeagueId: input.fplLeagueId,
        fplSeason: state.season,
        startEvent: league.start_event ?? 1,
        commissionerId: user.id,
        inviteCode,
        entryFeePence: 0, // prize features are off: everything is free
      })
      .onConflictDoNothing()
      .returning({ id: tournaments.id }),
    creatorMembershipInsert(db, user.id, inviteCode),
  ])
  if (!created) {
    // The league's key (tournaments_fpl_league_unique) refused the insert: someone created it a moment ago.
    const winner = await trackedTournament(db, input.fplLeagueId)
    if (!winner) throw new Error(`Tournament for FPL league ${input.fplLeagueId} refused but not found`)
    return joinExisting(db, user, winner)
  }
  // Its standings, winners and banter within seconds, not at the next cron run. The cron still
  // plans it if this fails (the tournament exists either way).
  await queueFirstRefresh(db, queue, { state, bootstrap }, created.id).catch((error: unknown) =>
    log.warn('First refresh not queued', { tournament_id: created.id, error }),
  )
  return { league_id: created.id, invite_code: inviteCode, is_commissioner: true, message: `${input.name} is live, and you're the Commissioner.` }
}

export async function joinTournament(db: Database, source: FplSource, user: SessionUser, id: number) {
  const t = await loadTournament(db, id)
  if (t.type === 'curated_public') throw new ApiError(400, 'Curated tournaments cannot be joined: an admin selects the teams.', { code: 'curated' })
  if (t.type === 'public') throw new ApiError(400, 'Everyone joins this tournament automatically after verifying their email.', { code: 'auto_join' })
  if (t.fplLeagueId && t.commissionerId !== user.id && (await isFplLeagueAdmin(db, source, t.fplLeagueId, user.id))) return takeCommissionerRole(db, user, t)
  const membership = await membershipOf(db, t.id, user.id)
  if (membership?.status === 'active') return { message: `You're already a member of ${t.name}.` }
  if (membership?.status === 'inactive') throw new ApiError(403, "The league's commissioner removed you from this league.", { code: 'membership_inactive' })
  if (t.fplLeagueId && !(await teamInLeague(db, source, user, t.fplLeagueId))) {
    throw new ApiError(400, "Your FPL team isn't in this league's FPL league yet. Join it on the FPL site first, then try again.", {
      code: 'team_not_in_league',
    })
  }
  await joinTournaments(db, user.id, [t.id])
  return { message: `Successfully joined ${t.name}!` }
}

/** How many tournaments there are, as a query to batch (the landing page's league count). */
export const tournamentCountQuery = (db: Database) => db.select({ n: count() }).from(tournaments)

/** A tournament's name, as a query to batch. */
export const tournamentNameQuery = (db: Database, id: number) => db.select({ name: tournaments.name }).from(tournaments).where(eq(tournaments.id, id))
