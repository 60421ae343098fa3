import { describe, expect, it } from 'vitest'
import { browserPath } from '../support/browser-path.ts'

// A file that exists on every machine running these tests: the Node binary itself.
const EXISTING = process.execPath
const nowhere = () => undefined

describe('browserPath', () => {
  it('takes CHROMIUM_PATH before any installation it would find', () => {
    expect(browserPath({ CHROMIUM_PATH: EXISTING }, () => '/opt/google/chrome/chrome')).toBe(EXISTING)
  })

  it('takes CHROME_PATH, the benchmarks name, as well', () => {
    expect(browserPath({ CHROME_PATH: EXISTING }, nowhere)).toBe(EXISTING)
  })

  it('refuses an override that names no file, saying which variable', () => {
    expect(() => browserPath({ CHROMIUM_PATH: '/nowhere/chromium' }, () => EXISTING)).toThrow(/No browser at \/nowhere\/chromium \(CHROMIUM_PATH/)
  })

  it('returns the installation chrome-launcher finds when nothing is set', () => {
    expect(browserPath({}, () => '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome')).toBe(
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    )
  })

  it('says what to install when there is none', () => {
    expect(() => browserPath({}, nowhere)).toThrow('No Chrome or Chromium found. Debian/Ubuntu: sudo apt-get install -y chromium;')
    expect(() => browserPath({}, nowhere)).toThrow(/macOS and Windows: install Google Chrome/)
  })
})
