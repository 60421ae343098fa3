import type { InferResponseType } from 'hono/client'
import type { api } from '../../lib/api'

/** A community wall post (GET /api/community-posts/{leagueId}), as the route types it. */
export type CommunityPost = InferResponseType<(typeof api)['community-posts'][':leagueId']['$get'], 200>[number]
