import path from 'node:path'
import { defineConfig } from 'vitest/config'

// End-to-end journeys: Debian's Chromium driven by playwright-core against the real local stack
// (wrangler dev + FPL simulator) started once for the whole run.
const root = path.resolve(import.meta.dirname, '../..')

export default defineConfig({
  root,
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'tests/.artifacts/**'],
    globalSetup: ['tests/e2e/setup/global-setup.ts'],
    testTimeout: 60_000,
    // Pages load lazily on a busy 2-core machine: give polled assertions room.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    hookTimeout: 180_000,
    // One browser and one wrangler at a time on a 2-core machine.
    fileParallelism: false,
    // The security tests' tally (tests/security/attack.ts) for the README's Security table.
    reporters: ['default', path.join(root, 'tests/security/summary-reporter.ts')],
  },
})
