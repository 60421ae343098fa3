import fs from 'node:fs'
import path from 'node:path'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'

// Worker tests run inside workerd against real (local) D1 and KV, one isolated storage per file.
const root = path.resolve(import.meta.dirname, '../..')

export default defineConfig(async () => {
  // wrangler.toml's [assets].directory must exist even when the SPA has not been built.
  fs.mkdirSync(path.join(root, 'dist/client'), { recursive: true })
  const migrations = await readD1Migrations(path.join(root, 'migrations'))
  return {
    root,
    plugins: [
      cloudflareTest({
        wrangler: { configPath: path.join(root, 'wrangler.toml') },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
            ENVIRONMENT: 'test',
            APP_URL: 'https://banter.test',
            FPL_API_BASE: 'https://fpl.simulator.test/api',
            ADMIN_EMAILS: 'admin@banter-arena.test',
          },
          // wrangler.toml's OG_RENDERER service binding needs a worker of that name to start.
          // Tests that draw cards pass the real renderer (worker/og) in per call instead: see
          // tests/worker/share-image.test.ts.
          workers: [
            {
              name: 'banter-arena-og',
              modules: true,
              script: 'export default { fetch: () => Response.json({ detail: "No renderer in worker tests" }, { status: 503 }) }',
            },
            // The same for PAGE_RENDERER: tests/worker/tournament-page.test.ts passes its own.
            {
              name: 'banter-arena-pages',
              modules: true,
              script: 'export default { fetch: () => new Response("No page renderer in worker tests", { status: 503 }) }',
            },
          ],
        },
      }),
    ],
    test: {
      name: 'worker',
      include: ['tests/worker/**/*.test.ts'],
      setupFiles: ['tests/worker/setup/apply-migrations.ts'],
      // The security tests' tally (tests/security/attack.ts) for the README's Security table.
      reporters: ['default', path.join(root, 'tests/security/summary-reporter.ts')],
    },
  }
})
