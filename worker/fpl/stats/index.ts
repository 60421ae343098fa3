/**
 * The pure statistics engine: league tables from histories, Manager of the Month, per-tournament
 * banter stats and the landing page's site-wide stats. No I/O, no clock: the cron fetches FPL
 * data and passes it in.
 */
export {
  armbandPicks,
  autoSubPoints,
  byEntryAsc,
  captainMultiplier,
  captainPoints,
  hasPlayedBy,
  historyRow,
  leagueRanks,
  liveLookup,
  liveStats,
  netPoints,
  picksPoints,
  playedCaptain,
  populationStdDev,
  rankMap,
  roundTo,
  totalAt,
} from './points'
export type { HistoryLike, LiveElementStats, LiveLookup, LiveSource, PickRow, PicksLike, RankInput, Ranked } from './points'

export { buildStandingsFromHistories } from './standings'
export type { HistoryManager, StandingRow } from './standings'

export {
  MONTHLY_PRIZE_PERCENT,
  computeMonthlyWinners,
  isMonthPhase,
  monthlyPrizePounds,
  phaseTableFromHistories,
} from './monthly'
export type {
  EventLike,
  MonthlyWinner,
  MonthlyWinnersInput,
  PhaseHistoryManager,
  PhaseLike,
  PhaseTableRow,
  PhaseTables,
  RunnerUp,
} from './monthly'

export { DIFFERENTIAL_PERCENT, MIN_GAMEWEEKS_FOR_CONSISTENCY, computeBanterStats, missingManagers } from './banter'
export type {
  AutoSubSaviourCard,
  BanterCard,
  BanterInput,
  BanterManager,
  BanterResult,
  BanterStats,
  CaptainCatastropheCard,
  ComebackKingCard,
  DifferentialGeniusCard,
  FreefallLegendCard,
  LeagueContext,
  MostConsistentCard,
  PointsCard,
  RankCard,
  TournamentStats,
  TournamentType,
  TransferTornadoCard,
} from './banter'

export { FIGHTING_BACK_SPAN, MIN_STREAK, NO_MANAGERS_MESSAGE, PUBLIC_STATS_ERROR, computePublicStats, hasPublicStats } from './public'
export type {
  PublicCaptainCard,
  PublicCard,
  PublicImprovementCard,
  PublicPointsCard,
  PublicRankCard,
  PublicRocketCard,
  PublicStats,
  PublicStatsResult,
  PublicStreakCard,
  PublicTornadoCard,
  PublicTournamentInput,
} from './public'

export type { ElementInfo } from './text'
