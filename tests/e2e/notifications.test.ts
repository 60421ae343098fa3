import type { BrowserContext, CDPSession, Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { NOTIFICATION_TYPES, type NotificationType, type PushPayload } from '../../contract/notifications'
import { DEMO_EMAIL, DEMO_PASSWORD } from '../stack/seed.ts'
import { serveFetch } from '../stack/serve-fetch.ts'
import { signedInHeaders, tournamentNamed } from './helpers/api'
import { browserForFile, journey, signIn } from './helpers/browser'

// The installed app on a phone-sized Chromium (decision 139): the service worker installs, the
// device subscribes (on the stack's fake push service: Chromium's own push service is Google's,
// out of reach here), a notification of each type is sent by the worker, decrypted by the fake
// service, delivered to the service worker through DevTools (ServiceWorker.deliverPushMessage),
// shown, and clicked: the app opens its screen. Then the network goes and the last standings stay.

const baseUrl = inject('baseUrl')
const pushUrl = inject('pushUrl')
const browser = browserForFile()
let context: BrowserContext
let page: Page
let cdp: CDPSession
let registrationId = ''
let pubId = 0

interface Received {
  endpoint: string
  bytes: number
  vapid: { aud: string }
  payload: PushPayload
}

// The browser's side, typed by hand: this file compiles against Node's types, not the DOM's.
interface PageSide {
  navigator: { serviceWorker: { controller: unknown; ready: Promise<{ getNotifications(filter: { tag: string }): Promise<Array<{ title: string }>> }> } }
  PushManager: { prototype: { subscribe: unknown; getSubscription: unknown } }
}
interface WorkerSide {
  registration: { getNotifications(filter: { tag: string }): Promise<unknown[]> }
  NotificationEvent: new (type: string, init: { notification: unknown }) => Event
  dispatchEvent(event: Event): boolean
}

const received = async () => (await (await fetch(`${pushUrl}/__push/received`)).json()) as Received[]

beforeAll(async () => {
  pubId = await tournamentNamed(baseUrl, await signedInHeaders(baseUrl))
  context = await browser().newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true })
  await context.grantPermissions(['notifications'], { origin: baseUrl })
  // The browser's side of a subscription: one made on the fake push service, with its keys.
  const subscription = (await (await fetch(`${pushUrl}/__push/subscriptions`, { method: 'POST' })).json()) as { endpoint: string }
  await context.addInitScript((made: { endpoint: string }) => {
    const side = globalThis as unknown as PageSide
    let current: unknown = null
    side.PushManager.prototype.subscribe = async () => {
      const unsubscribe = async () => {
        current = null
        return true
      }
      current = { endpoint: made.endpoint, expirationTime: null, toJSON: () => made, unsubscribe }
      return current
    }
    side.PushManager.prototype.getSubscription = async () => current
  }, subscription)
  page = await context.newPage()
  page.on('pageerror', (error) => {
    throw error
  })
  cdp = await context.newCDPSession(page)
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    const ours = registrations.find((r) => r.scopeURL === `${baseUrl}/` && !r.isDeleted)
    if (ours) registrationId = ours.registrationId
  })
  await cdp.send('ServiceWorker.enable')
}, 60_000)

// What each type opens: the path, and on a tournament's page the tab then selected.
const SCREENS: Record<NotificationType, { path: string; tab?: RegExp }> = {
  deadline: { path: '/dashboard' },
  gazette: { path: '/tournaments/{id}', tab: /Wall/ },
  overtaken: { path: '/tournaments/{id}', tab: /Live/ },
  manager_of_the_month: { path: '/tournaments/{id}', tab: /Winners/ },
  wall: { path: '/tournaments/{id}', tab: /Wall/ },
  member_joined: { path: '/commissioner' },
}

