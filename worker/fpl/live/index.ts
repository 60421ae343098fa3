/**
 * The live-points rules of issues 15 and 26, pure: projected bonus from bps, projected automatic
 * substitutions, the armband, a manager's live gameweek, a tournament's live table and its live
 * banter (banter.ts, decision 114). No I/O, no clock: the live engine polls FPL, builds one
 * `liveGameweek` per poll and passes it in.
 * Rules and their sources: docs/decisions/100-live-points-rules.md.
 */

export type { AutoSub, SheetPick } from './autosubs'
export { positionsAfterSubs, projectAutoSubs } from './autosubs'
export { liveBanter } from './banter'
export type { BpsScore } from './bonus'
export { bonusFromBps } from './bonus'
export type { Armband } from './captaincy'
export { armband } from './captaincy'
export type { ElementLive, FixtureState, LiveFixture, LiveGameweek, LiveGameweekInput, PointLine } from './gameweek'
export { liveGameweek } from './gameweek'
export type { LiveManager, LiveRow, LiveTable } from './table'
export { liveTable } from './table'
export type { LivePick, LiveSheet, LiveSummary, LiveTeam } from './team'
export { liveSummary, liveTeam } from './team'
