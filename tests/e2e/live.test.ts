import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { LiveTeamAnswer } from '../../contract/live'
import type { LiveBattleAnswer, LiveGlanceAnswer, LiveOwnershipAnswer } from '../../contract/live-insight'
import { DEMO_EMAIL, DEMO_PASSWORD, emailFor } from '../stack/seed.ts'
import { signedInHeaders, tournamentNamed } from './helpers/api'
import { browserForFile, journey, newPage, signIn } from './helpers/browser'
import { countLivePushes, liveAnswer, markDocument, pollLiveNow, sameDocument, simulatorControl, waitForPicks } from './helpers/live'

// Matchday Live (decisions 102, 117) in two real browsers on the dev stack: the simulator plays the gameweek
// after the stored one (GW13 on a fresh stack), two Pub League managers watch the Live tab, the
// simulator scores a goal, and both tabs show it without a reload, pushed over the tournament's
// WebSocket.

const baseUrl = inject('baseUrl')
const simulatorUrl = inject('simulatorUrl')
const DEMO_ENTRY = 1000001
const browser = browserForFile()
let pubId = 0
/** The stored gameweek the journey starts from, and the one it plays. */
let stored = 0
let played = 0
let auth: Record<string, string> = {}

const sim = simulatorControl(simulatorUrl)
const pollNow = () => pollLiveNow(baseUrl)
const live = () => liveAnswer(baseUrl, pubId, auth)
const demoRow = async () => (await live()).standings.find((r) => r.fpl_team_id === DEMO_ENTRY)

beforeAll(async () => {
  auth = await signedInHeaders(baseUrl)
  pubId = await tournamentNamed(baseUrl, auth)

  stored = ((await (await fetch(`${baseUrl}/api/leagues/${pubId}/standings`, { headers: auth })).json()) as { gameweek: number }).gameweek
  played = stored + 1
  // The next gameweek from its deadline, then into the first kick-offs.
  expect((await sim('matchday', { gw: played })).ok).toBe(true)
  await pollNow() // the gameweek is current: the poller queues everyone's picks
  expect((await sim('step', { minutes: 89 + 25 })).ok).toBe(true)
  // Picks arrive through the local queue; the table is whole once every manager has a captain.
  expect((await waitForPicks(live, pollNow, played, 12)).status).toBe('live')
}, 240_000)

afterAll(async () => {
  // Back to the world the other journeys expect: the stored gameweek, checked.
  await sim('gameweek', { gw: stored, phase: 'checked' })
  await pollNow()
})

async function openLive(page: Page) {
  await page.goto(`${baseUrl}/tournaments/${pubId}`)
  await expect.poll(() => page.getByRole('list', { name: 'Live table' }).getByRole('listitem').count(), { timeout: 20_000 }).toBe(12)
  await markDocument(page)
}

/** The demo manager's gameweek points as a page shows them (the row whose link opens his team). */
const shownPoints = (page: Page) => page.locator(`li.live-row:has(a[href*="team=${DEMO_ENTRY}"]) .live-row__gw`).textContent()

