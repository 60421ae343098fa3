import type { InferResponseType } from 'hono/client'
import type { publicApi } from '../../lib/api'

/** GET /api/banter/share/{shareId} (public; counts a view), as the route types it (decision 180). */
export type SharedAchievement = InferResponseType<(typeof publicApi.banter.share)[':shareId']['$get'], 200>
