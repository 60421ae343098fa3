import { describe, expect, inject, it } from 'vitest'
import { DEMO_EMAIL, DEMO_PASSWORD } from '../stack/seed.ts'
import { signedInHeaders } from './helpers/api'
import { browserForFile, journey, newPage, signIn } from './helpers/browser'

// The walkthrough's fixes (decisions 043, 044) as a member sees them in Chromium, on the seeded Office
// Banter League (simulated FPL league 234567: 180 managers, August won jointly on 184 points).

const baseUrl = inject('baseUrl')
const simulatorUrl = inject('simulatorUrl')
const OFFICE_FPL_LEAGUE = 234567
const browser = browserForFile()

const demoAuth = () => signedInHeaders(baseUrl)

async function officeTournamentId(): Promise<number> {
  const list = await fetch(`${baseUrl}/api/leagues`, { headers: await demoAuth() })
  const leagues = (await list.json()) as Array<{ id: number; fpl_league_id: number | null }>
  const office = leagues.find((league) => league.fpl_league_id === OFFICE_FPL_LEAGUE)
  if (!office) throw new Error('The Office Banter League is not seeded')
  return office.id
}

interface GameweekSummary {
  gameweek: number
  top_scorer: { player_name: string; points: number } | null
  average_points: number
}

describe('This Gameweek over the whole league (decision 043)', () => {
  it('shows the same league-wide top scorer and average on every page of a 180-manager league', async () => {
    const id = await officeTournamentId()
    const answer = (await (await fetch(`${baseUrl}/api/leagues/${id}/standings?page=3`, { headers: await demoAuth() })).json()) as {
      gameweek_summary: GameweekSummary
      standings: Array<{ gameweek_points: number }>
    }
    const summary = answer.gameweek_summary
    expect(summary.top_scorer).not.toBeNull()
    // Page 3 alone would not give the league's figures: the card must not be worked out from it.
    expect(Math.max(...answer.standings.map((row) => row.gameweek_points))).toBeLessThanOrEqual(summary.top_scorer!.points)

    const page = await newPage(browser())
    await journey(page, 'walkthrough-this-gameweek', async () => {
      await signIn(page, baseUrl, DEMO_EMAIL, DEMO_PASSWORD)
      const cardText = async (n: number) => {
        await page.goto(`${baseUrl}/tournaments/${id}?page=${n}`)
        await expect.poll(() => page.getByRole('list', { name: 'League table' }).getByRole('listitem').count()).toBeGreaterThan(0)
        const card = page.locator('section[aria-labelledby="gw-card-title"]')
        await expect.poll(() => card.textContent()).toContain(summary.top_scorer!.player_name)
        return (await card.textContent()) ?? ''
      }
      const first = await cardText(1)
      const third = await cardText(3)
      expect(third).toBe(first)
      expect(first).toContain(`(${summary.top_scorer!.points} pts)`)
      expect(first).toContain(`Average${summary.average_points} pts`)
    })
    await page.context().close()
  })
})

describe('Manager of the Month ties (decision 044)', () => {
  it('a month won on equal points names every joint winner, and no runner-up shows "1"', async () => {
    // FPL's own August table: two leaders on the same total (FPL orders them on transfers; the
    // month's title is shared on equal points, decision 044).
    const august = (await (await fetch(`${simulatorUrl}/leagues-classic/${OFFICE_FPL_LEAGUE}/standings/?phase=2`)).json()) as {
      standings: { results: Array<{ player_name: string; total: number; rank: number }> }
    }
    const top = Math.max(...august.standings.results.map((row) => row.total))
    const leaders = august.standings.results.filter((row) => row.total === top)
    expect(leaders.length).toBe(2)

    const page = await newPage(browser())
    await journey(page, 'walkthrough-joint-winners', async () => {
      await signIn(page, baseUrl, DEMO_EMAIL, DEMO_PASSWORD)
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
