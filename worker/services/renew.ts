import type { Database } from '../db/client'
import { FplError } from '../fpl/errors'
import type { FplSource } from '../fpl/source'
import { ApiError } from '../lib/errors'
import { log } from '../lib/log'
import type { SessionUser } from './auth/sessions'
import { orUnavailable, ownTeamInLeague } from './fpl-lookup'
import { queueFirstRefresh } from './refresh/plan'
import type { MessageSender } from './refresh/types'
import { currentSeason } from './season'
import type { SnapshotView, StandingsMeta } from './snapshot-store'
import { renewTournamentRow, type Tournament, trackedTournament } from './tournaments'
import { provenTeamOf } from './users'

// Renewing a tournament for FPL's new season (decision 185): FPL gives every league a new id each
// July, and the season rollover lets go of the old one (ended_fpl_league_id keeps it). The
// commissioner names this season's league; the tournament keeps its name, members, wall, Gazette,
// settings and kept seasons, so its Hall of Fame spans both seasons by itself. Every check comes
// before the one write, so a refused renewal writes nothing.

export interface RenewAnswer {
  message: string
  fpl_league_id: number
  season: string
}

export interface RenewState {
  /** The season FPL is playing or about to play; null between seasons. */
  season: string | null
  ended_fpl_league_id: number | null
  /** The tournament already follows an FPL league of `season`. */
  renewed: boolean
  /** A league of the commissioner's new team named as the tournament or its last FPL league. */
  proposal: { fpl_league_id: number; name: string } | null
}

const refuse = (status: 400 | 403 | 404 | 409, code: string, detail: string) => new ApiError(status, detail, { code })

/** Only a private tournament follows an FPL league of its own; the public and curated ones carry on by themselves. */
function assertRenewable(tournament: Tournament) {
  if (tournament.type !== 'private') throw refuse(400, 'renew_not_private', "Only a private league's tournament is renewed.")
}

const alreadyRenewed = (season: string) => refuse(409, 'already_renewed', `This league already follows its FPL league of the ${season} season.`)

/** Where the tournament stands against FPL's current season (null between seasons). */
function renewal(season: string | null, tournament: Tournament): 'renewed' | 'not_yet' | 'due' {
  if (season !== null && season === tournament.fplSeason) return 'renewed'
  // Seasons are named "2026/27": their text order is their time order.
  if (season === null || (tournament.fplSeason !== null && season < tournament.fplSeason)) return 'not_yet'
  return 'due'
}

/** The season to renew into: FPL's current one, when it is newer than the tournament's. */
async function seasonToRenewInto(db: Database, tournament: Tournament): Promise<string> {
  const season = await currentSeason(db)
  const standing = renewal(season, tournament)
  if (standing === 'not_yet' || season === null) throw refuse(409, 'renew_not_yet', 'FPL has not started the next season yet: renew once it has.')
  if (standing === 'renewed') throw alreadyRenewed(season)
  return season
}

/** The commissioner's team of this season: the rollover let go of last season's, and a commissioner's team must be proven (as at create). */
async function commissionerTeam(db: Database, user: SessionUser): Promise<number> {
  if (!user.fplTeamId) throw refuse(409, 'team_not_relinked', 'Link your new FPL team first: FPL gave every team a new ID this season.')
  const proven = await provenTeamOf(db, user.id)
  if (proven === null) {
    throw refuse(
      403,
      'fpl_team_unverified',
      'Prove your new FPL team is yours before you renew the league: get a code on your dashboard, add it to your team name on the FPL site, then press Check.',
    )
  }
  return proven
}

export async function renewTournament(
  db: Database,
  source: FplSource,
  queue: MessageSender,
  tournament: Tournament,
  user: SessionUser,
  fplLeagueId: number,
): Promise<RenewAnswer> {
  assertRenewable(tournament)
  const season = await seasonToRenewInto(db, tournament)
  if (fplLeagueId === tournament.endedFplLeagueId || fplLeagueId === tournament.fplLeagueId) {
    throw refuse(
      400,
      'renew_last_season_id',
      "That is last season's league ID. FPL gives every league a new ID each season: find this season's on the league's page on FPL.",
    )
  }
  const teamId = await commissionerTeam(db, user)
  const { state, bootstrap, league } = await orUnavailable(
    async () => {
      const { state, bootstrap } = await source.state()
      return { state, bootstrap, league: (await source.standingsPage(fplLeagueId, 1, state)).data.league }
    },
    () => {
      throw refuse(404, 'fpl_league_not_found', 'FPL league not found. Please check the League ID.')
    },
  )
  if (!(await ownTeamInLeague(db, source, user.id, teamId, fplLeagueId))) {
    throw refuse(403, 'renew_not_in_league', 'Your new team is not in that league. Renew with the league your team plays in this season.')
  }
  // The write itself refuses a league another tournament follows (decision 062) and a renewal
  // made meanwhile, so two requests at once cannot both pass.
  if (!(await renewTournamentRow(db, tournament, { fplLeagueId, season, startEvent: league.start_event ?? 1 }))) {
    const holder = await trackedTournament(db, fplLeagueId)
    throw holder && holder.id !== tournament.id ? leagueTaken(holder) : alreadyRenewed(season)
  }
  // As at create: its table within seconds once a gameweek has started, else the cron plans it.
  await queueFirstRefresh(db, queue, { state, bootstrap }, tournament.id).catch((error: unknown) =>
    log.warn('First refresh not queued', { tournament_id: tournament.id, error }),
  )
  return {
    message: `${tournament.name} now follows FPL league ${fplLeagueId} for ${season}. Its members, wall, Gazette and Hall of Fame carry on.`,
    fpl_league_id: fplLeagueId,
    season,
  }
}

const leagueTaken = (holder: Tournament) =>
  refuse(409, 'league_already_tracked', `That FPL league is already followed here by ${holder.name}: each FPL league has one league here.`)

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * What the commissioner's renew form starts from. The proposal is asked of FPL only when a
 * renewal can happen; FPL failing leaves it out rather than failing the form.
 */
export async function renewState(db: Database, source: FplSource, tournament: Tournament, user: SessionUser, latest: SnapshotView | null): Promise<RenewState> {
  assertRenewable(tournament)
  const season = await currentSeason(db)
  const standing = renewal(season, tournament)
  const answer = { season, ended_fpl_league_id: tournament.endedFplLeagueId, renewed: standing === 'renewed', proposal: null }
  const teamId = standing === 'due' ? await provenTeamOf(db, user.id) : null
  if (teamId === null) return answer
  const names = [tournament.name, (latest?.document as StandingsMeta | null)?.league_name ?? ''].filter((n) => n.trim() !== '')
  const leagues = await teamLeaguesOrNone(source, teamId)
  const match = leagues.find((l) => l.id !== tournament.endedFplLeagueId && names.some((n) => sameName(n, l.name)))
  return { ...answer, proposal: match ? { fpl_league_id: match.id, name: match.name } : null }
}

/** The classic leagues of a team, or none when FPL cannot say (down, or no such team). */
async function teamLeaguesOrNone(source: FplSource, teamId: number) {
  try {
    const { state } = await source.state()
    return (await source.entry(teamId, state)).data.leagues.classic
  } catch (error) {
    if (error instanceof FplError) return []
    throw error
  }
}
