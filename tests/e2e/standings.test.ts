import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { DEMO_EMAIL, DEMO_PASSWORD } from '../stack/seed.ts'
import { signedInHeaders } from './helpers/api'
import { browserForFile, journey, newPage, signIn } from './helpers/browser'

// Finding yourself in a big league and standings that scan (decisions
// 045-047), in Chromium on the dev stack: the seeded demo manager opens the 180-manager Office
// Banter League on 1280x800 and on 390x844.

const baseUrl = inject('baseUrl')
const browser = browserForFile()
let officeId = 0
let ownPage = 0
let teamName = ''

beforeAll(async () => {
  const auth = await signedInHeaders(baseUrl)
  const list = (await (await fetch(`${baseUrl}/api/leagues`, { headers: auth })).json()) as Array<{ id: number; name: string }>
  officeId = list.find((l) => l.name === 'Office Banter League')!.id
  const standings = (await (await fetch(`${baseUrl}/api/leagues/${officeId}/standings`, { headers: auth })).json()) as {
    current_user_page: number
    total_members: number
  }
  expect(standings.total_members).toBe(180)
  ownPage = standings.current_user_page
  expect(ownPage).toBeGreaterThan(1) // mid-table: the tab must move off page 1 to find them
  const own = (await (await fetch(`${baseUrl}/api/leagues/${officeId}/standings?page=${ownPage}`, { headers: auth })).json()) as {
    standings: Array<{ team_name: string; is_current_user: boolean }>
  }
  teamName = own.standings.find((r) => r.is_current_user)!.team_name
})
// The page's elements as far as these checks read them (the tests' TypeScript has no DOM library).
interface Box {
  top: number
  left: number
  right: number
  width: number
  height: number
}
interface Shown {
  getBoundingClientRect(): Box
  querySelector(selector: string): Shown | null
  getAttribute(name: string): string | null
  scrollWidth: number
  clientWidth: number
  textContent: string | null
}
/** The page's document (inside page.evaluate, where only the function's own text runs). */
type PageGlobals = { document: { activeElement: Shown | null; documentElement: Shown } }

/** Each standings row's height and whether anything in it is cut: the "You" badge past the row's edge, or content wider than the row. */
const rowBoxes = (page: Page) =>
  page.locator('ol.standings > li').evaluateAll((elements) =>
    (elements as unknown as Shown[]).map((row) => {
      const box = row.getBoundingClientRect()
      const badge = row.querySelector('.standing__you')?.getBoundingClientRect() ?? null
      return {
        height: box.height,
        overflows: row.scrollWidth > row.clientWidth,
        badgeInside: badge === null ? null : badge.right <= box.right && badge.left >= box.left && badge.width > 0,
      }
    }),
  )

/** How far the This Gameweek card starts below the table's top (negative: above it), read at one moment (the page may be scrolling to the own row). */
const cardBelowTable = (page: Page) =>
  page.locator('.live-tab').evaluate((tab) => {
    const top = (selector: string) => (tab as unknown as Shown).querySelector(selector)!.getBoundingClientRect().top
    return top('.live-tab__side') - top('.standings-card')
  })

/** Signs the demo manager in and opens the Office Banter League, which lands on the page with the own row. */
async function openOwnPage(page: Page) {
  await signIn(page, baseUrl, DEMO_EMAIL, DEMO_PASSWORD)
  await page.goto(`${baseUrl}/tournaments/${officeId}`)
  await page.waitForURL(`${baseUrl}/tournaments/${officeId}?page=${ownPage}`)
}

