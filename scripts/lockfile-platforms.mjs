#!/usr/bin/env node
// Completes package-lock.json with the other platforms' native builds.
//
// `npm install` writes lockfile entries only for the platform packages its registry can serve: ours
// serves the Linux builds alone, so the lockfile would lack e.g. @cloudflare/workerd-darwin-arm64 and
// `npm ci` fails elsewhere ("Missing: ... from lock file"). For every platform package a locked
// package pins as an optionalDependency and the lockfile lacks, this adds an entry with the exact
// version, `optional`, the parent's dev flag and the os/cpu/libc its name spells, and no integrity:
// npm then fetches it by name@version on the platform that needs it and skips it on every other one.
//
//   node scripts/lockfile-platforms.mjs           add the missing entries (npm run lock:platforms)
//   node scripts/lockfile-platforms.mjs --check   exit 1 if any are missing (npm run check)
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const lockPath = path.resolve(import.meta.dirname, '../package-lock.json')

// Name tokens as platform packages spell them (esbuild, workerd, biome, oxc, napi-rs, ...).
const OS = {
  darwin: 'darwin',
  linux: 'linux',
  win32: 'win32',
  windows: 'win32',
  android: 'android',
  freebsd: 'freebsd',
  openbsd: 'openbsd',
  netbsd: 'netbsd',
  sunos: 'sunos',
  aix: 'aix',
  openharmony: 'openharmony',
}
const CPU = {
  x64: 'x64',
  64: 'x64',
  x86_64: 'x64',
  amd64: 'x64',
  arm64: 'arm64',
  aarch64: 'arm64',
  arm: 'arm',
  ia32: 'ia32',
  x86: 'ia32',
  ppc64: 'ppc64',
  ppc64le: 'ppc64',
  s390x: 's390x',
  riscv64: 'riscv64',
  loong64: 'loong64',
  wasm32: 'wasm32',
  mips64el: 'mips64el',
}
const LIBC = { musl: 'musl', musleabihf: 'musl', gnu: 'glibc', gnueabihf: 'glibc', glibc: 'glibc' }

const EXACT = /^\d+\.\d+\.\d+(-[\w.]+)?$/

/** The os/cpu/libc a platform package's name says, or null when the name names no platform. */
export function platformOf(name) {
  const tokens = name.slice(name.lastIndexOf('/') + 1).split('-')
  const os = tokens.find((t) => t in OS)
  const cpu = tokens.find((t) => t in CPU)
  if (!os && cpu !== 'wasm32') return null
  const libc = tokens.find((t) => t in LIBC)
  return { cpu: cpu && [CPU[cpu]], libc: libc && [LIBC[libc]], os: os && [OS[os]] }
}

/** The lockfile key node's resolution would find `name` at from package `from`, if locked. */
function resolveFrom(packages, from, name) {
  for (let dir = from; ; dir = dir.includes('/node_modules/') ? dir.slice(0, dir.lastIndexOf('/node_modules/')) : '') {
    const key = `${dir ? `${dir}/` : ''}node_modules/${name}`
    if (packages[key]) return key
    if (!dir) return null
  }
}

/** Adds the missing platform entries to `lock` in place and returns their keys. */
export function completeLockfile(lock) {
  const packages = lock.packages
  const added = []
  for (const [from, pkg] of Object.entries(packages)) {
    for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
      // Platform builds are pinned to their parent's exact version; other optional dependencies
      // (e.g. @vercel/og's sharp@^0.35) are not this script's business.
      const platform = platformOf(name)
      if (!platform || !EXACT.test(version) || packages[resolveFrom(packages, from, name)]?.version === version) continue
      // Hoisted like npm would, unless another version already holds the top-level name.
      const key = packages[`node_modules/${name}`] ? `${from}/node_modules/${name}` : `node_modules/${name}`
      // Fields in npm's own order; JSON.stringify drops the undefined ones.
      const { cpu, libc, os } = platform
      packages[key] = { version, cpu, dev: pkg.dev, devOptional: pkg.devOptional, libc, optional: true, os }
      added.push(`${key}@${version}`)
    }
  }
  // npm's own order: the root first, then the keys sorted.
  lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))))
  return added
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lock = JSON.parse(readFileSync(lockPath, 'utf8'))
  const added = completeLockfile(lock)
  if (process.argv.includes('--check')) {
    if (added.length) {
      console.error(`package-lock.json lacks ${added.length} platform packages (run npm run lock:platforms):\n  ${added.join('\n  ')}`)
      process.exit(1)
    }
    console.log('package-lock.json locks every platform package')
  } else {
    if (added.length) writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`)
    console.log(added.length ? `Added ${added.length} platform packages:\n  ${added.join('\n  ')}` : 'Nothing to add')
  }
}