describe('the Live tab on a match day', () => {
  it('shows a goal in two browsers without a reload', async () => {
    const chris = await newPage(browser())
    const member = await newPage(browser(), { viewport: { width: 390, height: 844 } })
    await journey(chris, 'live-two-browsers', async () => {
      const entry = (await (await fetch(`${simulatorUrl}/entry/1000002/`)).json()) as { player_first_name: string; player_last_name: string }
      await signIn(chris, baseUrl, DEMO_EMAIL, DEMO_PASSWORD)
      await signIn(member, baseUrl, emailFor(`${entry.player_first_name} ${entry.player_last_name}`), DEMO_PASSWORD)
      const pushes = [countLivePushes(chris), countLivePushes(member)]
      await openLive(chris)
      await openLive(member)
      // Each page holds the tournament's socket; the token travels as a subprotocol, never in the address.
      for (const seen of pushes) {
        await expect.poll(() => seen.urls.length).toBeGreaterThan(0)
        expect(seen.urls.every((url) => url.endsWith(`/api/leagues/${pubId}/live/socket`))).toBe(true)
      }
      for (const page of [chris, member]) {
        await expect.poll(() => page.getByRole('region', { name: `Gameweek ${played} state` }).textContent()).toMatch(/live/i)
      }

      // A goal by one of the demo manager's players who is on the pitch right now.
      const team = (await (await fetch(`${baseUrl}/api/leagues/${pubId}/live/${DEMO_ENTRY}`, { headers: auth })).json()) as LiveTeamAnswer
      const before = (await demoRow())?.live_points ?? 0
      let scorer: { name: string; multiplier: number } | null = null
      for (const pick of team.picks.filter((p) => p.fixture_state === 'in_play' && p.multiplier > 0 && p.minutes > 0)) {
        if ((await sim('goal', { element: pick.element })).ok) {
          scorer = pick
          break
        }
      }
      expect(scorer, 'a player of the demo team on the pitch').not.toBeNull()
      await pollNow()
      const after = (await demoRow())?.live_points ?? 0
      expect(after).toBeGreaterThan(before)

      for (const [index, page] of [chris, member].entries()) {
        await expect.poll(() => pushes[index]?.live ?? 0, { timeout: 15_000 }).toBeGreaterThan(0)
        await expect.poll(() => shownPoints(page), { timeout: 15_000 }).toContain(String(after))
        // The swing feed names the scorer.
        await expect.poll(() => page.getByText(new RegExp(`${scorer?.name}.*goal`, 'i')).count(), { timeout: 15_000 }).toBeGreaterThan(0)
        expect(await sameDocument(page)).toBe(true)
      }
    })
  })

  it("shows the league's insight on a desktop and a phone, and a goal moves it without a reload", async () => {
    const desktop = await newPage(browser())
    const phone = await newPage(browser(), { viewport: { width: 390, height: 844 } })
    await journey(desktop, 'live-insight', async () => {
      await signIn(desktop, baseUrl, DEMO_EMAIL, DEMO_PASSWORD)
      await signIn(phone, baseUrl, DEMO_EMAIL, DEMO_PASSWORD)
      for (const page of [desktop, phone]) await openLive(page)
      const insight = (page: Page) => page.getByRole('region', { name: 'League insight' })
      const read = async <T>(view: string) => (await (await fetch(`${baseUrl}/api/leagues/${pubId}/live/${view}`, { headers: auth })).json()) as T

      // Ownership, on the desktop: the league's most effectively owned player first, and the demo manager's worth column.
      const ownership = await read<LiveOwnershipAnswer>('ownership')
      const table = insight(desktop).getByRole('table', { name: /League ownership/ })
      await expect.poll(() => table.getByRole('row').nth(1).getByRole('rowheader').textContent(), { timeout: 20_000 }).toContain(ownership.players[0]?.name)
      expect(await table.getByRole('columnheader', { name: 'Worth to you' }).count()).toBe(1)

      // The battle and the glance, on the phone, by keyboard-reachable tabs.
      await insight(phone).getByRole('tab', { name: 'Battle' }).click()
      const battle = await read<LiveBattleAnswer>('battle')
      await expect.poll(() => insight(phone).getByRole('tabpanel').textContent(), { timeout: 15_000 }).toContain(battle.rival.player_name)
      await insight(phone).getByRole('tab', { name: 'At a glance' }).click()
      const glance = await read<LiveGlanceAnswer>('glance')
      await expect
        .poll(() => insight(phone).getByRole('region', { name: 'Captaincy' }).textContent(), { timeout: 15_000 })
        .toContain(glance.captaincy[0]?.name ?? 'Nobody')

      // A goal by an owned player on the pitch: the desktop's ownership row shows his new points, pushed.
      await markDocument(desktop)
      let scorer: LiveOwnershipAnswer['players'][number] | null = null
      for (const player of ownership.players.filter((p) => p.fixture_state === 'in_play' && p.starters > 0)) {
        if ((await sim('goal', { element: player.element })).ok) {
          scorer = player
          break
        }
      }
      expect(scorer, 'an owned player on the pitch').not.toBeNull()
      await pollNow()
      const after = (await read<LiveOwnershipAnswer>('ownership')).players.find((p) => p.element === scorer?.element)
      expect(after?.points).toBeGreaterThan(scorer?.points ?? 0)
      const showAll = insight(desktop).getByRole('button', { name: /Show all/ })
      if ((await showAll.count()) > 0) await showAll.click()
      const row = table.getByRole('row').filter({ has: desktop.getByRole('rowheader', { name: new RegExp(`^${scorer?.name}`) }) })
      await expect.poll(() => row.first().textContent(), { timeout: 15_000 }).toContain(String(after?.points))
      expect(await sameDocument(desktop)).toBe(true)
    })
  })
})
