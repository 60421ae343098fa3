import { describe, expect, it } from 'vitest'
import { OFFLINE_READS_CACHE } from '../../web/src/lib/offline-cache'
import { screenUrl, shellAssets, staleCaches, strategyFor, versionCaches } from '../../web/src/service-worker/routes'

// What the service worker does with each request (web/src/service-worker/routes.ts).

const ORIGIN = 'https://banter.example'
const get = (path: string, mode = 'cors') => ({ method: 'GET', mode, url: `${ORIGIN}${path}` })

describe('the service worker’s strategies', () => {
  it('serves screens from the shell, hashed files from its cache and keeps only the tournament page’s reads', () => {
    expect(strategyFor(get('/tournaments/7', 'navigate'), ORIGIN)).toBe('shell')
    expect(strategyFor(get('/share/banter/abc', 'navigate'), ORIGIN)).toBe('network')
    expect(strategyFor(get('/assets/index-Ab12.js'), ORIGIN)).toBe('asset')
    expect(strategyFor(get('/api/leagues/7'), ORIGIN)).toBe('offline-read')
    expect(strategyFor(get('/api/leagues/7/standings?page=1&limit=50'), ORIGIN)).toBe('offline-read')
    expect(strategyFor(get('/api/leagues/7/monthly-winners'), ORIGIN)).toBe('offline-read')
    expect(strategyFor(get('/api/leagues/7/banter-stats'), ORIGIN)).toBe('offline-read')
  })

  it('never keeps anything else: other reads, writes, other sites', () => {
    expect(strategyFor(get('/api/auth/me'), ORIGIN)).toBe('network')
    expect(strategyFor(get('/api/leagues/7/members'), ORIGIN)).toBe('network')
    expect(strategyFor({ method: 'POST', mode: 'cors', url: `${ORIGIN}/api/leagues/7` }, ORIGIN)).toBe('network')
    expect(strategyFor({ method: 'GET', mode: 'cors', url: 'https://cdn.example/assets/x.js' }, ORIGIN)).toBe('network')
  })
})

describe('the shell', () => {
  it('is index.html and the files it loads, including the app chunks it lists', () => {
    const html = `<script type="module" fetchpriority="low" crossorigin src="/assets/index-a.js"></script>
      <link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/vendor-b.js">
      <link rel="stylesheet" crossorigin href="/assets/index-c.css">
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <script type="application/json" id="app-chunks">["/assets/mount-d.js","/assets/vendor-b.js"]</script>`
    expect(shellAssets(html).sort()).toEqual(['/assets/index-a.js', '/assets/index-c.css', '/assets/mount-d.js', '/assets/vendor-b.js'])
  })
})

describe('a notification’s screen', () => {
  it('is a path of this app, never another site', () => {
    expect(screenUrl('/tournaments/7?tab=community', ORIGIN)).toBe('/tournaments/7?tab=community')
    expect(screenUrl('//evil.example/x', ORIGIN)).toBe('/dashboard')
    expect(screenUrl('https://evil.example/', ORIGIN)).toBe('/dashboard')
    expect(screenUrl(undefined, ORIGIN)).toBe('/dashboard')
  })
})

describe('the caches a new build’s worker deletes when it takes over', () => {
  // This build's, v1's (before builds were named), another build's, the user's, and one nobody knows.
  const names = ['shell-0123456789ab', 'assets-0123456789ab', 'shell-v1', 'assets', 'shell-ffffffffffff', 'assets-ffffffffffff', OFFLINE_READS_CACHE, 'other']

  it('deletes every other build’s shell and files, and what it does not know, keeping its own and the user’s copies', () => {
    expect(versionCaches('0123456789ab')).toEqual({ shell: 'shell-0123456789ab', assets: 'assets-0123456789ab' })
    expect(staleCaches(names, '0123456789ab').sort()).toEqual(['assets', 'assets-ffffffffffff', 'other', 'shell-ffffffffffff', 'shell-v1'])
    expect(staleCaches(names, 'ffffffffffff')).not.toContain(OFFLINE_READS_CACHE)
    expect(staleCaches(['shell-0123456789ab', 'assets-0123456789ab', OFFLINE_READS_CACHE], '0123456789ab')).toEqual([])
  })
})
