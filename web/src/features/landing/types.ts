// The landing page's answers as the worker's routes type them (hono/client).

import type { InferResponseType } from 'hono/client'
import type { publicApi } from '../../lib/api'

/** GET /api/public-banter-stats: `stats` is every card (null when nobody qualifies), or `{}` when there are none or on error. */
export type PublicStatsAnswer = InferResponseType<(typeof publicApi)['public-banter-stats']['$get'], 200>
/** The full set of cards (the other form of `stats` is the `{}` of the empty and error answers). */
export type PublicStats = Exclude<PublicStatsAnswer['stats'], Record<string, never>>
export type PublicStatKey = keyof PublicStats
/** One carousel card's data as the API sends it: who, and the value fields of that stat. */
export type PublicStat<K extends PublicStatKey = PublicStatKey> = NonNullable<PublicStats[K]>
