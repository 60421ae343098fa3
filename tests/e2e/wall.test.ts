import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { DEMO_EMAIL, DEMO_PASSWORD, emailFor } from '../stack/seed.ts'
import { browserForFile, journey, newPage, signIn } from './helpers/browser'

// The wall for non-members and pinned posts (decisions 080, 081) in Chromium on the seeded stack: a signed-out visitor is told what
// the wall is and how to get in; the Pub League's commissioner (the demo user) pins a post and a
// member, on a phone, sees it first with the Pinned label.

const baseUrl = inject('baseUrl')
const simulatorUrl = inject('simulatorUrl')
const browser = browserForFile()

const PINNED_NOW = 'Bench boost week and my bench scored 2. Classic.'

async function pubLeagueId(): Promise<number> {
  const list = (await (await fetch(`${baseUrl}/api/leagues`)).json()) as Array<{ id: number; name: string }>
  const pub = list.find((l) => l.name === 'The Pub League')
  if (!pub) throw new Error('The Pub League is not seeded')
  return pub.id
}

/** A seeded Pub League member (team 1000002), signed in with the seed's shared password. */
async function memberEmail(): Promise<string> {
  const entry = (await (await fetch(`${simulatorUrl}/entry/1000002/`)).json()) as { player_first_name: string; player_last_name: string }
  return emailFor(`${entry.player_first_name} ${entry.player_last_name}`)
}

async function openWall(page: Page, leagueId: number) {
  await page.goto(`${baseUrl}/tournaments/${leagueId}`)
  await page.getByRole('tab', { name: 'Wall' }).click()
  return page.getByRole('list', { name: 'Posts' }).getByRole('listitem')
}

describe('the community wall', () => {
  it('explains itself to a visitor; the commissioner pins a post and a member sees it first, Pinned', async () => {
    const leagueId = await pubLeagueId()
    const visitor = await newPage(browser())
    await journey(visitor, 'wall-visitor', async () => {
      await visitor.goto(`${baseUrl}/tournaments/${leagueId}`)
      // The server draws the page (the explanation included); the app then takes it over.
      await expect.poll(() => visitor.locator('.prepaint').count()).toBe(0)
      const intro = visitor.getByTestId('wall-intro')
      await expect.poll(() => intro.isVisible()).toBe(true)
      expect(await intro.textContent()).toContain('Only members can read it and post.')
      expect(await intro.getByRole('button', { name: 'Sign In Now' }).isVisible()).toBe(true)
      expect(await visitor.getByRole('tab', { name: 'Wall' }).count()).toBe(0)
      expect(await visitor.getByLabel('Your post').count()).toBe(0)
      await intro.getByRole('button', { name: 'Sign In Now' }).click()
      await expect.poll(() => visitor.getByRole('dialog').getByLabel('Email', { exact: true }).isVisible()).toBe(true)
    })
    await visitor.context().close()

    const owner = await newPage(browser())
    await journey(owner, 'wall-commissioner-pins', async () => {
      await signIn(owner, baseUrl, DEMO_EMAIL, DEMO_PASSWORD)
      const posts = await openWall(owner, leagueId)
      const target = posts.filter({ hasText: PINNED_NOW })
      await target.getByRole('button', { name: 'Pin', exact: true }).click()
      await expect.poll(() => posts.first().textContent()).toContain(PINNED_NOW)
      expect(await posts.first().textContent()).toContain('Pinned')
      // The server kept it: after a reload it still leads, with Unpin for the commissioner.
      await owner.reload()
      const again = await openWall(owner, leagueId)
      await expect.poll(() => again.first().textContent()).toContain(PINNED_NOW)
      expect(await again.first().getByRole('button', { name: 'Unpin' }).count()).toBe(1)
    })
    await owner.context().close()

    const member = await newPage(browser(), { viewport: { width: 390, height: 844 } })
    await journey(member, 'wall-member-sees-pin', async () => {
      await signIn(member, baseUrl, await memberEmail(), DEMO_PASSWORD)
      const posts = await openWall(member, leagueId)
      await expect.poll(() => posts.first().textContent()).toContain(PINNED_NOW)
      expect(await posts.first().getByText('Pinned').isVisible()).toBe(true)
      // Members get no pin controls, and the post box is there for them.
      expect(await member.getByRole('button', { name: /^(Pin|Unpin)$/ }).count()).toBe(0)
      expect(await member.getByLabel('Your post').isVisible()).toBe(true)
    })
    await member.context().close()
  }, 120_000)
})
