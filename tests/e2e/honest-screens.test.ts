import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import type { RaceAnswer } from '../../contract/race'
import { membersText } from '../../contract/tournaments'
import { DEMO_EMAIL, DEMO_PASSWORD } from '../stack/seed.ts'
import { signedInHeaders, tournamentNamed } from './helpers/api'
import { browserForFile, journey, newPage } from './helpers/browser'

// Every screen honest (decisions 160 to 166) in Chromium at a phone's size (390×844) and a
// desktop's (1280×800): each screen a walk through the app found saying something untrue, walked
// as a manager would, asserting the words the app now shows (the texts are the app's own, so a screen that goes back fails here). The
// component tests hold the details; these hold the screens together in a real browser. Sign-in
// goes through the API (the stored session), since none of these journeys is about signing in.

const baseUrl = inject('baseUrl')

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844, team: 1000007 },
  { name: 'desktop', width: 1280, height: 800, team: 1000008 },
] as const

interface Session {
  token: string
  user: Record<string, unknown>
}

const browser = browserForFile()
let demo: Session
let pubId = 0
let shareId = ''

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })

/** The session the app stores after a sign-in, from the API's login answer. */
async function sessionOf(email: string, password: string): Promise<Session> {
  const login = await post('/api/auth/login', { email, password })
  expect(login.status).toBe(200)
  const answer = (await login.json()) as { access_token: string; user_id: number; user: Record<string, unknown> }
  return { token: answer.access_token, user: { ...answer.user, id: answer.user_id, user_id: answer.user_id } }
}

/**
 * A brand-new verified manager, made through the API: signed up without a team, verified by the
 * emailed link (which puts them in the global tournament), then given `team`, an FPL team in the
 * Pub and Office leagues. Its leagues are found, not joined: Join Tournament and Find Leagues offer them.
 */
