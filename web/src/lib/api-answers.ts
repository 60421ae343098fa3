// The API's answers the account, dashboard and invite screens read, as the worker's routes type
// them (hono/client infers each from the route: nothing here is written by hand but the JSON
// column a shared card keeps).

import type { InferResponseType } from 'hono/client'
import type { api } from './api'

type Auth = (typeof api)['auth']
export type ApiUser = InferResponseType<Auth['me']['$get'], 200>
export type VerifyEmailResponse = InferResponseType<Auth['verify-email']['$post'], 200>
type UserLeaguesResponse = InferResponseType<Auth['user-leagues']['$get'], 200>
export type UserLeague = UserLeaguesResponse['leagues'][number]
export type UpdateFplTeamResponse = InferResponseType<Auth['update-fpl-team']['$post'], 200>
type DiscoverLeaguesResponse = InferResponseType<(typeof api)['discover-leagues'][':fpl_team_id']['$get'], 200>
export type DiscoveredLeague = DiscoverLeaguesResponse['discovered_leagues'][number]
export type LeagueNotHereYet = DiscoverLeaguesResponse['not_here_yet'][number]
export type AutoJoinResponse = InferResponseType<(typeof api)['auto-join-leagues']['$post'], 200>
type MySharesResponse = InferResponseType<(typeof api)['banter']['my-shares']['$get'], 200>
export type SharedStat = MySharesResponse['shared_stats'][number]
export type InviteLeague = InferResponseType<(typeof api)['leagues']['invite'][':inviteCode']['$get'], 200>
