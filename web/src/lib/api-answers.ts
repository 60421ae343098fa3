// The API's answers the account, dashboard and invite screens read, as the worker's routes type
// them (hono/client infers each from the route: nothing here is written by hand but the JSON
// column a shared card keeps).

import type { InferResponseType } from 'hono/client'
import type { api } from './api'

type Auth = (typeof api)['auth']
export type ApiUser = InferResponseType<Auth['me']['$get'], 200>
export type VerifyEmailAnswer = InferResponseType<Auth['verify-email']['$post'], 200>
type UserLeaguesAnswer = InferResponseType<Auth['user-leagues']['$get'], 200>
export type UserLeague = UserLeaguesAnswer['leagues'][number]
export type UpdateFplTeamAnswer = InferResponseType<Auth['update-fpl-team']['$post'], 200>
type DiscoverLeaguesAnswer = InferResponseType<(typeof api)['discover-leagues'][':fpl_team_id']['$get'], 200>
export type DiscoveredLeague = DiscoverLeaguesAnswer['discovered_leagues'][number]
export type LeagueNotHereYet = DiscoverLeaguesAnswer['not_here_yet'][number]
export type AutoJoinAnswer = InferResponseType<(typeof api)['auto-join-leagues']['$post'], 200>
type MySharesAnswer = InferResponseType<(typeof api)['banter']['my-shares']['$get'], 200>
export type SharedStat = MySharesAnswer['shared_stats'][number]
export type InviteLeague = InferResponseType<(typeof api)['leagues']['invite'][':inviteCode']['$get'], 200>
