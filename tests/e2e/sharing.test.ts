import { describe, expect, inject, it } from 'vitest'
import { browserForFile, journey, newPage } from './helpers/browser'

// The sharing journey: a member shares a banter award, copies the link, and a logged-out
// visitor opens it; a crawler without JavaScript reads the card's meta tags and image.

const baseUrl = inject('baseUrl')
const browser = browserForFile()

describe('sharing journey', () => {
  it('shares an achievement, copies the link and opens it logged out', async () => {
    const page = await newPage(browser())
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
    let shared = ''
    await journey(page, 'sharing-journey', async () => {
      await page.goto(`${baseUrl}/?signin=true`)
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel('Email', { exact: true }).fill('demo@banter-arena.test')
      await dialog.getByLabel('Password', { exact: true }).fill('BanterDemo1!')
      await dialog.getByRole('button', { name: 'Sign In', exact: true }).click()
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0)

      // The demo user's Pub League (the seed's first private tournament).
      await page.goto(`${baseUrl}/tournaments/3`)
      await page.getByRole('tab', { name: 'Banter' }).click()
      // The cookie banner (after 2 s) would sit over the cards: decline analytics first.
      await page.getByRole('button', { name: 'Decline' }).click()
      await page.getByRole('button', { name: /^Share Captain Catastrophe/i }).click()
      const share = page.getByRole('dialog')
      await share.getByRole('button', { name: 'Copy Link' }).click()
      await expect.poll(() => page.getByText('Link Copied!').filter({ visible: true }).count()).toBeGreaterThan(0)
      shared = await page.evaluate(() =>
        (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText(),
      )
      expect(shared).toMatch(new RegExp(`^${baseUrl}/share/banter/[a-f0-9]{32}$`))
    })
    await page.context().close()

    // A logged-out visitor sees the card and the invitations to join.
    const visitor = await newPage(browser())
    await journey(visitor, 'shared-page', async () => {
      await visitor.goto(shared)
      await expect.poll(() => visitor.getByRole('heading', { name: /Captain Catastrophe/i }).count()).toBeGreaterThan(0)
      for (const invitation of ['Join Banter Arena', 'Create Account']) {
        await expect
          .poll(() =>
            visitor
              .getByRole('link', { name: invitation })
              .or(visitor.getByRole('button', { name: invitation }))
              .count(),
          )
          .toBeGreaterThan(0)
      }
    })
    await visitor.context().close()

    // What an unfurler sees, without JavaScript.
    const html = await (await fetch(shared)).text()
    const meta = (property: string) => new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1]
    expect(meta('og:title')).toMatch(/Captain Catastrophe/)
    expect(meta('og:type')).toBe('article')
    expect(meta('twitter:card')).toBe('summary_large_image')
    expect(meta('og:url')).toBe(shared)
    const image = await fetch(meta('og:image') as string)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
    const png = new Uint8Array(await image.arrayBuffer())
    const view = new DataView(png.buffer)
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630])
  }, 90_000)
})
