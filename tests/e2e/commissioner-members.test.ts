import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { journey, launchBrowser, newPage } from './helpers/browser'

// Issue 14 item 15 in a real browser: the commissioner opens Members, sees the FPL league's
// managers who have not joined yet and copies the invite link to send them.

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('commissioner members journey', () => {
  it.each([
    ['desktop', { width: 1280, height: 800 }, 'light'],
    ['phone', { width: 390, height: 844 }, 'dark'],
  ] as const)('opens Members, sees who has not joined and copies the invite link (%s)', async (name, viewport, colorScheme) => {
    const page = await newPage(browser, { viewport, colorScheme })
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
    await journey(page, `commissioner-members-${name}`, async () => {
      await page.goto(`${baseUrl}/?signin=true`)
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel('Email', { exact: true }).fill('demo@banter-arena.test')
      await dialog.getByLabel('Password', { exact: true }).fill('BanterDemo1!')
      await dialog.getByRole('button', { name: 'Sign In', exact: true }).click()
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0)

      // The demo user runs the seed's Pub League (12 managers; the demo user and five seeded members joined).
      await page.goto(`${baseUrl}/dashboard`)
      const pub = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'The Pub League' }) })
      await expect.poll(() => pub.textContent()).toContain('6 members · 12 managers in the FPL league')
      await pub.getByRole('button', { name: /Manage League/ }).click()
      await page.getByRole('tab', { name: /Members/ }).click()

      const section = page.locator('section').filter({ has: page.getByRole('heading', { name: /Not joined yet/ }) })
      await expect.poll(() => section.getByRole('heading', { name: /Not joined yet/ }).textContent()).toBe('Not joined yet 6')
      const managers = section.getByRole('list', { name: 'Managers not joined yet' }).getByRole('listitem')
      await expect.poll(() => managers.count()).toBe(6)
      expect(await managers.first().textContent()).toMatch(/Rank \d+/)

      const cookies = page.getByRole('button', { name: 'Decline' })
      if (await cookies.isVisible().catch(() => false)) await cookies.click()
      await section.getByRole('button', { name: 'Copy invite link' }).click()
      await expect.poll(() => section.getByText('Invite link copied to clipboard!').count()).toBe(1)
      const copied = await page.evaluate(() =>
        (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText(),
      )
      expect(copied).toBe(`${baseUrl}/join/publeague2026demo`)
      const whatsapp = await section.getByRole('link', { name: 'Send on WhatsApp' }).getAttribute('href')
      expect(new URL(whatsapp ?? '').searchParams.get('text')).toContain(copied)
    })
    await page.context().close()
  })
})
