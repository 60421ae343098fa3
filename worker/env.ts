import type { Context } from 'hono'
import type { PageRendererRpc } from '../contract/page-render'
import type { Database } from './db/client'
import type { CardRenderer } from './og/protocol'

// Secrets are set with `wrangler secret put` (production) or .dev.vars (local); all optional in
// development. Vars and bindings come from wrangler.toml through `wrangler types`.
interface Secrets {
  JWT_SECRET?: string
  RESEND_API_KEY?: string
  EMAIL_FROM?: string
  /** The VAPID key pair for Web Push, as a private JWK (JSON). Without it production sends no pushes. */
  VAPID_PRIVATE_JWK?: string
}

export type Bindings = Env & Secrets

// The share-image renderer is a Workers RPC entrypoint (worker/og); `wrangler types`, reading this
// config alone, knows its binding only as a Fetcher.
type OgRendererBinding = Service<CardRenderer & Rpc.WorkerEntrypointBranded>

// The page renderer is one too (worker/pages): its binding's type, for the app and the tests' env.
type PageRendererBinding = Service<PageRendererRpc & Rpc.WorkerEntrypointBranded>
declare global {
  interface Env {
    OG_RENDERER: OgRendererBinding
    PAGE_RENDERER: PageRendererBinding
  }
  namespace Cloudflare {
    interface Env {
      OG_RENDERER: OgRendererBinding
      PAGE_RENDERER: PageRendererBinding
    }
  }
}

export interface AppEnv {
  Bindings: Bindings
  Variables: {
    db: Database
    /** This request's id (hono/request-id): in its X-Request-Id header, its log lines and its error body. */
    requestId: string
    /** This answer is the same for every anonymous visitor (see lib/public-read-cache). */
    publicRead?: boolean
    /** Errors also carry their text in `message` (see lib/errors). */
    errorTextAsMessage?: boolean
  }
}

/** What helpers need of a request's context, whatever middleware the route added to it. */
export type RequestContext = Pick<Context<AppEnv>, 'req' | 'env' | 'var' | 'executionCtx'>

/**
 * Whether this deployment is a developer's machine (the test suite runs as one): only there may
 * sessions be signed with the built-in development secret, `/api/dev/*` exist and emails land in
 * the dev outbox. Any other ENVIRONMENT (production, staging, preview, test, a typo, none) is
 * treated as public: a deploy named "test" is still a deploy (decision 151).
 */
export const isDevelopment = (env: Pick<Env, 'ENVIRONMENT'>) => env.ENVIRONMENT === 'development'