describe('the installed app', () => {
  it('installs its service worker and is installable', async () => {
    await journey(page, 'pwa-install', async () => {
      await signIn(page, baseUrl, DEMO_EMAIL, DEMO_PASSWORD)
      await expect
        .poll(() => page.evaluate(() => (globalThis as unknown as PageSide).navigator.serviceWorker.controller !== null), { timeout: 20_000 })
        .toBe(true)
      // Chromium's only objection is the test's own profile: an automation context is incognito.
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
      expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([])
      const manifest = await (await fetch(`${baseUrl}/manifest.webmanifest`)).json()
      expect(manifest).toMatchObject({ display: 'standalone', start_url: '/dashboard' })
    })
  })

  it('subscribes this device from the dashboard, on the user’s click', async () => {
    await journey(page, 'pwa-subscribe', async () => {
      await page.goto(`${baseUrl}/dashboard`)
      const card = page.getByRole('region', { name: 'Notifications & email digest' })
      await card.getByRole('button', { name: 'Turn on notifications on this device' }).click()
      await card.getByText('Notifications are on for this device.').waitFor()
      // Pushes must arrive whatever the hour this runs at.
      const quiet = card.getByRole('switch', { name: 'Quiet hours' })
      await quiet.click()
      await expect.poll(() => quiet.getAttribute('aria-checked')).toBe('false')
    })
  })

  it('shows a notification of each type, which opens its screen', async () => {
    await journey(page, 'pwa-notifications', async () => {
      await expect.poll(() => registrationId).not.toBe('')
      for (const type of NOTIFICATION_TYPES) {
        const before = (await received()).length
        const queued = await fetch(`${baseUrl}/api/dev/notify`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: DEMO_EMAIL, type }),
        })
        expect(queued.status).toBe(200)
        // The worker's push, as the fake push service received and decrypted it.
        await expect.poll(async () => (await received()).length, { timeout: 20_000 }).toBe(before + 1)
        const push = (await received()).at(-1) as Received
        expect(push.payload.type).toBe(type)
        expect(push.vapid.aud).toBe(pushUrl.replace('http:', 'https:'))
        const screen = SCREENS[type]
        expect(push.payload.url.split('?')[0]).toBe(screen.path.replace('{id}', String(pubId)))

        await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseUrl, registrationId, data: JSON.stringify(push.payload) })
        const shown = async () =>
          page.evaluate(
            async (tag) => (await (await (globalThis as unknown as PageSide).navigator.serviceWorker.ready).getNotifications({ tag })).map((n) => n.title),
            push.payload.tag,
          )
        await expect.poll(shown).toEqual([push.payload.title])

        // The user taps it: the open app goes to its screen.
        const worker = context.serviceWorkers()[0]
        expect(worker).toBeDefined()
        await worker?.evaluate(async (tag) => {
          const scope = globalThis as unknown as WorkerSide
          const [notification] = await scope.registration.getNotifications({ tag })
          if (!notification) throw new Error('No notification to click')
          scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }))
        }, push.payload.tag)
        await expect.poll(() => new URL(page.url()).pathname).toBe(screen.path.replace('{id}', String(pubId)))
        if (screen.tab) await expect.poll(() => page.getByRole('tab', { name: screen.tab }).getAttribute('aria-selected')).toBe('true')
        await expect.poll(shown).toEqual([])
      }
    })
  })

  it('works offline with the last standings it showed, and says from when', async () => {
    // Chromium's offline emulation does not reach a service worker's own requests, so the network
    // really goes: the app is served through a proxy of its own, which is then shut.
    const proxy = await serveFetch(forwardTo(baseUrl), { name: 'e2e proxy' })
    const offline = await browser().newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    const phone = await offline.newPage()
    try {
      await journey(phone, 'pwa-offline', async () => {
        await signIn(phone, proxy.origin, DEMO_EMAIL, DEMO_PASSWORD)
        await expect
          .poll(() => phone.evaluate(() => (globalThis as unknown as PageSide).navigator.serviceWorker.controller !== null), { timeout: 20_000 })
          .toBe(true)
        await phone.goto(`${proxy.origin}/tournaments/${pubId}`)
        await phone.getByText('Klopp Dogs').first().waitFor({ timeout: 20_000 })
        await proxy.close()
        await phone.reload()
        await phone.getByRole('status').filter({ hasText: 'You’re offline. These standings were saved at' }).waitFor({ timeout: 20_000 })
        // The table as it was: the Pub League's managers, the viewer's own team among them.
        for (const team of ['Klopp Dogs', 'Hit Takers FC', 'Vardy Party']) await phone.getByText(team).first().waitFor()
      })
    } finally {
      await proxy.close()
      await offline.close()
    }
  })
})

/** The app's own server, passed through: a body is read whole, and the answer's encoding is undone by fetch. */
function forwardTo(origin: string) {
  return async (request: Request) => {
    const url = new URL(request.url)
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer()
    const headers = new Headers(request.headers)
    for (const hop of ['host', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade']) headers.delete(hop)
    const answer = await fetch(`${origin}${url.pathname}${url.search}`, { method: request.method, headers, body, redirect: 'manual' })
    const answered = new Headers(answer.headers)
    answered.delete('content-encoding')
    answered.delete('content-length')
    const empty = [204, 205, 304].includes(answer.status)
    return new Response(empty ? null : await answer.arrayBuffer(), { status: answer.status, headers: answered })
  }
}