describe('the Live tab of a 180-manager league', () => {
  it('on a desktop: opens on the own page, rows are compact, search and "Your position" find the own row', async () => {
    const page = await newPage(browser(), { viewport: { width: 1280, height: 800 } })
    await journey(page, 'standings-desktop', async () => {
      await openOwnPage(page)
      const own = page.getByTestId('own-row')
      await expect.poll(() => own.textContent()).toContain(teamName)
      await expect.poll(() => page.getByRole('button', { name: `Page ${ownPage}` }).getAttribute('aria-current')).toBe('page')

      const rows = await rowBoxes(page)
      expect(rows).toHaveLength(50)
      const tallest = Math.max(...rows.map((r) => r.height))
      console.info(`1280x800: standings rows ${Math.min(...rows.map((r) => r.height))}-${tallest} px high`)
      expect(tallest).toBeLessThanOrEqual(56)
      expect(rows.filter((r) => r.overflows)).toEqual([])
      // Wide screens: the card beside the table, not above it.
      expect(Math.abs(await cardBelowTable(page))).toBeLessThan(8)

      // Search by part of the own team's name, in other letter case: the own row with its real rank.
      const search = page.getByRole('searchbox', { name: 'Find a manager or team' })
      const part = teamName.slice(0, 6).trim().toUpperCase()
      await search.fill(part)
      await page.waitForURL((url) => url.searchParams.get('search') === part)
      await expect.poll(() => page.locator('.standings-card__count').textContent()).toMatch(/match(es)? for/)
      await expect.poll(() => own.textContent()).toContain(teamName)

      // A search nothing matches says so.
      await search.fill('zz no such manager zz')
      await expect.poll(() => page.getByText('No manager or team name matches "zz no such manager zz".').count()).toBe(1)

      // "Your position" leaves the search for the own page and focuses the own row.
      await page.getByRole('button', { name: /show your row/i }).click()
      await page.waitForURL(`${baseUrl}/tournaments/${officeId}?page=${ownPage}`)
      await expect.poll(() => page.evaluate(() => (globalThis as unknown as PageGlobals).document.activeElement?.getAttribute('data-testid'))).toBe('own-row')
      expect(await search.inputValue()).toBe('')

      // Back returns to the search; a reload keeps the page.
      await page.goBack()
      await page.waitForURL((url) => url.searchParams.has('search'))
      await page.goto(`${baseUrl}/tournaments/${officeId}?page=1`)
      await expect.poll(() => page.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page')
      await page.reload()
      await expect.poll(() => page.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page')
      expect(page.url()).toBe(`${baseUrl}/tournaments/${officeId}?page=1`)
    })
    await page.context().close()
  }, 60_000)

  it('on a phone: This Gameweek above the table, names wrap, the "You" badge is never cut', async () => {
    const page = await newPage(browser(), { viewport: { width: 390, height: 844 } })
    await journey(page, 'standings-phone', async () => {
      await openOwnPage(page)
      await expect.poll(() => page.getByTestId('own-row').textContent()).toContain(teamName)

      expect(await cardBelowTable(page)).toBeLessThan(0)
      const rows = await rowBoxes(page)
      expect(rows).toHaveLength(50)
      expect(rows.filter((r) => r.overflows)).toEqual([])
      expect(rows.filter((r) => r.badgeInside !== null).map((r) => r.badgeInside)).toEqual([true])
      console.info(`390x844: standings rows ${Math.min(...rows.map((r) => r.height))}-${Math.max(...rows.map((r) => r.height))} px high`)
      // Names are whole on screen (wrapped, not cut), and the full text is in the title too.
      const names = await page
        .locator('.standing__team, .standing__player')
        .evaluateAll((elements) =>
          (elements as unknown as Shown[]).map((el) => ({ cut: el.scrollWidth > el.clientWidth, title: el.getAttribute('title') === el.textContent })),
        )
      expect(names.filter((n) => n.cut || !n.title)).toEqual([])
      // Nothing on the page scrolls sideways.
      expect(
        await page.evaluate(() => {
          const { documentElement } = (globalThis as unknown as PageGlobals).document
          return documentElement.scrollWidth <= documentElement.clientWidth
        }),
      ).toBe(true)
    })
    await page.context().close()
  }, 60_000)
})
