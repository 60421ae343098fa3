import type { InferResponseType } from 'hono/client'
import type { api, publicApi } from '../../lib/api'

// The answers of proving an FPL team is yours, as the worker's routes type them (decision 180).

type TeamProof = (typeof api.auth)['fpl-team']

/** GET /api/fpl-team/{id} (public): who the id belongs to on FPL. */
export type FplTeam = InferResponseType<(typeof publicApi)['fpl-team'][':id']['$get'], 200>
/** POST /api/auth/fpl-team/challenge: the code to put in the team name, valid until `expires_at`. */
export type TeamChallenge = InferResponseType<TeamProof['challenge']['$post'], 200>
/** POST /api/auth/fpl-team/verify: the team is proven to be the account's. */
export type TeamVerified = InferResponseType<TeamProof['verify']['$post'], 200>
