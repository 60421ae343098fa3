import { describe, expect, inject, it } from 'vitest'
import { browserForFile, newPage } from './helpers/browser'

// The first journey of a newcomer: the app and API are up on the dev stack, the shell works.
const baseUrl = inject('baseUrl')
const browser = browserForFile()

describe('the local stack', () => {
  it('serves the API health check and the dev outbox', async () => {
    const health = await fetch(`${baseUrl}/api/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toMatchObject({ status: 'ok', environment: 'development' })
    const outbox = await fetch(`${baseUrl}/api/dev/outbox`)
    expect(outbox.status).toBe(200)
    expect(Array.isArray(await outbox.json())).toBe(true)
  })

  it('serves static pages with the security headers', async () => {
    const res = await fetch(`${baseUrl}/about`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000/)
    const reset = await fetch(`${baseUrl}/reset-password?token=abc`)
    expect(reset.headers.get('referrer-policy')).toMatch(/no-referrer$/)
  })
})

describe('the SPA shell in Chromium', () => {
  it('renders the landing page, switches theme and remembers it', async () => {
    const page = await newPage(browser(), { colorScheme: 'dark' })
    await page.goto(baseUrl)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/banter/i)
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark')
    await page.getByRole('button', { name: 'Switch to light theme' }).first().click()
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light')
    await page.reload()
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light')
    await page.context().close()
  })

  it('paints the landing hero before the app, which loads after it; elsewhere the app chunks preload at once', async () => {
    const page = await newPage(browser())
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    // Holding the app's chunk back shows what index.html paints on its own.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/mount-[\w-]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto(baseUrl, { waitUntil: 'domcontentloaded' })
    await expect.poll(() => page.locator('.prepaint .hero__title').isVisible()).toBe(true)
    expect(await page.locator('.prepaint .hero__title').textContent()).toMatch(/banter/i)
    release()
    await expect.poll(() => page.locator('h1.hero__title').isVisible()).toBe(true)
    expect(await page.locator('.prepaint').count()).toBe(0)
    // On "/" the chunks are asked for by the entry, after the paint; on /about by theme-init.js, as preloads.
    const onLanding = scripts.filter((path) => path.includes('/mount-'))
    expect(onLanding).toHaveLength(1)
    const preloads = await page.evaluate(async (url) => {
      const other = await fetch(url).then((r) => r.text())
      return /id="app-chunks">(\[[^<]*\])</.exec(other)?.[1] ?? null
    }, `${baseUrl}/about`)
    expect(JSON.parse(preloads!).some((path: string) => path.includes('/mount-'))).toBe(true)
    await page.goto(`${baseUrl}/about`)
    expect(await page.locator('link[rel="modulepreload"][fetchpriority="low"]').count()).toBeGreaterThan(0)
    await page.context().close()
  })

  it('says so when the app cannot load', async () => {
    const page = await newPage(browser())
    await page.route(/\/assets\/mount-[\w-]+\.js$/, (route) => route.abort())
    await page.goto(`${baseUrl}/about`)
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('The app could not load. Check your connection and reload the page.')
    await page.context().close()
  })

  it('sends unknown paths home and opens the sign-in dialog from /login', async () => {
    const page = await newPage(browser())
    await page.goto(`${baseUrl}/no/such/page`)
    await page.waitForURL(`${baseUrl}/`)
    await page.goto(`${baseUrl}/login`)
    const dialog = page.getByRole('dialog')
    await expect.poll(() => dialog.isVisible()).toBe(true)
    expect(await dialog.getByRole('heading').first().textContent()).toBe('Welcome Back!')
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    await page.context().close()
  })

  it('navigates to a lazy route through the header', async () => {
    const page = await newPage(browser(), { viewport: { width: 1280, height: 800 } })
    await page.goto(baseUrl)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tournaments' }).click()
    await page.waitForURL(`${baseUrl}/tournaments`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Tournament Management')
    await page.context().close()
  })
})