async function newManager(name: string, team: number): Promise<Session> {
  const email = `honest-${team}-${Date.now()}@example.com`
  const password = 'Honest-Pass8&'
  expect((await post('/api/auth/register', { name, email, password })).status).toBe(201)
  const outbox = (await (await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as Array<{ text: string }>
  const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(outbox[0]?.text ?? '')?.[1]
  expect((await post('/api/auth/verify-email', { token })).status).toBe(200)
  const { token: bearer } = await sessionOf(email, password)
  expect((await post('/api/auth/update-fpl-team', { fpl_team_id: team }, { authorization: `Bearer ${bearer}` })).status).toBe(200)
  return sessionOf(email, password)
}

/**
 * A page in a fresh context at `viewport`, signed in as `session` (or a visitor) from its first
 * load. The cookie choice is stored unless `cookieBanner`, so the banner shows only where a
 * journey is about it.
 */
async function openPage(viewport: { width: number; height: number }, session: Session | null, { cookieBanner = false } = {}): Promise<Page> {
  const page = await newPage(browser(), { viewport: { width: viewport.width, height: viewport.height } })
  await page.context().addInitScript(
    ({ token, user, consent }) => {
      if (token && localStorage.getItem('authToken') === null) {
        localStorage.setItem('authToken', token)
        localStorage.setItem('userData', user)
      }
      if (consent && localStorage.getItem('cookieConsent') === null) {
        localStorage.setItem('cookieConsent', JSON.stringify({ analytics: false, accepted_at: new Date().toISOString() }))
      }
    },
    { token: session?.token ?? null, user: JSON.stringify(session?.user ?? null), consent: !cookieBanner },
  )
  return page
}

async function walk(page: Page, name: string, steps: () => Promise<void>) {
  await journey(page, name, steps)
  await page.context().close()
}

/** What the page's own code reads of the element at a point (the test's types have no DOM). */
interface ElementHit {
  tagName: string
  closest(selector: string): { textContent: string | null } | null
}

const shown = (page: Page, text: string | RegExp) => page.getByText(text).filter({ visible: true })

beforeAll(async () => {
  demo = await sessionOf(DEMO_EMAIL, DEMO_PASSWORD)
  const headers = await signedInHeaders(baseUrl)
  pubId = await tournamentNamed(baseUrl, headers)
  // Item 4's share: one of the demo manager's Pub League awards, shared through the API.
  const created = await post(
    '/api/banter/share',
    { league_id: pubId, stat_type: 'benched_beast', stat_data: { title: 'Benched Beast', description: '25 points on the bench', emoji: '🪑' } },
    headers,
  )
  expect(created.status).toBe(201)
  shareId = ((await created.json()) as { share_id: string }).share_id
}, 60_000)

describe.each(VIEWPORTS)('honest screens on a $name ($width×$height)', (viewport) => {
  let manager: Session

  beforeAll(async () => {
    manager = await newManager(`Honest ${viewport.name === 'phone' ? 'Phoebe' : 'Desmond'}`, viewport.team)
  }, 60_000)

  it('1. Join Tournament offers the joinable tournaments first and says why each other one cannot be joined', async () => {
    const page = await openPage(viewport, manager)
    await walk(page, `honest-join-${viewport.name}`, async () => {
      await page.goto(`${baseUrl}/tournaments`)
      await page.getByRole('button', { name: 'Join Tournament', exact: true }).first().click()
      const dialog = page.getByRole('dialog', { name: 'Join Tournament' })
      const offered = dialog.getByRole('group', { name: 'Tournaments you can join' }).getByRole('button')
      // The list fills in once the dialog's answers are in: wait for the names, not only the buttons.
      await expect
        .poll(() => offered.locator('.join-list__name').allTextContents(), { timeout: 30_000 })
        .toEqual(expect.arrayContaining(['The Pub League', 'Office Banter League']))

      const rows = dialog.getByRole('list', { name: "You can't join these" }).getByRole('listitem')
      expect(await rows.count()).toBeGreaterThan(0)
      const reasons = new Set([
        "You're in it: everyone joins automatically",
        "You're already a member",
        'Managers are added automatically when they register',
        'Teams are selected by the admin',
        'Your team is not in this league',
        'Add your FPL Team ID to join',
        'Removed by the commissioner',
        'Not open to join right now',
      ])
      for (const row of await rows.all()) {
        const reason = (await row.locator('.join-list__reason').textContent())?.trim() ?? ''
        expect(reasons, `the reason beside ${await row.locator('.join-list__name').textContent()}`).toContain(reason)
      }
      const reasonOf = (name: string) =>
        rows
          .filter({ has: page.getByText(name, { exact: true }) })
          .locator('.join-list__reason')
          .textContent()
      expect(await reasonOf('Real Footballers FPL League')).toBe('Teams are selected by the admin')
      expect(await reasonOf('Sim Mega League')).toBe('Your team is not in this league')

      // Joinable first: the last one offered sits above the first that cannot be joined.
      const lastOffered = await offered.last().boundingBox()
      const firstBlocked = await rows.first().boundingBox()
      expect(lastOffered && firstBlocked && lastOffered.y + lastOffered.height <= firstBlocked.y).toBe(true)
      expect(await dialog.getByText('No tournaments available to join yet.').count()).toBe(0)
    })
  })

  it('2. Find Leagues counts what it lists, asks for a choice only when none is ticked, and Join stays clear of the cookie banner', async () => {
    const page = await openPage(viewport, manager, { cookieBanner: true })
    await walk(page, `honest-find-leagues-${viewport.name}`, async () => {
      await page.goto(`${baseUrl}/dashboard`)
      const panel = page.getByRole('region', { name: 'Find Leagues' })
      const legend = panel.getByText(/^We found \d+ leagues? with your team\. Choose the ones to join:$/)
      // A team not yet looked at on this device opens the panel by itself; otherwise the button does.
      const opened = await legend.waitFor({ timeout: 4000 }).then(
        () => true,
        () => false,
      )
      if (!opened) await page.getByRole('button', { name: 'Find Leagues', exact: true }).click()
      await legend.waitFor({ timeout: 15_000 })
      const found = Number(/We found (\d+)/.exec((await legend.textContent()) ?? '')?.[1])
      const boxes = panel.getByRole('checkbox')
      expect(await boxes.count()).toBe(found)
      expect(found).toBeGreaterThanOrEqual(2)

      // Every league on offer starts ticked; leave one.
      const free = panel.getByRole('checkbox', { disabled: false })
      for (const box of (await free.all()).slice(1)) if (await box.isChecked()) await box.uncheck()
      const join = panel.getByRole('button', { name: 'Join 1 League' })
      await join.waitFor()
      expect(await panel.getByText('Choose at least one league.').count()).toBe(0)

      // The cookie banner is up (no choice stored in this fresh browser): scrolled into view from
      // below, as far as the page lets it, Join is the element under its own centre.
      await page.getByRole('region', { name: 'Cookie consent' }).waitFor({ timeout: 10_000 })
      await join.evaluate((el) => (el as unknown as { scrollIntoView(options: { block: 'end' }): void }).scrollIntoView({ block: 'end' }))
      const box = await join.boundingBox()
      expect(box).not.toBeNull()
      const onTop = await page.evaluate(
        ({ x, y }) => {
          const { document } = globalThis as unknown as { document: { elementFromPoint(x: number, y: number): ElementHit | null } }
          const hit = document.elementFromPoint(x, y)
          return hit?.closest('button')?.textContent?.trim() ?? hit?.tagName ?? null
        },
        { x: (box?.x ?? 0) + (box?.width ?? 0) / 2, y: (box?.y ?? 0) + (box?.height ?? 0) / 2 },
      )
      expect(onTop).toBe('Join 1 League')

      // Nothing ticked: the hint says why Join is disabled.
      const first = free.first()
      await first.uncheck()
      await expect.poll(() => panel.getByText('Choose at least one league.').isVisible()).toBe(true)
      await first.check()
      await join.click()
      await expect.poll(() => shown(page, 'Leagues Joined').count()).toBeGreaterThan(0)
    })
  })

  it('4. the share page says the counts in the card’s words and makes Create Account the primary button', async () => {
    const share = (await (await fetch(`${baseUrl}/api/banter/share/${shareId}`)).json()) as {
      stat_data: { league_members: number; fpl_league_size?: number | null }
    }
    const counts = membersText(share.stat_data.league_members, share.stat_data.fpl_league_size ?? null)
    expect(counts).toMatch(/^\d+ members? · \d+ managers? in the FPL league$/)
    const page = await openPage(viewport, null)
    await walk(page, `honest-share-${viewport.name}`, async () => {
      await page.goto(`${baseUrl}/share/banter/${shareId}`)
      const facts = page.getByRole('list', { name: 'League' })
      await facts.waitFor()
      expect(await facts.getByRole('listitem').filter({ hasText: counts }).count()).toBe(1)
      // One wording: no bare "N managers" anywhere on the page.
      const text = ((await page.locator('main').textContent()) ?? '').replaceAll(/\d[\d,]* managers? in the FPL league/g, '')
      expect(text).not.toMatch(/\d+ managers?\b/)

      const create = page.getByRole('link', { name: 'Create Account' })
      const join = page.getByRole('link', { name: /^Join / })
      expect(await create.getAttribute('class')).toContain('button--primary')
      expect(await join.getAttribute('class')).not.toContain('button--primary')
      expect(await create.getAttribute('href')).toBe('/register')
    })
  })

  it('5. a wrong tournament address says "Tournament not found" with the ways back', async () => {
    const page = await openPage(viewport, demo)
    await walk(page, `honest-not-found-${viewport.name}`, async () => {
      // No such tournament, and the Pub League's FPL league id in place of the tournament's own.
      for (const id of [999999, 123456]) {
        await page.goto(`${baseUrl}/tournaments/${id}`)
        await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Tournament not found')
        const card = page.getByRole('region', { name: 'Tournament not found' })
        await card.getByRole('link', { name: 'View Tournaments' }).waitFor()
        await card.getByRole('link', { name: 'View My Dashboard' }).waitFor()
        expect(await page.getByText('Failed to load league data').count()).toBe(0)
        expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0)
      }
      await page.getByRole('region', { name: 'Tournament not found' }).getByRole('link', { name: 'View Tournaments' }).click()
      await page.waitForURL(`${baseUrl}/tournaments`)
    })
    const visitor = await openPage(viewport, null)
    await walk(visitor, `honest-not-found-visitor-${viewport.name}`, async () => {
      await visitor.goto(`${baseUrl}/tournaments/999999`)
      const card = visitor.getByRole('region', { name: 'Tournament not found' })
      await card.getByRole('link', { name: 'Go Home' }).waitFor()
      await card.getByRole('link', { name: 'View Tournaments' }).waitFor()
      expect(await visitor.getByText('Failed to load league data').count()).toBe(0)
    })
  })

  it('6. the Race Centre gives a chance to every manager it counts as able to win, and no 0% among them', async () => {
    const race = (await (await fetch(`${baseUrl}/api/leagues/${pubId}/race`, { headers: { authorization: `Bearer ${demo.token}` } })).json()) as RaceAnswer
    const parts = [race.month, race.season].filter((part) => part !== null && part !== undefined)
    expect(parts.length).toBeGreaterThan(0)
    const page = await openPage(viewport, demo)
    await walk(page, `honest-race-${viewport.name}`, async () => {
      await page.goto(`${baseUrl}/tournaments/${pubId}`)
      await page.getByRole('tab', { name: /Winners/ }).click()
      await page.getByRole('tab', { name: /Race/ }).click()
      let checked = 0
      for (const part of parts) {
        const card = page.getByRole('region', { name: part.name })
        await card.waitFor({ timeout: 20_000 })
        const headline =
          (await card
            .getByText(/can still win|leads? so far|^Won by /)
            .first()
            .textContent()) ?? ''
        const alive = /Only one manager can still win/.test(headline)
          ? 1
          : Number(/([\d,]+) can still win/.exec(headline)?.[1]?.replaceAll(',', '') ?? Number.NaN)
        if (Number.isNaN(alive)) continue
        const withChance = card.getByRole('listitem').filter({ hasText: 'Chance to win:' })
        expect(await withChance.count(), `${part.name}: "${headline}"`).toBe(alive)
        for (const row of await withChance.allTextContents()) expect(row).not.toMatch(/Chance to win: 0(\.0)?%/)
        checked++
      }
      expect(checked).toBeGreaterThan(0)
    })
  })

  it('7. offline: the app says so, a league not seen before waits for the connection, and it all comes back by itself', async () => {
    const page = await openPage(viewport, demo)
    await walk(page, `honest-offline-${viewport.name}`, async () => {
      // Online first: the Pub League (and with it the tournament page's code), then the list.
      await page.goto(`${baseUrl}/tournaments/${pubId}`)
      await shown(page, 'Chris Hartley').first().waitFor({ timeout: 20_000 })
      await page.getByRole('button', { name: 'Back to Tournaments' }).click()
      const office = page.getByRole('listitem', { name: 'Office Banter League' })
      await office.waitFor()
      await page.evaluate(() => Object.assign(globalThis, { sameDocument: true }))

      await page.context().setOffline(true)
      const notice = shown(page, 'You’re offline. We’ll update this page when you’re back online.')
      await expect.poll(() => notice.count()).toBe(1)

      // A league this page has not loaded before.
      await office.getByRole('button', { name: 'View' }).click()
      await page.waitForURL(/\/tournaments\/\d+$/)
      const waiting = shown(page, 'You’re offline: this league will load when you’re back online.')
      await expect.poll(() => waiting.count()).toBe(1)
      expect(await page.getByText(/Failed to load/).count()).toBe(0)

      await page.context().setOffline(false)
      await expect.poll(() => page.getByText(/You’re offline/).count()).toBe(0)
      await expect.poll(() => shown(page, 'Chris Hartley').count(), { timeout: 20_000 }).toBeGreaterThan(0)
      expect(await page.getByText(/Failed to load/).count()).toBe(0)
      expect(await page.evaluate(() => (globalThis as { sameDocument?: boolean }).sameDocument)).toBe(true)
    })
  })

  it('8. a new manager is greeted "Welcome", not "Welcome back", and saving quiet hours says it saved', async () => {
    const page = await openPage(viewport, manager)
    await walk(page, `honest-copy-${viewport.name}`, async () => {
      await page.goto(`${baseUrl}/dashboard`)
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`Welcome, ${manager.user.name}!`)
      expect(await page.getByText(/Welcome back/).count()).toBe(0)

      const quiet = page.getByRole('switch', { name: 'Quiet hours' })
      await quiet.waitFor({ timeout: 15_000 })
      const on = (await quiet.getAttribute('aria-checked')) === 'true'
      await quiet.click()
      const saved = on ? 'Saved: quiet hours are off.' : /^Saved: quiet from \d{2}:\d{2} until \d{2}:\d{2}\.$/
      await expect.poll(() => shown(page, saved).count(), { timeout: 20_000 }).toBe(1)

      // A changed time saves when it is left, and says so too.
      if (!on) {
        const from = page.getByLabel('From', { exact: true })
        await from.fill('22:30')
        await from.blur()
        await expect.poll(() => shown(page, /^Saved: quiet from 22:30 until \d{2}:\d{2}\.$/).count(), { timeout: 20_000 }).toBe(1)
      }
    })
  })
})
