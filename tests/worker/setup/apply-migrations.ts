import { applyD1Migrations } from 'cloudflare:test'
import { env } from 'cloudflare:workers'

// Idempotent: setup files may run more than once per storage.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
