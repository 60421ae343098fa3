import { describe, expect, inject, it } from 'vitest'
import { DEMO_EMAIL, DEMO_PASSWORD } from '../stack/seed.ts'
import { signedInHeaders } from './helpers/api'
import { browserForFile, journey, newPage, signIn } from './helpers/browser'

// The Members tab's not-joined list (decision 084) in a real browser: the commissioner opens Members, sees the FPL league's
// managers who have not joined yet and copies the invite link to send them.

const baseUrl = inject('baseUrl')
const browser = browserForFile()

/** The Pub League as the API sees it now: other journeys on the same stack may have joined managers to it. */
async function pubLeague() {
  const headers = await signedInHeaders(baseUrl)
  const list = (await (await fetch(`${baseUrl}/api/leagues`, { headers })).json()) as Array<{ id: number; name: string; member_count: number }>
  const pub = list.find((l) => l.name === 'The Pub League')!
  const members = (await (await fetch(`${baseUrl}/api/leagues/${pub.id}/members`, { headers })).json()) as {
    fpl_league_size: number
    not_joined: { total: number; managers: unknown[] }
  }
  return { memberCount: pub.member_count, size: members.fpl_league_size, notJoined: members.not_joined.total }
}

describe('commissioner members journey', () => {
  it.each([
    ['desktop', { width: 1280, height: 800 }, 'light'],
    ['phone', { width: 390, height: 844 }, 'dark'],
  ] as const)('opens Members, sees who has not joined and copies the invite link (%s)', async (name, viewport, colorScheme) => {
    const page = await newPage(browser(), { viewport, colorScheme })
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
    await journey(page, `commissioner-members-${name}`, async () => {
      await signIn(page, baseUrl, DEMO_EMAIL, DEMO_PASSWORD)

      // The demo user runs the seed's Pub League (12 managers in the FPL league; the demo user and
      // five seeded members joined, and other journeys may have added one).
      const league = await pubLeague()
      expect(league.size).toBe(12)
      expect(league.memberCount + league.notJoined).toBe(12)
      await page.goto(`${baseUrl}/dashboard`)
      const pub = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'The Pub League' }) })
      await expect.poll(() => pub.textContent()).toContain(`${league.memberCount} members · 12 managers in the FPL league`)
      await pub.getByRole('button', { name: /Manage League/ }).click()
      await page.getByRole('tab', { name: /Members/ }).click()

      const section = page.locator('section').filter({ has: page.getByRole('heading', { name: /Not joined yet/ }) })
      await expect.poll(() => section.getByRole('heading', { name: /Not joined yet/ }).textContent()).toBe(`Not joined yet ${league.notJoined}`)
      const managers = section.getByRole('list', { name: 'Managers not joined yet' }).getByRole('listitem')
      await expect.poll(() => managers.count()).toBe(league.notJoined)
      expect(await managers.first().textContent()).toMatch(/Rank \d+/)

      const cookies = page.getByRole('button', { name: 'Decline' })
      if (await cookies.isVisible().catch(() => false)) await cookies.click()
      await section.getByRole('button', { name: 'Copy invite link' }).click()
      await expect.poll(() => section.getByText('Invite link copied to clipboard!').count()).toBe(1)
      const copied = await page.evaluate(() =>
        (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText(),
      )
      expect(copied).toBe(`${baseUrl}/join/publeague2026demo`)
      const whatsapp = await section.getByRole('link', { name: 'Send on WhatsApp' }).getAttribute('href')
      expect(new URL(whatsapp ?? '').searchParams.get('text')).toContain(copied)
    })
    await page.context().close()
  })
})
