// The single source of truth for the D1 schema. `npm run db:generate` turns changes here into
// SQL migrations in migrations/, which wrangler applies (`wrangler d1 migrations apply`).
//
// Conventions: times are integer milliseconds since the epoch (`timestamp_ms`), booleans are
// integers, JSON documents are text (`mode: 'json'`), money is integer pence. Every query path
// the API uses has an index; the comment next to each index names the path.
import { sql } from 'drizzle-orm'
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { GAZETTE_KINDS } from '../../contract/gazette'

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`
const createdAt = () => integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now)

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    // Stored trimmed and lowercased by the service layer; the CHECK keeps it that way.
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    isVerified: integer('is_verified', { mode: 'boolean' }).notNull().default(false),
    verifiedAt: integer('verified_at', { mode: 'timestamp_ms' }),
    fplTeamId: integer('fpl_team_id'),
    // FPL re-issues team ids every season, so an id is only meaningful with its season.
    fplTeamSeason: text('fpl_team_season'),
    // Set when the owner proved the team is theirs (a one-time code in the FPL team name); a
    // verified team id is locked, an unverified one can still be changed or claimed by its owner.
    fplTeamIdLocked: integer('fpl_team_id_locked', { mode: 'boolean' }).notNull().default(false),
    fplTeamVerifiedAt: integer('fpl_team_verified_at', { mode: 'timestamp_ms' }),
    // The team of the season before, moved here by the season rollover (decision 185): FPL gives
    // every team a new id each July, so last season's id is shown as last season's, never used.
    previousFplTeamId: integer('previous_fpl_team_id'),
    previousFplTeamSeason: text('previous_fpl_team_season'),
    // The FPL classic leagues the team was in when we last read its entry (sign-up, team change,
    // proof, discovery, a join or create check): the list and detail say where Join can work
    // without asking FPL per row. null: not read since this column was added.
    fplLeagueIds: text('fpl_league_ids', { mode: 'json' }).$type<number[]>(),
    // Bumped on password change, reset and logout-everywhere; tokens carry the version they were
    // issued with and stop working when it no longer matches.
    tokenVersion: integer('token_version').notNull().default(0),
    banterSharingEnabled: integer('banter_sharing_enabled', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    // One team, one account (enforced here, not only checked); also public standings, discovery.
    uniqueIndex('users_fpl_team_unique').on(t.fplTeamId),
    check('users_email_normalised', sql`${t.email} = lower(trim(${t.email}))`),
  ],
)

export const emailTokenPurposes = ['verify_email', 'reset_password'] as const
export type EmailTokenPurpose = (typeof emailTokenPurposes)[number]

export const emailTokens = sqliteTable(
  'email_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: emailTokenPurposes }).notNull(),
    // SHA-256 of the token; the token itself only ever exists in the email.
    tokenHash: text('token_hash').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_tokens_hash_unique').on(t.tokenHash), // redeem a token
    index('email_tokens_user_purpose_idx').on(t.userId, t.purpose), // invalidate older tokens
  ],
)

// The live ownership challenge of a user (one at a time): the code to put in the FPL team name.
export const fplTeamChallenges = sqliteTable('fpl_team_challenges', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fplTeamId: integer('fpl_team_id').notNull(),
  code: text('code').notNull(),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
})

// One row per signed-in device, written when its token is signed (the token's `jti`). The
// session check requires the row and a `last_seen_at` within the idle timeout, so logout deletes
// one row and "Sign out everywhere" all of a user's. Expired and idle rows are deleted at sign-in
// (the user's own) and by the cron (everyone's).
export const sessions = sqliteTable(
  'sessions',
  {
    jti: text('jti').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId), // sign out everywhere, a user's clean-up
    index('sessions_expires_idx').on(t.expiresAt), // the cron's clean-up
    index('sessions_last_seen_idx').on(t.lastSeenAt), // the cron's clean-up of idle sessions
  ],
)

export const tournamentTypes = ['public', 'curated_public', 'private'] as const
export type TournamentType = (typeof tournamentTypes)[number]

export const tournaments = sqliteTable(
  'tournaments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: tournamentTypes }).notNull(),
    autoJoin: integer('auto_join', { mode: 'boolean' }).notNull().default(false),
    isPublic: integer('is_public', { mode: 'boolean' }).notNull().default(false),
    fplLeagueId: integer('fpl_league_id'),
    fplSeason: text('fpl_season'),
    // The first gameweek the FPL league counts; monthly phases before it are skipped.
    startEvent: integer('start_event').notNull().default(1),
    commissionerId: integer('commissioner_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    inviteCode: text('invite_code'),
    entryFeePence: integer('entry_fee_pence').notNull().default(0),
    // The Gameweek Gazette (decision 134): the commissioner can turn the product's weekly post off.
    gazetteEnabled: integer('gazette_enabled', { mode: 'boolean' }).notNull().default(true),
    // Season lineage (decision 137): last season's FPL league id, as the commissioner linked it, and
    // our tournament of that league when we kept one, so the Hall of Fame spans FPL's reset.
    previousFplLeagueId: integer('previous_fpl_league_id'),
    previousTournamentId: integer('previous_tournament_id'),
    // The league id of the season it last tracked, released from fpl_league_id by the season
    // rollover (decision 185) until the commissioner renews it with this season's league.
    endedFplLeagueId: integer('ended_fpl_league_id'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    // One tournament per FPL league ("This league already exists"), whatever season FPL seems
    // to be in: create inserts and, on this key's conflict, joins the existing one.
    uniqueIndex('tournaments_fpl_league_unique').on(t.fplLeagueId),
    uniqueIndex('tournaments_invite_code_unique').on(t.inviteCode), // invite lookup
    index('tournaments_type_idx').on(t.type), // list, auto-join of public tournaments
    index('tournaments_commissioner_idx').on(t.commissionerId), // commissioner screens
    check('tournaments_fee_non_negative', sql`${t.entryFeePence} >= 0`),
  ],
)

export const membershipStatuses = ['active', 'inactive'] as const

export const memberships = sqliteTable(
  'memberships',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: membershipStatuses }).notNull().default('active'),
    joinedAt: integer('joined_at', { mode: 'timestamp_ms' }).notNull().default(now),
    // When a commissioner kicked the member (null while active).
    deactivatedAt: integer('deactivated_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('memberships_tournament_user_unique').on(t.tournamentId, t.userId),
    index('memberships_user_status_idx').on(t.userId, t.status), // a user's leagues
    index('memberships_tournament_status_idx').on(t.tournamentId, t.status), // members, counts
  ],
)

export const curatedTeams = sqliteTable(
  'curated_teams',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    fplTeamId: integer('fpl_team_id').notNull(),
    teamName: text('team_name').notNull().default(''),
    playerName: text('player_name').notNull().default(''),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('curated_teams_tournament_team_unique').on(t.tournamentId, t.fplTeamId)],
)

export const communityPosts = sqliteTable(
  'community_posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    imageUrl: text('image_url'),
    isPinned: integer('is_pinned', { mode: 'boolean' }).notNull().default(false),
    // Who pinned the post and when (the current pin; cleared on unpin).
    pinnedAt: integer('pinned_at', { mode: 'timestamp_ms' }),
    pinnedBy: integer('pinned_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // The wall: pinned first, newest first.
    index('community_posts_wall_idx').on(t.tournamentId, t.isPinned, t.createdAt),
  ],
)

export const postLikes = sqliteTable(
  'post_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
)

export const postReports = sqliteTable(
  'post_reports',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    // A report the commissioner dismissed leaves their queue; the post stays, and the member
    // still sees it as reported (one report per member per post).
    dismissedAt: integer('dismissed_at', { mode: 'timestamp_ms' }),
    dismissedBy: integer('dismissed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
)

export const sharedAchievements = sqliteTable(
  'shared_achievements',
  {
    // Random, unguessable (>= 128 bits); it is the public URL of the card.
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    statType: text('stat_type').notNull(),
    statData: text('stat_data', { mode: 'json' }).notNull().$type<Record<string, unknown>>(),
    // The user the card names when that is not the sharer (see services/shares.ts): the card is
    // public only while both keep banter sharing on.
    subjectUserId: integer('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    viewCount: integer('view_count').notNull().default(0),
    clickCount: integer('click_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('shared_achievements_user_idx').on(t.userId, t.createdAt), // my shares
    // "Creates the share link once and reuses it": one share per user, league and stat.
    uniqueIndex('shared_achievements_reuse_unique').on(t.userId, t.tournamentId, t.statType),
    index('shared_achievements_subject_idx').on(t.subjectUserId),
  ],
)

// ---------------------------------------------------------------------------------------------
// FPL snapshots, written by the refresh (cron + queue consumers) and read by requests.
//
// A tournament's current snapshot is its `tournament_snapshots` row with the highest season and
// gameweek (older gameweeks stay as history until their season is archived, decision 186). `standings_rows` holds the current table only, updated in
// place: a refresh writes the changed rows and the snapshot row in one D1 batch, which is one
// transaction, and readers read the snapshot and their page in one batch too, so nobody ever
// sees a mix of two gameweeks.

export const gameweekStatuses = ['upcoming', 'live', 'finished', 'checked'] as const
export type GameweekStatus = (typeof gameweekStatuses)[number]

export const tournamentSnapshots = sqliteTable(
  'tournament_snapshots',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    // "2026/27": a tournament that carries on into the next season (public, or renewed) writes its
    // new GW1 beside last season's, and the newest snapshot is the highest (season, gameweek).
    season: text('season').notNull(),
    gameweek: integer('gameweek').notNull(),
    gameweekStatus: text('gameweek_status', { enum: gameweekStatuses }).notNull(),
    // Which upstream state produced it ("12:checked", "13:live", "13:finished:2026-11-22T18:30"); a refresh
    // whose data version is already stored has nothing to do.
    dataVersion: text('data_version').notNull(),
    // Bumped on every write; part of cache keys of the read routes.
    revision: integer('revision').notNull().default(1),
    standingsMeta: text('standings_meta', { mode: 'json' }).notNull().$type<Record<string, unknown>>(),
    monthlyWinners: text('monthly_winners', { mode: 'json' }).notNull().$type<unknown[]>(),
    // null while the data of some member is incomplete (never a partial award).
    banterStats: text('banter_stats', { mode: 'json' }).$type<Record<string, unknown>>(),
    // This tournament's best candidates for the site-wide stats of the landing page.
    publicCandidates: text('public_candidates', { mode: 'json' }).$type<Record<string, unknown>>(),
    dataSource: text('data_source').notNull().default('fpl_api'),
    refreshedAt: integer('refreshed_at', { mode: 'timestamp_ms' }).notNull().default(now),
    // The Race Centre (decision 132): month and season races computed from this snapshot (null before it existed).
    race: text('race', { mode: 'json' }).$type<Record<string, unknown>>(),
    // The Hall of Fame (decision 136): all-time records and seasons' final tables, computed when a
    // gameweek is checked from the kept gameweek results (null in other snapshots: readers take
    // the newest snapshot that has one).
    hallOfFame: text('hall_of_fame', { mode: 'json' }).$type<Record<string, unknown>>(),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.season, t.gameweek] }),
    // The season archive looks for closed seasons on every cron run (decision 186): a range search, not a scan.
    index('tournament_snapshots_season_idx').on(t.season, t.tournamentId),
  ],
)

// ---------------------------------------------------------------------------------------------
// The league's story (decisions 131 and 138), kept for good: FPL wipes a season's league data each July.

// One checked gameweek of a tournament's table, compact: `rows` is a JSON array of
// [fpl_team_id, net points, total, league rank, points on bench | null, hit cost | null,
// captain points | null] in rank order. `source` says where it came from: `fpl_api` (the table
// the refresh read when FPL checked the gameweek) or `history` (rebuilt from the managers' FPL
// histories for gameweeks before the tournament joined us; ranks among those managers).
export const gameweekResults = sqliteTable(
  'gameweek_results',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    season: text('season').notNull(),
    gameweek: integer('gameweek').notNull(),
    source: text('source', { enum: ['fpl_api', 'history'] }).notNull(),
    rows: text('rows', { mode: 'json' }).notNull().$type<GameweekResultRow[]>(),
    storedAt: integer('stored_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.season, t.gameweek] }),
    index('gameweek_results_season_idx').on(t.season, t.tournamentId), // the season archive's look for closed seasons
  ],
)

export type GameweekResultRow = [
  fplTeamId: number,
  points: number,
  total: number,
  rank: number,
  bench: number | null,
  hits: number | null,
  captain: number | null,
]

// A tournament's season: the managers' names as last seen (the gameweek rows carry ids only)
// and, for seasons before it joined us, FPL's own `past` rows of its managers' histories.
export const tournamentSeasons = sqliteTable(
  'tournament_seasons',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    season: text('season').notNull(),
    source: text('source', { enum: ['kept', 'fpl_history'] }).notNull(),
    leagueName: text('league_name').notNull().default(''),
    // { [fpl_team_id]: [player_name, team_name] }
    managers: text('managers', { mode: 'json' }).notNull().$type<Record<string, [string, string]>>(),
    // fpl_history seasons: [[fpl_team_id, season total, overall rank]] from each manager's `past` rows.
    past: text('past', { mode: 'json' }).$type<Array<[number, number, number | null]>>(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.season] })],
)

// The Gameweek Gazette: one product post per tournament and checked gameweek. The primary key is
// what makes publishing idempotent across retries and concurrent refreshes (INSERT ... DO
// NOTHING). A deleted edition keeps its row (`deleted_at`) so a retry never brings it back.
export const gazetteEditions = sqliteTable(
  'gazette_editions',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    season: text('season').notNull(),
    gameweek: integer('gameweek').notNull(),
    kind: text('kind', { enum: GAZETTE_KINDS }).notNull(),
    document: text('document', { mode: 'json' }).notNull().$type<Record<string, unknown>>(),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }).notNull().default(now),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.season, t.gameweek] }),
    index('gazette_editions_wall_idx').on(t.tournamentId, t.publishedAt), // the wall: newest edition first
    index('gazette_editions_season_idx').on(t.kind, t.season, t.tournamentId), // the season archive's look for closed seasons
  ],
)

// A closed season's detail that left D1 (decision 186): its kept gameweek tables, weekly Gazette
// editions and past snapshots are one compressed object in the ARCHIVE namespace. The row says
// what the object holds, so the Hall of Fame counts an archived season without reading it.
export const seasonArchives = sqliteTable(
  'season_archives',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    season: text('season').notNull(),
    /** Kept gameweek tables in the object, and the last of them (the Hall of Fame's summary key). */
    gameweeks: integer('gameweeks').notNull(),
    lastGameweek: integer('last_gameweek'),
    editions: integer('editions').notNull(),
    snapshots: integer('snapshots').notNull(),
    /** The object's size, compressed. */
    bytes: integer('bytes').notNull(),
    archivedAt: integer('archived_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.season] })],
)

export const standingsRows = sqliteTable(
  'standings_rows',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    // 1-based position in the table (FPL's rank_sort order). A page reads one key range, so a
    // deep page reads only the rows it returns. Large leagues store some pages only, so
    // positions may have gaps.
    position: integer('position').notNull(),
    fplTeamId: integer('fpl_team_id').notNull(),
    teamName: text('team_name').notNull(),
    playerName: text('player_name').notNull(),
    totalPoints: integer('total_points').notNull(),
    gameweekPoints: integer('gameweek_points').notNull(),
    rank: integer('rank').notNull(),
    lastRank: integer('last_rank'),
    // The live table (docs/decisions/141): the league total before this gameweek, carried from the
    // stored checked table or read from the history, and the transfers FPL's tie-break counts
    // before this gameweek (from the history); null when neither was read.
    previousTotal: integer('previous_total'),
    transfers: integer('transfers'),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.position] }),
    index('standings_rows_team_idx').on(t.tournamentId, t.fplTeamId), // the viewer's own row
  ],
)

export const refreshJobStatuses = ['running', 'done', 'failed'] as const

// One refresh of one tournament to one data version; its fetch work may be spread over several
// queue messages. `pending` counts the messages not yet processed; the one that brings it to 0
// computes and writes the snapshot.
export const refreshJobs = sqliteTable(
  'refresh_jobs',
  {
    id: text('id').primaryKey(),
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    dataVersion: text('data_version').notNull(),
    pending: integer('pending').notNull(),
    status: text('status', { enum: refreshJobStatuses }).notNull().default('running'),
    // What the planner decided (pages, cohort) and what the fetchers learned.
    plan: text('plan', { mode: 'json' }).notNull().$type<Record<string, unknown>>(),
    error: text('error'),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull().default(now),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    // Idempotency: one job per tournament and data version.
    uniqueIndex('refresh_jobs_version_unique').on(t.tournamentId, t.dataVersion),
  ],
)

// Matchday Live (worker/services/live/): each manager's picks of the gameweek in play, fetched once after
// the deadline through the queue (picks never change once the deadline has passed). A row is
// written when its fetch is queued (`sheet` null, `fetched_at` null) so that a manager is queued
// once; a fetched row with a null sheet is a manager who has no team this gameweek (FPL 404).
// Rows of other gameweeks are deleted when a new gameweek starts.
export const liveSheets = sqliteTable(
  'live_sheets',
  {
    gameweek: integer('gameweek').notNull(),
    fplTeamId: integer('fpl_team_id').notNull(),
    sheet: text('sheet', { mode: 'json' }).$type<Record<string, unknown>>(),
    // The gameweek's transfers as the picks' entry_history gives them (the live tie-break, decision 141).
    eventTransfers: integer('event_transfers'),
    // The gameweek's transfers ([{element_in, element_out}]) for the glance's gain (decision 187);
    // null when not known: a fetch that failed keeps the picks without them.
    transfers: text('transfers', { mode: 'json' }).$type<Array<{ element_in: number; element_out: number }>>(),
    queuedAt: integer('queued_at', { mode: 'timestamp_ms' }).notNull().default(now),
    fetchedAt: integer('fetched_at', { mode: 'timestamp_ms' }),
  },
  (t) => [primaryKey({ columns: [t.gameweek, t.fplTeamId] })],
)

// Site-wide documents computed by the cron (public banter stats for the landing carousel).
export const appSnapshots = sqliteTable('app_snapshots', {
  key: text('key').primaryKey(),
  data: text('data', { mode: 'json' }).notNull().$type<unknown>(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
})

// Fixed-window counters for rate limits, keyed e.g. "login:ip:203.0.113.7". Back-off keys
// (failed sign-ins) also wait until `blocked_until`.
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start', { mode: 'timestamp_ms' }).notNull(),
  count: integer('count').notNull().default(0),
  blockedUntil: integer('blocked_until', { mode: 'timestamp_ms' }),
})

// A named lease so that two overlapping cron runs never refresh at the same time.
export const cronLeases = sqliteTable('cron_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
})

// Development only: emails that would have been sent when no RESEND_API_KEY is configured.
export const devOutbox = sqliteTable(
  'dev_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    // Extra headers the message carried (the digest's List-Unsubscribe pair).
    headers: text('headers', { mode: 'json' }).$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [index('dev_outbox_created_idx').on(t.createdAt)],
)

// Notifications (decision 139). A device's Web Push subscription, as its browser gave
// it; one row per endpoint (a device re-synced by another account moves to that account).
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    // Re-synced when the app opens: a device unseen for months is dropped by the cron.
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId), // a user's devices, fan-out by user
  ],
)

// What a user wants to hear about; no row means the defaults (everything on, quiet 23:00-08:00
// London time, no digest).
export const notificationPreferences = sqliteTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  muted: text('muted', { mode: 'json' }).notNull().$type<string[]>().default(sql`'[]'`),
  quietEnabled: integer('quiet_enabled', { mode: 'boolean' }).notNull().default(true),
  quietStart: text('quiet_start').notNull().default('23:00'),
  quietEnd: text('quiet_end').notNull().default('08:00'),
  timeZone: text('time_zone').notNull().default('Europe/London'),
  emailDigest: integer('email_digest', { mode: 'boolean' }).notNull().default(false),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
})

export const notificationOutcomes = ['sent', 'muted', 'quiet', 'capped', 'no_device'] as const

// One row per user, type and event (its key): what became of it. The key makes an event reach a
// user once however often it is queued; `sent` rows within the last 15 minutes are the rate cap.
export const notificationLog = sqliteTable(
  'notification_log',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    key: text('key').notNull(),
    outcome: text('outcome', { enum: notificationOutcomes }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.type, t.key] }),
    index('notification_log_recent_idx').on(t.userId, t.type, t.createdAt), // the rate cap
    index('notification_log_created_idx').on(t.createdAt), // the cron's pruning
  ],
)

// Events announced once across cron runs, retries and concurrent refreshes (a Gazette, a deadline
// reminder, a digest): inserting the key is what claims the announcement.
export const notificationEvents = sqliteTable('notification_events', {
  key: text('key').primaryKey(),
  createdAt: createdAt(),
})

// Queue messages that used up their retries (each queue's dead-letter queue lands here) or could never
// be processed (decision 156): kept for an operator to read and replay; `replayed_at` makes a replay
// happen once.
export const deadLetters = sqliteTable(
  'dead_letters',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The queue the message was meant for (never the dead-letter queue). */
    queue: text('queue').notNull(),
    messageId: text('message_id'),
    body: text('body', { mode: 'json' }).notNull().$type<unknown>(),
    attempts: integer('attempts').notNull(),
    firstError: text('first_error'),
    receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull().default(now),
    replayedAt: integer('replayed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('dead_letters_received_idx').on(t.receivedAt)],
)
