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

export const isProduction = (env: Pick<Env, 'ENVIRONMENT'>) => env.ENVIRONMENT === 'production'
