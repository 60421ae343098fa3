import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import type { RecordsAnswer } from '../../contract/hall-of-fame'
import { chanceText, type RaceAnswer } from '../../contract/race'
import { DEMO_EMAIL, DEMO_PASSWORD } from '../stack/seed.ts'
import { signedInHeaders, tournamentNamed } from './helpers/api'
import { browserForFile, journey, newPage, signIn } from './helpers/browser'

// The league's story (decisions 132, 136) in Chromium on the dev stack: the Pub League's Winners tab opens
// the Race Centre and the Hall of Fame the refresh computed, and they show what the API answers.

const baseUrl = inject('baseUrl')
const DEMO_ENTRY = 1000001
const browser = browserForFile()
let pubId = 0
let auth: Record<string, string> = {}

const read = async <T>(path: string) => (await (await fetch(`${baseUrl}/api/leagues/${pubId}/${path}`, { headers: auth })).json()) as T

beforeAll(async () => {
  auth = await signedInHeaders(baseUrl)
  pubId = await tournamentNamed(baseUrl, auth)
}, 60_000)

async function openWinners(page: Page, section: 'Race' | 'Hall of Fame') {
  await page.goto(`${baseUrl}/tournaments/${pubId}`)
  await page.getByRole('tab', { name: /Winners/ }).click()
  await page.getByRole('tab', { name: new RegExp(section) }).click()
}

describe('the league story in a browser', () => {
  it('shows the race the API answers, with the viewer marked, on a phone in the dark', async () => {
    const race = await read<RaceAnswer>('race')
    expect(race.season).not.toBeNull()
    const own = race.season?.rows.find((r) => r.fpl_team_id === DEMO_ENTRY)
    expect(own).toBeDefined()
    const page = await newPage(browser(), { colorScheme: 'dark', viewport: { width: 390, height: 844 } })
    await journey(page, 'story-race', async () => {
      await signIn(page, baseUrl, DEMO_EMAIL, DEMO_PASSWORD)
      await openWinners(page, 'Race')
      const season = page.getByRole('region', { name: race.season?.name ?? '' })
      await season.waitFor({ timeout: 20_000 })
      const mine = season.locator('li[aria-current="true"]')
      expect(await mine.getByText('You').count()).toBe(1)
      const text = (await mine.textContent()) ?? ''
      expect(text).toContain(`${own?.points.toLocaleString('en-GB')} pts`)
      expect(text).toContain(own?.alive ? chanceText(own.win_chance) : 'Mathematically out')
      if (race.month) expect(await page.getByRole('region', { name: race.month.name }).count()).toBe(1)
      // Nothing wider than the phone.
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390)
    })
    await page.context().close()
  }, 60_000)

  it("shows the Hall of Fame: records across last season's kept league (season lineage) and the seasons with their picker", async () => {
    const records = await read<RecordsAnswer>('records')
    expect(records.status).toBe('ready')
    // The dev seed keeps the Pub League's 2025/26 season and links it (tests/stack/last-season.ts).
    expect(records.seasons_covered).toEqual(expect.arrayContaining(['2026/27', '2025/26']))
    const best = records.records.find((r) => r.kind === 'best_gameweek')
    expect(best).toBeDefined()
    const page = await newPage(browser())
    await journey(page, 'story-hall-of-fame', async () => {
      await signIn(page, baseUrl, DEMO_EMAIL, DEMO_PASSWORD)
      await openWinners(page, 'Hall of Fame')
      const card = page.getByRole('article', { name: 'Best gameweek' })
      await card.waitFor({ timeout: 20_000 })
      expect(await card.textContent()).toContain(`${best?.value} points`)
      expect(await card.textContent()).toContain(best?.holders[0]?.player_name ?? '')
      const picker = page.getByLabel('Season', { exact: true })
      await picker.selectOption('2025/26')
      expect(await page.getByText('Final table').count()).toBeGreaterThan(0)
      const options = await picker.locator('option').allTextContents()
      expect(options.some((o) => o.includes('(FPL history)'))).toBe(true)
      await picker.selectOption({ index: options.findIndex((o) => o.includes('(FPL history)')) })
      expect(await page.getByText("From the managers' FPL history").count()).toBeGreaterThan(0)
    })
    await page.context().close()
  }, 60_000)
})
