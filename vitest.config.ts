import fs from 'node:fs'
import path from 'node:path'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

// Every test layer is a project of this one run: `npm test` is `vitest run`, one layer is
// `vitest run --project worker` (npm run test:worker, ...). The groups run one after another, as
// the layers did when each had its own config: the heavy ones (workerd, the builds, the browser)
// never share the 2 cores with each other. Vitest starts every project's globalSetup (e2e's stack)
// before the first group.
const root = import.meta.dirname

export default defineConfig(async () => {
  // wrangler.toml's [assets].directory must exist even when the SPA has not been built.
  fs.mkdirSync(path.join(root, 'dist/client'), { recursive: true })
  const migrations = await readD1Migrations(path.join(root, 'migrations'))
  return {
    test: {
      reporters: [
        'default',
        // The security tests' tally (tests/security/attack.ts) for docs/security.md.
        path.join(root, 'tests/security/summary-reporter.ts'),
        // "N passed, N failed": the closing line CI reads (.ci/run).
        path.join(root, 'tests/reporters/closing-line.ts'),
      ],
      projects: [
        {
          // The API worker inside workerd against real (local) D1 and KV, one isolated storage per file.
          plugins: [
            cloudflareTest({
              wrangler: { configPath: path.join(root, 'wrangler.toml') },
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
                  ENVIRONMENT: 'development',
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
                  // The same for PAGE_RENDERER, whose stand-in draws nothing: tests/worker/tournament-page.test.ts passes its own.
                  {
                    name: 'banter-arena-pages',
                    modules: true,
                    script:
                      'import { WorkerEntrypoint } from "cloudflare:workers"; export class PageRenderer extends WorkerEntrypoint { render() { return "" } }',
                  },
                ],
              },
            }),
          ],
          test: {
            name: 'worker',
            include: ['tests/worker/**/*.test.ts'],
            setupFiles: ['tests/worker/setup/apply-migrations.ts'],
            sequence: { groupOrder: 1 },
          },
        },
        {
          // The share-image renderer (worker/og) inside workerd, as deployed: the same wrangler config
          // (nodejs_compat included), statically imported WebAssembly and bundled fonts. The golden PNG is
          // handed in as a binding (workerd tests cannot read the disk); rewrite it with
          // `node worker/og/scripts/preview.ts --golden`.
          plugins: [
            cloudflareTest({
              wrangler: { configPath: path.join(root, 'worker/og/wrangler.toml') },
              miniflare: {
                dataBlobBindings: { GOLDEN_PNG: new Uint8Array(fs.readFileSync(path.join(root, 'tests/og/golden/card.png'))) },
              },
            }),
          ],
          test: { name: 'og', include: ['tests/og/**/*.test.ts'], testTimeout: 30_000, sequence: { groupOrder: 2 } },
        },
        {
          // Plain Node unit tests (no workerd): the FPL simulator, scripts and other pure modules.
          test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.ts'], testTimeout: 30_000, sequence: { groupOrder: 2 } },
        },
        {
          // React components in jsdom with Testing Library.
          plugins: [react()],
          test: {
            name: 'web',
            environment: 'jsdom',
            include: ['tests/web/**/*.test.{ts,tsx}'],
            setupFiles: ['tests/web/setup.ts'],
            restoreMocks: true,
            unstubGlobals: true,
            css: false,
            sequence: { groupOrder: 3 },
          },
        },
        {
          // Builds the SPA and the workers as a deploy would and weighs them.
          test: { name: 'budgets', include: ['tests/budgets/**/*.test.ts'], fileParallelism: false, sequence: { groupOrder: 4 } },
        },
        {
          // End-to-end journeys: Debian's Chromium driven by playwright-core against the real local
          // stack (wrangler dev + FPL simulator, its own build of the SPA) started once for the run.
          test: {
            name: 'e2e',
            include: ['tests/e2e/**/*.test.ts'],
            globalSetup: ['tests/e2e/setup/global-setup.ts'],
            testTimeout: 60_000,
            // Pages load lazily on a busy 2-core machine: give polled assertions room.
            expect: { poll: { timeout: 10_000, interval: 100 } },
            hookTimeout: 180_000,
            // One browser and one wrangler at a time on a 2-core machine.
            fileParallelism: false,
            sequence: { groupOrder: 5 },
          },
        },
      ],
    },
  }
})
