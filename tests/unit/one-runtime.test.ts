import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// Tests, `wrangler dev` and deploy must run the same workerd: one wrangler, one miniflare and one
// workerd in the tree. package.json pins miniflare directly as the runtime's version; wrangler and
// @cloudflare/vitest-plugin must depend on exactly it (docs/decisions/011-miniflare-runtime-pin.md).
const ROOT = path.resolve(import.meta.dirname, '../..')
const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; dependencies?: Record<string, string>; devDependencies?: Record<string, string> }>
}
const versions = (name: string) => [
  ...new Set(
    Object.entries(lock.packages)
      .filter(([key]) => key.endsWith(`node_modules/${name}`))
      .map(([, pkg]) => pkg.version),
  ),
]

describe('one Workers runtime', () => {
  it.each(['wrangler', 'miniflare', 'workerd'])('locks one version of %s', (name) => {
    expect(versions(name)).toHaveLength(1)
  })

  it('has wrangler and the vitest plugin depend on the miniflare package.json pins', () => {
    const pinned = lock.packages['']?.devDependencies?.miniflare
    expect(lock.packages['node_modules/wrangler']?.dependencies?.miniflare).toBe(pinned)
    expect(lock.packages['node_modules/@cloudflare/vitest-plugin']?.dependencies?.miniflare).toBe(pinned)
    expect(lock.packages['node_modules/miniflare']?.version).toBe(pinned)
  })
})
