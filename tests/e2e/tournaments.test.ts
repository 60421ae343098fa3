import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { refreshData } from '../stack/stack.ts'
import { browserForFile, journey, newPage, signIn as signInAt } from './helpers/browser'

// The tournament journey (decision 181, R7, R10-R12) in Chromium on the dev stack: a
// commissioner creates a tournament from a simulated FPL league and shares the invite link, a
// second manager joins through it, both use the wall, the commissioner moderates and manages
// members, and the data tabs show what the refresh computed from the simulator.

const baseUrl = inject('baseUrl')
const simulatorUrl = inject('simulatorUrl')

async function simulatorFault(fault: Record<string, unknown>) {
  const res = await fetch(`${simulatorUrl.replace(/\/api$/, '/__sim')}/faults`, { method: 'POST', body: JSON.stringify(fault) })
  expect(res.status).toBe(200)
}
const browser = browserForFile()

const visible = (page: Page, text: string | RegExp) => page.getByText(text).filter({ visible: true }).first()

const signIn = (page: Page, email: string, password: string) => signInAt(page, baseUrl, email, password)

async function openCommissioner(page: Page) {
  await page.goto(`${baseUrl}/dashboard`)
  const card = page
    .locator('article, li, section')
    .filter({ has: page.getByRole('heading', { name: 'E2E Sunday Club' }) })
    .last()
  await card
    .getByRole('button', { name: 'Manage League' })
    .or(card.getByRole('link', { name: 'Manage League' }))
    .first()
    .click()
  await page.waitForURL(`${baseUrl}/commissioner`)
}

