import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { browserPath } from '../../support/browser-path.ts'

// Without the background-networking flags Chromium keeps dialling Google on this closed network.
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

/** One Chromium for the calling test file: launched before its tests, closed after them. Call at the file's top level. */
export function browserForFile(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: browserPath(), headless: true, args: FLAGS })
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error('Chromium starts in beforeAll: ask for it inside a hook or test')
    return browser
  }
}

/** A page in a fresh context, failing the test on any uncaught page error. */
export async function newPage(browser: Browser, options: { colorScheme?: 'light' | 'dark'; viewport?: { width: number; height: number } } = {}): Promise<Page> {
  const context = await browser.newContext({ colorScheme: options.colorScheme ?? 'light', viewport: options.viewport ?? { width: 1280, height: 800 } })
  const page = await context.newPage()
  page.on('pageerror', (error) => {
    throw error
  })
  return page
}

/** Runs a journey; on failure keeps a screenshot in tests/.artifacts to show what the page looked like. */
export async function journey(page: Page, name: string, steps: () => Promise<void>): Promise<void> {
  try {
    await steps()
  } catch (error) {
    const { mkdirSync } = await import('node:fs')
    mkdirSync('tests/.artifacts', { recursive: true })
    await page.screenshot({ path: `tests/.artifacts/${name}.png`, fullPage: true }).catch(() => {})
    throw error
  }
}

/** Signs in through the sign-in dialog, as a person would. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/?signin=true`)
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Email', { exact: true }).fill(email)
  await dialog.getByLabel('Password', { exact: true }).fill(password)
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
}

/**
 * Proves the signed-in dashboard's team is its user's, as its manager would (decision 061): the
 * code shown goes into the team's name on FPL (the simulator at `simulatorUrl`), then Check. The
 * name is put back afterwards.
 */
export async function proveTeam(page: Page, simulatorUrl: string, teamId: number) {
  const rename = async (name: string) => {
    const res = await fetch(`${simulatorUrl}/__sim/entries/${teamId}`, { method: 'POST', body: JSON.stringify({ name }) })
    expect(res.status).toBe(200)
  }
  await page.getByRole('button', { name: "Verify it's yours" }).click()
  const code = (await page.locator('.team-verify__code code').textContent({ timeout: 10_000 }))?.trim() ?? ''
  expect(code).toMatch(/^BA-[A-Z2-9]{4}$/)
  const { name } = (await (await fetch(`${simulatorUrl}/entry/${teamId}/`)).json()) as { name: string }
  await rename(`${name} ${code}`)
  await page.getByRole('button', { name: 'Check', exact: true }).click()
  await expect.poll(() => page.getByText(/is verified as yours/).isVisible()).toBe(true)
  await rename(name)
}
