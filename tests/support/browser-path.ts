// The Chrome or Chromium that the end-to-end tests and the benchmarks drive, wherever the machine
// keeps it (decision 170): never a browser download.
import { existsSync } from 'node:fs'
import { getChromePath } from 'chrome-launcher'

/** chrome-launcher's own search (Linux, macOS, Windows): the path it would launch, or undefined. */
function installedChrome(): string | undefined {
  try {
    return getChromePath()
  } catch {
    // chrome-launcher throws when it finds none (or knows no place to look on this platform)
    return undefined
  }
}

const HINT =
  'Debian/Ubuntu: sudo apt-get install -y chromium; macOS and Windows: install Google Chrome (https://www.google.com/chrome/); ' +
  'or set CHROMIUM_PATH to a Chrome or Chromium executable.'

/**
 * CHROMIUM_PATH (or CHROME_PATH, chrome-launcher's own name) when set, else the installation
 * chrome-launcher finds; throws with what to install when there is none.
 */
export function browserPath(env: Record<string, string | undefined> = process.env, discover: () => string | undefined = installedChrome): string {
  const override = env.CHROMIUM_PATH || env.CHROME_PATH
  if (override) {
    if (!existsSync(override)) throw new Error(`No browser at ${override} (CHROMIUM_PATH/CHROME_PATH). ${HINT}`)
    return override
  }
  const found = discover()
  if (!found) throw new Error(`No Chrome or Chromium found. ${HINT}`)
  return found
}
