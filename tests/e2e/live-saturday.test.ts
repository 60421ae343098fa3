import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { LIVE_REFRESH_MS, type LiveTeamAnswer } from '../../contract/live'
import { DEMO_EMAIL, DEMO_PASSWORD } from '../stack/seed.ts'
import { refreshData } from '../stack/stack.ts'
import { signedInHeaders, tournamentNamed } from './helpers/api'
import { browserForFile, journey, newPage, signIn } from './helpers/browser'
import { countLivePushes, liveAnswer, markDocument, pollLiveNow, sameDocument, simulatorControl, waitForPicks } from './helpers/live'

// A Saturday on one Live tab (decision 143: it goes live by itself): the demo
// manager opens the Pub League after the next gameweek's deadline and before its first kick-off, and never
// touches the page again (no reload, no Auto-refresh switch). The simulator plays the match day,
// the poller reads it (`POST /api/dev/live/poll`), and the tab must show each change by itself:
// the live table at kick-off, a goal, full time, and after FPL's check and the app's refresh
// (`POST /api/dev/refresh`) FPL's final numbers of that gameweek, not provisional and not the one
// before's. It plays the gameweek after the stored one (GW13 on a fresh stack), as the Gazette's
// journey does, so it does not depend on which journeys ran before it.

const baseUrl = inject('baseUrl')
const simulatorUrl = inject('simulatorUrl')
/** The gameweek played: the one after the stored table's, read in beforeAll. */
let GW = 0
const DEMO_ENTRY = 1000001
/** A change must arrive by itself: pushed at once, or at the latest at the next re-read of a tab without a socket. */
const ARRIVES_WITHIN = LIVE_REFRESH_MS + 20_000
const browser = browserForFile()
let pubId = 0
let auth: Record<string, string> = {}

const sim = simulatorControl(simulatorUrl)
const fpl = async <T>(path: string) => (await (await fetch(`${simulatorUrl}/${path}`)).json()) as T
const pollNow = () => pollLiveNow(baseUrl)
const live = () => liveAnswer(baseUrl, pubId, auth)
const demoRow = async () => (await live()).standings.find((r) => r.fpl_team_id === DEMO_ENTRY)

/** The demo manager's gameweek so far as FPL has it: gross points less the hit, and his season total. */
async function fplNumbers(): Promise<{ gw: number; total: number }> {
  const history = await fpl<{ current: Array<{ event: number; points: number; event_transfers_cost: number; total_points: number }> }>(
    `entry/${DEMO_ENTRY}/history/`,
  )
  const row = history.current.find((r) => r.event === GW)
  if (!row) throw new Error(`FPL has no GW${GW} row for ${DEMO_ENTRY}`)
  return { gw: row.points - row.event_transfers_cost, total: row.total_points }
}

beforeAll(async () => {
  auth = await signedInHeaders(baseUrl)
  pubId = await tournamentNamed(baseUrl, auth)
  const stored = (await (await fetch(`${baseUrl}/api/leagues/${pubId}/standings`, { headers: auth })).json()) as { gameweek: number }
  GW = stored.gameweek + 1
  // The gameweek a minute after its deadline: teams are locked, nothing has kicked off (first kick-off +90 min).
  expect((await sim('matchday', { gw: GW })).ok).toBe(true)
  // The gameweek is current: the poller queues every manager's picks, which arrive through the local queue.
  await waitForPicks(live, pollNow, GW, 12)
}, 240_000)

afterAll(async () => {
  // The world has moved on one gameweek, checked and stored, as the gazette's and the data engine's
  // journeys leave it: going back would leave this gameweek's stored tables beside the older ones.
  await pollNow()
}, 180_000)

/** Digits of the first match of `selector` inside the viewer's own row (live or stored table alike). */
const ownRowNumber = async (page: Page, selector: string): Promise<number | null> => {
  const cell = page.locator(`[data-testid="own-row"] :is(${selector})`).first()
  if ((await cell.count()) === 0) return null
  const digits = ((await cell.textContent()) ?? '').replace(/[^\d-]/g, '')
  return digits === '' ? null : Number(digits)
}
const shownGameweekPoints = (page: Page) => ownRowNumber(page, '.live-row__gw, .standing__gw')
const shownTotal = (page: Page) => ownRowNumber(page, '.live-row__total, .standing__total')
/** "GW 13" or "Gameweek 13", and not "GW 130". */
const gameweekNamed = (gw: number) => new RegExp(`(GW|Gameweek)\\s*${gw}(?!\\d)`)

/** The live banner of the gameweek played ("" while there is none). */
const bannerText = async (page: Page): Promise<string> => {
  const banner = page.getByRole('region', { name: `Gameweek ${GW} state` })
  return (await banner.count()) > 0 ? ((await banner.textContent()) ?? '') : ''
}
/** Rows of the league's table on screen, live or stored. */
const tableRows = (page: Page) =>
  page
    .getByRole('list', { name: /^(Live|League) table$/ })
    .first()
    .getByRole('listitem')
    .count()
