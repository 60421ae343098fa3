import type { InferResponseType } from 'hono/client'
import type { publicApi } from '../../lib/api'

export type SeasonAnswer = InferResponseType<(typeof publicApi)['season']['$get'], 200>
