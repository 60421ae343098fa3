import type { Locator, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { DEMO_EMAIL, DEMO_PASSWORD } from '../stack/seed.ts'
import { browserForFile, journey, newPage, signIn } from './helpers/browser'

// A manager's Saturday jobs, counted in taps from where the installed app opens (its start_url,
// /dashboard): see my position, find a rival, open my league's live table. Before decision 166 each
// took two taps (View Dashboard, then the league the list only highlighted) and a scroll to the
// own row; the dashboard now leads with the gameweek, so the first two take none
// and the third one. A screen that moves a job further away fails here.

const baseUrl = inject('baseUrl')

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const

const browser = browserForFile()
/** Counts the taps a journey takes: every click goes through it. */
function tapCounter() {
  let taps = 0
  return {
    tap: async (target: Locator) => {
      taps += 1
      await target.click()
    },
    get taps() {
      return taps
    },
  }
}

/** Whether the element is on screen as the page stands, with no scrolling. */
const inViewport = (target: Locator) =>
  target.evaluate((element) => {
    // The test's types have no DOM: the page's own objects, as the browser hands them over.
    const box = (element as unknown as { getBoundingClientRect(): { top: number; bottom: number; width: number } }).getBoundingClientRect()
    return box.top >= 0 && box.bottom <= (globalThis as unknown as { innerHeight: number }).innerHeight && box.width > 0
  })

/**
 * A returning manager opens the app. The device's first dashboard (the onboarding visit) offers
 * the team's leagues in Find Leagues once and moves the focus there; Saturday is a later visit.
 */
async function openApp(page: Page) {
  await signIn(page, baseUrl, DEMO_EMAIL, DEMO_PASSWORD)
  await page.goto(`${baseUrl}/dashboard`)
  await page.getByRole('list', { name: 'Your place in each league' }).waitFor({ timeout: 30_000 })
  await page.waitForLoadState('networkidle')
  await page.goto(`${baseUrl}/dashboard`)
}

describe.each(VIEWPORTS)('the Saturday jobs at $name size', ({ name, width, height }) => {
  it('my position and my rivals are on the dashboard without a tap; my league’s live table is one tap away', async () => {
    const page = await newPage(browser(), { viewport: { width, height } })
    await journey(page, `saturday-jobs-${name}`, async () => {
      await openApp(page)
      const counter = tapCounter()
      const leagues = page.getByRole('list', { name: 'Your place in each league' })
      const pub = leagues.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'The Pub League' }) })
      await pub.waitFor({ timeout: 30_000 })

      // See my position: "Nth of M", on screen as the app opens.
      const place = pub.getByText(/^\d+(st|nd|rd|th) of \d+$/)
      await expect.poll(() => place.count(), { timeout: 30_000 }).toBe(1)
      expect(await inViewport(place)).toBe(true)
      // Find a rival: the manager to catch, or the one chasing (the leader has only a chaser).
      const rival = pub.getByText(/pts? behind|level on points/i).first()
      await expect.poll(() => rival.count(), { timeout: 30_000 }).toBeGreaterThan(0)
      expect(await inViewport(rival)).toBe(true)
      expect(counter.taps).toBe(0)

      // Open my league's live table: one tap, on the Live tab, my row shown.
      await counter.tap(pub.getByRole('link', { name: 'The Pub League' }))
      await expect.poll(() => page.getByRole('tab', { name: /Live/, selected: true }).count(), { timeout: 30_000 }).toBe(1)
      await expect.poll(() => page.getByTestId('own-row').count(), { timeout: 30_000 }).toBe(1)
      expect(counter.taps).toBe(1)
    })
    await page.context().close()
  })
})