const liveTab = (page: Page) => page.locator('.live-tab')

describe('a Saturday on one Live tab, untouched', () => {
  it('goes live at kick-off, moves on a goal, reaches full time, and ends on FPL’s checked table of that gameweek', { timeout: 600_000 }, async () => {
    const page = await newPage(browser())
    await journey(page, 'live-saturday', async () => {
      await signIn(page, baseUrl, DEMO_EMAIL, DEMO_PASSWORD)
      const pushes = countLivePushes(page)
      await page.goto(`${baseUrl}/tournaments/${pubId}`)
      // Before the first kick-off: a table of the league is on screen.
      await expect.poll(() => tableRows(page), { timeout: 30_000 }).toBe(12)
      await markDocument(page)

      // 1. Kick-off (the first match starts 90 minutes after the deadline), then the poller's read.
      expect((await sim('step', { minutes: 89 + 10 })).ok).toBe(true)
      await pollNow()
      expect((await live()).status).toBe('live')
      await expect.poll(() => page.getByRole('list', { name: 'Live table' }).getByRole('listitem').count(), { timeout: ARRIVES_WITHIN }).toBe(12)
      await expect.poll(() => bannerText(page), { timeout: ARRIVES_WITHIN }).toMatch(/live/i)
      // Rule 11, one gameweek everywhere: nothing on the page still speaks of the one before as the current one.
      expect.soft(await page.locator('body').textContent(), `GW${GW - 1} shown while GW${GW} is live`).not.toMatch(gameweekNamed(GW - 1))
      expect(await sameDocument(page), 'the same document, never reloaded').toBe(true)

      // 2. A goal by one of the demo manager's players on the pitch now moves his number.
      await sim('step', { minutes: 20 })
      await pollNow()
      const team = (await (await fetch(`${baseUrl}/api/leagues/${pubId}/live/${DEMO_ENTRY}`, { headers: auth })).json()) as LiveTeamAnswer
      const before = (await demoRow())?.live_points ?? 0
      await expect.poll(() => shownGameweekPoints(page), { timeout: ARRIVES_WITHIN }).toBe(before)
      let scored = false
      for (const pick of team.picks.filter((p) => p.fixture_state === 'in_play' && p.multiplier > 0 && p.minutes > 0)) {
        if ((await sim('goal', { element: pick.element })).ok) {
          scored = true
          break
        }
      }
      expect(scored, 'a player of the demo team on the pitch').toBe(true)
      await pollNow()
      const afterGoal = (await demoRow())?.live_points ?? 0
      expect(afterGoal).toBeGreaterThan(before)
      await expect.poll(() => shownGameweekPoints(page), { timeout: ARRIVES_WITHIN }).toBe(afterGoal)
      expect(await sameDocument(page), 'the same document, never reloaded').toBe(true)

      // 3. Full time: every match played and its bonus added; FPL has not checked the gameweek.
      expect((await sim('advance')).body).toMatchObject({ phase: 'finished' })
      await pollNow()
      const fullTime = await fplNumbers()
      expect((await live()).status).toBe('finished')
      await expect.poll(() => bannerText(page), { timeout: ARRIVES_WITHIN }).toMatch(/provisional/i)
      await expect.poll(() => shownGameweekPoints(page), { timeout: ARRIVES_WITHIN }).toBe(fullTime.gw)
      expect(await sameDocument(page), 'the same document, never reloaded').toBe(true)

      // 4. FPL checks the gameweek; the app's refresh stores FPL's checked table.
      expect((await sim('advance')).body).toMatchObject({ phase: 'checked' })
      await pollNow()
      await refreshData(baseUrl)
      await pollNow()
      const final = await fplNumbers()
      await expect.poll(() => shownGameweekPoints(page), { timeout: ARRIVES_WITHIN }).toBe(final.gw)
      await expect.poll(() => shownTotal(page), { timeout: ARRIVES_WITHIN }).toBe(final.total)
      // Provisional gone, and the gameweek on screen is the one played, not the one before it.
      await expect.poll(async () => (await liveTab(page).textContent()) ?? '', { timeout: ARRIVES_WITHIN }).not.toMatch(/provisional/i)
      const side = (await page.getByRole('complementary', { name: 'Gameweek summary' }).textContent()) ?? ''
      expect(side).toMatch(gameweekNamed(GW))
      expect(side).not.toMatch(gameweekNamed(GW - 1))
      expect(await sameDocument(page), 'the same document, never reloaded').toBe(true)
      console.info(`live-saturday: ${pushes.live} live frames pushed to the open tab`)
    })
  })
})
