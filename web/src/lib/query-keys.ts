// Every query key of the app, built here and nowhere else: a query and the invalidations of its
// prefix read the same lines, so a prefix cannot drift from the keys it is meant to cover. The
// values are what the cache holds (tests seed and read them): keep them as they are.

type LeagueId = number | string

/** Every viewer's tournament list. */
const leaguesPrefix = () => ['leagues'] as const
/** Every cached page of one tournament, whoever looked. */
const leagueDataPrefix = (leagueId: string) => ['league-data', leagueId] as const
/** Every live read of one tournament (table pages and team views), whoever looked. */
const livePrefix = (leagueId: string) => ['live', leagueId] as const
/** Every cached page of the tournament's live table (the page header reads its gameweek from them). */
const liveTablePrefix = (leagueId: string) => [...livePrefix(leagueId), 'table'] as const
/** The dashboard's gameweek panel, whoever is signed in. */
const myGameweekPrefix = () => ['my-gameweek'] as const
/** The dashboard's list of the user's tournaments, whoever is signed in. */
const userLeaguesPrefix = () => ['user-leagues'] as const

export const queryKeys = {
  leaguesPrefix,
  leagues: (viewer: number | null) => [...leaguesPrefix(), viewer] as const,
  leagueDataPrefix,
  leagueData: (leagueId: string, page: number, viewer: number | null, search: string) => [...leagueDataPrefix(leagueId), page, viewer, search] as const,
  livePrefix,
  liveTablePrefix,
  liveTable: (leagueId: string, page: number, viewer: number | null, search: string) => [...liveTablePrefix(leagueId), page, viewer, search] as const,
  liveTeam: (leagueId: string, fplTeamId: number) => [...livePrefix(leagueId), 'team', fplTeamId] as const,
  /** The league's matchday insight: under the live prefix, so the socket's re-read covers it. */
  liveInsight: (leagueId: string, ...view: ReadonlyArray<string | number | boolean | null>) => [...livePrefix(leagueId), 'insight', ...view] as const,
  myGameweekPrefix,
  myGameweek: (userId: number) => [...myGameweekPrefix(), userId] as const,
  userLeaguesPrefix,
  userLeagues: (userId: number) => [...userLeaguesPrefix(), userId] as const,
  me: (userId: number) => ['me', userId] as const,
  adminCheck: (leagueId: string, userId: number | null) => ['admin-check', leagueId, userId] as const,
  curatedTeams: (leagueId: LeagueId) => ['curated-teams', String(leagueId)] as const,
  members: (leagueId: number) => ['members', leagueId] as const,
  inviteLink: (leagueId: number) => ['invite-link', leagueId] as const,
  lineage: (leagueId: string) => ['lineage', leagueId] as const,
  renew: (leagueId: number) => ['renew', leagueId] as const,
  communityPosts: (leagueId: LeagueId) => ['community-posts', String(leagueId)] as const,
  gazette: (leagueId: LeagueId) => ['gazette', String(leagueId)] as const,
  race: (leagueId: string) => ['race', leagueId] as const,
  hallOfFameRecords: (leagueId: string) => ['hall-of-fame', leagueId, 'records'] as const,
  hallOfFameSeasons: (leagueId: string) => ['hall-of-fame', leagueId, 'seasons'] as const,
  discoverLeagues: (teamId: number) => ['discover-leagues', teamId] as const,
  invite: (inviteCode: string) => ['invite', inviteCode] as const,
  sharedAchievement: (shareId: string) => ['shared-achievement', shareId] as const,
  myShares: (userId: number | null) => ['my-shares', userId] as const,
  banterPrivacy: (userId: number | null) => ['banter-privacy', userId] as const,
  notificationPreferences: (userId: number | null) => ['notification-preferences', userId] as const,
  publicBanterStats: () => ['public-banter-stats'] as const,
  userStats: () => ['user-stats'] as const,
  season: () => ['season'] as const,
}
