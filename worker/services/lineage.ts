import { LINEAGE_DEPTH, type LineageAnswer } from '../../contract/hall-of-fame'
import type { Database } from '../db/client'
import { ApiError } from '../lib/errors'
import { isActiveMember } from './access'
import type { SessionUser } from './auth/sessions'
import { previousTournamentIdOf, setPreviousTournament, type Tournament, tournamentNameAndSeason, trackedTournament } from './tournaments'

// Season lineage (decision 137): FPL starts every league afresh each July with a new id,
// so the commissioner tells us last season's id. When we kept that league, its tournament becomes
// this one's previous tournament and the Hall of Fame reads its kept seasons; when we did not, the
// id is still stored and the Hall of Fame has the managers' FPL history only. The link takes
// effect at the next checked refresh (nothing is recomputed on a request).

type Linked = Pick<Tournament, 'id' | 'name' | 'fplSeason'>

const previousOf = (t: Linked | null) => (t ? { id: t.id, name: t.name, fpl_season: t.fplSeason } : null)

/** The tournament's link as it stands, for the commissioner's form. */
export async function lineageOf(db: Database, tournament: Tournament): Promise<LineageAnswer> {
  const previous = tournament.previousTournamentId ? await tournamentNameAndSeason(db, tournament.previousTournamentId) : undefined
  return { previous_fpl_league_id: tournament.previousFplLeagueId, previous_tournament: previousOf(previous ?? null), message: '' }
}

export async function linkLineage(db: Database, tournament: Tournament, user: SessionUser, previousFplLeagueId: number | null): Promise<LineageAnswer> {
  if (previousFplLeagueId === null) {
    await setPreviousTournament(db, tournament.id, null, null)
    return { previous_fpl_league_id: null, previous_tournament: null, message: "Unlinked. The Hall of Fame keeps this league's own seasons and FPL history." }
  }
  if (previousFplLeagueId === tournament.fplLeagueId) {
    throw new ApiError(400, "That is this league's own id: enter the id last season's league had.", { code: 'lineage_self' })
  }
  const previous = await trackedTournament(db, previousFplLeagueId)
  if (!previous) {
    await setPreviousTournament(db, tournament.id, previousFplLeagueId, null)
    return {
      previous_fpl_league_id: previousFplLeagueId,
      previous_tournament: null,
      message: `We never kept FPL league ${previousFplLeagueId} here, so the Hall of Fame will use the managers' FPL history for the seasons before this one.`,
    }
  }
  if (previous.fplSeason && tournament.fplSeason && previous.fplSeason >= tournament.fplSeason) {
    throw new ApiError(400, `That league is from ${previous.fplSeason}, not a season before this one: enter last season's league id.`, {
      code: 'lineage_not_earlier',
    })
  }
  // Another group's kept league would bring its names and records into this Hall of Fame: only
  // someone who runs it or still plays in it can say it is this league's last season.
  if (!(await tookPart(db, previous, user))) {
    throw new ApiError(403, 'You can link a league you ran or played in last season. Ask its commissioner to link it.', { code: 'lineage_not_yours' })
  }
  if (await leadsBackTo(db, previous, tournament.id)) {
    throw new ApiError(409, 'That league already leads back to this one: linking it would make a loop.', { code: 'lineage_loop' })
  }
  await setPreviousTournament(db, tournament.id, previousFplLeagueId, previous.id)
  return {
    previous_fpl_league_id: previousFplLeagueId,
    previous_tournament: previousOf(previous),
    message: `Linked to ${previous.name}. The Hall of Fame includes its seasons from the next checked gameweek.`,
  }
}

/**
 * Whether the user runs `previous` or is one of its active members. A member the commissioner
 * removed keeps an inactive row; it must not let them carry the group's names into a league of
 * their own (decision 152).
 */
async function tookPart(db: Database, previous: Tournament, user: SessionUser): Promise<boolean> {
  return previous.commissionerId === user.id || (await isActiveMember(db, previous.id, user.id))
}

/** Whether following `from`'s own links back (as far as the Hall of Fame would, and one more) reaches `target`. */
async function leadsBackTo(db: Database, from: Tournament, target: number): Promise<boolean> {
  let next = from.previousTournamentId
  for (let step = 0; next !== null && step <= LINEAGE_DEPTH; step += 1) {
    if (next === target) return true
    next = await previousTournamentIdOf(db, next)
  }
  return false
}
