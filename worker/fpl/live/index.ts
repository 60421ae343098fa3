/**
 * The live-points rules of issues 15 and 26, pure: projected bonus from bps, projected automatic
 * substitutions, the armband, a manager's live gameweek, a tournament's live table, its live
 * banter (banter.ts, decision 114) and the league's matchday insight (insight.ts: ownership,
 * battle, glance). No I/O, no clock: the live engine polls FPL, builds one
 * `liveGameweek` per poll and passes it in.
 * Rules and their sources: docs/decisions/100-live-points-rules.md.
 */

export { liveBanter } from './banter'
export { bonusFromBps } from './bonus'
export type { LiveFixture, LiveGameweek, LiveGameweekInput, PointLine } from './gameweek'
export { liveGameweek } from './gameweek'
export type { LeagueInsight } from './insight'
export { battle, leagueGlance, leagueInsight, leagueOwnership, ownershipWorth, rivalOf } from './insight'
export type { LiveManager, LiveRow, LiveTable } from './table'
export { liveTable } from './table'
export type { LiveSheet } from './team'
export { liveSummary, liveTeam } from './team'
