import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DEMO_EMAIL, DEMO_PASSWORD } from '../stack/seed.ts'
import { journey, launchBrowser, newPage } from './helpers/browser'

// The walkthrough's fixes (issue 14) as a member sees them in Chromium, on the seeded Office
// Banter League (simulated FPL league 234567: 180 managers, August won jointly on 184 points).

const baseUrl = inject('baseUrl')
const simulatorUrl = inject('simulatorUrl')
const OFFICE_FPL_LEAGUE = 234567
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function signIn(page: Page) {
  await page.goto(`${baseUrl}/?signin=true`)
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Email', { exact: true }).fill(DEMO_EMAIL)
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
}

async function officeTournamentId(): Promise<number> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  })
  const { access_token } = (await login.json()) as { access_token: string }
  const list = await fetch(`${baseUrl}/api/leagues`, { headers: { authorization: `Bearer ${access_token}` } })
  const leagues = (await list.json()) as Array<{ id: number; fpl_league_id: number | null }>
  const office = leagues.find((league) => league.fpl_league_id === OFFICE_FPL_LEAGUE)
  if (!office) throw new Error('The Office Banter League is not seeded')
  return office.id
}

describe('Manager of the Month ties (issue 14 item 14)', () => {
  it('a month won on equal points names every joint winner, and no runner-up shows "1"', async () => {
    // FPL's own August table: the two leaders share rank 1.
    const august = (await (await fetch(`${simulatorUrl}/leagues-classic/${OFFICE_FPL_LEAGUE}/standings/?phase=2`)).json()) as {
      standings: { results: Array<{ player_name: string; total: number; rank: number }> }
    }
    const leaders = august.standings.results.filter((row) => row.rank === 1)
    expect(leaders.length).toBe(2)

    const page = await newPage(browser)
    await journey(page, 'walkthrough-joint-winners', async () => {
      await signIn(page)
      await page.goto(`${baseUrl}/tournaments/${await officeTournamentId()}`)
      await page.getByRole('tab', { name: /Winners/ }).click()
      const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: /^August/ }) })
      await expect.poll(() => card.textContent()).toContain('Joint winners')
      const text = (await card.textContent()) ?? ''
      for (const leader of leaders) expect(text).toContain(leader.player_name)
      const positions = await card.locator('.runner-up__pos').allTextContents()
      expect(positions.length).toBeGreaterThan(0)
      expect(positions).not.toContain('1')
      expect(positions[0]).toBe('3')
    })
    await page.context().close()
  })
})
