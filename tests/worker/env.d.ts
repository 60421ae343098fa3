declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import('cloudflare:test').D1Migration[]
    // Secrets the tests bind (the worker project in vitest.config.ts).
    JWT_SECRET: string
  }
}
