import { eq, inArray } from 'drizzle-orm'
import type { Database } from '../db/client'
import { tournaments, users } from '../db/schema'
import { FplCircuitOpenError, FplError, FplNotFoundError, FplRateLimitedError } from '../fpl/errors'
import type { FplEntry } from '../fpl/schemas'
import type { FplSource } from '../fpl/source'
import { plural } from '../fpl/stats/text'
import { ApiError } from '../lib/errors'
import { activeMembersAndMine, rememberTeamLeagues } from './users'

// On-demand FPL look-ups made while a user waits (create dialog, join dialog, discovery):
// through the cache, with a short timeout, and a clear answer when FPL cannot be reached.

export const FPL_UNAVAILABLE = 'fpl_unavailable'

/** Without a hold to go by, ask the client to come back in a minute. */
const DEFAULT_RETRY_AFTER_SECONDS = 60

/**
 * The one answer for "FPL could not be reached" while a user waits. Its Retry-After is the time
 * left on FPL's Retry-After hold or on the open circuit breaker when that is what refused the call.
 */
function upstreamUnavailable(error?: FplError) {
  const holdMs = error instanceof FplRateLimitedError || error instanceof FplCircuitOpenError ? error.retryAfterMs : null
  const seconds = holdMs ? Math.max(1, Math.ceil(holdMs / 1000)) : DEFAULT_RETRY_AFTER_SECONDS
  // FPL asking us to slow down is said as such, with the real (capped) wait; anything else may be an update.
  const detail =
    error instanceof FplRateLimitedError && holdMs
      ? `FPL has asked us to slow down for a while. Please try again in about ${plural(Math.ceil(seconds / 60), 'minute')}.`
      : 'The FPL API is not answering right now (it may be updating). Please try again in a few minutes.'
  return new ApiError(503, detail, { code: FPL_UNAVAILABLE, headers: { 'Retry-After': String(seconds) } })
}

/** Runs an FPL read for a waiting user: FPL's 404 becomes `notFound()` (an answer or a throw), any other FPL failure the 503 above. */
export async function orUnavailable<T>(work: () => Promise<T>, notFound: () => T): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof FplNotFoundError) return notFound()
    if (error instanceof FplError) throw upstreamUnavailable(error)
    throw error
  }
}

/** The gameweek state every look-up starts from; FPL's 404 for it is an outage too. */
const gameweekState = (source: FplSource) =>
  orUnavailable(
    () => source.state(),
    () => {
      throw upstreamUnavailable()
    },
  )

/**
 * The create dialog's check of an FPL league ID; for a signed-in viewer with a team id also
 * `team_in_league` (null when it cannot be said: signed out, no team id, no such league).
 */
export async function validateLeague(db: Database, source: FplSource, fplLeagueId: number, viewer: { id: number; fplTeamId: number | null } | null) {
  const { state } = await gameweekState(source)
  const page = await orUnavailable(
    async () => (await source.standingsPage(fplLeagueId, 1, state)).data,
    () => null,
  )
  const existing = await db
    .select({ id: tournaments.id, commissioner: users.name })
    .from(tournaments)
    .leftJoin(users, eq(users.id, tournaments.commissionerId))
    .where(eq(tournaments.fplLeagueId, fplLeagueId)) // one tournament per league, whatever the season
    .limit(1)
  const teamInLeague = page && viewer?.fplTeamId ? await ownTeamInLeague(db, source, viewer.id, viewer.fplTeamId, fplLeagueId) : null
  return {
    fpl_valid: page !== null,
    fpl_league_name: page?.league.name ?? null,
    system_exists: existing.length > 0,
    commissioner_name: existing[0]?.commissioner ?? null,
    team_in_league: teamInLeague,
  }
}

/** An FPL team's entry; null when FPL does not know the team. */
async function entryOrNull(source: FplSource, teamId: number) {
  const { state } = await gameweekState(source)
  return orUnavailable(
    async () => (await source.entry(teamId, state)).data,
    () => null,
  )
}

/** Is FPL team `teamId` a member of FPL classic league `fplLeagueId`? */
export async function validateTeam(source: FplSource, fplLeagueId: number, teamId: number) {
  const entry = await entryOrNull(source, teamId)
  if (!entry) return { valid: false, team_name: '' }
  return { valid: entry.leagues.classic.some((l) => l.id === fplLeagueId), team_name: entry.name }
}

/**
 * The signed-in user's own team checked against an FPL league (join, create and the create
 * dialog's check); what the entry says about its leagues is kept for the list's Join buttons.
 */
export async function ownTeamInLeague(db: Database, source: FplSource, userId: number, teamId: number, fplLeagueId: number) {
  return (await ownTeamLeagues(db, source, userId, teamId)).includes(fplLeagueId)
}

/** The FPL classic leagues of the user's own team (none when FPL does not know it), kept for the list. */
export async function ownTeamLeagues(db: Database, source: FplSource, userId: number, teamId: number): Promise<number[]> {
  const entry = await entryOrNull(source, teamId)
  if (!entry) return []
  const leagueIds = entry.leagues.classic.map((l) => l.id)
  await rememberTeamLeagues(db, userId, teamId, leagueIds)
  return leagueIds
}

