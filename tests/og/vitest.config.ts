import { readFileSync } from 'node:fs'
import path from 'node:path'
import { cloudflareTest } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'

// The share-image renderer (worker/og) inside workerd, as deployed: the same wrangler config,
// statically imported WebAssembly and bundled fonts. The golden PNG is handed in as a binding
// (workerd tests cannot read the disk); rewrite it with `node worker/og/scripts/preview.ts --golden`.
const root = path.resolve(import.meta.dirname, '../..')

export default defineConfig({
  root,
  plugins: [
    cloudflareTest({
      wrangler: { configPath: path.join(root, 'worker/og/wrangler.toml') },
      miniflare: {
        // The renderer needs no Node APIs; vitest's own runner imports node:inspector.
        compatibilityFlags: ['nodejs_compat'],
        dataBlobBindings: { GOLDEN_PNG: new Uint8Array(readFileSync(path.join(root, 'tests/og/golden/card.png'))) },
      },
    }),
  ],
  test: {
    name: 'og',
    include: ['tests/og/**/*.test.ts'],
    testTimeout: 30_000,
  },
})
