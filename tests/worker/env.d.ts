declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import('cloudflare:test').D1Migration[]
    // Secrets the tests bind (tests/worker/vitest.config.ts).
    JWT_SECRET: string
  }
}