const playerNameOf = (entry: { player_first_name: string; player_last_name: string }) => `${entry.player_first_name} ${entry.player_last_name}`.trim()

/** An FPL team as the "Is this your team?" step shows it, before a team id is saved. */
export async function teamSummary(source: FplSource, teamId: number) {
  const { state } = await gameweekState(source)
  const entry = await orUnavailable(
    async () => (await source.entry(teamId, state)).data,
    () => {
      throw new ApiError(404, 'FPL team not found. Please check your FPL Team ID.', { code: 'fpl_team_not_found' })
    },
  )
  return { fpl_team_id: teamId, team_name: entry.name, player_name: playerNameOf(entry) }
}

export interface DiscoveredLeague {
  league_id: number
  league_name: string
  team_name: string
  player_name: string
  fpl_league_id: number
  member_count: number
  entry_fee: number
  already_member: boolean
}

/** An invitational FPL league of the team that no tournament here tracks yet: one to start here. */
interface LeagueNotHereYet {
  fpl_league_id: number
  name: string
  /** FPL's `rank_count`: the managers in the league (null when FPL does not say). */
  managers: number | null
  /** FPL's `entry_rank`: the team's place in it (null before the league's first gameweek). */
  your_rank: number | null
  /**
   * The team is the league's admin on FPL (`admin_entry`, the rule createTournament and
   * takeCommissionerRole go by; `entry_can_admin` only when FPL names no admin_entry): the
   * Commissioner role here ends with this team's owner, whoever starts the tournament.
   */
  you_are_fpl_admin: boolean
}

/**
 * Every invitational classic league of the team (system leagues such as Overall, countries or
 * "Gameweek 1" left out): the private tournaments here it can join (`discovered_leagues`,
 * decision 181, R7), and the leagues no tournament of any type tracks yet (`not_here_yet`, decision 167).
 */
export async function discoverEveryLeague(
  db: Database,
  source: FplSource,
  teamId: number,
  userId: number | null,
): Promise<{ discovered_leagues: DiscoveredLeague[]; not_here_yet: LeagueNotHereYet[] }> {
  const { state } = await gameweekState(source)
  const entry = await orUnavailable(
    async () => (await source.entry(teamId, state)).data,
    () => {
      throw new ApiError(404, 'FPL team not found. Please check the team ID.', { code: 'fpl_team_not_found' })
    },
  )
  if (userId !== null)
    await rememberTeamLeagues(
      db,
      userId,
      teamId,
      entry.leagues.classic.map((l) => l.id),
    )
  const invitational = entry.leagues.classic.filter((l) => l.league_type === 'x')
  if (invitational.length === 0) return { discovered_leagues: [], not_here_yet: [] }
  // Tracked: a tournament of any type holds the league's id (one per league, whatever the season).
  const tracked = await db
    .select({
      id: tournaments.id,
      name: tournaments.name,
      type: tournaments.type,
      fplLeagueId: tournaments.fplLeagueId,
      entryFeePence: tournaments.entryFeePence,
    })
    .from(tournaments)
    .where(
      inArray(
        tournaments.fplLeagueId,
        invitational.map((l) => l.id),
      ),
    )
    .orderBy(tournaments.name)
  const trackedIds = new Set(tracked.map((t) => t.fplLeagueId))
  const notHereYet: LeagueNotHereYet[] = invitational
    .filter((l) => !trackedIds.has(l.id))
    .map((l) => ({
      fpl_league_id: l.id,
      name: l.name,
      managers: l.rank_count,
      your_rank: l.entry_rank || null, // FPL says 0 before the league's first gameweek
      you_are_fpl_admin: l.admin_entry === null ? l.entry_can_admin === true : l.admin_entry === entry.id,
    }))
  return {
    discovered_leagues: await joinable(
      db,
      entry,
      tracked.filter((t) => t.type === 'private'),
      userId,
    ),
    not_here_yet: notHereYet,
  }
}

/** Our private tournaments whose FPL league contains the team (the entry lists this season's leagues). */
export async function discoverLeagues(db: Database, source: FplSource, teamId: number, userId: number | null): Promise<DiscoveredLeague[]> {
  return (await discoverEveryLeague(db, source, teamId, userId)).discovered_leagues
}

/** The private tournaments found, as the discovery answer lists them, with their active members. */
async function joinable(
  db: Database,
  entry: FplEntry,
  found: Array<{ id: number; name: string; fplLeagueId: number | null; entryFeePence: number }>,
  userId: number | null,
): Promise<DiscoveredLeague[]> {
  if (found.length === 0) return []
  const byTournament = await activeMembersAndMine(
    db,
    found.map((t) => t.id),
    userId,
  )
  const playerName = playerNameOf(entry)
  return found.map((t) => ({
    league_id: t.id,
    league_name: t.name,
    team_name: entry.name,
    player_name: playerName,
    fpl_league_id: t.fplLeagueId as number,
    member_count: Number(byTournament.get(t.id)?.count ?? 0),
    entry_fee: t.entryFeePence / 100,
    already_member: Boolean(byTournament.get(t.id)?.mine),
  }))
}