/** A second, verified manager made through the API (the account journey covers the screens). */
async function apiAccount(email: string, team: number, password: string) {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const registered = await post('/api/auth/register', { name: 'Second Sam', email, password, fpl_team_id: team })
  expect(registered.status).toBe(201)
  const outbox = (await (await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as Array<{ text: string }>
  const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(outbox[0]!.text)![1]
  expect((await post('/api/auth/verify-email', { token })).status).toBe(200)
}

describe('a shared tournament link, opened by a visitor', () => {
  it('shows the page with its data written in: the app asks the API nothing for it', async () => {
    const page = await newPage(browser())
    const asked: string[] = []
    page.on('request', (request) => {
      const { pathname } = new URL(request.url())
      if (pathname.startsWith('/api/leagues/1')) asked.push(pathname)
    })
    await journey(page, 'shared-tournament-link', async () => {
      await page.goto(`${baseUrl}/tournaments/1`)
      const gate = page.getByTestId('sign-in-gate').first()
      await expect.poll(() => gate.textContent()).toContain('Sign in to view standings for your league.')
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).not.toBe('Tournament')
      await page.getByRole('tab', { name: /Winners/ }).click()
      await page.getByRole('tab', { name: /Banter/ }).click()
      expect(asked).toEqual([])
    })
    await page.context().close()
  })
})

describe('a shared tournament link, before the app has loaded', () => {
  it('paints the page the server drew, then the app takes over with the same page', async () => {
    const page = await newPage(browser())
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/mount-[\w-]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await journey(page, 'server-drawn-tournament', async () => {
      await page.goto(`${baseUrl}/tournaments/1`, { waitUntil: 'domcontentloaded' })
      const drawn = page.locator('.prepaint--tournament')
      await expect.poll(() => drawn.isVisible()).toBe(true)
      expect(await drawn.getByTestId('sign-in-gate').first().textContent()).toContain('Sign in to view standings for your league.')
      const drawnBox = await drawn.locator('.gate__card').first().boundingBox()
      release()
      await expect.poll(() => page.locator('.prepaint').count()).toBe(0)
      const gate = page.locator('.gate__card').first()
      await expect.poll(() => gate.isVisible()).toBe(true)
      // The app's page lies exactly where the server's was: nothing moves when it takes over.
      expect(await gate.boundingBox()).toEqual(drawnBox)
    })
    await page.context().close()
  })
})

describe('tournament journey', () => {
  it('creates, invites, joins, posts, moderates, manages members and shows the data tabs', async () => {
    const owner = await newPage(browser())
    const guest = await newPage(browser())
    const guestEmail = `sam-${Date.now()}@example.com`
    await journey(owner, 'tournament-journey', async () => {
      // The second manager signs up before the tournament exists, so verification cannot
      // auto-join them: they join through the invite link below.
      await apiAccount(guestEmail, 1000301, 'Second-Pass5%')
      // The demo user's team 1000001 plays in the untracked simulated league 567890.
      await signIn(owner, 'demo@banter-arena.test', 'BanterDemo1!')
      await owner.goto(`${baseUrl}/tournaments`)
      await owner.getByRole('button', { name: 'Create Tournament' }).first().click()
      await owner.getByLabel('Tournament name').fill('E2E Sunday Club')
      await owner.getByLabel('FPL League ID').fill('567890')
      await expect.poll(() => visible(owner, "New league! You'll become the Commissioner.").isVisible()).toBe(true)
      // FPL answers the league's month tables slowly for a moment, so the page is open while its
      // first refresh is still on the way.
      await simulatorFault({ kind: 'hang', match: '567890/standings/\\?page_standings=1&page_new_entries=1&phase=(?:[2-9]|1\\d)', hangMs: 4000 })
      await owner.getByRole('dialog').getByRole('button', { name: 'Create Tournament' }).click()
      await expect.poll(() => visible(owner, /created/i).isVisible()).toBe(true)

      // The success dialog stays and hands out the invite link: copied, and ready for WhatsApp.
      await owner.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
      const created = owner.getByRole('dialog', { name: 'Tournament Created!' })
      await created.getByRole('button', { name: 'Copy invite link' }).click()
      await expect.poll(() => created.getByText('Invite link copied to clipboard!').isVisible()).toBe(true)
      const copied = await owner.evaluate(() =>
        (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText(),
      )
      expect(copied).toMatch(new RegExp(`^${baseUrl}/join/[A-Za-z0-9_-]+$`))
      expect(await created.getByRole('link', { name: 'Send on WhatsApp' }).getAttribute('href')).toContain(
        `https://wa.me/?text=${encodeURIComponent('Join E2E Sunday Club')}`,
      )

      // Its page fills in by itself: the first refresh was queued by the create call (no cron
      // run), and the page polls its progress until the standings land, without a reload.
      const states: string[] = []
      owner.on('response', async (response) => {
        if (!/\/api\/leagues\/\d+$/.test(new URL(response.url()).pathname)) return
        const body = (await response.json().catch(() => null)) as { refresh?: { state: string } } | null
        if (body?.refresh) states.push(body.refresh.state)
      })
      await created.getByRole('button', { name: 'View Tournament' }).click()
      await owner.waitForURL(/\/tournaments\/\d+$/)
      await owner.evaluate(() => Object.assign(globalThis, { sameDocument: true }))
      await expect.poll(() => owner.getByRole('heading', { name: /Loading standings, winners and banter/ }).isVisible()).toBe(true)
      await expect.poll(() => visible(owner, 'Chris Hartley').isVisible(), { timeout: 60_000 }).toBe(true)
      await fetch(`${simulatorUrl.replace(/\/api$/, '/__sim')}/faults`, { method: 'DELETE' })
      expect(await owner.evaluate(() => (globalThis as { sameDocument?: boolean }).sameDocument)).toBe(true)
      expect(states[0]).not.toBe('ready')
      expect(states.at(-1)).toBe('ready')
      expect(await owner.getByRole('heading', { name: /Loading standings, winners and banter/ }).count()).toBe(0)
      console.log('E2E first refresh, detail states seen:', states.join(' → '))

      // A cron run after it finds the tournament up to date.
      expect((await refreshData(baseUrl)).failed).toBe(0)

      // The commissioner screen (reached from the dashboard: it needs the league in navigation
      // state): reveal and take the invite link.
      await openCommissioner(owner)
      await owner.getByRole('tab', { name: 'Invite' }).click()
      await owner.getByRole('button', { name: 'Show invite link' }).click()
      const inviteUrl = await owner.getByLabel('Your invite link').inputValue()
      expect(inviteUrl).toMatch(new RegExp(`^${baseUrl}/join/[A-Za-z0-9_-]+$`))

      // The second manager, in the same FPL league, joins through the link.
      await signIn(guest, guestEmail, 'Second-Pass5%')
      await guest.goto(inviteUrl)
      await guest.getByRole('button', { name: 'Join League' }).click()
      await expect.poll(() => visible(guest, 'Successfully joined the league!').isVisible()).toBe(true)

      // Both post on the wall; each likes the other's post; the guest reports one.
      const leagueId = await owner.evaluate(() => {
        const state = (globalThis as unknown as { history: { state: { usr?: { league?: { id?: number } } } | null } }).history.state
        return state?.usr?.league?.id ?? null
      })
      expect(leagueId).not.toBeNull()
      for (const [page, text] of [
        [owner, 'Welcome to the Sunday Club, behave.'],
        [guest, 'Captained my goalkeeper. Again.'],
      ] as const) {
        await page.goto(`${baseUrl}/tournaments/${leagueId}`)
        await page.getByRole('tab', { name: 'Wall' }).click()
        await page.getByLabel('Your post').fill(text)
        await page.getByRole('button', { name: 'Post', exact: true }).click()
        await expect.poll(() => visible(page, 'Post added successfully!').isVisible()).toBe(true)
      }
      await guest.reload()
      await guest.getByRole('tab', { name: 'Wall' }).click()
      const ownerPost = guest.getByRole('listitem').filter({ hasText: 'Welcome to the Sunday Club, behave.' })
      await ownerPost.getByRole('button', { name: /^Like/ }).click()
      await expect.poll(() => ownerPost.getByRole('button', { name: /^Like \(1 like\)/ }).count()).toBe(1)
      await ownerPost.getByRole('button', { name: 'Report' }).click()
      await expect.poll(() => ownerPost.getByText('Reported').count()).toBeGreaterThan(0)

      // The commissioner removes the guest's post from Moderation, then kicks and reactivates them.
      await openCommissioner(owner)
      await owner.getByRole('tab', { name: 'Moderation' }).click()
      await owner.getByRole('button', { name: 'Remove post by Second Sam' }).click()
      await owner.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click()
      await expect.poll(() => owner.getByRole('button', { name: 'Remove post by Second Sam' }).count()).toBe(0)

      await owner.getByRole('tab', { name: 'Members' }).click()
      await owner.getByRole('button', { name: 'Kick Second Sam' }).click()
      await owner.getByRole('alertdialog').getByRole('button', { name: 'Kick' }).click()
      await expect.poll(() => owner.getByRole('button', { name: 'Reactivate Second Sam' }).count()).toBe(1)
      await owner.getByRole('button', { name: 'Reactivate Second Sam' }).click()
      await owner.getByRole('alertdialog').getByRole('button', { name: 'Reactivate' }).click()
      await expect.poll(() => owner.getByRole('button', { name: 'Kick Second Sam' }).count()).toBe(1)

      // The data tabs show the simulator's league.
      await owner.goto(`${baseUrl}/tournaments/${leagueId}`)
      // Live: the simulated table, with the demo manager (Chris Hartley, team 1000001) in it.
      await expect.poll(() => visible(owner, 'Chris Hartley').isVisible()).toBe(true)
      await owner.getByRole('tab', { name: 'Winners' }).click()
      await expect.poll(() => visible(owner, /October|September|August/).isVisible()).toBe(true)
      await owner.getByRole('tab', { name: 'Banter' }).click()
      await expect.poll(() => visible(owner, /Captain Catastrophe/i).isVisible()).toBe(true)
    })
    await owner.context().close()
    await guest.context().close()
  }, 120_000)
})
