import type { Database } from './db/client'
import type { SessionUser } from './lib/auth'

// Secrets are set with `wrangler secret put` (production) or .dev.vars (local); all optional in
// development. Vars and bindings come from wrangler.toml through `wrangler types`.
export interface Secrets {
  JWT_SECRET?: string
  RESEND_API_KEY?: string
  EMAIL_FROM?: string
}

export type Bindings = Env & Secrets

export interface AppEnv {
  Bindings: Bindings
  Variables: {
    db: Database
    /** The signed-in user (set by requireAuth; readWithSession returns it instead). */
    user?: SessionUser | null
    /** This answer is the same for every anonymous visitor (see lib/public-read-cache). */
    publicRead?: boolean
  }
}

/**
 * Whether this deployment is a developer's machine or the test suite: only there may sessions be
 * signed with the built-in development secret, `/api/dev/*` exist and emails land in the dev
 * outbox. Any other ENVIRONMENT (production, staging, preview, a typo, none) is treated as public.
 */
export const isDevelopment = (env: Pick<Env, 'ENVIRONMENT'>) => env.ENVIRONMENT === 'development' || env.ENVIRONMENT === 'test'
