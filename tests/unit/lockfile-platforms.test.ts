import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script without types
import { completeLockfile, platformOf } from '../../scripts/lockfile-platforms.mjs'

describe('lockfile platforms', () => {
  it('reads os, cpu and libc from the names platform packages use', () => {
    expect(platformOf('@cloudflare/workerd-darwin-64')).toEqual({ cpu: ['x64'], os: ['darwin'] })
    expect(platformOf('@cloudflare/workerd-windows-64')).toEqual({ cpu: ['x64'], os: ['win32'] })
    expect(platformOf('@biomejs/cli-linux-arm64-musl')).toEqual({ cpu: ['arm64'], libc: ['musl'], os: ['linux'] })
    expect(platformOf('@oxc-parser/binding-linux-arm-gnueabihf')).toEqual({ cpu: ['arm'], libc: ['glibc'], os: ['linux'] })
    expect(platformOf('@oxc-parser/binding-win32-ia32-msvc')).toEqual({ cpu: ['ia32'], os: ['win32'] })
    expect(platformOf('@esbuild/openharmony-arm64')).toEqual({ cpu: ['arm64'], os: ['openharmony'] })
    expect(platformOf('@rollup/wasm32-wasi')).toEqual({ cpu: ['wasm32'] })
    expect(platformOf('fsevents')).toBeNull()
  })

  it('adds each missing optional platform package once, hoisted, with the parent dev flag and no integrity', () => {
    const lock: { packages: Record<string, object> } = {
      packages: {
        '': { name: 'app' },
        'node_modules/workerd': {
          version: '1.2.3',
          dev: true,
          optionalDependencies: { '@cloudflare/workerd-linux-64': '1.2.3', '@cloudflare/workerd-darwin-arm64': '1.2.3' },
        },
        'node_modules/@cloudflare/workerd-linux-64': { version: '1.2.3', integrity: 'sha512-x', dev: true, optional: true, os: ['linux'], cpu: ['x64'] },
        // Another version holds the hoisted name: the missing one nests under its parent.
        'node_modules/@esbuild/darwin-arm64': { version: '0.1.0', optional: true },
        'node_modules/old/node_modules/esbuild': { version: '0.2.0', optionalDependencies: { '@esbuild/darwin-arm64': '0.2.0' } },
      },
    }
    expect(completeLockfile(lock)).toEqual([
      'node_modules/@cloudflare/workerd-darwin-arm64@1.2.3',
      'node_modules/old/node_modules/esbuild/node_modules/@esbuild/darwin-arm64@0.2.0',
    ])
    expect(JSON.parse(JSON.stringify(lock.packages['node_modules/@cloudflare/workerd-darwin-arm64']))).toEqual({
      version: '1.2.3',
      cpu: ['arm64'],
      dev: true,
      optional: true,
      os: ['darwin'],
    })
    expect(Object.keys(lock.packages)[0]).toBe('')
    expect(completeLockfile(lock)).toEqual([])
  })

  it('leaves other unlocked optional dependencies to npm', () => {
    const lock = { packages: { '': {}, 'node_modules/@vercel/og': { version: '1.0.0', optionalDependencies: { sharp: '^0.35.3', fsevents: '2.0.0' } } } }
    expect(completeLockfile(lock)).toEqual([])
  })
})
