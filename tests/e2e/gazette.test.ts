import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import type { GazetteAnswer } from '../../contract/gazette'
import { DEMO_EMAIL, DEMO_PASSWORD } from '../stack/seed.ts'
import { refreshData } from '../stack/stack.ts'
import { signedInHeaders, tournamentNamed } from './helpers/api'
import { browserForFile, journey, newPage, signIn } from './helpers/browser'

// The Gameweek Gazette on the dev stack (decision 134): the simulator plays the next gameweek, then
// FPL checks it; the refresh publishes one edition, and the Pub League's wall shows it pinned in
// Chromium with its award cards. The world moves on one gameweek, as the data-engine journey's does.

const baseUrl = inject('baseUrl')
const simulatorUrl = inject('simulatorUrl')
const browser = browserForFile()
let pubId = 0
let auth: Record<string, string> = {}

const read = async <T>(path: string) => (await (await fetch(`${baseUrl}/api/leagues/${pubId}/${path}`, { headers: auth })).json()) as T
const simAt = async (gw: number, phase: string) => {
  const res = await fetch(`${simulatorUrl}/__sim/gameweek`, { method: 'POST', body: JSON.stringify({ gw, phase }) })
  expect(res.ok).toBe(true)
  expect((await refreshData(baseUrl)).failed).toBe(0)
}

beforeAll(async () => {
  auth = await signedInHeaders(baseUrl)
  pubId = await tournamentNamed(baseUrl, auth)
}, 60_000)

const openWall = async (page: Page) => {
  await page.goto(`${baseUrl}/tournaments/${pubId}`)
  await page.getByRole('tab', { name: /Wall/ }).click()
  await page.getByRole('heading', { name: 'Community Wall' }).waitFor({ timeout: 20_000 })
}

describe('the Gameweek Gazette in a browser', () => {
  it('appears on the wall, pinned with its award cards, once FPL checks the gameweek', async () => {
    const { gameweek } = await read<{ gameweek: number }>('standings')
    const next = gameweek + 1
    const page = await newPage(browser(), { viewport: { width: 390, height: 844 } })
    await journey(page, 'gazette-published', async () => {
      await signIn(page, baseUrl, DEMO_EMAIL, DEMO_PASSWORD)

      // The gameweek in play: no edition for it yet.
      await simAt(next, 'live')
      expect((await read<GazetteAnswer>('gazette')).editions.some((e) => e.gameweek === next)).toBe(false)

      // FPL checks it: one edition, pinned, from the refresh.
      await simAt(next, 'checked')
      const editions = (await read<GazetteAnswer>('gazette')).editions
      const edition = editions.find((e) => e.gameweek === next)
      expect(edition?.pinned).toBe(true)
      expect(editions.filter((e) => e.gameweek === next)).toHaveLength(1)
      expect(edition?.document.awards.length).toBeGreaterThan(0)

      await openWall(page)
      const post = page.getByRole('article', { name: edition?.document.headline ?? '' })
      await post.waitFor({ timeout: 20_000 })
      expect(await post.getByText('The Gameweek Gazette').count()).toBe(1)
      expect(await post.getByText('Pinned').count()).toBe(1)
      const cards = post.getByRole('list', { name: `GW ${next} awards` }).getByRole('listitem')
      expect(await cards.count()).toBe(edition?.document.awards.length)
      expect(await cards.first().textContent()).toContain(edition?.document.awards[0]?.stat.manager ?? '')
      // A month's last gameweek is its Manager of the Month edition, with confetti on first view.
      if (edition?.kind === 'month') expect(await page.getByTestId('confetti').count()).toBe(1)
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390)
    })
    await page.context().close()
  }, 180_000)
})
