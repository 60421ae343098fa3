import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// nvm users get the Node that npm scripts run on: the `node` dev dependency (decision 170).
const ROOT = path.resolve(import.meta.dirname, '../..')
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }

describe('the project Node', () => {
  it('has .nvmrc name the version of the node dev dependency', () => {
    expect(readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim()).toBe(pkg.devDependencies.node)
  })
})
