import { and, eq, isNotNull, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { curatedTeams, memberships, type TournamentType, tournaments, users } from '../../db/schema'

// The tournaments the refresh keeps up to date, with the FPL teams each one needs.

export interface RefreshTarget {
  id: number
  name: string
  type: TournamentType
  fplLeagueId: number | null
  startEvent: number
  entryFeePence: number
  activeMembers: number
  /** FPL team ids: our members (classic leagues), every user (public), the chosen teams (curated). */
  teams: number[]
}

/** Every tournament the refresh keeps up to date, or only `only` (a new tournament's first refresh). */
export async function refreshTargets(db: Database, season: string, only?: number): Promise<RefreshTarget[]> {
  const rows = await db
    .select({
      id: tournaments.id,
      name: tournaments.name,
      type: tournaments.type,
      fplLeagueId: tournaments.fplLeagueId,
      startEvent: tournaments.startEvent,
      entryFeePence: tournaments.entryFeePence,
    })
    .from(tournaments)
    // FPL re-issues league ids every season: last season's leagues are not refreshed.
    .where(
      and(
        or(sql`${tournaments.type} <> 'private'`, and(isNotNull(tournaments.fplLeagueId), eq(tournaments.fplSeason, season))),
        only === undefined ? undefined : eq(tournaments.id, only),
      ),
    )
  if (rows.length === 0) return []

  const [members, curated] = await db.batch([
    db
      .select({ tournamentId: memberships.tournamentId, team: users.fplTeamId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.status, 'active'), only === undefined ? undefined : eq(memberships.tournamentId, only))),
    db
      .select({ tournamentId: curatedTeams.tournamentId, team: curatedTeams.fplTeamId })
      .from(curatedTeams)
      .where(only === undefined ? undefined : eq(curatedTeams.tournamentId, only)),
  ])
  const byTournament = new Map<number, { count: number; teams: Set<number> }>()
  const add = (tournamentId: number, team: number | null, countsAsMember: boolean) => {
    const entry = byTournament.get(tournamentId) ?? { count: 0, teams: new Set<number>() }
    if (countsAsMember) entry.count += 1
    if (team) entry.teams.add(team)
    byTournament.set(tournamentId, entry)
  }
  for (const m of members) add(m.tournamentId, m.team, true)
  for (const c of curated) add(c.tournamentId, c.team, false)

  return rows.map((row) => {
    const found = byTournament.get(row.id)
    return { ...row, activeMembers: found?.count ?? 0, teams: [...(found?.teams ?? [])].sort((a, b) => a - b) }
  })
}
