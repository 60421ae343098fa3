/**
 * The pure statistics engine: league tables from histories, Manager of the Month, per-tournament
 * banter stats and the landing page's site-wide stats. No I/O, no clock: the cron fetches FPL
 * data and passes it in.
 */

export type { BanterInput, BanterManager, BanterStats } from './banter'
export { computeBanterStats } from './banter'
export type { GameweekSummary } from './gameweek-summary'
export { gameweekSummary } from './gameweek-summary'
export type { EventLike, MonthlyWinner, MonthlyWinnersInput, PhaseTableRow } from './monthly'
export { computeMonthlyWinners, monthlyPrizePounds, phaseTableFromHistories } from './monthly'
export {
  autoSubPoints,
  captainPoints,
  historyRow,
  leagueRanks,
  liveLookup,
  netPoints,
  picksPoints,
  playedCaptain,
  populationStdDev,
  roundTo,
  totalAt,
  transfersUpTo,
} from './points'
export type { PublicStats, PublicStatsResult, PublicTournamentInput } from './public'

export { computePublicStats, hasPublicStats, PUBLIC_STATS_ERROR } from './public'
export { buildStandingsFromHistories, rankedAt } from './standings'
